import type { FormEvent } from 'react';
import { FoodLookupCreateBodySchema } from '../../../plugins/orders/schemas.ts';
import type { FoodTextKey } from '../../i18n/food/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

/** The words of a text field: keywords split at commas, picture links at white space. */
const split = (value: string, by: RegExp) =>
  value
    .split(by)
    .map((part) => part.trim())
    .filter(Boolean);

/** Each body field's control, for the problem's line to name. */
const CONTROLS = { name: 'food-name', keywords: 'food-keywords', images: 'food-images' };

/**
 * Food Lookup's Add a food: a name, keywords and picture links, checked first with the route's own schema; a refusal
 * (before the call, or the server's) shows under the form, its control marked. Added: the page loads again with a
 * toast.
 */
export default function FoodForm({
  texts,
  refusalWords,
}: {
  texts: BrowserTexts<FoodTextKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const { fields, set } = useFields({ name: '', keywords: '', images: '' });
  const { busy, run, problem, refuse } = useAction({
    done: t('form.added', { name: fields.name.trim() }),
    inline: true,
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: fields.name.trim(),
      keywords: split(fields.keywords, /,/),
      images: split(fields.images, /\s+/),
    };
    const refusal = refusalOf(FoodLookupCreateBodySchema, body, CONTROLS, 'body', refusalWords);
    if (refusal) return refuse(refusal);
    void run(() => answerOf(client.POST('/api/client/orders/food-lookup/items', { body })));
  };

  const common = { problem, errorId: 'food-error', control: false, disabled: !hydrated } as const;
  return (
    <form id="food-create" noValidate onSubmit={add}>
      <TextField
        id="food-name"
        label={t('form.name')}
        name="name"
        maxLength={100}
        required
        value={fields.name}
        onChange={(value) => set('name', value)}
        {...common}
      />
      <TextField
        id="food-keywords"
        label={t('form.keywords')}
        help={t('form.keywordsHelp')}
        name="keywords"
        placeholder={t('form.keywordsPlaceholder')}
        value={fields.keywords}
        onChange={(value) => set('keywords', value)}
        {...common}
      />
      <TextField
        id="food-images"
        label={t('form.images')}
        help={t('form.imagesHelp')}
        name="images"
        rows={3}
        placeholder="https://…/burger.png"
        value={fields.images}
        onChange={(value) => set('images', value)}
        {...common}
      />
      <ErrorLine id="food-error" problem={problem} />
      <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
        {t('form.submit')}
      </SubmitButton>
    </form>
  );
}
