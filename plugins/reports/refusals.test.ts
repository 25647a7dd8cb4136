import { describe, expect, it } from 'vitest';
import { ineligible, nobodyToWarn } from './refusals.ts';
import { INELIGIBLE, type IneligibleReason } from './schemas.ts';

describe("the reports plugin's refusals", () => {
  it.each(Object.keys(INELIGIBLE) as IneligibleReason[])(
    'refuses %s in the words the eligibility check gives in English',
    (reason) => {
      expect(ineligible(reason).message).toBe(INELIGIBLE[reason]);
      expect(ineligible(reason).details).toEqual({ reason });
    },
  );

  it('names the role the order lacks, in every language', () => {
    expect(nobodyToWarn('chef', 'ABC234').message).toBe('Order ABC234 has no chef.');
    expect(nobodyToWarn('driver', 'ABC234').message).toBe('Order ABC234 has no driver.');
    expect(nobodyToWarn('driver', 'ABC234').inLocale?.('de')).toBe('Bestellung ABC234 hat keinen Fahrer.');
  });
});
