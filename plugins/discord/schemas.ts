import { z } from 'zod';
import { LOCALES } from '../../core/i18n/locales.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import type { discordCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof discordCatalogue>('discord');

/**
 * The part of Discord's interaction object the bot reads, checked once the signature is good: a signed body that
 * is not such an object (null, no `data`, no user, text PostgreSQL cannot store) is a 400, never a 500. Loose
 * objects: Discord adds fields, and the bot ignores what it does not read. Command options are checked again by
 * each command's own schema.
 */
const DiscordIdSchema = text().regex(/^\d{1,25}$/, said('schema.notDiscordId', 'Not a Discord ID'));

const InteractionUserSchema = z.looseObject({
  id: DiscordIdSchema,
  username: text().min(1).max(100),
  global_name: text().max(100).nullish(),
  avatar: text().max(1000).nullish(),
});

const OptionValueSchema = z.union([text().max(6000), z.number(), z.boolean()]);

interface InteractionOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: InteractionOption[];
}

const InteractionOptionSchema: z.ZodType<InteractionOption> = z.looseObject({
  name: text().min(1).max(32),
  type: z.int(),
  value: OptionValueSchema.optional(),
  get options() {
    return z.array(InteractionOptionSchema).max(25).optional();
  },
});

export const PingInteractionSchema = z.looseObject({ type: z.literal(1) });

export const CommandInteractionSchema = z
  .looseObject({
    type: z.literal(2),
    id: DiscordIdSchema,
    application_id: DiscordIdSchema,
    token: text().min(1).max(500),
    guild_id: DiscordIdSchema.optional(),
    channel_id: DiscordIdSchema.optional(),
    member: z.looseObject({ user: InteractionUserSchema }).optional(),
    user: InteractionUserSchema.optional(),
    data: z.looseObject({
      type: z.int(),
      name: text().min(1).max(32),
      options: z.array(InteractionOptionSchema).max(25).optional(),
      resolved: z.looseObject({ users: z.record(DiscordIdSchema, InteractionUserSchema).optional() }).optional(),
    }),
  })
  .refine((interaction) => interaction.member?.user ?? interaction.user, {
    ...said('schema.interactionUser', 'An interaction names its user'),
    path: ['user'],
  });

/** Any interaction type: PING and slash commands are served; the rest (buttons, autocomplete…) are refused. */
export const InteractionTypeSchema = z.looseObject({ type: z.int() });

/**
 * POST /api/interactions' answer: Discord's interaction response (discord.com/developers/docs/interactions/
 * receiving-and-responding): PONG (1), a message (4) or "thinking…" (5); `data` is Discord's message object.
 */
export const InteractionResponseSchema = z.strictObject({
  type: z.int(),
  data: z.unknown().optional().describe('Discord’s interaction callback data: the reply’s message.'),
});

/**
 * GET /api/client/orders/:id/delivery-default's answer: the words the bot delivers the order with where the driver
 * wrote none, in the language it would post them in (the deliver dialog's preview).
 */
export const DeliveryDefaultResponseSchema = z.strictObject({
  locale: z
    .enum(LOCALES)
    .describe('The language: the server’s for a post in the order’s channel, else the customer’s.'),
  message: z
    .string()
    .describe(
      'The default delivery message, its placeholders unfilled: {customer}, {chef}, {driver}, {item}, {orderID}.',
    ),
  theKitchen: z.string().describe('What {chef} is when the order has no chef.'),
});
export type DeliveryDefault = z.output<typeof DeliveryDefaultResponseSchema>;
