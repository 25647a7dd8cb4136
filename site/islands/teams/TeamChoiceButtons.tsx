import type { TeamChoiceTexts } from '../../i18n/team-choice/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  teamId: string;
  name: string;
  texts: TeamChoiceTexts;
}

/** Edit Profile's Join on a team a customer may join. */
export function JoinTeamButton({ teamId, name, texts }: Props) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small is-primary"
      aria-label={t('joinLabel', { name })}
      done={t('joined', { name })}
      call={() => answerOf(client.POST('/api/client/teams/{teamID}/join', { params: { path: { teamID: teamId } } }))}
    >
      {t('join')}
    </ActionButton>
  );
}

/** Edit Profile's Leave on a customer's own team (asked first). */
export function LeaveTeamButton({ teamId, name, texts }: Props) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small"
      confirm={t('leaveConfirm', { name })}
      done={t('left', { name })}
      call={() => answerOf(client.POST('/api/client/teams/{teamID}/leave', { params: { path: { teamID: teamId } } }))}
    >
      {t('leave', { name })}
    </ActionButton>
  );
}
