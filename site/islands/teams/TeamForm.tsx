import { rankTextColour } from '../../../plugins/ranks/schemas.ts';
import { TEAM_DESCRIPTION_MAX, TEAM_ICON_MAX, TEAM_NAME_MAX, TEAM_NAME_MIN } from '../../../plugins/teams/schemas.ts';
import type { AdminTeamsKey } from '../../i18n/admin-teams/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { type TeamFields, useTeamForm } from './use-team-form.ts';

interface Props {
  /** The team being edited; absent: a new one. */
  team?: TeamFields;
  submitLabel: string;
  /** The Team Manager's words in the page's language (site.admin-teams). */
  texts: BrowserTexts<AdminTeamsKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}

/** A team's fields (Create team, and the Team Manager's edit form), with a live preview of its badge (useTeamForm). */
export default function TeamForm({ team, submitLabel, texts, refusalWords }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { fields, bind, set, busy, submit } = useTeamForm(team, t, refusalWords);
  const prefix = team ? `team-${team._id}` : 'team-new';
  const off = !hydrated || busy;
  return (
    <form className="box team-form" onSubmit={submit}>
      <BadgePreview {...fields} t={t} />
      <div className="team-form-fields">
        <TextField
          id={`${prefix}-name`}
          label={t('form.name')}
          name="name"
          required
          minLength={TEAM_NAME_MIN}
          maxLength={TEAM_NAME_MAX}
          autoComplete="off"
          value={fields.name}
          onChange={(value) => set('name', value)}
          disabled={off}
          control={false}
        />
        <TextField
          id={`${prefix}-icon`}
          label={t('form.icon')}
          name="icon"
          required
          maxLength={TEAM_ICON_MAX}
          autoComplete="off"
          value={fields.icon}
          onChange={(value) => set('icon', value)}
          disabled={off}
          control={false}
        />
        <Field id={`${prefix}-colour`} label={t('form.colour')}>
          <input
            className="input team-colour"
            id={`${prefix}-colour`}
            name="colour"
            type="color"
            required
            value={fields.colour}
            disabled={off}
            onChange={bind('colour')}
          />
        </Field>
      </div>
      <TextField
        id={`${prefix}-description`}
        label={t('form.description')}
        name="description"
        rows={2}
        maxLength={TEAM_DESCRIPTION_MAX}
        value={fields.description}
        onChange={(value) => set('description', value)}
        disabled={off}
        control={false}
      />
      <p className="help block">{t('form.help', { min: TEAM_NAME_MIN, max: TEAM_NAME_MAX })}</p>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The team's badge as the form holds it: its icon and name on its colour, the text black or white to stay readable. */
function BadgePreview({
  name,
  icon,
  colour,
  t,
}: {
  name: string;
  icon: string;
  colour: string;
  t: (key: AdminTeamsKey, values?: TextValues) => string;
}) {
  return (
    <p className="block">
      <span className="is-sr-only">{t('form.preview')}</span>
      <span
        className="tag team-badge is-medium"
        data-team-preview
        style={{ backgroundColor: colour, color: rankTextColour(colour) }}
      >
        {icon} {name || t('form.placeholderName')}
      </span>
    </p>
  );
}
