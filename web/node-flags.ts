/**
 * The V8 options the web process runs with: `npm start` (package.json), the image (Dockerfile CMD) and every test or
 * bench that spawns the web process (tests/support/spawn-server.ts) pass exactly these; tests/process/node-flags.test.ts
 * checks that the three agree. They cannot be set from inside the process (V8 freezes its options once it has
 * started), and NODE_OPTIONS refuses `--liftoff-only`, so they are on each command line.
 *
 * Both keep the idle process small (docs/decisions.md, "Idle memory: two V8 options"):
 * - `--max-semi-space-size=8`: V8 sizes the young generation by the machine's memory, up to 32 MiB per semi-space
 *   (64 MiB of new space) on a 24 GB machine. 8 MiB holds every request in flight; under heavy writes it costs
 *   about 12 % more CPU per write (more frequent young collections).
 * - `--liftoff-only`: the embedded database (PGlite) is a WebAssembly module of several MB. By default V8 also
 *   compiles its hot functions again with its optimising compiler, on background threads whose freed memory glibc
 *   keeps; the process idled at about 320 MiB with it, 230 MiB without. The baseline compiler's code makes PGlite's
 *   queries slower (about 10-40 % more CPU measured here), which an embedded database for one community does not
 *   feel; with PostgreSQL (DATABASE_URL) no WebAssembly runs and this option changes nothing.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--liftoff-only'];
