import type { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { reportsText } from './i18n/index.ts';
import { type IneligibleReason, REPORT_WINDOW_DAYS, type ReportStatus, type WarnTarget } from './schemas.ts';

/** The DomainError kind each refusal answers with when a report is filed anyway. */
const REFUSAL_KIND = {
  not_found: 'not_found',
  not_your_order: 'forbidden',
  not_delivered: 'conflict',
  too_old: 'conflict',
  already_reported: 'conflict',
} as const satisfies Record<IneligibleReason, string>;

/** Each refusal's text: in English, the eligibility check's words (`INELIGIBLE`, which the report form shows). */
const REFUSAL_KEY = {
  not_found: 'refusal.noSuchOrder',
  not_your_order: 'refusal.notYourOrder',
  not_delivered: 'refusal.notDelivered',
  too_old: 'refusal.tooOld',
  already_reported: 'refusal.alreadyReported',
} as const satisfies Record<IneligibleReason, string>;

/** A customer's report refused: 404, 403 or 409 with the reason, in the reader's language. */
export function ineligible(reason: IneligibleReason): DomainError {
  return localizedError(
    reportsText,
    REFUSAL_KIND[reason],
    REFUSAL_KEY[reason],
    { days: REPORT_WINDOW_DAYS },
    { reason },
  );
}

export function reportNotFound(): DomainError {
  return localizedError(reportsText, 'not_found', 'refusal.notFound');
}

/** A completed report takes no more warnings or outcomes: 409 with its status. */
export function reportCompleted(status: ReportStatus): DomainError {
  return localizedError(reportsText, 'conflict', 'refusal.completed', {}, { status });
}

/** The order has nobody in the role a warning names. */
export function nobodyToWarn(target: WarnTarget, orderID: string): DomainError {
  return localizedError(reportsText, 'conflict', target === 'chef' ? 'refusal.noChef' : 'refusal.noDriver', {
    orderID,
  });
}
