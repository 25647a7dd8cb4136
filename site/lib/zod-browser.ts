import { z } from 'zod/v4';

/**
 * Zod in the browser runs without its JIT: the first object parse otherwise probes `new Function('')`, which the
 * Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation, though zod catches the error.
 * Every `import … from 'zod'` in a browser chunk resolves to this module (astro.config.mjs,
 * `zodWithoutJitInTheBrowser`), so zod is configured before anything parses; the server keeps the JIT: it is faster
 * there.
 */
z.config({ jitless: true });

export * from 'zod/v4';
