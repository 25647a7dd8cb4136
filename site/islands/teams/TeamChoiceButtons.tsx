import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  teamId: string;
  name: string;
}

/** Edit Profile's Join on a team a customer may join. */
export function JoinTeamButton({ teamId, name }: Props) {
  return (
    <ActionButton
      className="button is-small is-primary"
      aria-label={`Join ${name}`}
      done={`You joined ${name}.`}
      call={() => answerOf(client.POST('/api/client/teams/{teamID}/join', { params: { path: { teamID: teamId } } }))}
    >
      Join
    </ActionButton>
  );
}

/** Edit Profile's Leave on a customer's own team (asked first). */
export function LeaveTeamButton({ teamId, name }: Props) {
  return (
    <ActionButton
      className="button is-small"
      confirm={`Leave ${name}?`}
      done={`You left ${name}.`}
      call={() => answerOf(client.POST('/api/client/teams/{teamID}/leave', { params: { path: { teamID: teamId } } }))}
    >
      Leave {name}
    </ActionButton>
  );
}
