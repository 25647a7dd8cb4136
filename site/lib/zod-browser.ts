import { z } from 'zod';

/**
 * Zod in the browser runs without its JIT: the first object parse otherwise probes `new Function('')`, which the
 * Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation, though zod catches the error.
 * Import this first in any browser module that brings zod into a chunk (the order manager, the gateway client); the
 * server keeps the JIT: it is faster there.
 */
z.config({ jitless: true });
