import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { StaffTextKey } from '../../i18n/staff/index.ts';
import { ApiRequestError, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { BrowserTexts, TextValues } from '../../lib/texts.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import { $resignOpen } from '../../stores/resign.ts';
import { Switch } from '../kit/Switch.tsx';
import { useTexts } from '../kit/use-texts.ts';

type StaffText = (key: StaffTextKey, values?: TextValues) => string;

/** What the specification says when a resignation fails (the server's reason as it words it). */
function failure(error: unknown, t: StaffText): string {
  const message = error instanceof ApiRequestError ? error.message : '';
  return t('resign.failed', { message: message || t('resign.unknownError') });
}

/**
 * Resign from staff: the dialog the sidebar's Resign entry opens. Its Resign button stays disabled until the switch
 * 'I understand, I wish to resign' is on; on success the user lands on / with the specification's thanks.
 */
export default function ResignDialog({ texts }: { texts: BrowserTexts<StaffTextKey> }) {
  const t = useTexts(texts);
  const open = useStore($resignOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);

  const resign = async () => {
    setBusy(true);
    try {
      await withMinimumDisplay(answerOf(client.POST('/api/client/recruitment/resign')));
      $resignOpen.set(false);
      toastOnNextPage(t('resign.done'), 'is-success');
      location.assign('/');
    } catch (error) {
      toast(failure(error, t), 'is-danger', 8000);
      setBusy(false);
    }
  };

  return (
    <dialog
      className="resign-dialog box"
      aria-labelledby="resign-title"
      ref={dialog}
      onClose={() => $resignOpen.set(false)}
    >
      <h2 className="title is-4" id="resign-title">
        {t('resign.title')}
      </h2>
      <p>{t('resign.text')}</p>
      <Switch className="resign-switch" checked={understood} onChange={setUnderstood}>
        {t('resign.understood')}
      </Switch>
      <div className="buttons">
        <button type="button" className="button" onClick={() => $resignOpen.set(false)}>
          {t('resign.cancel')}
        </button>
        <button
          type="button"
          className={`button is-danger${busy ? ' is-loading' : ''}`}
          disabled={!understood || busy}
          onClick={() => void resign()}
        >
          {t('resign.resign')}
        </button>
      </div>
    </dialog>
  );
}
