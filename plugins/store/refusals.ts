import { DomainError } from '../../core/errors.ts';
import { MAX_COINS } from './schemas.ts';

/**
 * What the store's SQL functions refuse (plugins/store/migrations/Migration20261125160000_StoreFunctions.ts): they
 * `raise exception` with SQLSTATE P0001, the message `store:<key>` and, when the answer needs figures, a JSON
 * detail. The statement rolls back what it wrote; here the refusal becomes the DomainError the service throws.
 */
export interface Refusal {
  key: string;
  details: Record<string, unknown>;
}

/** The store's refusal in a database error, or null for any other error. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof Error)) return null;
  const { code, detail } = error as Error & { code?: unknown; detail?: unknown };
  // The driver may add lines to the message (MikroORM appends ` - detail: …`); the key is the first line.
  const key = /^store:([a-z_]+)$/.exec(error.message.split('\n', 1)[0]!)?.[1];
  if (code !== 'P0001' || !key) return null;
  return { key, details: typeof detail === 'string' && detail ? (JSON.parse(detail) as Record<string, unknown>) : {} };
}

type Answer = (details: Record<string, unknown>) => DomainError;

/** The refusals of coin_apply and grant_apply, whoever called them (the ledger, the grants, a purchase). */
const SHARED: Record<string, Answer> = {
  short: ({ balance, short }) =>
    new DomainError('conflict', `Not enough coins: you need ${Number(short).toLocaleString('en')} more.`, {
      balance,
      short,
    }),
  over_max: () =>
    new DomainError('conflict', `That would take the balance over ${MAX_COINS.toLocaleString('en')} coins.`),
  no_user: () => new DomainError('not_found', 'User not found'),
  unknown_rank: () => new DomainError('bad_request', 'Unknown rank in the grant.'),
};

/**
 * The DomainError for a store refusal (the caller's own answers first, then the shared ones); any other error as it
 * was. Used as `catch (error) { throw asDomainError(error) }`.
 */
export function asDomainError(error: unknown, own: Record<string, Answer> = {}): unknown {
  const refusal = refusalOf(error);
  const answer = refusal && (own[refusal.key] ?? SHARED[refusal.key]);
  return answer ? answer(refusal.details) : error;
}
