import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import users from '../users/index.ts';
import { deliveryMessagesRoutes } from './api.ts';
import { DeliveryMessageSchema } from './entities.ts';
import { deliveryMessagesCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { deliveryMessagesPersonalData } from './personal-data.ts';
import { DEMO_DELIVERY_MESSAGES, seedDeliveryMessages } from './seed.ts';
import { DeliveryMessagesService } from './service.ts';

export interface DeliveryMessagesPlugin {
  messages: DeliveryMessagesService;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'deliveryMessage.update': "Edited someone's premade message",
    'deliveryMessage.delete': "Deleted someone's premade message",
  },
  targetTypes: ['deliveryMessage'],
  kinds: { deliveryMessage: 'Premade messages' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

/** The premade delivery message directory; the users plugin's premade-messages route takes a message from it. */
export default definePlugin({
  audit,
  name: 'delivery-messages',
  i18n: deliveryMessagesCatalogue,
  personalData: () => deliveryMessagesPersonalData,
  requires: [users],
  entities: [DeliveryMessageSchema],
  migrations,
  service: (ctx): DeliveryMessagesPlugin => {
    const messages = new DeliveryMessagesService(ctx);
    ctx.services.users.profile.usePremadeMessages((em, actor, ref) => messages.use(em, actor, ref));
    return { messages };
  },
  routes(app, plugin) {
    deliveryMessagesRoutes(app, plugin.messages);
  },
  pages: {
    // The pages and the API let either through (docs/delivery-messages.md); the sidebar entry, as the specification
    // words it ("perk X and permission Y"), needs both.
    guards: { '/staff/delivery-messages': needs({ all: ['MANAGE_ORDERS'], perks: ['DELIVERY_MESSAGE_BETA'] }) },
    sidebar: [
      {
        section: 'extras',
        order: 20,
        label: 'Premade Message Directory',
        labelKey: 'sidebar.directory',
        href: '/staff/delivery-messages',
        icon: 'message-square-text',
        needs: { all: ['MANAGE_ORDERS'], perks: ['DELIVERY_MESSAGE_BETA'], both: true },
      },
    ],
    // The demo chef passes by the Chef rank's MANAGE_ORDERS; editing someone else's message takes its author or a
    // user manager, which the chef is not (Dana Driver wrote the first).
    examples: [
      { path: '/staff/delivery-messages', opens: 'chef' },
      { path: '/staff/delivery-messages/create', opens: 'chef' },
      { path: '/staff/delivery-messages/edit', opens: 'chef' },
      { path: `/staff/delivery-messages/${DEMO_DELIVERY_MESSAGES[0].slug}`, opens: 'chef' },
      { path: `/staff/delivery-messages/${DEMO_DELIVERY_MESSAGES[0].slug}/edit`, opens: 'superAdmin' },
    ],
  },
  seed: (_plugin, ctx) => seedDeliveryMessages(ctx),
});
