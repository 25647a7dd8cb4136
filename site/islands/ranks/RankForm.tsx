import { PERKS, PERMISSION_NAMES, type Perk, type Permission } from '../../../core/shared/permissions.ts';
import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { Checkbox } from '../kit/Checkbox.tsx';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { DeleteRankButton } from './DeleteRankButton.tsx';
import { RankChecks } from './RankChecks.tsx';
import { type RankFields, useRankForm } from './use-rank-form.ts';

interface Props {
  /** The rank being edited (it can be deleted here too); absent: a new one. */
  rank?: RankFields;
  submitLabel: string;
  /** The Rank Manager's words in the page's language (site.admin-ranks). */
  texts: BrowserTexts<AdminRanksKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
  /** Each permission's and perk's name in the page's language (site.labels). */
  names: { permissions: Readonly<Record<Permission, string>>; perks: Readonly<Record<Perk, string>> };
}

/** The rank editor's fields (Create rank, Edit): name, colour, permissions as labelled checkboxes, perks, resignation. */
export default function RankForm({ rank, submitLabel, texts, names, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { fields, set, save, submit } = useRankForm(t, refusalWords, rank);
  const off = !hydrated || save.busy;

  return (
    <form className="box rank-form" id="rank-form" onSubmit={submit}>
      <TextField
        id="rank-name"
        name="name"
        label={t('form.name')}
        required
        maxLength={64}
        control={false}
        value={fields.name}
        disabled={off}
        onChange={set.name}
      />
      <Field id="rank-colour" label={t('form.colour')}>
        <input
          className="rank-colour"
          id="rank-colour"
          name="colour"
          type="color"
          value={fields.colour}
          disabled={off}
          onChange={(event) => set.colour(event.target.value)}
        />
      </Field>
      <RankChecks
        legend={t('form.permissions')}
        name="permissions"
        choices={PERMISSION_NAMES}
        label={(permission) => names.permissions[permission]}
        checked={fields.permissions}
        disabled={off}
        onToggle={set.permission}
      />
      <RankChecks
        legend={t('form.perks')}
        name="perks"
        choices={PERKS}
        label={(perk) => names.perks[perk]}
        checked={fields.perks}
        disabled={off}
        onToggle={set.perk}
      />
      <div className="field">
        <Checkbox name="canResign" checked={fields.canResign} disabled={off} onChange={set.canResign}>
          {t('form.canResign')}
        </Checkbox>
      </div>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={save.busy} disabled={!hydrated}>
          {submitLabel}
        </SubmitButton>
        {rank && <DeleteRankButton rankId={rank.id} t={t} />}
      </div>
    </form>
  );
}
