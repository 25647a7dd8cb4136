/**
 * The module boundaries (docs/architecture.md, "Modules"), checked by `npm run lint` on every import, tests and
 * type-only imports included. Violations that existed when the rule came are listed in
 * .dependency-cruiser-known-violations.json; that list only shrinks (issue 41), and anything new fails.
 */
const PUBLIC_SURFACE = '^plugins/[^/]+/(index|schemas)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'plugin-private',
      comment:
        "A plugin reaches another only through its index.ts (definition, service types, read API, events) and its schemas.ts: everything else is the owner's to change.",
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/[^/]+/', pathNot: ['^plugins/$1/', PUBLIC_SURFACE] },
    },
    {
      name: 'core-knows-no-plugin',
      comment: 'Core names no feature: it imports no plugin, not even in its tests (tests/ has the fixtures for that).',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^plugins/' },
    },
    {
      name: 'browser-imports-no-server',
      comment:
        "Browser code (islands, stores, the site's client script) reaches only site/, schemas.ts files and core/shared: never a service, an entity or the database.",
      severity: 'error',
      from: { path: ['^site/(islands|stores)/', '^site/lib/site-client\\.ts$'], pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^(core|plugins|bot|web|scripts)/',
        pathNot: ['^plugins/[^/]+/schemas\\.ts$', '^core/shared/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'bot-without-http',
      comment: 'The bot runs on the services alone (core/app-context.ts): it builds no HTTP server.',
      severity: 'error',
      from: { path: '^bot/', pathNot: '\\.test\\.ts$' },
      to: { path: '^core/http/' },
    },
    {
      name: 'no-circular-plugins',
      comment: 'Plugins depend on each other one way: a cycle between two plugins is one feature split in two.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/[^/]+/', pathNot: '^plugins/$1/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|test-results|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
