import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/errors.ts';
import { httpText } from '../../core/http/i18n/index.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { errorPageFor, errorTitle } from './error-page.ts';

describe('the error page', () => {
  it("is titled 'Error - {status}', and 'Unknown error' when no status is known", () => {
    expect(errorTitle(404)).toBe('Error - 404');
    expect(errorTitle(null)).toBe('Unknown error');
  });

  it('knows no status for an error that carries none: the default title and message', () => {
    expect(errorPageFor(new TypeError('x is undefined'))).toEqual({
      status: null,
      title: 'Unknown error',
      message: 'An unknown error occurred',
    });
    expect(errorPageFor(undefined)).toEqual({
      status: null,
      title: 'Unknown error',
      message: 'An unknown error occurred',
    });
  });

  it("shows a service's refusal with its status and words, and never a server error's words", () => {
    expect(errorPageFor(new DomainError('forbidden', 'You may not view this application.'))).toEqual({
      status: 403,
      title: 'Error - 403',
      message: 'You may not view this application.',
    });
    expect(errorPageFor(new DomainError('unavailable', 'The database took too long'))).toEqual({
      status: 503,
      title: 'Error - 503',
      message: 'An unknown error occurred',
    });
  });

  it("shows a refusal in the page's language where the service words it in every language", () => {
    const refusal = localizedError(httpText, 'not_found', 'error.routeNotFound', { method: 'GET', path: '/x' });
    expect(errorPageFor(refusal, 'de')).toEqual({
      status: 404,
      title: 'Fehler - 404',
      message: 'Route GET /x nicht gefunden',
    });
    expect(errorPageFor(new DomainError('forbidden', 'You may not view this application.'), 'fr').message).toBe(
      'You may not view this application.',
    );
  });
});
