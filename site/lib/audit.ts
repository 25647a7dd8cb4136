import type { AuditEntryView } from '../../core/audit/schemas.ts';
import { ANNOUNCEMENT_TYPE_LABELS } from './announcement.ts';
import { settingLabel } from './settings.ts';

/** How an audit entry reads on the audit log screen and on a profile. Pure: unit-tested. */

export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

/** `deliveryMessage` → `Delivery message`, `ban.expires` stays readable as `Expires`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as a person reads it: none, yes/no, lists joined, times in UTC, objects as `key: value` pairs. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (ISO_TIME.test(value))
      return `${new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : 'none';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v)}`)
      .join('; ');
  }
  return String(value);
}

/** One row per field either side names, in the order `after` (then `before`) lists them. */
export function changeRows(entry: Pick<AuditEntryView, 'before' | 'after'>): ChangeRow[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.map((key) => ({
    field: fieldLabel(key),
    before: entry.before === null ? '—' : formatValue(before[key]),
    after: entry.after === null ? '—' : formatValue(after[key]),
  }));
}

/** What an entry is about, as people read it: a setting by its name on Site Settings (the key stays in the filter link). */
export function targetLabel(target: AuditEntryView['target']): string {
  return target.type === 'setting' ? settingLabel(target.id) : target.name;
}

/** An entry's rows: changeRows, with an announcement's colour type by its name (`is-warning` → `Warning`). */
export function entryRows(entry: Pick<AuditEntryView, 'before' | 'after' | 'target'>): ChangeRow[] {
  const rows = changeRows(entry);
  if (entry.target.type !== 'setting' || entry.target.id !== 'currentAnnouncement') return rows;
  const colour = (value: string) => (ANNOUNCEMENT_TYPE_LABELS as Record<string, string>)[value] ?? value;
  return rows.map((row) =>
    row.field === 'Type' ? { ...row, before: colour(row.before), after: colour(row.after) } : row,
  );
}

/** An action's label: `labels` are the plugins' declared ones (`Astro.locals.audit.catalogue.labels`). */
export function actionLabel(action: string, labels: Readonly<Record<string, string>>): string {
  return labels[action] ?? action;
}

/** A filter kind as the select shows it: its words (`Astro.locals.audit.catalogue.kindLabels`), or itself. */
export function kindLabel(kind: string, kindLabels: Readonly<Record<string, string>>): string {
  return kindLabels[kind] ?? kind;
}
