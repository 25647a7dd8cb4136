import type { AuditCatalogue } from '../../core/audit/catalogue.ts';
import type { AuditEntryView } from '../../core/audit/schemas.ts';
import { type AnyCatalogue, translator } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import { intlTag } from '../../core/shared/intl-tag.ts';
import { SETTING_KEYS } from '../../plugins/settings/schemas.ts';
import { adminSettingsText } from '../i18n/admin-settings/index.ts';
import { adminUsersCatalogue, adminUsersText } from '../i18n/admin-users/index.ts';
import { datesIn } from './dates.ts';

/**
 * How an audit entry reads on the audit log screen and on a profile, in the page's language. Pure: unit-tested.
 * A field's name is its key made readable (`deliveryMessage` → `Delivery message`): keys are the data's, in English.
 */

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

/** A moment as the entries write it: `20 Nov 2026, 12:00 UTC`. */
export function auditTime(iso: string, locale: Locale): string {
  return `${datesIn(locale).mediumTime(iso)} UTC`;
}

/** A value as a person reads it: none, yes/no, lists joined, times in UTC, objects as `key: value` pairs. */
export function formatValue(value: unknown, locale: Locale): string {
  const t = adminUsersText(locale);
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'string') return ISO_TIME.test(value) ? auditTime(value, locale) : value;
  if (typeof value === 'number') return value.toLocaleString(intlTag(locale));
  if (Array.isArray(value))
    return value.length ? value.map((each) => formatValue(each, locale)).join(', ') : t('audit.none');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v, locale)}`)
      .join('; ');
  }
  return String(value);
}

/** One row per field either side names, in the order `after` (then `before`) lists them. */
export function changeRows(entry: Pick<AuditEntryView, 'before' | 'after'>, locale: Locale): ChangeRow[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.map((key) => ({
    field: fieldLabel(key),
    before: entry.before === null ? '—' : formatValue(before[key], locale),
    after: entry.after === null ? '—' : formatValue(after[key], locale),
  }));
}

const isSettingKey = (key: string): key is (typeof SETTING_KEYS)[number] =>
  (SETTING_KEYS as readonly string[]).includes(key);

/**
 * What an entry is about, as people read it: a setting by its name on Site Settings (the key stays in the filter
 * link), one this site does not know (an older entry) by its key.
 */
export function targetLabel(target: AuditEntryView['target'], locale: Locale): string {
  if (target.type !== 'setting') return target.name;
  return isSettingKey(target.id) ? adminSettingsText(locale)(`label.${target.id}`) : target.id;
}

const COLOURS = ['is-info', 'is-primary', 'is-link', 'is-success', 'is-warning', 'is-danger', 'is-dark'] as const;
const isColour = (value: string): value is (typeof COLOURS)[number] => (COLOURS as readonly string[]).includes(value);

/** An entry's rows: changeRows, with an announcement's colour type by its name (`is-warning` → `Warning`). */
export function entryRows(entry: Pick<AuditEntryView, 'before' | 'after' | 'target'>, locale: Locale): ChangeRow[] {
  const rows = changeRows(entry, locale);
  if (entry.target.type !== 'setting' || entry.target.id !== 'currentAnnouncement') return rows;
  const t = adminSettingsText(locale);
  const colour = (value: string) => (isColour(value) ? t(`type.${value}`) : value);
  return rows.map((row) =>
    row.field === 'Type' ? { ...row, before: colour(row.before), after: colour(row.after) } : row,
  );
}

/** What the audit log's words need from the server (Astro.locals). */
export interface AuditWordsLocals {
  locale: Locale;
  plugins: readonly { name: string; i18n?: AnyCatalogue | undefined }[];
  audit: { catalogue: Pick<AuditCatalogue, 'labels' | 'kindLabels' | 'owners'> };
}

/**
 * Actions and filter kinds in the page's language, each from its declarer's catalogue: a plugin's own
 * (`audit.<action>`, `auditKind.<kind>`, beside its commands' texts), the site's for core's kind (`user`). One its
 * declarer's catalogue lacks reads as declared, in English; one nobody declares any more (an older entry), as its key.
 */
export function auditWords({ locale, plugins, audit }: AuditWordsLocals): {
  action: (action: string) => string;
  kind: (kind: string) => string;
} {
  const { labels, kindLabels, owners } = audit.catalogue;
  const word = (declared: string, key: string, english: string | undefined) => {
    const owner = owners[declared];
    const catalogue = owner === 'core' ? adminUsersCatalogue : plugins.find((plugin) => plugin.name === owner)?.i18n;
    if (catalogue && key in catalogue.messages.en) return translator(catalogue)(locale)(key);
    return english ?? declared;
  };
  const action = (name: string) => word(name, `audit.${name}`, labels[name]);
  return {
    action,
    kind: (kind) => (kind in labels ? action(kind) : word(kind, `auditKind.${kind}`, kindLabels[kind])),
  };
}
