import { useRef, useState } from 'react';
import { RecipientQuerySchema, type RecipientView } from '../../../plugins/store/schemas.ts';
import type { CoinsTextKey } from '../../i18n/coins/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { TextValues } from '../../lib/texts.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import type { BuyingItem } from '../../stores/buying.ts';

/**
 * The buy dialog's state and calls: for me or as a gift; a gift's recipient found by exact username or ID (GET
 * /api/client/store/recipient, what was typed checked first with the route's query schema, an answer to an older
 * query dropped) and shown before paying, Pay's words saying what it will do and it refused (`blocked`) until then.
 * Paid (POST /api/client/store/items/purchase): the page loads again with a toast (the balance and "Your items" are
 * the server's); refused: the server's message, 8 s. What Pay sends is the card's item and the recipient the server
 * found: nothing typed, so nothing to check before the call.
 */
export function useBuy(
  item: BuyingItem | null,
  t: (key: CoinsTextKey, values?: TextValues) => string,
  words: RefusalWords,
) {
  const [gift, setGift] = useState(false);
  const [query, setQuery] = useState('');
  const [recipient, setRecipient] = useState<RecipientView | null>(null);
  const [status, setStatus] = useState('');
  const [paying, setPaying] = useState(false);
  const asked = useRef('');

  const reset = () => {
    setGift(false);
    type('');
  };
  const type = (text: string) => {
    setQuery(text);
    setRecipient(null);
    setStatus('');
    asked.current = '';
  };
  const find = async () => {
    const text = query.trim();
    if (!text) return setStatus(t('gift.typeFirst'));
    const refusal = refusalOf(RecipientQuerySchema, { query: text }, {}, 'query', words);
    if (refusal) return setStatus(refusal.message);
    asked.current = text;
    setStatus(t('gift.looking'));
    try {
      const answer = await answerOf(client.GET('/api/client/store/recipient', { params: { query: { query: text } } }));
      if (asked.current !== text) return;
      setRecipient(answer.recipient);
      setStatus(t('gift.check'));
    } catch (error) {
      if (asked.current !== text) return;
      setRecipient(null);
      setStatus(errorMessage(error));
    }
  };
  const pay = async (close: () => void) => {
    const to = gift ? recipient : null;
    if (!item || (gift && !to) || paying) return;
    setPaying(true);
    try {
      const body = to ? { id: item.id, giftUserID: to.id } : { id: item.id };
      const { purchased } = await withMinimumDisplay(
        answerOf(client.POST('/api/client/store/items/purchase', { body })),
      );
      close();
      toastOnNextPage(
        to ? t('buy.sent', { item: purchased.itemName, name: to.name }) : t('buy.bought', { item: purchased.itemName }),
        'is-success',
      );
      location.reload();
    } catch (error) {
      toast(errorMessage(error), 'is-danger', 8000);
    } finally {
      setPaying(false);
    }
  };

  const payLabel = !item
    ? t('buy.pay')
    : !gift
      ? t('buy.payPrice', { price: item.price })
      : recipient
        ? t('buy.sendTo', { name: recipient.name, price: item.price })
        : t('buy.findFirst');
  const summary = item ? t('buy.summary', { grant: item.grant, price: item.price }) : '';
  return { gift, setGift, query, type, find, recipient, status, paying, pay, payLabel, summary, reset };
}
