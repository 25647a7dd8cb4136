import { z } from 'zod';

export const DEFAULT_RANK_COLOUR = '#2888f5';

/** A rank as the API shows it. */
export interface RankView {
  id: string;
  name: string;
  position: number;
  colour: string;
  permissions: number;
  perks: string[];
  staff: { canResign: boolean };
}

export interface RanksResponse {
  ranks: RankView[];
}

export const RankIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{16,20}$/, 'Rank ID is not a snowflake') });

/** Text on a rank colour: black when the colour's luminance is above 125, else white (the specification's rule). */
export function rankTextColour(colour: string): '#000000' | '#ffffff' {
  const hex = /^#?([0-9a-f]{6})$/i.exec(colour)?.[1] ?? DEFAULT_RANK_COLOUR.slice(1);
  const r = Number.parseInt(hex.slice(0, 2), 16);
  const g = Number.parseInt(hex.slice(2, 4), 16);
  const b = Number.parseInt(hex.slice(4, 6), 16);
  return (r * 299 + g * 587 + b * 114) / 1000 > 125 ? '#000000' : '#ffffff';
}
