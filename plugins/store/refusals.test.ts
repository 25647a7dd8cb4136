import { describe, expect, it } from 'vitest';
import { refusals } from './refusals.ts';

const answer = (error: { statusCode: number; message: string; details?: unknown }) => ({
  status: error.statusCode,
  message: error.message,
  details: error.details,
});

describe("the store's refusals", () => {
  it('keep the statuses and texts they had when the database raised them', () => {
    expect(answer(refusals.short(40, 1_250))).toEqual({
      status: 409,
      message: 'Not enough coins: you need 1,250 more.',
      details: { balance: 40, short: 1_250 },
    });
    expect(answer(refusals.overMax())).toMatchObject({
      status: 409,
      message: 'That would take the balance over 1,000,000,000 coins.',
    });
    expect(answer(refusals.noUser())).toMatchObject({ status: 404, message: 'User not found' });
    expect(answer(refusals.unknownRank())).toMatchObject({ status: 400, message: 'Unknown rank in the grant.' });
    expect(answer(refusals.itemNotFound())).toMatchObject({ status: 404, message: 'Store item not found' });
    expect(answer(refusals.notOnSale())).toMatchObject({ status: 409, message: 'This item is not on sale.' });
    expect(answer(refusals.soldOut())).toMatchObject({ status: 409, message: 'This item is sold out.' });
  });

  it("words the per-user limit for the buyer or for a gift's recipient", () => {
    expect(answer(refusals.limit(3, null))).toEqual({
      status: 409,
      message: 'You already have 3 of this item, the most one user may get.',
      details: { limit: 3 },
    });
    expect(refusals.limit(2, 'Casey').message).toBe('Casey already has 2 of this item, the most one user may get.');
  });

  it("are worded from the store's catalogue in the reader's language too, with the same values", () => {
    expect(refusals.short(40, 1_250).inLocale?.('de')).toBe('Nicht genug Münzen: Dir fehlen noch 1.250.');
    expect(refusals.overMax().inLocale?.('es')).toBe('El saldo superaría las 1.000.000.000 monedas.');
    expect(refusals.itemNotFound().inLocale?.('pt-BR')).toBe('Item da loja não encontrado');
    expect(refusals.limit(1, null).inLocale?.('fr')).toBe(
      'Vous avez déjà 1 exemplaire de cet article, le maximum par utilisateur.',
    );
    expect(refusals.limit(2, 'Casey').inLocale?.('es')).toBe(
      'Casey ya tiene 2 unidades de este artículo, el máximo que puede tener un usuario.',
    );
    expect(refusals.limit(2, 'Casey').inLocale?.('en')).toBe(refusals.limit(2, 'Casey').message);
  });
});
