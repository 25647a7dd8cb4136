import { useEffect, useId, useState } from 'react';
import { MAX_CHEF_NOTE_LENGTH, type OrderView, PrepareBodySchema } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { Field } from '../kit/Field.tsx';
import { KitchenDialog } from './KitchenDialog.tsx';
import { PictureChoices } from './PictureChoices.tsx';
import { PictureSearch } from './PictureSearch.tsx';
import { PictureSources } from './PictureSources.tsx';
import { usePicturePicker } from './use-picture-picker.ts';

interface Props {
  order: OrderView | null;
  onClose: () => void;
  onPrepared: (order: OrderView) => void;
  t: KitchenText;
  /** A refusal's words in the page's language (`refusalWords`: the orders schemas', an image URL's problem). */
  refusalWords: RefusalWords;
}

/**
 * Prepare: pick 1 to 3 pictures (image search, upload or an https link) and add a note for the customer. Start
 * cooking checks the pictures and the note with the route's own schema first: a refusal is the server's message on
 * the dialog's error line, without a call.
 */
export function PrepareDialog({ order, onClose, onPrepared, t, refusalWords }: Props) {
  const ids = useId();
  const picker = usePicturePicker(order, t, refusalWords);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (order) setNote('');
  }, [order]);

  const submit = async () => {
    if (!order) return;
    if (picker.selected.length === 0) return picker.setError(t('prepare.noPicture'));
    const body = { images: picker.selected, chefNote: note.trim() || null };
    const refusal = refusalOf(PrepareBodySchema, body, {}, 'body', refusalWords);
    if (refusal) return picker.setError(refusal.message);
    setSaving(true);
    try {
      const path = { id: order.id };
      const { order: prepared } = await withMinimumDisplay(
        answerOf(client.POST('/api/client/orders/{id}/prepare', { params: { path }, body })),
      );
      onPrepared(prepared);
    } catch (err) {
      picker.setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <KitchenDialog
      open={order !== null}
      title={t('prepare.title', { orderID: order?.orderID ?? '' })}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={picker.error}
      saving={saving}
      submitLabel={t('prepare.submit')}
      submitClass="is-primary"
      t={t}
    >
      {order && (
        <>
          <p className="order-item">{order.item}</p>
          <PictureSearch picker={picker} id={`${ids}-query`} t={t} />
          <PictureChoices picker={picker} t={t} />
          <PictureSources picker={picker} id={`${ids}-link`} t={t} />
          <Field
            id={`${ids}-note`}
            label={t('prepare.note')}
            help={{ id: `${ids}-note-count`, text: `${note.length}/${MAX_CHEF_NOTE_LENGTH}` }}
          >
            <textarea
              className="textarea"
              id={`${ids}-note`}
              rows={2}
              maxLength={MAX_CHEF_NOTE_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t('prepare.notePlaceholder')}
              aria-describedby={`${ids}-note-count`}
            />
          </Field>
        </>
      )}
    </KitchenDialog>
  );
}
