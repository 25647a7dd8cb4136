import { type FormEvent, useState } from 'react';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toastOnNextPage } from '../../lib/toast.ts';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { useFields } from '../kit/use-fields.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

/** The words of a text field: keywords split at commas, picture links at white space. */
const split = (value: string, by: RegExp) =>
  value
    .split(by)
    .map((part) => part.trim())
    .filter(Boolean);

/** Food Lookup's Add a food: a name, keywords and picture links; the server's refusal shows under the form. */
export default function FoodForm() {
  const hydrated = useHydrated();
  const { fields, bind } = useFields({ name: '', keywords: '', images: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: fields.name.trim(),
      keywords: split(fields.keywords, /,/),
      images: split(fields.images, /\s+/),
    };
    setBusy(true);
    try {
      await withMinimumDisplay(answerOf(client.POST('/api/client/orders/food-lookup/items', { body })));
      toastOnNextPage(`${body.name} added.`, 'is-success');
      location.reload();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form id="food-create" noValidate onSubmit={(event) => void add(event)}>
      <Field id="food-name" label="Name">
        <input
          className="input"
          id="food-name"
          name="name"
          maxLength={100}
          required
          value={fields.name}
          disabled={!hydrated}
          onChange={bind('name')}
        />
      </Field>
      <Field id="food-keywords" label="Keywords" help={{ id: 'food-keywords-help', text: 'Separated by commas.' }}>
        <input
          className="input"
          id="food-keywords"
          name="keywords"
          placeholder="burger, beef, cheese"
          aria-describedby="food-keywords-help"
          value={fields.keywords}
          disabled={!hydrated}
          onChange={bind('keywords')}
        />
      </Field>
      <Field
        id="food-images"
        label="Picture links"
        help={{
          id: 'food-images-help',
          text: 'One https link per line, ending in .png, .jpg, .gif or .webp (1 to 10).',
        }}
      >
        <textarea
          className="textarea"
          id="food-images"
          name="images"
          rows={3}
          placeholder="https://…/burger.png"
          aria-describedby="food-images-help"
          value={fields.images}
          disabled={!hydrated}
          onChange={bind('images')}
        />
      </Field>
      <p className="help is-danger" role="alert">
        {error}
      </p>
      <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
        Add food
      </SubmitButton>
    </form>
  );
}
