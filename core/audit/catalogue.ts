import {
  type AuditContribution,
  type AuditLogQuerySchema,
  auditKindsOf,
  auditLogQuerySchema,
  CORE_AUDIT_KINDS,
  CORE_AUDIT_TARGET_TYPES,
} from './schemas.ts';

/** Every action the plugins declared, as the audit log's filter and screens use them (built once at start). */
export interface AuditCatalogue {
  /** Each action's label, in plugin order. */
  labels: Readonly<Record<string, string>>;
  actions: readonly string[];
  /** The kernel's target types, then the plugins'. */
  targetTypes: readonly string[];
  /** The filter's kinds: every action's target type, then every action. */
  kinds: readonly string[];
  /** Each kind's words in the filter: a first part's as core or its plugin declares them, an action's its label. */
  kindLabels: Readonly<Record<string, string>>;
  /**
   * Who declared each action and each kind's words: a plugin's name, or `core`. The site words an action or a kind in
   * the page's language from its declarer's catalogue (a plugin owns its actions' words as it owns its commands').
   */
  owners: Readonly<Record<string, string>>;
  /** The audit log route's query schema (its `action` is one of `kinds`), for the route, OpenAPI and the page. */
  querySchema: AuditLogQuerySchema;
}

/**
 * The audit catalogue from every plugin's `audit` contribution, in plugin order. Refuses an action, or a kind's
 * words, that two declare, naming both: the log could not say whose it is.
 */
export function auditCatalogue(
  contributions: readonly { plugin: string; audit?: AuditContribution | undefined }[],
): AuditCatalogue {
  const labels: Record<string, string> = {};
  const kindWords: Record<string, string> = { ...CORE_AUDIT_KINDS };
  const owners = new Map<string, string>(Object.keys(CORE_AUDIT_KINDS).map((kind) => [kind, 'core']));
  const targetTypes = new Set(CORE_AUDIT_TARGET_TYPES);
  const claim = (plugin: string, what: string, key: string) => {
    const owner = owners.get(key);
    if (owner) throw new Error(`Plugin "${plugin}" declares the audit ${what} "${key}", which "${owner}" declares`);
    owners.set(key, plugin);
  };
  for (const { plugin, audit } of contributions) {
    for (const [action, label] of Object.entries(audit?.actions ?? {})) {
      claim(plugin, 'action', action);
      labels[action] = label;
    }
    for (const [kind, words] of Object.entries(audit?.kinds ?? {})) {
      claim(plugin, 'kind', kind);
      kindWords[kind] = words;
    }
    for (const type of audit?.targetTypes ?? []) targetTypes.add(type);
  }
  const actions = Object.keys(labels);
  const kinds = auditKindsOf(actions);
  const kindLabels = Object.fromEntries(
    kinds.flatMap((kind) => {
      const words = kindWords[kind] ?? labels[kind];
      return words === undefined ? [] : [[kind, words]];
    }),
  );
  return {
    labels,
    actions,
    targetTypes: [...targetTypes],
    kinds,
    kindLabels,
    owners: Object.fromEntries(owners),
    querySchema: auditLogQuerySchema(kinds),
  };
}
