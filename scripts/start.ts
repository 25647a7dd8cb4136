import { buildIfStale } from './build-if-stale.ts';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then runs the web process.
 * The server migrates the database and adds demo data to a new one by itself.
 */
buildIfStale();
await import('../server.ts');
