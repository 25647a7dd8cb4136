import {
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionResponse,
  InteractionResponseType,
  MessageFlags,
} from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandReply } from '../../core/commands.ts';
import { type CommandDispatcher, toResponseData } from './dispatch.ts';
import type { DiscordRest } from './rest.ts';

/**
 * Discord waits 3 seconds for an interaction's answer, whatever the transport. A command still running after this
 * long is answered "thinking…" (a deferred reply) and its reply arrives later through the interaction's webhook: a
 * public reply replaces the "thinking" message; a reply for the caller only deletes it and comes as an ephemeral
 * follow-up.
 */
export const DEFER_AFTER_MS = 2_000;

/**
 * Runs a slash command and resolves with the interaction response to send now: the reply itself (type 4), or a
 * deferral (type 5) when the command is still running after `deferAfterMs`; then the reply goes through the webhook.
 */
export async function respondInTime(
  dispatcher: CommandDispatcher,
  rest: DiscordRest,
  interaction: APIChatInputApplicationCommandInteraction,
  log: FastifyBaseLogger,
  deferAfterMs = DEFER_AFTER_MS,
): Promise<APIInteractionResponse> {
  let answer: CommandReply | undefined;
  let deferred = false;
  const { application_id: applicationId, token } = interaction;
  const running = dispatcher
    .dispatch(interaction, async (reply) => {
      if (!deferred) {
        answer = reply;
        return;
      }
      if (!reply.ephemeral) return rest.editOriginal(applicationId, token, toResponseData(reply));
      await rest.deleteOriginal(applicationId, token);
      await rest.followUp(applicationId, token, { ...toResponseData(reply), flags: MessageFlags.Ephemeral });
    })
    .catch((error: unknown) => log.error({ err: error }, 'a late interaction reply failed'));
  // Cleared as soon as the command has answered: no timer outlives a quick command.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deferAfterMs);
  });
  await Promise.race([running, deadline]);
  clearTimeout(timer);
  if (answer) return { type: InteractionResponseType.ChannelMessageWithSource, data: toResponseData(answer) };
  // Still running: Discord shows "thinking…" until the reply arrives through the webhook.
  deferred = true;
  return { type: InteractionResponseType.DeferredChannelMessageWithSource };
}
