import type { z } from 'zod';
import { type SchemaWording, withSchemaWording } from '../../core/shared/schema-words.ts';
import { validationMessage, validationWordingOf } from '../../core/shared/validation.ts';
import { type BrowserTexts, type TextValues, textsOf } from './texts.ts';

/** A refusal found before any call: the server's message, and the control it speaks of (absent: the form). */
export interface Refusal {
  message: string;
  field?: string;
}

/**
 * The words of a refusal in the page's language, as the page hands them to an island (`refusalWords`,
 * site/lib/refusal-words.ts): per owner (a catalogue's name), the texts its schemas' own messages read (`schema.*`),
 * and the kernel's (`core.http`): the frame (`validation.invalid`), zod's generic problems and what a host is.
 */
export interface RefusalWords {
  locale: string;
  texts: Readonly<Record<string, BrowserTexts>>;
}

/** The schemas' own messages in the words handed over: an owner's text for the key, else the schema's English. */
export function schemaWordingOf(words: RefusalWords | undefined): SchemaWording | undefined {
  if (!words) return undefined;
  const formats = new Map<string, (key: string, values?: TextValues) => string>();
  return (owner, key, values) => {
    const texts = words.texts[owner];
    if (!texts || !(key in texts.messages)) return undefined;
    const format = formats.get(owner) ?? textsOf(texts);
    formats.set(owner, format);
    return format(key, values);
  };
}

/** The kernel's catalogue: the frame of a refusal, zod's generic problems, what a host is. */
const KERNEL = 'core.http';

type Format = (key: string, values?: TextValues) => string;

/**
 * zod's generic problems (too short, not a URL…) in the kernel's words, where the server uses zod's own locales,
 * which the browser does not carry.
 */
function genericProblems(kernel: Format): z.core.$ZodErrorMap {
  return (issue) => {
    switch (issue.code) {
      case 'too_small':
        return kernel('validation.tooSmall', {
          origin: String(issue.origin),
          minimum: Number(issue.minimum),
          inclusive: String(issue.inclusive !== false),
        });
      case 'too_big':
        return kernel('validation.tooBig', {
          origin: String(issue.origin),
          maximum: Number(issue.maximum),
          inclusive: String(issue.inclusive !== false),
        });
      case 'invalid_format':
        return kernel('validation.invalidFormat', { format: String(issue.format) });
      case 'invalid_type':
        return kernel('validation.invalidType', { expected: String(issue.expected) });
      case 'invalid_value':
        return kernel('validation.invalidOption');
      case 'unrecognized_keys':
        return kernel('validation.unknownKeys', {
          count: issue.keys.length,
          keys: issue.keys.map((key) => `"${key}"`).join(', '),
        });
      default:
        return kernel('validation.invalidInput');
    }
  };
}

/**
 * What the server would answer to `body` when the route's own zod schema refuses it (its 400's message, worded by the
 * same function), worked out in the browser before the call; null when the body passes. `fields` names the control
 * of each body field, so the form marks the one the message is about. `part` is the part of the request checked, as
 * the server's message names it: `body`, or `query` for a query string (a search box sent as `?query=`). `words`,
 * the texts the page handed the island (`refusalWords`), put the message in the page's language; without them, English.
 */
export function refusalOf(
  schema: z.ZodType,
  body: unknown,
  fields: Readonly<Record<string, string>> = {},
  part: 'body' | 'query' = 'body',
  words?: RefusalWords,
): Refusal | null {
  const kernelTexts = words?.texts[KERNEL];
  const kernel = kernelTexts && textsOf(kernelTexts);
  // English pages keep zod's own English, the API's.
  const generic = kernel && words?.locale !== 'en' ? { error: genericProblems(kernel) } : undefined;
  // zod words an issue when its error is first read: read inside the wording.
  const issues = withSchemaWording(schemaWordingOf(words), () => schema.safeParse(body, generic).error?.issues);
  if (!issues) return null;
  const key = issues[0]?.path[0];
  const field = typeof key === 'string' ? fields[key] : undefined;
  const message = validationMessage(part, issues, kernel ? validationWordingOf(kernel) : undefined);
  return { message, ...(field ? { field } : {}) };
}
