import type { FastifyReply } from 'fastify';

declare const encodes: unique symbol;

/**
 * The JSON text of a `T`, written once and sent many times (an answer cached until its data changes): its type says
 * what it encodes, so a route whose response schema declares `T` can send it as it is (sendJsonText).
 */
export type JsonText<T> = string & { readonly [encodes]: T };

/** `value` as JSON text, typed by what it encodes. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * Sends JSON text as the answer's body, not serialised again: the one place a route's declared answer type meets
 * text. The text must encode what the route's response schema declares (`Answer`, inferred from both).
 */
export function sendJsonText<Answer>(reply: AnswerOf<Answer>, text: JsonText<Answer>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text as unknown as Answer);
}

/** A reply whose `send` takes the route's declared answer. */
type AnswerOf<Answer> = Omit<FastifyReply, 'send' | 'type'> & {
  type(contentType: string): { send(payload: Answer): FastifyReply };
};
