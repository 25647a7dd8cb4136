import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * After `astro build`: a .br and a .gz beside every text asset of dist/client, which the server hands to browsers
 * that accept them (@fastify/static preCompressed), so no response is compressed twice.
 */
const root = path.resolve(process.argv[2] ?? 'dist/client');
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of walk(root)) {
  const data = await readFile(file);
  if (data.length < 512) continue;
  await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`Compressed ${count} assets in ${path.relative(process.cwd(), root) || '.'}`);
