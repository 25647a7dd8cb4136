/**
 * The path to go to after sign-in, from the `redirect` query. Only a same-site relative path is ever followed:
 * anything absolute, protocol-relative (`//evil.example`), backslashed or with control characters falls back to `/`.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\p{Cc}\\]/u.test(value)) return '/';
  try {
    const url = new URL(value, 'http://diner.invalid');
    if (url.origin !== 'http://diner.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
