import { useRef } from 'react';
import { SLUG_MAX, slugify, TITLE_MAX } from '../../../plugins/delivery-messages/schemas.ts';
import { DELIVERY_MESSAGE_MAX } from '../../../plugins/users/schemas.ts';
import type { DeliveryMessagesTextKey } from '../../i18n/delivery-messages/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { describedBy } from '../kit/ErrorLine.tsx';
import { Field } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { PlaceholderList } from './PlaceholderList.tsx';
import { type MessageFormProps, useMessageForm } from './use-message-form.ts';

/**
 * The premade message editor (create, edit) and the user's own delivery message (mode `own`): the preview as you
 * type, the placeholder buttons, the rule's problem in words (the message box `aria-invalid` and described by it
 * meanwhile), and a new message's slug following its title (as the placeholder) until one is typed. Everything is
 * disabled until hydrated.
 */
export default function MessageForm({
  submitLabel,
  texts,
  ...props
}: MessageFormProps & { submitLabel: string; texts: BrowserTexts<DeliveryMessagesTextKey> }) {
  const t = useTexts(texts);
  const hydrated = useHydrated();
  const form = useMessageForm(props, t);
  const { fields, set } = form;
  const text = useRef<HTMLTextAreaElement>(null);
  const insert = (placeholder: string) => {
    const area = text.current;
    if (!area) return;
    const start = area.selectionStart ?? area.value.length;
    area.setRangeText(placeholder, start, area.selectionEnd ?? start, 'end');
    area.focus();
    set('message', area.value);
  };
  const problem = form.problem ? { message: form.problem, field: 'message-text' } : null;
  return (
    <form className="box message-form" noValidate onSubmit={form.submit}>
      {props.mode !== 'own' && (
        <>
          <TextField
            id="message-title"
            label={t('form.title')}
            name="title"
            required
            minLength={3}
            maxLength={TITLE_MAX}
            autoComplete="off"
            control={false}
            value={fields.title}
            onChange={(value) => set('title', value)}
            disabled={!hydrated}
          />
          <TextField
            id="message-slug"
            label={t('form.slug')}
            name="slug"
            maxLength={SLUG_MAX}
            placeholder={slugify(fields.title || 'your-title')}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoComplete="off"
            help={t('form.slugHelp')}
            control={false}
            value={fields.slug}
            onChange={(value) => set('slug', value)}
            disabled={!hydrated}
          />
        </>
      )}
      <Field id="message-text" label={t('form.message')} help={{ id: 'message-count', text: form.count }}>
        <textarea
          ref={text}
          className="textarea"
          id="message-text"
          name="message"
          rows={4}
          required
          maxLength={DELIVERY_MESSAGE_MAX}
          {...describedBy('message-text', problem, 'message-problem', 'message-count')}
          value={fields.message}
          onChange={(event) => set('message', event.target.value)}
          disabled={!hydrated}
        />
        <p className="help is-danger" id="message-problem" aria-live="polite">
          {form.problem}
        </p>
      </Field>
      <PlaceholderList onInsert={insert} disabled={!hydrated} t={t} />
      <div className="field">
        <p className="label">{t('form.previewLabel')}</p>
        <blockquote className="delivery-preview" data-testid="message-preview" aria-live="polite">
          {form.preview}
        </blockquote>
      </div>
      <div className="buttons">
        <SubmitButton className="is-primary" busy={form.busy} disabled={!hydrated}>
          {submitLabel}
        </SubmitButton>
        <a className="button is-text" href="/staff/delivery-messages">
          {t('form.cancel')}
        </a>
      </div>
    </form>
  );
}
