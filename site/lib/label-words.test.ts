import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../core/shared/permissions.ts';
import {
  appealStatusName,
  durationName,
  grantedSource,
  leaveStatusName,
  orderStateNames,
  perkName,
  perkNames,
  permissionName,
} from './label-words.ts';

describe('the shared labels', () => {
  it('names every permission in English as people read its constant, and in French from the catalogue', () => {
    expect(PERMISSION_NAMES.map((p) => permissionName(p, 'en'))).toEqual(
      PERMISSION_NAMES.map((p) => p.charAt(0) + p.slice(1).toLowerCase().replaceAll('_', ' ')),
    );
    expect(permissionName('MANAGE_ORDERS', 'en')).toBe('Manage orders');
    expect(permissionName('MANAGE_ORDERS', 'fr')).toBe('Gérer les commandes');
  });

  it('names perks in the page’s language, and one it does not know from its constant', () => {
    expect(perkNames('en')).toEqual({ FEEDBACK_BETA: 'Feedback beta', DELIVERY_MESSAGE_BETA: 'Delivery message beta' });
    expect(perkName('FEEDBACK_BETA', 'de')).toBe('Feedback-Beta');
    expect(perkName('EARLY_ACCESS', 'fr')).toBe('Early access');
  });

  it("names an order's states, a leave request's and an appeal's statuses", () => {
    expect(orderStateNames('en')).toEqual({
      ORDERED: 'Waiting',
      CLAIMED: 'Claimed',
      PREPARING: 'Cooking',
      READY: 'Ready',
      DELIVERED: 'Delivered',
      REPORTED: 'Reported',
      DELIVERY_FAILED: 'Delivery failed',
      CANCELLED: 'Cancelled',
      DELETED: 'Deleted',
    });
    expect(orderStateNames('es').PREPARING).toBe('Cocinándose');
    expect(leaveStatusName('APPROVED', 'en')).toBe('Approved');
    expect(appealStatusName('denied', 'pt-BR')).toBe('Negado');
  });

  it('says what gave a grant and for how long', () => {
    const at = '2026-12-03T18:00:00.000Z';
    const grant = (source: string, sourceName: string | null, endsAt: string | null = null) => ({
      source,
      sourceName,
      endsAt,
    });
    expect(
      [
        grant('subscription', 'Supporter'),
        grant('subscription', null, at),
        grant('purchase', 'Feedback beta pass', at),
        grant('purchase', null),
        grant('objective', 'Ten orders'),
        grant('objective', null),
        grant('sponsor', null),
        grant('gift', null, at),
      ].map((g) => grantedSource(g, 'en')),
    ).toEqual([
      'From the Supporter plan, while the plan lasts',
      'From a subscription, until 3 Dec 2026',
      'From the store: Feedback beta pass, until 3 Dec 2026',
      'From a store purchase, for good',
      'From the objective Ten orders, for good',
      'From an objective, for good',
      'From a sponsorship, for good',
      'From a grant, until 3 Dec 2026',
    ]);
    expect(grantedSource(grant('subscription', 'Supporter'), 'fr')).toBe(
      'Par l’abonnement Supporter, tant que l’abonnement dure',
    );
    expect(grantedSource(grant('purchase', 'Pass', at), 'de')).toBe('Aus dem Shop: Pass, bis 03.12.2026');
  });

  it('words spans of time', () => {
    expect([0.4, 5, 65, 120, 3 * 3600 + 120, 7200, null].map((s) => durationName(s, 'en'))).toEqual([
      'under a second',
      '5 s',
      '1 min 5 s',
      '2 min',
      '3 h 2 min',
      '2 h',
      '–',
    ]);
    expect(durationName(95, 'de')).toBe('1 Min. 35 Sek.');
  });
});
