import { type Permission, toBits } from '../../core/shared/permissions.ts';
import type { RanksService } from './service.ts';

const STAFF: Permission[] = [
  'VIEW_STAFF_DASHBOARD',
  'MANAGE_ORDERS',
  'VIEW_FOOD_LOOKUP',
  'VIEW_OWN_ACHIEVEMENTS',
  'SUBMIT_ON_LEAVE_REQUEST',
];
const MANAGER: Permission[] = [
  ...STAFF,
  'VIEW_MANAGEMENT_STATISTICS',
  'MANAGE_ON_LEAVE_REQUESTS',
  'VIEW_BACKLOG',
  'VIEW_RECRUITMENT_RESPONSE',
  'RECRUITMENT_MANAGER',
  'MANAGE_APPEALS',
  'MANAGE_USERS',
  'MANAGE_ANNOUNCEMENT',
];
const DIRECTOR: Permission[] = [
  ...MANAGER,
  'MANAGE_MANAGEMENT_STATISTICS',
  'MANAGE_TEAMS',
  'MANAGE_RANKS',
  'MANAGE_SETTINGS',
];

/** The ladder a diner needs; the users seed gives the demo staff these ranks by name. */
export const DEMO_RANKS = [
  { name: 'Owner', position: 100, colour: '#f06d0d', permissions: toBits(['SUPER_ADMIN']), canResign: false },
  { name: 'Director', position: 80, colour: '#8e44ad', permissions: toBits(DIRECTOR), canResign: false },
  { name: 'Manager', position: 60, colour: '#c0392b', permissions: toBits(MANAGER), canResign: true },
  { name: 'Delivery Driver', position: 30, colour: '#1e7b45', permissions: toBits(STAFF), canResign: true },
  { name: 'Chef', position: 20, colour: '#1a5fb4', permissions: toBits(STAFF), canResign: true },
  {
    name: 'Trainee Chef',
    position: 10,
    colour: '#f1c40f',
    permissions: toBits(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP', 'SUBMIT_ON_LEAVE_REQUEST']),
    canResign: true,
  },
] as const;

export async function seedRanks(ranks: RanksService): Promise<void> {
  await ranks.insertMany(DEMO_RANKS);
}
