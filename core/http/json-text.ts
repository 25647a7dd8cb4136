import type { FastifyReply } from 'fastify';

declare const encodes: unique symbol;

/**
 * The JSON text of a `T`, written once and sent many times (an answer cached until its data changes): its type says
 * what it encodes, so a route whose response schema declares `T` can send it as it is (sendJson).
 */
export type JsonText<T> = string & { readonly [encodes]: T };

/**
 * The JSON of a `T` as bytes: UTF-8, or compressed in the encoding the reply's `Content-Encoding` names (the kitchen's
 * list, made once per change and encoding).
 */
export type JsonBytes<T> = Buffer & { readonly [encodes]: T };

/** `value` as JSON text, typed by what it encodes. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * An object's JSON text from its fields' JSON texts, in the order given: an answer made of parts cached apart (`@me`:
 * the user's JSON, kept per session, and a token read per request). Each field must encode that field's type.
 */
export function jsonObject<T extends object>(fields: { [K in keyof T]-?: JsonText<T[K]> }): JsonText<T> {
  let text = '';
  for (const [key, value] of Object.entries(fields)) text += `${text ? ',' : '{'}${JSON.stringify(key)}:${value}`;
  return `${text || '{'}}` as JsonText<T>;
}

/**
 * Sends JSON made beforehand as the answer's body, not serialised again: the one place a route's declared answer type
 * meets text or bytes. They must encode what the route's response schema declares (`Answer`, inferred from both).
 */
export function sendJson<Answer>(reply: AnswerOf<Answer>, body: JsonText<Answer> | JsonBytes<Answer>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body as unknown as Answer);
}

/** A reply whose `send` takes the route's declared answer. */
type AnswerOf<Answer> = Omit<FastifyReply, 'send' | 'type'> & {
  type(contentType: string): { send(payload: Answer): FastifyReply };
};
