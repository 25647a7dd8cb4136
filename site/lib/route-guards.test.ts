import { describe, expect, it } from 'vitest';
import { toBits, type Permission } from '../../core/shared/permissions.ts';
import { openToBanned } from '../../core/shared/ban.ts';
import { REPORT_MANAGER } from '../../plugins/reports/schemas.ts';
import { checkPage, guardFor } from './route-guards.ts';

const user = (permissions: Permission[], perks: string[] = [], id = '1100000000000000009') => ({ id, permissions: toBits(permissions), perks });

describe('page guards', () => {
  it('/users/{id}/manage: the user themself or a user manager', () => {
    const path = '/users/1100000000000000001/manage';
    expect(checkPage(path, '', null).kind).toBe('login');
    expect(checkPage(path, '', user([], [], '1100000000000000001'))).toEqual({ kind: 'pass' });
    expect(checkPage(path, '', user(['VIEW_STAFF_DASHBOARD']))).toEqual({ kind: 'forbidden', location: '/?error=insufficient_permissions' });
    expect(checkPage(path, '', user(['MANAGE_USERS']))).toEqual({ kind: 'pass' });
    expect(checkPage('/users/@me/manage', '', user([]))).toEqual({ kind: 'pass' });
  });

  it('leaves public pages alone', () => {
    for (const path of ['/', '/team', '/leaderboard', '/users/1100000000000000001', '/recruitment', '/login']) {
      expect(guardFor(path)).toBeNull();
      expect(checkPage(path, '', null)).toEqual({ kind: 'pass' });
    }
  });

  it('sends anonymous visitors of a guarded page to /login with the encoded path', () => {
    expect(checkPage('/users/@me/manage', '?tab=1', null)).toEqual({ kind: 'login', location: '/login?redirect=%2Fusers%2F%40me%2Fmanage%3Ftab%3D1' });
    expect(checkPage('/staff/admin/users', '', null).kind).toBe('login');
  });

  it('sends signed-in users without the permission to /?error=insufficient_permissions', () => {
    expect(checkPage('/staff/admin/users', '', user(['VIEW_STAFF_DASHBOARD']))).toEqual({ kind: 'forbidden', location: '/?error=insufficient_permissions' });
    expect(checkPage('/staff/admin/users', '', user(['MANAGE_USERS']))).toEqual({ kind: 'pass' });
    expect(checkPage('/staff/dashboard', '', user([]))).toMatchObject({ kind: 'forbidden' });
    expect(checkPage('/staff/admin/users/1100000000000000001/ban', '', user(['SUPER_ADMIN']))).toEqual({ kind: 'pass' });
  });

  it('takes the longest matching prefix, and the permissions-OR-perks rule', () => {
    expect(guardFor('/staff/admin/management-statistics/management')).toEqual({ requirement: { all: ['MANAGE_MANAGEMENT_STATISTICS'] } });
    expect(checkPage('/staff/delivery-messages', '', user([], ['DELIVERY_MESSAGE_BETA'])).kind).toBe('pass');
    expect(checkPage('/staff/delivery-messages', '', user(['MANAGE_ORDERS'])).kind).toBe('pass');
    expect(checkPage('/staff/delivery-messages', '', user(['VIEW_STAFF_DASHBOARD'])).kind).toBe('forbidden');
  });

  it('the Report Manager: VIEW_BACKLOG and the perk FEEDBACK_BETA, both, as its API and its sidebar entry', () => {
    for (const path of ['/staff/admin/report-manager/orders', '/staff/admin/report-manager/orders/1100000000000000601']) {
      expect(checkPage(path, '', null).kind).toBe('login');
      expect(checkPage(path, '', user(['VIEW_STAFF_DASHBOARD', 'VIEW_BACKLOG'], ['FEEDBACK_BETA'])).kind).toBe('pass');
      expect(checkPage(path, '', user(['SUPER_ADMIN'])).kind).toBe('pass');
      // The perk is sold in the store: a customer holding it reads no one's reports. Nor does VIEW_BACKLOG alone.
      expect(checkPage(path, '', user([], ['FEEDBACK_BETA']))).toEqual({ kind: 'forbidden', location: '/?error=insufficient_permissions' });
      expect(checkPage(path, '', user(['VIEW_STAFF_DASHBOARD', 'VIEW_BACKLOG'])).kind).toBe('forbidden');
    }
    expect(guardFor('/staff/admin/report-manager/orders')).toEqual({ requirement: REPORT_MANAGER });
  });

  it('the audit log: SUPER_ADMIN or MANAGE_SETTINGS, nobody else', () => {
    const path = '/staff/admin/site-management/audit-log';
    expect(checkPage(path, '', null).kind).toBe('login');
    expect(checkPage(path, '', user(['SUPER_ADMIN'])).kind).toBe('pass');
    expect(checkPage(path, '', user(['MANAGE_SETTINGS'])).kind).toBe('pass');
    for (const permissions of [['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'], ['VIEW_STAFF_DASHBOARD', 'MANAGE_ANNOUNCEMENT']] as Permission[][]) {
      expect(checkPage(path, '', user(permissions)).kind).toBe('forbidden');
    }
  });

  it('Announce: MANAGE_ANNOUNCEMENT or MANAGE_SETTINGS, as its API allows; nobody else', () => {
    const path = '/staff/admin/site-management/announcement';
    expect(checkPage(path, '', null).kind).toBe('login');
    expect(checkPage(path, '', user(['MANAGE_ANNOUNCEMENT'])).kind).toBe('pass');
    expect(checkPage(path, '', user(['MANAGE_SETTINGS'])).kind).toBe('pass');
    expect(checkPage(path, '', user(['SUPER_ADMIN'])).kind).toBe('pass');
    expect(checkPage(path, '', user(['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS']))).toEqual({ kind: 'forbidden', location: '/?error=insufficient_permissions' });
    expect(checkPage(path, '', user([])).kind).toBe('forbidden');
  });

  it('Site Settings: MANAGE_SETTINGS only (MANAGE_ANNOUNCEMENT is not enough)', () => {
    expect(checkPage('/staff/admin/settings', '?tab=store', user(['MANAGE_SETTINGS'])).kind).toBe('pass');
    expect(checkPage('/staff/admin/settings', '', user(['MANAGE_ANNOUNCEMENT'])).kind).toBe('forbidden');
  });

  it('keeps appeals, sign-in and the privacy policy open to banned users', () => {
    expect(openToBanned('/appeal/create')).toBe(true);
    expect(openToBanned('/privacy')).toBe(true);
    expect(openToBanned('/staff/dashboard')).toBe(false);
    expect(openToBanned('/appealing')).toBe(false);
  });
});
