import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineCommand } from '../../../core/commands.ts';
import { definePlugin } from '../../../core/plugin.ts';
import { DEFER_AFTER_MS } from '../../../plugins/discord/respond.ts';

/** A command slower than Discord's 3 seconds allow: it sleeps past the defer threshold, then answers. */
const slow = defineCommand({
  data: { name: 'slow', description: 'Takes its time' },
  guard: null,
  options: z.object({ private: z.boolean().default(false) }),
  async handler(ctx) {
    await sleep(DEFER_AFTER_MS + 300);
    await ctx.reply({ content: ctx.options.private ? 'Only for you' : 'For everyone', ephemeral: ctx.options.private });
  },
});

/** The plugin that brings `/slow`: put it before the discord plugin (last), which serves every plugin's commands. */
export const slowPlugin = definePlugin({ name: 'slow', commands: [slow] });
