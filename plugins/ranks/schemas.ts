import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { PERKS, PERMISSION_NAMES } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import type { ranksCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof ranksCatalogue>('ranks');

export const DEFAULT_RANK_COLOUR = '#2888f5';

/** The largest position the `ranks.position` column (int4) holds. */
export const MAX_RANK_POSITION = 2_147_483_647;

/** A rank as the API shows it. */
export const RankViewSchema = z.strictObject({
  id: AnswerIdSchema,
  name: z.string(),
  position: z.int(),
  colour: z.string(),
  /** The permissions' bits (core/shared/permissions.ts). */
  permissions: z.int().min(0),
  perks: z.array(z.string()),
  staff: z.strictObject({ canResign: z.boolean() }),
});
export type RankView = z.output<typeof RankViewSchema>;

/** Every rank, highest position first. */
export const RanksResponseSchema = z.strictObject({ ranks: z.array(RankViewSchema) });
export type RanksResponse = z.output<typeof RanksResponseSchema>;

export const RankResponseSchema = z.strictObject({ rank: RankViewSchema });
export type RankResponse = z.output<typeof RankResponseSchema>;

const RankIdSchema = snowflakeId('Rank');

export const RankIdParamsSchema = z.strictObject({ id: RankIdSchema });

const RankNameSchema = displayName({ what: said.phrase('schema.name.rank', 'A rank name'), max: 64 });
/** `#rrggbb`, stored in lower case. */
const RankColourSchema = text()
  .regex(/^#[0-9a-fA-F]{6}$/, said('schema.colour', 'Colour must be #rrggbb'))
  .toLowerCase();
/** Permission names; the service turns them into the bit-flag number the rank stores. */
const RankPermissionsSchema = z.array(z.enum(PERMISSION_NAMES)).max(PERMISSION_NAMES.length * 2);
const RankPerksSchema = z.array(z.enum(PERKS)).max(PERKS.length * 2);
const RankStaffSchema = z.strictObject({ canResign: z.boolean() });
const RankPositionSchema = z.int().min(0).max(MAX_RANK_POSITION);

/**
 * POST /api/client/ranks. Without a position the rank goes just below the creator's highest rank (a SUPER_ADMIN's
 * too; one who holds no rank puts it at the bottom).
 */
export const CreateRankBodySchema = z.strictObject({
  name: RankNameSchema,
  colour: RankColourSchema.default(DEFAULT_RANK_COLOUR),
  permissions: RankPermissionsSchema.default([]),
  perks: RankPerksSchema.default([]),
  staff: RankStaffSchema.default({ canResign: false }),
  position: RankPositionSchema.optional(),
});
export type CreateRankBody = z.input<typeof CreateRankBodySchema>;
export type CreateRankInput = z.output<typeof CreateRankBodySchema>;

/** PATCH /api/client/ranks/{id}: any of the create fields but position (positions change only through PUT /positions). */
export const UpdateRankBodySchema = z
  .strictObject({
    name: RankNameSchema.optional(),
    colour: RankColourSchema.optional(),
    permissions: RankPermissionsSchema.optional(),
    perks: RankPerksSchema.optional(),
    staff: RankStaffSchema.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    said('schema.nothingToChange', 'Nothing to change: give at least one field.'),
  );
export type UpdateRankBody = z.input<typeof UpdateRankBodySchema>;
export type UpdateRankInput = z.output<typeof UpdateRankBodySchema>;

/** PUT /api/client/ranks/positions: every rank's id, exactly once, highest first. */
export const RankPositionsBodySchema = z.strictObject({
  ranks: z.array(RankIdSchema).min(1).max(1000),
});
export type RankPositionsBody = z.input<typeof RankPositionsBodySchema>;

/** Text on a rank colour: black when the colour's luminance is above 125, else white (the specification's rule). */
export function rankTextColour(colour: string): '#000000' | '#ffffff' {
  const hex = /^#?([0-9a-f]{6})$/i.exec(colour)?.[1] ?? DEFAULT_RANK_COLOUR.slice(1);
  const r = Number.parseInt(hex.slice(0, 2), 16);
  const g = Number.parseInt(hex.slice(2, 4), 16);
  const b = Number.parseInt(hex.slice(4, 6), 16);
  return (r * 299 + g * 587 + b * 114) / 1000 > 125 ? '#000000' : '#ffffff';
}
