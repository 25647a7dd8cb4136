import { useRef } from 'react';
import { SLUG_MAX, slugify, TITLE_MAX } from '../../../plugins/delivery-messages/schemas.ts';
import { DELIVERY_MESSAGE_MAX } from '../../../plugins/users/schemas.ts';
import { InputField } from '../kit/InputField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { PlaceholderList } from './PlaceholderList.tsx';
import { type MessageFormProps, useMessageForm } from './use-message-form.ts';

/**
 * The premade message editor (create, edit) and the user's own delivery message (mode `own`): the preview as you
 * type, the placeholder buttons, the rule's problem in words, and a new message's slug following its title (as the
 * placeholder) until one is typed. Everything is disabled until hydrated.
 */
export default function MessageForm({ submitLabel, ...props }: MessageFormProps & { submitLabel: string }) {
  const hydrated = useHydrated();
  const form = useMessageForm(props);
  const text = useRef<HTMLTextAreaElement>(null);
  const insert = (placeholder: string) => {
    const area = text.current;
    if (!area) return;
    const start = area.selectionStart ?? area.value.length;
    area.setRangeText(placeholder, start, area.selectionEnd ?? start, 'end');
    area.focus();
    form.setMessage(area.value);
  };
  return (
    <form className="box message-form" noValidate onSubmit={form.submit}>
      {props.mode !== 'own' && (
        <>
          <InputField
            id="message-title"
            label="Title"
            name="title"
            required
            minLength={3}
            maxLength={TITLE_MAX}
            value={form.title}
            onChange={(event) => form.setTitle(event.target.value)}
            autoComplete="off"
            disabled={!hydrated}
          />
          <InputField
            id="message-slug"
            label="Slug"
            name="slug"
            maxLength={SLUG_MAX}
            value={form.slug}
            onChange={(event) => form.setSlug(event.target.value)}
            placeholder={slugify(form.title || 'your-title')}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoComplete="off"
            aria-describedby="message-slug-help"
            disabled={!hydrated}
            helpId="message-slug-help"
            help="The message’s address: lowercase letters, digits and dashes. Leave it empty to make it from the title."
          />
        </>
      )}
      <div className="field">
        <label className="label" htmlFor="message-text">
          Message
        </label>
        <textarea
          ref={text}
          className="textarea"
          id="message-text"
          name="message"
          rows={4}
          required
          maxLength={DELIVERY_MESSAGE_MAX}
          aria-describedby="message-problem message-count"
          value={form.message}
          onChange={(event) => form.setMessage(event.target.value)}
          disabled={!hydrated}
        />
        <p className="help is-danger" id="message-problem" aria-live="polite">
          {form.problem}
        </p>
        <p className="help" id="message-count">
          {form.count}
        </p>
      </div>
      <PlaceholderList onInsert={insert} disabled={!hydrated} />
      <div className="field">
        <p className="label">Preview with a sample order</p>
        <blockquote className="delivery-preview" data-testid="message-preview" aria-live="polite">
          {form.preview}
        </blockquote>
      </div>
      <div className="buttons">
        <button className="button is-primary" type="submit" disabled={!hydrated || form.busy}>
          {submitLabel}
        </button>
        <a className="button is-text" href="/staff/delivery-messages">
          Cancel
        </a>
      </div>
    </form>
  );
}
