import type { AdminTeamsKey } from '../../i18n/admin-teams/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { useTexts } from '../kit/use-texts.ts';

/** The Team Manager's words in the page's language (site.admin-teams). */
type Texts = { texts: BrowserTexts<AdminTeamsKey> };

interface TeamProps {
  teamId: string;
  name: string;
}

/** The Team Manager's Reset orders on a team (asked first). */
export function ResetOrdersButton({ teamId, name, texts }: TeamProps & Texts) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small"
      aria-label={t('button.resetLabel', { name })}
      confirm={t('button.resetConfirm', { name })}
      done={t('button.resetDone')}
      call={() => answerOf(client.POST('/api/client/teams/reset-orders/{id}', { params: { path: { id: teamId } } }))}
    >
      {t('button.reset')}
    </ActionButton>
  );
}

/** The Team Manager's Delete on a team (asked first): its members have no team then. */
export function DeleteTeamButton({ teamId, name, memberCount, texts }: TeamProps & Texts & { memberCount: number }) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small is-danger is-light"
      aria-label={t('button.deleteLabel', { name })}
      confirm={t('button.deleteConfirm', { name, count: memberCount })}
      done={t('button.deleteDone')}
      next="/staff/admin/teams"
      call={() => answerOf(client.DELETE('/api/client/teams/{id}', { params: { path: { id: teamId } } }))}
    >
      {t('button.delete')}
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
export function TeamMemberButton({ userId, teamId, label, text, className, next, texts }: MemberProps & Texts) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className={className}
      aria-label={label}
      done={teamId ? t('button.added') : t('button.removed')}
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
export function BalanceTeamsButton({ reason, texts }: Texts & { reason: string | null }) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button"
      disabled={reason !== null}
      title={reason ?? undefined}
      aria-describedby={reason ? 'balance-reason' : undefined}
      done={({ moved }) => t('button.balanced', { count: moved.length })}
      call={() => answerOf(client.POST('/api/client/teams/bulk-update-teams', { body: { mode: 'balance' } }))}
    >
      {t('button.balance')}
    </ActionButton>
  );
}
