import { definePlugin } from '../../core/plugin.ts';
import users from '../users/index.ts';
import { deliveryMessagesRoutes } from './api.ts';
import { DeliveryMessageSchema } from './entities.ts';
import { migrations } from './migrations/index.ts';
import { seedDeliveryMessages } from './seed.ts';
import { DeliveryMessagesService } from './service.ts';

export interface DeliveryMessagesPlugin {
  messages: DeliveryMessagesService;
}

/** The premade delivery message directory; the users plugin's premade-messages route takes a message from it. */
export default definePlugin({
  name: 'delivery-messages',
  requires: [users],
  entities: [DeliveryMessageSchema],
  migrations,
  service: (ctx): DeliveryMessagesPlugin => {
    const messages = new DeliveryMessagesService(ctx.orm, ctx.audit, ctx.now);
    ctx.services.users.profile.usePremadeMessages((em, actor, ref) => messages.use(em, actor, ref));
    return { messages };
  },
  routes(app, plugin) {
    deliveryMessagesRoutes(app, plugin.messages);
  },
  seed: (_plugin, ctx) => seedDeliveryMessages(ctx),
});
