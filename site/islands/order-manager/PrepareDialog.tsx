import { useCallback, useEffect, useId, useState } from 'react';
import {
  type ImageSearchResult,
  imageUrlProblem,
  MAX_CHEF_NOTE_LENGTH,
  MAX_IMAGES,
  type OrderView,
  type UploadResponse,
} from '../../../plugins/orders/schemas.ts';
import { ApiRequestError, errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { KitchenDialog } from './KitchenDialog.tsx';

interface Props {
  order: OrderView | null;
  onClose: () => void;
  onPrepared: (order: OrderView) => void;
}

/** Prepare: pick 1 to 3 pictures (image search, upload or an https link) and add a note for the customer. */
export function PrepareDialog({ order, onClose, onPrepared }: Props) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ImageSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [link, setLink] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const search = useCallback(async (text: string) => {
    if (!text.trim()) return;
    setSearching(true);
    try {
      const { images } = await withMinimumDisplay(
        answerOf(client.POST('/api/client/orders/images/search', { body: { query: text.trim().slice(0, 100) } })),
      );
      setResults(images);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSearching(false);
    }
  }, []);

  useEffect(() => {
    if (!order) return;
    setQuery(order.item.slice(0, 100));
    setSelected([]);
    setResults([]);
    setNote('');
    setLink('');
    setError('');
    void search(order.item);
  }, [order, search]);

  const toggle = (url: string) => {
    setError('');
    setSelected((current) => {
      if (current.includes(url)) return current.filter((u) => u !== url);
      if (current.length >= MAX_IMAGES) {
        setError(`At most ${MAX_IMAGES} images.`);
        return current;
      }
      return [...current, url];
    });
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      const body = new FormData();
      body.append('image', file);
      const response = await withMinimumDisplay(
        fetch('/api/client/orders/images/upload', { method: 'POST', body, credentials: 'same-origin' }),
      );
      const data = (await response.json().catch(() => ({}))) as UploadResponse & { message?: string };
      if (!response.ok) throw new ApiRequestError(response.status, data as unknown as Record<string, unknown>);
      setResults((current) => [{ url: data.link, label: file.name, source: 'order' }, ...current]);
      toggle(data.link);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const addLink = () => {
    const url = link.trim();
    if (!url) return;
    // The server's own rule (it says why), so a link the kitchen cannot use is refused before it is picked.
    const problem = imageUrlProblem(url, { publicUrl: location.origin });
    if (problem) {
      setError(problem);
      return;
    }
    setResults((current) => [{ url, label: 'Your link', source: 'order' }, ...current.filter((r) => r.url !== url)]);
    if (!selected.includes(url)) toggle(url);
    setLink('');
  };

  const submit = async () => {
    if (!order) return;
    if (selected.length === 0) {
      setError('Pick at least one picture of the food.');
      return;
    }
    setSaving(true);
    try {
      const { order: prepared } = await withMinimumDisplay(
        answerOf(
          client.POST('/api/client/orders/{id}/prepare', {
            params: { path: { id: order.id } },
            body: { images: selected, chefNote: note.trim() || null },
          }),
        ),
      );
      onPrepared(prepared);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <KitchenDialog
      open={order !== null}
      title={`Prepare #${order?.orderID ?? ''}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={saving}
      submitLabel="Start cooking"
      submitClass="is-primary"
    >
      {order && (
        <>
          <p className="order-item">{order.item}</p>

          <div className="field has-addons">
            <div className="control is-expanded">
              <label className="is-sr-only" htmlFor={`${ids}-query`}>
                Search pictures
              </label>
              <input
                className="input"
                id={`${ids}-query`}
                value={query}
                maxLength={100}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  void search(query);
                }}
                placeholder="Search pictures"
              />
            </div>
            <div className="control">
              <button
                type="button"
                className={`button${searching ? ' is-loading' : ''}`}
                onClick={() => void search(query)}
              >
                Search
              </button>
            </div>
          </div>

          <fieldset>
            <legend className="label">
              Pictures ({selected.length}/{MAX_IMAGES})
            </legend>
            {results.length === 0 && !searching && (
              <p className="help">No pictures found: upload one or paste a link.</p>
            )}
            <div className="image-picker">
              {results.map((result) => (
                <label
                  key={result.url}
                  className={`image-choice${selected.includes(result.url) ? ' is-selected' : ''}`}
                >
                  <input
                    type="checkbox"
                    className="is-sr-only"
                    checked={selected.includes(result.url)}
                    onChange={() => toggle(result.url)}
                  />
                  <img src={result.url} alt={result.label} width="88" height="88" loading="lazy" />
                </label>
              ))}
            </div>
          </fieldset>

          <div className="field is-grouped is-grouped-multiline picture-sources">
            <div className="control">
              <label className={`button is-small${uploading ? ' is-loading' : ''}`}>
                Upload a picture
                <input
                  type="file"
                  className="is-sr-only"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(e) => void upload(e.target.files?.[0])}
                />
              </label>
            </div>
            <div className="control is-expanded">
              <div className="field has-addons">
                <div className="control is-expanded">
                  <label className="is-sr-only" htmlFor={`${ids}-link`}>
                    Picture link
                  </label>
                  <input
                    className="input is-small"
                    id={`${ids}-link`}
                    value={link}
                    onChange={(e) => setLink(e.target.value)}
                    placeholder="https://…/picture.png"
                  />
                </div>
                <div className="control">
                  <button type="button" className="button is-small" onClick={addLink}>
                    Add link
                  </button>
                </div>
              </div>
            </div>
          </div>

          <div className="field">
            <label className="label" htmlFor={`${ids}-note`}>
              Chef note
            </label>
            <textarea
              className="textarea"
              id={`${ids}-note`}
              rows={2}
              maxLength={MAX_CHEF_NOTE_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Extra cheese, as asked!"
            />
            <p className="help">
              {note.length}/{MAX_CHEF_NOTE_LENGTH}
            </p>
          </div>
        </>
      )}
    </KitchenDialog>
  );
}
