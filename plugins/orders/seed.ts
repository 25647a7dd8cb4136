import type { CoreContext } from "../../core/plugin.ts"; import type { OrdersPlugin } from "./index.ts"; export async function seedOrders(_p: OrdersPlugin, _ctx: CoreContext): Promise<void> {}
