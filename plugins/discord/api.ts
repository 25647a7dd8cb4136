import { setTimeout as sleep } from 'node:timers/promises';
import { InteractionResponseType, InteractionType, MessageFlags, type APIInteraction } from 'discord-api-types/v10';
import { publicAccess } from '../../core/auth/guards.ts';
import type { CommandReply } from '../../core/commands.ts';
import { DomainError } from '../../core/errors.ts';
import type { App, CoreContext } from '../../core/plugin.ts';
import { toResponseData, type CommandDispatcher } from './dispatch.ts';
import type { DiscordRest } from './rest.ts';
import { ed25519PublicKey, verifyInteraction } from './verify.ts';

/**
 * Per address: Discord sends every interaction from a few addresses of its own, so this is a ceiling per process
 * against a flood (bad signatures included: refusing one costs a signature check), high enough never to drop real
 * traffic (1,000 a second); the per-customer limit is the order cooldown.
 */
export const INTERACTIONS_RATE_LIMIT = { max: 60_000, timeWindow: '1 minute' };

/**
 * Discord waits 3 seconds for the answer. A command still running after this long is answered "thinking…" (a
 * deferred reply) and its reply arrives later through the interaction's webhook: a public reply replaces the
 * "thinking" message; a reply for the caller only deletes it and comes as an ephemeral follow-up.
 */
export const DEFER_AFTER_MS = 2_000;

/**
 * `POST /api/interactions`: Discord's HTTP interactions. Only when DISCORD_PUBLIC_KEY is set (else the path is the
 * usual JSON 404). The body is read raw (a content-type parser scoped to this plugin) because the signature covers
 * the exact bytes; a bad or missing signature is 401 before anything is parsed.
 */
export function interactionsRoutes(app: App, dispatcher: CommandDispatcher, rest: DiscordRest, ctx: CoreContext, deferAfterMs = DEFER_AFTER_MS): void {
  const publicKeyHex = ctx.config.discord.publicKey;
  if (!publicKeyHex) return;
  const publicKey = ed25519PublicKey(publicKeyHex);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/interactions', { preHandler: publicAccess, config: { rateLimit: INTERACTIONS_RATE_LIMIT } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const valid = verifyInteraction(publicKey, request.headers['x-signature-ed25519'], request.headers['x-signature-timestamp'], raw, ctx.now());
    if (!valid) throw new DomainError('unauthorized', 'Invalid request signature');
    let interaction: APIInteraction;
    try {
      interaction = JSON.parse(raw.toString('utf8')) as APIInteraction;
    } catch {
      throw new DomainError('bad_request', 'The body is not JSON');
    }
    if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
    if (interaction.type !== InteractionType.ApplicationCommand || interaction.data.type !== 1) {
      throw new DomainError('bad_request', 'Only slash commands are supported');
    }
    let answer: CommandReply | undefined;
    let deferred = false;
    const { application_id: applicationId, token } = interaction;
    const running = dispatcher
      .dispatch(interaction as Parameters<CommandDispatcher['dispatch']>[0], async (r) => {
        if (!deferred) {
          answer = r;
          return;
        }
        if (!r.ephemeral) return rest.editOriginal(applicationId, token, toResponseData(r));
        await rest.deleteOriginal(applicationId, token);
        await rest.followUp(applicationId, token, { ...toResponseData(r), flags: MessageFlags.Ephemeral });
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'a late interaction reply failed'));
    const timer = new AbortController();
    await Promise.race([running, sleep(deferAfterMs, undefined, { signal: timer.signal }).catch(() => undefined)]);
    timer.abort();
    reply.header('cache-control', 'no-store');
    if (answer) return { type: InteractionResponseType.ChannelMessageWithSource, data: toResponseData(answer) };
    // Still running (or it never answered): Discord shows "thinking…" until the reply arrives through the webhook.
    deferred = true;
    return { type: InteractionResponseType.DeferredChannelMessageWithSource };
  });
}
