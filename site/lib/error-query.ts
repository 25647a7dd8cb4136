import type { BrowserTextKey } from '../i18n/browser/index.ts';
import { siteText } from './site-texts.ts';
import { toast } from './toast.ts';

/**
 * The specification's `?error=` toasts (§8): guards send people to `/?error=…`, and the default layout prefixes
 * 'An error occurred: '. Only the errors we know: the query is anyone's to write, the toast is ours. The query is
 * then taken out of the address, so a reload does not repeat it. Used by the home page and by the ban page, which
 * is what `/` is for a banned user.
 */
export const ERROR_TOASTS: Readonly<Record<string, BrowserTextKey>> = {
  insufficient_permissions: 'error.insufficientPermissions',
  account_banned: 'error.accountBanned',
};

export function showErrorFromQuery(): void {
  const params = new URLSearchParams(location.search);
  const error = params.get('error');
  if (!error) return;
  const known = Object.hasOwn(ERROR_TOASTS, error) ? ERROR_TOASTS[error] : undefined;
  if (known) toast(siteText('error.toast', { message: siteText(known) }), 'is-danger');
  params.delete('error');
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}${location.hash}`);
}
