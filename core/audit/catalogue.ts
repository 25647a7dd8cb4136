import {
  type AuditContribution,
  type AuditLogQuerySchema,
  auditKindsOf,
  auditLogQuerySchema,
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
  /** The audit log route's query schema (its `action` is one of `kinds`), for the route, OpenAPI and the page. */
  querySchema: AuditLogQuerySchema;
}

/**
 * The audit catalogue from every plugin's `audit` contribution, in plugin order. Refuses an action two plugins
 * declare, naming both: the log could not say whose it is.
 */
export function auditCatalogue(
  contributions: readonly { plugin: string; audit?: AuditContribution | undefined }[],
): AuditCatalogue {
  const labels: Record<string, string> = {};
  const owners = new Map<string, string>();
  const targetTypes = new Set(CORE_AUDIT_TARGET_TYPES);
  for (const { plugin, audit } of contributions) {
    for (const [action, label] of Object.entries(audit?.actions ?? {})) {
      const owner = owners.get(action);
      if (owner) throw new Error(`Plugin "${plugin}" declares the audit action "${action}", which "${owner}" declares`);
      owners.set(action, plugin);
      labels[action] = label;
    }
    for (const type of audit?.targetTypes ?? []) targetTypes.add(type);
  }
  const actions = Object.keys(labels);
  const kinds = auditKindsOf(actions);
  return { labels, actions, targetTypes: [...targetTypes], kinds, querySchema: auditLogQuerySchema(kinds) };
}
