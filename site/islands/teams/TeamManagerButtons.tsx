import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface TeamProps {
  teamId: string;
  name: string;
}

/** The Team Manager's Reset orders on a team (asked first). */
export function ResetOrdersButton({ teamId, name }: TeamProps) {
  return (
    <ActionButton
      className="button is-small"
      aria-label={`Reset orders of ${name}`}
      confirm={`Set the orders of ${name} back to 0?`}
      done="Orders reset to 0."
      call={() => answerOf(client.POST('/api/client/teams/reset-orders/{id}', { params: { path: { id: teamId } } }))}
    >
      Reset orders
    </ActionButton>
  );
}

/** The Team Manager's Delete on a team (asked first): its members have no team then. */
export function DeleteTeamButton({ teamId, name, memberCount }: TeamProps & { memberCount: number }) {
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      aria-label={`Delete ${name}`}
      confirm={`Delete ${name}? Its ${memberCount} members will have no team.`}
      done="Team deleted: its members have no team now."
      next="/staff/admin/teams"
      call={() => answerOf(client.DELETE('/api/client/teams/{id}', { params: { path: { id: teamId } } }))}
    >
      Delete
    </ActionButton>
  );
}

interface MemberProps {
  userId: string;
  /** The team to put them in; null takes them out of theirs. */
  teamId: string | null;
  /** What the button says to a screen reader (Add …, Move here …, Remove …). */
  label: string;
  text: string;
  className: string;
  /** Where to go after (the team's page), else the page loads again. */
  next?: string;
}

/** The Team Manager's Add, Move here and Remove on a staff member. */
export function TeamMemberButton({ userId, teamId, label, text, className, next }: MemberProps) {
  return (
    <ActionButton
      className={className}
      aria-label={label}
      done={teamId ? 'Added to the team.' : 'Removed from the team.'}
      next={next}
      call={() =>
        answerOf(client.PATCH('/api/client/teams/update-user-team', { body: { userID: userId, teamID: teamId } }))
      }
    >
      {text}
    </ActionButton>
  );
}

/** The Team Manager's Balance teams; disabled with its reason when there is nothing to balance. */
export function BalanceTeamsButton({ reason }: { reason: string | null }) {
  return (
    <ActionButton
      className="button"
      disabled={reason !== null}
      title={reason ?? undefined}
      aria-describedby={reason ? 'balance-reason' : undefined}
      done={({ moved }) =>
        moved.length === 1 ? '1 staff member placed in a team.' : `${moved.length} staff members placed in teams.`
      }
      call={() => answerOf(client.POST('/api/client/teams/bulk-update-teams', { body: { mode: 'balance' } }))}
    >
      Balance teams
    </ActionButton>
  );
}
