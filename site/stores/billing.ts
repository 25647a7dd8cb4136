import { atom } from 'nanostores';

/** Why the last call to Stripe failed (Subscribe, Manage billing), shown once for the page; null when none did. */
export const $billingError = atom<string | null>(null);
