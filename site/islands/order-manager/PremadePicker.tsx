import { useEffect, useId, useState } from 'react';
import type { DeliveryMessageView } from '../../../plugins/delivery-messages/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';

export interface PickedMessage {
  slug: string;
  title: string;
  message: string;
}

interface Props {
  /** The driver's saved message (null: the bot's default). */
  saved: string | null;
  picked: PickedMessage | null;
  onPick: (message: PickedMessage | null) => void;
  t: KitchenText;
}

const SHOWN = 5;

/**
 * The deliver dialog's message choice: the driver's saved message, or one from the premade message directory
 * (GET /api/client/delivery-messages?query, most used first). Picking one makes it the driver's message when they
 * deliver (the dialog sends it to PATCH …/premade-messages, which counts the use).
 */
export function PremadePicker({ saved, picked, onPick, t }: Props) {
  const searchId = useId();
  const name = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<DeliveryMessageView[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const search = query.trim();
        const answer = await answerOf(
          client.GET('/api/client/delivery-messages', {
            params: { query: { pageSize: SHOWN, ...(search ? { query: search } : {}) } },
          }),
        );
        if (!cancelled) {
          setResults(answer.deliveryMessages);
          setError('');
        }
      } catch (err) {
        if (!cancelled) setError(errorMessage(err));
      }
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <fieldset className="field premade-picker">
      <legend className="label">{t('premade.legend')}</legend>
      <label className="radio premade-option">
        <input type="radio" name={name} checked={picked === null} onChange={() => onPick(null)} />{' '}
        {saved ? t('premade.saved') : t('premade.default')}
      </label>
      <div className="field">
        <label className="label is-small" htmlFor={searchId}>
          {t('premade.pick')}
        </label>
        <input
          className="input is-small"
          id={searchId}
          type="search"
          value={query}
          maxLength={100}
          placeholder={t('premade.search')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {error && <p className="help is-danger">{error}</p>}
      {results?.length === 0 && <p className="help">{t('premade.none')}</p>}
      {results?.map((m) => (
        <label className="radio premade-option" key={m._id} data-premade={m.slug}>
          <input
            type="radio"
            name={name}
            checked={picked?.slug === m.slug}
            onChange={() => onPick({ slug: m.slug, title: m.title, message: m.message })}
          />{' '}
          {m.title}
        </label>
      ))}
      <p className="help">
        <a href="/staff/delivery-messages">{t('premade.directory')}</a>
      </p>
    </fieldset>
  );
}
