import {
  type APIChatInputApplicationCommandInteraction,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
} from 'discord-api-types/v10';
import { publicAccess } from '../../core/auth/guards.ts';
import type { OperationDoc } from '../../core/http/routes.ts';
import { parseInput } from '../../core/http/zod.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App, CoreContext } from '../../core/plugin.ts';
import { manageOrders } from '../orders/index.ts';
import { OrderRefParamsSchema } from '../orders/schemas.ts';
import type { DeliveryDefaults } from './delivery-default.ts';
import type { CommandDispatcher } from './dispatch.ts';
import { discordText } from './i18n/index.ts';
import { respondInTime } from './respond.ts';
import type { DiscordRest } from './rest.ts';
import {
  CommandInteractionSchema,
  DeliveryDefaultResponseSchema,
  InteractionResponseSchema,
  InteractionTypeSchema,
} from './schemas.ts';
import { ed25519PublicKey, verifyInteraction } from './verify.ts';

/**
 * Per address: Discord sends every interaction from a few addresses of its own, so this is a ceiling per process
 * against a flood (bad signatures included: refusing one costs a signature check), high enough never to drop real
 * traffic (1,000 a second); the per-customer limit is the order cooldown.
 */
export const INTERACTIONS_RATE_LIMIT = { max: 60_000, timeWindow: '1 minute' };

/** What the API document says of the route: it checks Discord's signature itself, on the raw body. */
const INTERACTIONS_DOC: OperationDoc = {
  description: 'For Discord only: every request is signed with the application’s key (Ed25519).',
  headers: [
    {
      name: 'X-Signature-Ed25519',
      required: true,
      description: 'Discord’s signature of the timestamp and the body, in hex.',
      schema: { type: 'string', pattern: '^[0-9a-f]{128}$' },
    },
    {
      name: 'X-Signature-Timestamp',
      required: true,
      description: 'The Unix time (seconds) Discord signed the request at.',
      schema: { type: 'string', pattern: '^\\d+$' },
    },
  ],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { type: 'object', description: 'Discord’s interaction payload.' } } },
  },
  responses: { '401': 'The signature is missing, does not match, or is too old.' },
};

/**
 * `POST /api/interactions`: Discord's HTTP interactions. Only when DISCORD_PUBLIC_KEY is set (else the path is the
 * usual JSON 404). The body is read raw (a content-type parser scoped to this plugin) because the signature covers
 * the exact bytes; a bad or missing signature is 401 before anything is parsed.
 */
export function interactionsRoutes(app: App, dispatcher: CommandDispatcher, rest: DiscordRest, ctx: CoreContext): void {
  const publicKeyHex = ctx.config.plugins.discord.publicKey;
  if (!publicKeyHex) return;
  const publicKey = ed25519PublicKey(publicKeyHex);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/interactions',
    {
      onRequest: publicAccess,
      config: { rateLimit: INTERACTIONS_RATE_LIMIT, openapi: INTERACTIONS_DOC },
      schema: { response: { 200: InteractionResponseSchema } },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const valid = verifyInteraction(
        publicKey,
        request.headers['x-signature-ed25519'],
        request.headers['x-signature-timestamp'],
        raw,
        ctx.now(),
      );
      if (!valid) throw localizedError(discordText, 'unauthorized', 'refusal.signature');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw localizedError(discordText, 'bad_request', 'refusal.notJson');
      }
      const { type } = parseInput(InteractionTypeSchema, body);
      if (type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
      if (type !== InteractionType.ApplicationCommand)
        throw localizedError(discordText, 'bad_request', 'refusal.slashOnly');
      const interaction = parseInput(CommandInteractionSchema, body);
      if (interaction.data.type !== ApplicationCommandType.ChatInput)
        throw localizedError(discordText, 'bad_request', 'refusal.slashOnly');
      reply.header('cache-control', 'no-store');
      // Checked above for what the dispatcher reads; the rest is Discord's object as sent.
      return respondInTime(
        dispatcher,
        rest,
        interaction as unknown as APIChatInputApplicationCommandInteraction,
        request.log,
      );
    },
  );
}

/**
 * `GET /api/client/orders/:id/delivery-default`: the words the bot would deliver the order with where the driver wrote
 * none, in the language it would post them in (the deliver dialog's preview: the site's page cannot read the
 * servers' languages, and the orders plugin knows nothing of Discord). Guarded as delivering is.
 */
export function deliveryDefaultRoutes(app: App, defaults: DeliveryDefaults): void {
  app.get(
    '/api/client/orders/:id/delivery-default',
    {
      onRequest: manageOrders,
      schema: { params: OrderRefParamsSchema, response: { 200: DeliveryDefaultResponseSchema } },
      config: { openapi: { responses: { '404': 'No order has this ID or order code.' } } },
    },
    async (request) => defaults.forOrder(request.params.id),
  );
}
