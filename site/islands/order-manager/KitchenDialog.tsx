import { type FormEvent, type ReactNode, useId } from 'react';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { useModal } from './hooks.ts';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** Shown above the buttons, announced to screen readers. */
  error: string;
  saving: boolean;
  submitLabel: string;
  /** The submit button's Bulma colour, e.g. `is-primary`. */
  submitClass: string;
  children: ReactNode;
  t: KitchenText;
}

/** The order manager's dialogs: a native modal <dialog> with a title, a form, the error line, Cancel and submit. */
export function KitchenDialog({
  open,
  title,
  onClose,
  onSubmit,
  error,
  saving,
  submitLabel,
  submitClass,
  children,
  t,
}: Props) {
  const ref = useModal(open, onClose);
  const titleId = `${useId()}-title`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <dialog ref={ref} className="kitchen-dialog box" aria-labelledby={titleId}>
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 className="title is-4" id={titleId}>
            {title}
          </h2>
          {children}
          <p className="help is-danger" role="alert">
            {error}
          </p>
          <div className="buttons is-right">
            <button type="button" className="button" onClick={onClose}>
              {t('dialog.cancel')}
            </button>
            <button type="submit" className={`button ${submitClass}${saving ? ' is-loading' : ''}`}>
              {submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
