import { useEffect, useRef } from 'react';
import type { CoinsTextKey } from '../../i18n/coins/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $buying } from '../../stores/buying.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { GiftFields } from './GiftFields.tsx';
import { useBuy } from './use-buy.ts';

/**
 * /store's buy dialog: opened by any card's Buy ($buying), the item and its price, for me or as a gift (useBuy). A
 * gift's recipient is found by exact username or ID and shown with avatar and name before paying; Pay stays disabled
 * until then, and everything until hydrated.
 */
export default function BuyDialog({
  texts,
  refusalWords,
}: {
  texts: BrowserTexts<CoinsTextKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}) {
  const t = useTexts(texts);
  const item = useAfterHydration($buying, null);
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const buy = useBuy(item, t, refusalWords);

  // A fresh form each time a Buy opens the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `item` is what the reset follows, not what it reads
  useEffect(() => {
    if (!item) return;
    buy.reset();
    dialog.current?.showModal();
  }, [item]);

  const close = () => dialog.current?.close();
  return (
    <dialog ref={dialog} className="box store-dialog" aria-labelledby="buy-title" onClose={() => $buying.set(null)}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void buy.pay(close);
        }}
      >
        <h2 className="title is-4" id="buy-title">
          {item ? t('buy.title', { name: item.name }) : t('buy.titleEmpty')}
        </h2>
        <p className="block">{buy.summary}</p>
        <fieldset className="field">
          <legend className="label">{t('buy.who')}</legend>
          <div className="control store-choice">
            <label className="radio">
              <input
                type="radio"
                name="for"
                value="me"
                checked={!buy.gift}
                onChange={() => buy.setGift(false)}
                disabled={!hydrated}
              />{' '}
              {t('buy.forMe')}
            </label>
            <label className="radio">
              <input
                type="radio"
                name="for"
                value="gift"
                checked={buy.gift}
                onChange={() => buy.setGift(true)}
                disabled={!hydrated}
              />{' '}
              {t('buy.asGift')}
            </label>
          </div>
        </fieldset>
        <GiftFields
          hidden={!buy.gift}
          query={buy.query}
          onType={buy.type}
          onFind={() => void buy.find()}
          status={buy.status}
          recipient={buy.recipient}
          disabled={!hydrated}
          t={t}
        />
        <div className="buttons is-right">
          <button type="button" className="button" onClick={close}>
            {t('buy.cancel')}
          </button>
          <button
            type="submit"
            className={buy.paying ? 'button is-primary is-loading' : 'button is-primary'}
            disabled={!hydrated || (buy.gift && !buy.recipient)}
          >
            {buy.payLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
