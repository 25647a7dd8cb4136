import { z } from 'zod';
import { definePluginConfig, optionalString } from '../../core/config.ts';

/**
 * The orders plugin's variables (validated at start with core's, core/config.ts): the deadlines the sweeper enforces,
 * the bot's cooldown between two orders, and where order images go.
 */
export const ordersConfig = definePluginConfig({
  env: {
    /** The deadlines the sweeper enforces, in seconds. */
    ORDER_CLAIM_TIMEOUT_S: z.coerce.number().int().min(1).default(240),
    ORDER_COOKING_TIME_S: z.coerce.number().int().min(0).default(180),
    ORDER_DELIVERY_TIMEOUT_S: z.coerce.number().int().min(1).default(180),
    ORDER_UNCLAIMED_CANCEL_S: z.coerce.number().int().min(1).default(3600),
    /** How often the order sweeper looks for passed deadlines; 0 turns it off (tests drive it by hand). */
    ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    /** Seconds a customer waits between two orders placed through the bot (in memory, per process). */
    BOT_ORDER_COOLDOWN_S: z.coerce.number().int().min(0).default(30),
    /** An Imgur-style anonymous image host; unset: uploads are stored under $DATA_DIR/uploads and served by the web process. */
    IMAGE_HOST_URL: optionalString.pipe(z.url().optional()),
    IMAGE_HOST_CLIENT_ID: optionalString,
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(8_388_608),
  },
  of: (e) => ({
    claimTimeoutMs: e.ORDER_CLAIM_TIMEOUT_S * 1000,
    cookingTimeMs: e.ORDER_COOKING_TIME_S * 1000,
    deliveryTimeoutMs: e.ORDER_DELIVERY_TIMEOUT_S * 1000,
    unclaimedCancelMs: e.ORDER_UNCLAIMED_CANCEL_S * 1000,
    sweepIntervalMs: e.ORDER_SWEEP_INTERVAL_MS,
    botOrderCooldownMs: e.BOT_ORDER_COOLDOWN_S * 1000,
    /** Where order images go: the image host when `hostUrl` is set, else $DATA_DIR/uploads (served at /uploads/). */
    images: {
      hostUrl: e.IMAGE_HOST_URL?.replace(/\/$/, ''),
      hostClientId: e.IMAGE_HOST_CLIENT_ID,
      maxBytes: e.UPLOAD_MAX_BYTES,
    },
  }),
});
export type OrdersConfig = ReturnType<typeof ordersConfig.of>;

declare module '../../core/config.ts' {
  interface PluginConfigs {
    orders: OrdersConfig;
  }
}
