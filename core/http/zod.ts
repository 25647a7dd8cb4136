import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/**
 * zod as Fastify's validator: the plugins' `schemas.ts` are the one contract for routes, the site and the bot.
 * Written here rather than taken from fastify-type-provider-zod, which would bring @fastify/swagger along and
 * shape validation errors its own way; ours must carry the zod `issues` in the one error body.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly issues: z.core.$ZodIssue[];
  readonly part: string;

  constructor(part: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    const where = first && first.path.length > 0 ? `${part}.${first.path.join('.')}` : part;
    // A refinement's message is written for people ('User ID is not a snowflake'): it stands alone.
    super(!first ? `Invalid ${part}` : first.code === 'custom' ? first.message : `Invalid ${where}: ${first.message}`);
    this.issues = issues;
    this.part = part;
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'input');
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(part, result.error.issues) };
  };
};
