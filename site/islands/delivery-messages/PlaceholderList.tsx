import { DELIVERY_MESSAGE_PLACEHOLDERS } from '../../../plugins/users/schemas.ts';

const HELP: Record<(typeof DELIVERY_MESSAGE_PLACEHOLDERS)[number], string> = {
  '{customer}': 'a mention of the customer (required)',
  '{chef}': 'the chef who prepared the order',
  '{driver}': 'the driver delivering it',
  '{item}': 'what was ordered',
  '{orderID}': 'the order’s ID',
};

interface Props {
  /** Puts the placeholder in the message where the cursor is. */
  onInsert: (placeholder: string) => void;
  disabled: boolean;
}

/** The editor's placeholders (the users plugin's one list), each a button that inserts it, with what it becomes. */
export function PlaceholderList({ onInsert, disabled }: Props) {
  return (
    <fieldset className="field placeholder-list">
      <legend className="label">Placeholders</legend>
      <ul>
        {DELIVERY_MESSAGE_PLACEHOLDERS.map((p) => (
          <li key={p}>
            <button type="button" className="button is-small is-light" onClick={() => onInsert(p)} disabled={disabled}>
              <code>{p}</code>
            </button>{' '}
            {HELP[p]}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
