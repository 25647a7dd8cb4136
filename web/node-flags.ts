/**
 * The V8 options the web process runs with, by database (and, on the embedded database, its malloc's arenas:
 * EMBEDDED_ENV). They cannot be set from inside the process (V8 freezes its
 * options once it has started), and NODE_OPTIONS refuses `--liftoff-only`, so they are on each command line:
 * `npm start` (package.json) passes EMBEDDED_NODE_FLAGS, the image (Dockerfile CMD: production, which always has a
 * DATABASE_URL) passes POSTGRES_NODE_FLAGS, and every test or bench that spawns the web process
 * (tests/support/spawn-server.ts) passes the set of the database it gives it. tests/process/node-flags.test.ts checks
 * that these agree (docs/adr/0013-v8-and-malloc-options-by-database.md).
 */

/**
 * The options of the web process on either database.
 *
 * `--min-semi-space-size=8`: V8 shrinks the young generation when the process has been idle for some seconds and
 * grows it back only slowly under load, so after a quiet spell every request pays for several times as many young
 * collections. The floor keeps at least 8 MiB semi-spaces (bench/NOTES.md, "Young generation after an idle
 * spell"). On the embedded database it went with the 8 MiB maximum: about three times as many collections after a
 * quiet spell without it. On PostgreSQL, in the throughput bench (2 s slices, each after about 16 s of idling), the
 * app ran 3.7 young collections per 1,000 requests without it, 1.4 s of the main thread in all, and 0.8 per 1,000
 * with it, 0.45 s: about 0.65 µs less per request (bench/NOTES.md, "Throughput: paired slices, and the request's
 * logger set by a hook").
 *
 * `--no-allocation-site-pretenuring`: V8 watches the objects each `{…}` or `[…]` in the code makes, and when nearly
 * all of one's survive a young collection it makes that one's objects in the old generation from then on. A
 * server's objects mostly live for one request, but a collection that falls at the wrong moment (many requests in
 * flight, or an idle spell's rare collection) can make that call for a request's objects; those then keep the young
 * objects they point at alive too, which get promoted and called the same way, and V8 only undoes the call when a
 * full collection finds the old generation mostly garbage, which this pattern never lets it see. In about half the
 * throughput bench's runs that stuck: 66-73 full collections in the case instead of 14-18, and settings and `@me`
 * cost 20-30 µs per request instead of 17-19. With the option: 3 full collections (all while starting) in every run
 * (bench/NOTES.md, "Young generation after an idle spell").
 */
const EVERY_DATABASE_FLAGS: readonly string[] = ['--min-semi-space-size=8', '--no-allocation-site-pretenuring'];

/**
 * On the embedded database the options keep the idle process small and its cost per request steady:
 * - `--max-semi-space-size=8`: V8 sizes the young generation by the machine's memory, up to 32 MiB per semi-space
 *   (64 MiB of new space) on a 24 GB machine. 8 MiB holds every request in flight; under heavy writes it costs
 *   about 12 % more CPU per write (more frequent young collections).
 *   With the floor of every database (above), the young generation stays at those 8 MiB.
 * - `--liftoff-only`: the embedded database (PGlite) is a WebAssembly module of several MB. By default V8 also
 *   compiles its hot functions again with its optimising compiler, on background threads whose freed memory glibc
 *   keeps; the process idled at about 320 MiB with it, 230 MiB without. The baseline compiler's code makes PGlite's
 *   queries slower (about 10-40 % more CPU measured here), which an embedded database for one community does not
 *   feel.
 * - and the options of every database (above).
 */
export const EMBEDDED_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--liftoff-only',
  ...EVERY_DATABASE_FLAGS,
];

/**
 * With PostgreSQL (DATABASE_URL) only the options of every database: no WebAssembly runs (`--liftoff-only` would
 * change nothing), and with no `--max-semi-space-size` the young generation may grow to V8's size above the floor: a
 * server that takes the writes of many communities spends its memory on fewer young collections (PostgreSQL writes
 * bench: about 12 % less of the web process's CPU per write than with the 8 MiB semi-space).
 */
export const POSTGRES_NODE_FLAGS: readonly string[] = [...EVERY_DATABASE_FLAGS];

/**
 * The environment the web process on the embedded database starts with, beside its options: glibc's malloc keeps
 * an arena per thread that allocates (up to 8 per core), and the freed memory of each stays in it. The embedded
 * database has a thread of its own (core/db/pglite-thread.ts), and V8 compiles and collects on more; two arenas
 * held the idle process about 10 MiB smaller (idle RSS about 238 MiB instead of 248 in alternated runs, 29
 * November), with the same writes per second on PGlite (782 against 790). It must be set before the process starts:
 * `npm start` (package.json) and every test or bench that spawns the web process on the embedded database
 * (tests/support/spawn-server.ts) give it; tests/process/node-flags.test.ts checks that they agree. On PostgreSQL
 * the web process has no database thread, and the image leaves malloc as it is.
 */
export const EMBEDDED_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The environment a web process with this environment starts with besides its own: by database, as `nodeFlagsFor`. */
export function nodeEnvFor(env: Record<string, string | undefined>): Readonly<Record<string, string>> {
  return env.DATABASE_URL ? {} : EMBEDDED_ENV;
}

/** The options for a web process with this environment: by whether it names a PostgreSQL database. */
export function nodeFlagsFor(env: Record<string, string | undefined>): readonly string[] {
  return env.DATABASE_URL ? POSTGRES_NODE_FLAGS : EMBEDDED_NODE_FLAGS;
}

/**
 * Node's compile cache (the stripped TypeScript and V8's code of every module), relative to the project's root. Every
 * launcher gives it as NODE_COMPILE_CACHE, so that Node turns it on before it reads the entry: `npm start`
 * (package.json), the image (Dockerfile ENV) and every test or bench that spawns a process
 * (tests/support/spawn-server.ts). Turned on only by server.ts's `module.enableCompileCache`, the entry file itself
 * would be stripped by Node's TypeScript stripper, whose WebAssembly is compiled for it alone: about 50 ms of every
 * start (bench/NOTES.md, "Cold start: Node's compile cache"). server.ts still turns it on, in the same folder, for
 * `node server.ts` run by hand. tests/process/node-flags.test.ts checks that these agree.
 */
export const COMPILE_CACHE_FOLDER = 'node_modules/.cache/node-compile';
