import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
  FastifyTypeProvider,
} from 'fastify';
import { z } from 'zod';
import type { Locale } from '../i18n/locales.ts';
import { type SchemaWording, withSchemaWording } from '../shared/schema-words.ts';
import { validationMessage, validationWordingOf } from '../shared/validation.ts';
import { httpText } from './i18n/index.ts';

/**
 * zod as Fastify's validator: the plugins' `schemas.ts` are the one contract for routes, the site and the bot.
 * Written here rather than taken from fastify-type-provider-zod, which would bring @fastify/swagger along and
 * shape validation errors its own way; ours must carry the zod `issues` in the one error body.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A 400 lists at most this many issues, and an issue at most this many unknown keys: a huge body gets a small answer. */
export const MAX_ISSUES = 20;

/** zod's issues, cut down to what a caller can use: the first MAX_ISSUES, each naming at most MAX_ISSUES unknown keys. */
function boundedIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.slice(0, MAX_ISSUES).map((issue) => {
    if (issue.code !== 'unrecognized_keys' || issue.keys.length <= MAX_ISSUES) return issue;
    const keys = issue.keys.slice(0, MAX_ISSUES);
    return {
      ...issue,
      keys,
      message: `Unrecognized keys: ${keys.map((k) => `"${k.slice(0, 64)}"`).join(', ')} and ${issue.keys.length - keys.length} more`,
    };
  });
}

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly issues: z.core.$ZodIssue[];
  /** How many issues zod found, of which `issues` lists at most MAX_ISSUES. */
  readonly issueCount: number;
  readonly part: string;

  /**
   * The message in another language: the input checked again with zod's own words in that language, and the schema's
   * own messages worded by `wording` (their owners' catalogues in that language; without it, English).
   */
  readonly inLocale: (locale: Locale, wording?: SchemaWording) => string;

  constructor(
    part: string,
    issues: readonly z.core.$ZodIssue[],
    inLocale?: (locale: Locale, wording?: SchemaWording) => string,
  ) {
    const bounded = boundedIssues(issues);
    const message = validationMessage(part, bounded);
    super(message);
    this.issues = bounded;
    this.issueCount = issues.length;
    this.part = part;
    this.inLocale = inLocale ?? (() => message);
  }
}

/** zod's own messages in each language the diner speaks but English (zod's default). */
const ZOD_LOCALES: Readonly<Record<Exclude<Locale, 'en'>, () => { localeError: z.core.$ZodErrorMap }>> = {
  fr: z.locales.fr,
  de: z.locales.de,
  es: z.locales.es,
  'pt-BR': z.locales.pt,
};

/**
 * A refused input's message in `locale`: checked again with zod's messages in that language and the schema's own
 * messages in `wording` (core/shared/schema-words.ts), and put around them in the kernel's words (`core.http`).
 */
function refusalIn(
  schema: z.ZodType,
  data: unknown,
  part: string,
  locale: Locale,
  wording: SchemaWording | undefined,
): string {
  const error = locale === 'en' ? undefined : { error: ZOD_LOCALES[locale]().localeError };
  // zod words an issue when its error is first read: read inside the wording.
  const issues = withSchemaWording(wording, () => schema.safeParse(data, error).error?.issues ?? []);
  return validationMessage(part, boundedIssues(issues), validationWordingOf(httpText(locale)));
}

/**
 * Validates what a handler reads itself (a raw body it had to verify first, a value whose schema depends on the
 * path) with the same 400 as route validation.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, data: unknown, part = 'body'): z.output<Schema> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new RequestValidationError(part, result.error.issues, (locale, wording) =>
      refusalIn(schema, data, part, locale, wording),
    );
  return result.data;
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'input');
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(part, result.error.issues, (locale, wording) =>
        refusalIn(schema, data, part, locale, wording),
      ),
    };
  };
};

/**
 * The serializer compiler: routes answer plain JSON. A route's response schemas describe its answers (the API
 * document, and the tests' check of every answer they receive: core/http/response-check.ts); Fastify writes the
 * body with JSON.stringify, as for a route that declares none, so an answer costs no validation in production.
 */
const jsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Fastify's `schemaController`: the compilers every route gets. Given as options, so that Fastify never loads its
 * defaults (Ajv and fast-json-stringify, about 25 ms of a start) for schemas it never sees. Fastify's type names Ajv's
 * compile function for the validator factory; it calls the factory's result exactly as a validator compiler.
 */
export const zodSchemaController = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => jsonSerializer },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

/** A 204's declared answer (`response: { 204: NoContentSchema }`): no body, so the handler sends nothing. */
export const NoContentSchema = z.void().describe('No content');

/**
 * A declared answer that is not JSON (`response: { 200: nonJsonAnswer('image/*', 'The image') }`): a file, a page,
 * text. The document names its media type; the tests' check reads its Content-Type instead of its body.
 */
export function nonJsonAnswer(mediaType: string, description: string) {
  return z.custom<NonJsonBody>(() => true).meta({ mediaType, description });
}

/** What a non-JSON answer sends: a stream, bytes or text. */
type NonJsonBody = NodeJS.ReadableStream | Buffer | string;

/** The media type of a declared answer that is not JSON (nonJsonAnswer), or null for a JSON answer. */
export function nonJsonMediaType(schema: z.ZodType): string | null {
  const mediaType = schema.meta()?.mediaType;
  return typeof mediaType === 'string' ? mediaType : null;
}
