import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import type { MyDataTexts } from '../../i18n/my-data/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useAction } from '../kit/use-action.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';

const FIELD = 'delete-account-username';
const ERROR = 'delete-account-error';

interface Props {
  username: string;
  /** What a mistyped username is told, in the page's language: the server's own 400 (users' catalogue). */
  mismatch: string;
  texts: MyDataTexts;
}

/**
 * The profile's "Delete my account": a dialog that asks for the username typed again (the server checks it too:
 * DELETE /api/client/users/@me); once deleted, the visitor lands signed out on the home page with a toast.
 */
export default function DeleteAccount({ username, mismatch, texts }: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { busy, run, problem, fail } = useAction({ done: t('deleted'), next: '/', inline: true });

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (typed !== username) return fail({ message: mismatch, field: FIELD });
    void run(() => answerOf(client.DELETE('/api/client/users/@me', { body: { username: typed } })));
  };

  return (
    <>
      <button
        type="button"
        className="button is-danger is-light"
        disabled={!hydrated}
        onClick={() => {
          setTyped('');
          setOpen(true);
        }}
      >
        {t('delete')}
      </button>
      <dialog
        className="box delete-account-dialog"
        aria-labelledby="delete-account-title"
        ref={dialog}
        onClose={() => setOpen(false)}
      >
        <form onSubmit={submit} noValidate>
          <h2 className="title is-4" id="delete-account-title">
            {t('delete')}
          </h2>
          <p className="block">{t('deleteWhat')}</p>
          <TextField
            id={FIELD}
            label={t('confirm', { username })}
            value={typed}
            onChange={setTyped}
            disabled={!hydrated || busy}
            autoComplete="off"
            maxLength={64}
            problem={problem}
            errorId={ERROR}
          />
          <ErrorLine id={ERROR} problem={problem} focus />
          <div className="buttons">
            <button type="button" className="button" onClick={() => setOpen(false)} disabled={!hydrated || busy}>
              {t('cancel')}
            </button>
            <SubmitButton className="is-danger" busy={busy} disabled={!hydrated}>
              {t('delete')}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
