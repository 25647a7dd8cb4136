import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { onLeaveRoutes } from './api.ts';
import { LeaveRequestSchema } from './entities.ts';
import { onleaveCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { onLeavePersonalData } from './personal-data.ts';
import { seedLeave } from './seed.ts';
import { OnLeaveService } from './service.ts';

export interface OnLeavePlugin {
  /** Requests, decisions, and who is on leave today (the orders plugin asks before a member joins the delivery queue). */
  requests: OnLeaveService;
}

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'user.leave.create': 'Put someone on leave',
    'user.leave.decide': 'Decided a leave request',
    'user.leave.cancel': "Cancelled someone's leave",
  },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
}

/** Leave: Take a Vacation, On Leave Requests, and "on leave now" derived from approved requests. */
export default definePlugin({
  i18n: onleaveCatalogue,
  audit,
  name: 'onleave',
  personalData: () => onLeavePersonalData,
  entities: [LeaveRequestSchema],
  migrations,
  service: (ctx): OnLeavePlugin => ({ requests: new OnLeaveService(ctx) }),
  routes(app, plugin) {
    onLeaveRoutes(app, plugin.requests);
  },
  pages: {
    guards: {
      '/staff/take-a-break': needs({ all: ['SUBMIT_ON_LEAVE_REQUEST'] }),
      '/staff/admin/on-leave-requests': needs({ all: ['MANAGE_ON_LEAVE_REQUESTS'] }),
    },
    sidebar: [
      {
        section: 'management',
        order: 20,
        label: 'On Leave Requests',
        labelKey: 'sidebar.requests',
        href: '/staff/admin/on-leave-requests',
        icon: 'calendar-clock',
        needs: { all: ['MANAGE_ON_LEAVE_REQUESTS'] },
      },
      {
        section: 'extras',
        order: 10,
        label: 'Take a Vacation',
        labelKey: 'sidebar.takeAVacation',
        href: '/staff/take-a-break',
        icon: 'tree-palm',
        needs: { all: ['SUBMIT_ON_LEAVE_REQUEST'] },
      },
    ],
    examples: [
      { path: '/staff/take-a-break', opens: 'chef' },
      { path: '/staff/admin/on-leave-requests', opens: 'superAdmin' },
      { path: '/staff/admin/on-leave-requests/create', opens: 'superAdmin' },
    ],
  },
  seed: (_plugin, ctx) => seedLeave(ctx),
});
