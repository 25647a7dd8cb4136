import type { z } from 'zod';
import { idPatternCheck } from '../../core/shared/ids.ts';
import { isDisplayNameCheck, storableText } from '../../core/shared/text.ts';

/** A string somewhere in a schema: where it sits (array items as 0) and whether it uses core's text check. */
export interface StringField {
  path: (string | number)[];
  /** A zod string format (a date, a URL…) refuses NUL by its format; any other string must be `text()`. */
  format: string | null;
  usesText: boolean;
  /** Whether it uses core's displayName rule (a name others read). */
  usesDisplayName: boolean;
  /** Whether it uses core's snowflake schema (an ID). */
  usesSnowflake: boolean;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

/** The path step of a record's key type. */
export const RECORD_KEY = '<key>';

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Every string field of a zod 4 schema, found by walking its definition: objects, arrays, records, unions and
 * wrappers (optional, nullable, default, pipe…). Used by the route-table tests, so a new route is covered as soon as
 * it is registered.
 */
export function stringFields(schema: z.ZodType | undefined): StringField[] {
  const found = new Map<string, StringField>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (!node || seen.has(node)) return;
    const def = defOf(node);
    switch (def.type) {
      case 'string': {
        const checks = (def.checks as unknown[] | undefined) ?? [];
        const format = (def.format as string | undefined) ?? null;
        found.set(JSON.stringify(path), {
          path,
          format,
          usesText: checks.includes(storableText),
          usesDisplayName: checks.some(isDisplayNameCheck),
          usesSnowflake: checks.includes(idPatternCheck),
        });
        return;
      }
      case 'object':
        seen.add(node);
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, [...path, key]);
        seen.delete(node);
        return;
      case 'array':
        return walk(def.element, [...path, 0]);
      case 'record':
        // A record's keys are strings too: checked for text(), not filled in (RECORD_KEY marks them).
        walk(def.keyType, [...path, RECORD_KEY]);
        return walk(def.valueType, [...path, 'key']);
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        return;
      case 'intersection':
        walk(def.left, path);
        return walk(def.right, path);
      case 'pipe':
        walk(def.in, path);
        return walk(def.out, path);
      case 'lazy':
        seen.add(node);
        walk((def.getter as () => unknown)(), path);
        seen.delete(node);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return walk(def.innerType, path);
      default:
        return;
    }
  };
  walk(schema, []);
  return [...found.values()];
}

/** `{}` with `value` put at `path` (arrays for numeric steps). */
export function valueAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = valueAt(rest, value);
  return typeof head === 'number' ? [inner] : { [head!]: inner };
}
