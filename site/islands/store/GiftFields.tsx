import type { RecipientView } from '../../../plugins/store/schemas.ts';
import type { CoinsTextKey } from '../../i18n/coins/index.ts';
import { avatarUrl } from '../../lib/avatar.ts';
import type { TextValues } from '../../lib/texts.ts';

interface Props {
  hidden: boolean;
  query: string;
  onType: (text: string) => void;
  onFind: () => void;
  /** What the search says: how to search, that it looks, who it found or the server's refusal. */
  status: string;
  recipient: RecipientView | null;
  disabled: boolean;
  t: (key: CoinsTextKey, values?: TextValues) => string;
}

/** The buy dialog's gift fields: their username or ID, Find (Enter too), and who it found, with avatar and ID. */
export function GiftFields({ hidden, query, onType, onFind, status, recipient, disabled, t }: Props) {
  return (
    <div className="field" hidden={hidden}>
      <label className="label" htmlFor="gift-query">
        {t('gift.label')}
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input
            className="input"
            id="gift-query"
            name="query"
            type="text"
            maxLength={64}
            autoComplete="off"
            placeholder={t('gift.placeholder')}
            value={query}
            onChange={(event) => onType(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter finds them; it does not pay.
              event.preventDefault();
              onFind();
            }}
            disabled={disabled}
          />
        </div>
        <div className="control">
          <button type="button" className="button is-link" onClick={onFind} disabled={disabled}>
            {t('gift.find')}
          </button>
        </div>
      </div>
      <p className="help" aria-live="polite">
        {status}
      </p>
      <div className="media store-recipient" hidden={!recipient}>
        <figure className="media-left">
          <img
            className="is-rounded"
            width="48"
            height="48"
            alt=""
            src={recipient ? avatarUrl(recipient, 64) : undefined}
          />
        </figure>
        <div className="media-content">
          <p>
            <strong>{recipient?.name}</strong>
          </p>
          <p className="is-size-7 has-text-grey">
            {t('gift.id')} <span>{recipient?.id}</span>
          </p>
        </div>
      </div>
    </div>
  );
}
