import type { AdminRecruitmentT } from '../../i18n/admin-recruitment/index.ts';
import { Field } from '../kit/Field.tsx';
import { Select } from '../kit/Select.tsx';
import { OpenTimes } from './OpenTimes.tsx';
import { RequirementsFields } from './RequirementsFields.tsx';
import type { FormSettings } from './use-form-builder.ts';

export interface RankChoice {
  id: string;
  name: string;
  /** Whether the editor may hand it out (the server's mayGrant rule). */
  grantable: boolean;
}

interface Props {
  settings: FormSettings;
  change: (patch: Partial<FormSettings>) => void;
  ranks: RankChoice[];
  id: (name: string) => string;
  off: boolean;
  t: AdminRecruitmentT;
}

/** The form's own settings: title, description, the rank it gives, who reviews, when it is open, requirements. */
export function FormSettingsBox({ settings, change, ranks, id, off, t }: Props) {
  const reviewer = (rankId: string, on: boolean) =>
    change({
      manageableRanks: on
        ? [...settings.manageableRanks, rankId]
        : settings.manageableRanks.filter((x) => x !== rankId),
    });
  return (
    <div className="box">
      <Field id={id('title')} label={t('settings.title')}>
        <input
          className="input"
          id={id('title')}
          required
          maxLength={100}
          value={settings.title}
          disabled={off}
          onChange={(e) => change({ title: e.target.value })}
        />
      </Field>
      <Field
        id={id('description')}
        label={t('settings.description')}
        help={{ id: id('description-help'), text: t('settings.markdown') }}
      >
        <textarea
          className="textarea"
          id={id('description')}
          rows={4}
          maxLength={4000}
          value={settings.description}
          disabled={off}
          onChange={(e) => change({ description: e.target.value })}
          aria-describedby={id('description-help')}
        />
      </Field>
      <Field id={id('rank')} label={t('settings.rank')}>
        <Select id={id('rank')} value={settings.rank} disabled={off} onChange={(e) => change({ rank: e.target.value })}>
          <option value="">{t('settings.noRank')}</option>
          {ranks
            .filter((r) => r.grantable || r.id === settings.rank)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
        </Select>
      </Field>
      <fieldset className="field">
        <legend className="label">{t('settings.reviewers')}</legend>
        <div className="recruitment-choices">
          {ranks.map((r) => (
            <label className="checkbox" key={r.id}>
              <input
                type="checkbox"
                checked={settings.manageableRanks.includes(r.id)}
                disabled={off}
                onChange={(e) => reviewer(r.id, e.target.checked)}
              />{' '}
              {r.name}
            </label>
          ))}
        </div>
      </fieldset>
      <OpenTimes settings={settings} change={change} id={id} off={off} t={t} />
      <RequirementsFields
        requirements={settings.requirements}
        change={(requirements) => change({ requirements })}
        id={id}
        off={off}
        t={t}
      />
    </div>
  );
}
