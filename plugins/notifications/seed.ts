import type { NotificationsService } from './service.ts';

const CUSTOMER = '1100000000000000001';
const BANNED = '1100000000000000006';

/** A few notices for demo users, so the bell has something to show (plugins/users/seed.ts names them). */
export async function seedNotifications(notifications: NotificationsService): Promise<void> {
  const notices = [
    {
      userId: CUSTOMER,
      ref: 'demo:welcome',
      kind: 'welcome',
      text: 'Welcome to Virtual Diner! Order from the bot in your server, and follow your order here.',
      link: '/',
    },
    {
      userId: CUSTOMER,
      ref: 'demo:leaderboard',
      kind: 'leaderboard',
      text: 'The leaderboard is open: see who ordered the most this week.',
      link: '/leaderboard',
    },
    {
      userId: BANNED,
      ref: 'demo:ban',
      kind: 'ban',
      text: 'You were banned for placing troll orders in the kitchen. You may file an appeal.',
      link: null,
    },
  ];
  for (const notice of notices) await notifications.store(notice);
}
