import { type ReactNode, type SubmitEvent, useState } from 'react';
import { UpdateRankBodySchema as AssignRanksBodySchema } from '../../../plugins/users/schemas.ts';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useToggleSet } from '../kit/use-toggle-set.ts';
import { type OfferedRank, RankOptions } from './RankOptions.tsx';

interface Props {
  userId: string;
  /** The ranks below the manager, highest first: whether the user holds each by hand, and whether it is locked. */
  offered: OfferedRank[];
  /** Ranks given by hand that are not offered: the user keeps them (the call replaces the ranks given by hand). */
  kept: string[];
  /** Where saving returns. */
  profileHref: string;
  /** The ranks grants hold (GrantedList), under the checkboxes. */
  children?: ReactNode;
  texts: ProfileFormsTexts;
  /** A refusal's words in the page's language (`refusalWords`: the schemas' messages, the frame, zod's problems). */
  refusalWords: RefusalWords;
}

/** The manage screen's Ranks form: the ranks a user holds by hand, the rank history and the announcement switches. */
export default function RankAssignmentForm({
  userId,
  offered,
  kept,
  profileHref,
  children,
  texts,
  refusalWords,
}: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const [held, toggle] = useToggleSet(offered.filter((rank) => rank.held).map((rank) => rank.id));
  const [logToRankHistory, setLogToRankHistory] = useState(true);
  const [announce, setAnnounce] = useState(false);
  const { busy, run, problem, refuse } = useAction({ done: t('ranks.saved'), next: profileHref, inline: true });
  const off = !hydrated || busy;

  const save = (event: SubmitEvent) => {
    event.preventDefault();
    const ranks = [...kept, ...offered.filter((rank) => held.has(rank.id)).map((rank) => rank.id)];
    const body = { ranks, announce, logToRankHistory };
    const refusal = refusalOf(AssignRanksBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() =>
      answerOf(client.PATCH('/api/client/admin/users/{id}/update-rank', { params: { path: { id: userId } }, body })),
    );
  };

  return (
    <form id="rank-form" noValidate onSubmit={save}>
      <fieldset className="field">
        <legend className="label">{t('ranks.legend')}</legend>
        <p className="help rank-help">{t('ranks.help')}</p>
        {offered.length === 0 && <p className="has-text-grey">{t('ranks.none')}</p>}
        <RankOptions offered={offered} held={held} disabled={off} onToggle={toggle} locked={t('ranks.locked')} />
        {children}
      </fieldset>
      <div className="field rank-switches">
        <Checkbox
          name="logToRankHistory"
          checked={logToRankHistory}
          disabled={off}
          onChange={setLogToRankHistory}
          help={{ id: 'rank-log-help', text: t('ranks.logHelp') }}
        >
          {t('ranks.log')}
        </Checkbox>
        <Checkbox
          name="announce"
          checked={announce}
          disabled={off}
          onChange={setAnnounce}
          help={{
            id: 'rank-announce-help',
            text: t('ranks.announceHelp'),
          }}
        >
          {t('ranks.announce')}
        </Checkbox>
      </div>
      <ErrorLine id="rank-error" problem={problem} data-rank-error />
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated || offered.length === 0}>
          {t('ranks.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
