import { describe, expect, it } from 'vitest';
import { containing, DELETED_USER_NAME, scrubNames } from './personal-data.ts';

describe('scrubbing an erased user’s names from others’ records', () => {
  it('replaces each name where it stands as a word, longest first, and leaves other words alone', () => {
    const names = ['Casey Customer', 'casey'];
    expect(scrubNames('Gift from Casey Customer', names)).toBe(`Gift from ${DELETED_USER_NAME}`);
    expect(scrubNames('casey sent you a gift (casey!)', names)).toBe(
      `${DELETED_USER_NAME} sent you a gift (${DELETED_USER_NAME}!)`,
    );
    expect(scrubNames('Caseys and caseys_friend stay', names)).toBe('Caseys and caseys_friend stay');
    expect(scrubNames('already here', ['al'])).toBe('already here');
  });

  it('takes names with pattern characters literally', () => {
    expect(scrubNames('Hi a.b+c (x), not aXb+c', ['a.b+c'])).toBe(`Hi ${DELETED_USER_NAME} (x), not aXb+c`);
    expect(scrubNames('Ünïcode Nämé here', ['Ünïcode Nämé'])).toBe(`${DELETED_USER_NAME} here`);
  });

  it('makes a LIKE pattern that finds the name literally', () => {
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
