/**
 * What core/db/pglite-thread.ts and its worker (core/db/pglite-worker.ts) say to each other: requests by id, each
 * answered once, in structured-clone form (rows, dates as text, bytea as bytes).
 */

/** How the worker opens the database: a folder given, or found from the environment as a start would. */
export type EmbeddedOpen = {
  /** PostgreSQL's `shared_buffers` (its default, 128MB, would live inside this process's memory). */
  sharedBuffers: string;
} & (
  | {
      /** A folder on disk: in-memory databases stay on their caller's thread (core/db/orm.ts). */
      dataDir: string;
      /** A template (an uncompressed tar) to write into `dataDir` first: the folder holds no database yet. */
      template?: string;
    }
  | {
      /** The process's environment, read as core/config.ts reads it (server.ts, before the app's modules load). */
      env: Record<string, string | undefined>;
      /** The build's folder, where the templates are. */
      distDir: string;
    }
);

/** What the worker opens, and what it decided about the folder (core/boot.ts trusts these when server.ts began it). */
export interface EmbeddedPlan {
  dataDir: string;
  /** The folder held no database: the template's files are written first. */
  isNew: boolean;
  /** The demo template it writes, when the database is new and the build's demo template fits. */
  demoTemplate: string | null;
  /** The template it writes (the demo template or the plain one), or null for an existing database. */
  template: string | null;
}

export type ThreadRequest = { id: number } & (
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object' }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin' }
  | { op: 'rollbackTx'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** What the worker posts: the answer to a request, or what it opens, once decided (before it opens it). */
export type ThreadMessage = ThreadReply | { plan: EmbeddedPlan | null };

/** An error as it crosses: its message, name and stack, and PostgreSQL's fields (code, detail, constraint, …). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again, on the caller's side: an Error with the same fields, which MikroORM's exception converter reads. */
export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
