/**
 * Debug logs, on only when localStorage `debug` is `true` (the specification's switch): type
 * `localStorage.debug = true` in the console and reload. Read on every call, so no reload is needed either.
 */
export function debugEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem('debug') === 'true';
  } catch {
    // Storage can be switched off (privacy settings): then there are no debug logs.
    return false;
  }
}

export function debug(scope: string, ...details: unknown[]): void {
  if (debugEnabled()) console.debug(`[${scope}]`, ...details);
}
