import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toast, toastOnNextPage } from '../../lib/toast.ts';
import { $resignOpen } from '../../stores/resign.ts';
import { Switch } from '../kit/Switch.tsx';

/** What the specification says when a resignation fails. */
function failure(error: unknown): string {
  const message = error instanceof ApiRequestError ? error.message : '';
  return `Failed to submit resign from staff: ${message || 'Unknown error'}. Please contact an HR.`;
}

/**
 * Resign from staff: the dialog the sidebar's Resign entry opens. Its Resign button stays disabled until the switch
 * 'I understand, I wish to resign' is on; on success the user lands on / with the specification's thanks.
 */
export default function ResignDialog() {
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
      toastOnNextPage('Resignation accepted successfully. Thank you for your service.', 'is-success');
      location.assign('/');
    } catch (error) {
      toast(failure(error), 'is-danger', 8000);
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
        Resign from staff
      </h2>
      <p>You lose every staff rank at once, and you cannot apply again for one week.</p>
      <Switch className="resign-switch" checked={understood} onChange={setUnderstood}>
        I understand, I wish to resign
      </Switch>
      <div className="buttons">
        <button type="button" className="button" onClick={() => $resignOpen.set(false)}>
          Cancel
        </button>
        <button
          type="button"
          className={`button is-danger${busy ? ' is-loading' : ''}`}
          disabled={!understood || busy}
          onClick={() => void resign()}
        >
          Resign
        </button>
      </div>
    </dialog>
  );
}
