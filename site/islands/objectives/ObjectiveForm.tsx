import { useId } from 'react';
import type { Perk } from '../../../core/shared/permissions.ts';
import type { ObjectivePerson } from '../../../plugins/objectives/schemas.ts';
import type { AdminObjectivesTexts } from '../../i18n/admin-objectives/index.ts';
import type { ObjectivesTextKey } from '../../i18n/objectives/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { AudienceLine } from './AudienceLine.tsx';
import { GoalFields } from './GoalFields.tsx';
import { RewardFields } from './RewardFields.tsx';
import { useObjectiveForm } from './use-objective-form.ts';
import { WhoFields } from './WhoFields.tsx';

interface Props {
  members: ObjectivePerson[];
  /** Ranks the editor may hand out (the server's mayGrant rule). */
  ranks: { id: string; name: string }[];
  /** Its words in the page's language (site.admin-objectives). */
  texts: AdminObjectivesTexts;
  /** My Achievements' words (site.objectives): the preview says the goal as the member will read it. */
  achievementTexts: BrowserTexts<ObjectivesTextKey>;
  /** The perks by their names in the page's language. */
  perkNames: Readonly<Record<Perk, string>>;
}

/** The objective form: who, what, when and what it pays, with a live preview of who it applies to. */
export default function ObjectiveForm({ members, ranks, texts, achievementTexts, perkNames }: Props) {
  const uid = useId();
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const said = useTexts(achievementTexts);
  const form = useObjectiveForm(ranks[0]?.id ?? '', t);
  const id = (name: string) => `${uid}-${name}`;
  const controls = { fields: form.fields, bind: form.bind, id, off: !hydrated || form.busy, t };
  return (
    <form
      className="objective-form box"
      noValidate
      aria-describedby={id('audience')}
      onSubmit={(event) => {
        event.preventDefault();
        form.save();
      }}
    >
      <WhoFields {...controls} members={members} />
      <GoalFields {...controls} />
      <RewardFields {...controls} ranks={ranks} perkNames={perkNames} />
      <AudienceLine id={id('audience')} fields={form.fields} audience={form.audience} t={t} said={said} />
      {form.problem && (
        <p className="help is-danger" role="alert">
          {form.problem}
        </p>
      )}
      <div className="field">
        <SubmitButton className="is-link" busy={form.busy} disabled={!hydrated}>
          {t('form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
