import type { FormEvent } from 'react';
import { rankTextColour } from '../../../plugins/ranks/schemas.ts';
import {
  DEFAULT_TEAM_COLOUR,
  TEAM_DESCRIPTION_MAX,
  TEAM_ICON_MAX,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  type TeamView,
} from '../../../plugins/teams/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

/** What the form edits of a team. */
export type TeamFields = Pick<TeamView, '_id' | 'name' | 'icon' | 'colour' | 'description'>;

interface Props {
  /** The team being edited; absent: a new one. */
  team?: TeamFields;
  submitLabel: string;
}

/** A team's fields (Create team, and the Team Manager's edit form), with a live preview of its badge. */
export default function TeamForm({ team, submitLabel }: Props) {
  const hydrated = useHydrated();
  const { fields, bind, set } = useFields({
    name: team?.name ?? '',
    icon: team?.icon ?? '🍔',
    colour: team?.colour ?? DEFAULT_TEAM_COLOUR,
    description: team?.description ?? '',
  });
  const save = useAction<{ team: TeamView }>({
    done: ({ team: saved }) => (team ? 'Team saved.' : `Team ${saved.name} created.`),
    next: ({ team: saved }) => (team ? undefined : `/staff/admin/teams?team=${saved._id}`),
  });
  const prefix = team ? `team-${team._id}` : 'team-new';
  const off = !hydrated || save.busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(() =>
      answerOf(
        team
          ? client.PATCH('/api/client/teams/{id}', { params: { path: { id: team._id } }, body: fields })
          : client.POST('/api/client/teams', { body: fields }),
      ),
    );
  };

  return (
    <form className="box team-form" onSubmit={submit}>
      <p className="block">
        <span className="is-sr-only">Preview: </span>
        <span
          className="tag team-badge is-medium"
          data-team-preview
          style={{ backgroundColor: fields.colour, color: rankTextColour(fields.colour) }}
        >
          {fields.icon} {fields.name || 'Team name'}
        </span>
      </p>
      <div className="team-form-fields">
        <TextField
          id={`${prefix}-name`}
          label="Name"
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
          label="Emoji or icon"
          name="icon"
          required
          maxLength={TEAM_ICON_MAX}
          autoComplete="off"
          value={fields.icon}
          onChange={(value) => set('icon', value)}
          disabled={off}
          control={false}
        />
        <Field id={`${prefix}-colour`} label="Colour">
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
        label="Description"
        name="description"
        rows={2}
        maxLength={TEAM_DESCRIPTION_MAX}
        value={fields.description}
        onChange={(value) => set('description', value)}
        disabled={off}
        control={false}
      />
      <p className="help block">
        The name is unique (whatever its capitals), {TEAM_NAME_MIN} to {TEAM_NAME_MAX} characters. The badge's text
        turns black or white to stay readable on the colour.
      </p>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={save.busy} disabled={!hydrated}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
