import { useCallback, useEffect, useState } from 'react';
import { withSchemaWording } from '../../../core/shared/schema-words.ts';
import {
  type ImageSearchResult,
  imageUrlProblem,
  MAX_IMAGES,
  type OrderView,
  type UploadResponse,
} from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { ApiRequestError, errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, schemaWordingOf } from '../../lib/refusal.ts';

/** Sends a picture to the upload route (multipart: the typed client sends JSON) and answers its link. */
async function uploaded(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const response = await withMinimumDisplay(
    fetch('/api/client/orders/images/upload', { method: 'POST', body, credentials: 'same-origin' }),
  );
  const data = (await response.json().catch(() => ({}))) as UploadResponse & { message?: string };
  if (!response.ok) throw new ApiRequestError(response.status, data as unknown as Record<string, unknown>);
  return data.link;
}

/**
 * Prepare's pictures: searched (first for the order's item), uploaded or linked, 1 to 3 picked; `error` says what
 * went wrong (the dialog's one error line, which the submit uses too). Everything starts again for each order.
 */
export function usePicturePicker(order: OrderView | null, t: KitchenText, words: RefusalWords) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ImageSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');

  const search = useCallback(async (text: string) => {
    if (!text.trim()) return;
    setSearching(true);
    try {
      const body = { query: text.trim().slice(0, 100) };
      const { images } = await withMinimumDisplay(answerOf(client.POST('/api/client/orders/images/search', { body })));
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
    setError('');
    void search(order.item);
  }, [order, search]);

  const toggle = (url: string) => {
    setError('');
    setSelected((current) => {
      if (current.includes(url)) return current.filter((u) => u !== url);
      if (current.length >= MAX_IMAGES) {
        setError(t('picture.tooMany', { max: MAX_IMAGES }));
        return current;
      }
      return [...current, url];
    });
  };
  /** A picture of the chef's own (an upload, a link): first in the list, and picked. */
  const offer = (url: string, label: string) => {
    setResults((current) => [{ url, label, source: 'order' }, ...current.filter((r) => r.url !== url)]);
    if (!selected.includes(url)) toggle(url);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      offer(await uploaded(file), file.name);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  /** A pasted link, checked by the server's own rule first (it says why), so one the kitchen cannot use is refused. */
  const addLink = (link: string): boolean => {
    const url = link.trim();
    if (!url) return false;
    // In the page's language: the rule's words are the orders catalogue's and core's (site/lib/refusal.ts).
    const problem = withSchemaWording(schemaWordingOf(words), () =>
      imageUrlProblem(url, { publicUrl: location.origin }),
    );
    if (problem) {
      setError(problem);
      return false;
    }
    offer(url, t('picture.yourLink'));
    return true;
  };

  return { query, setQuery, results, searching, search, selected, toggle, uploading, upload, addLink, error, setError };
}

export type PicturePicker = ReturnType<typeof usePicturePicker>;
