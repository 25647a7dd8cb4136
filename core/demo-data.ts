import type { Server } from './http/server.ts';
import type { AnyPlugin } from './plugin.ts';

/** Each plugin's demo data, in list order: a first start on a database with demo data adds it (core/boot.ts). */
export async function seedDemoData(server: Server, plugins: readonly AnyPlugin[]): Promise<void> {
  for (const plugin of plugins) {
    if (plugin.seed) await plugin.seed(server.ctx.services[plugin.name], server.ctx);
  }
}
