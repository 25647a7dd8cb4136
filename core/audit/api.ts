import { requirePermissions } from '../auth/guards.ts';
import type { App } from '../plugin.ts';
import { type AuditLogResponse, auditLogResponseSchema } from './schemas.ts';
import type { AuditLog } from './service.ts';

/**
 * GET /api/client/admin/audit-log?actor&target&action&from&until&page&pageSize. Any of SUPER_ADMIN (every entry) or
 * MANAGE_SETTINGS (the settings entries only: the service narrows by the caller's permissions).
 */
export function auditRoutes(app: App, audit: AuditLog): void {
  app.get(
    '/api/client/admin/audit-log',
    {
      onRequest: requirePermissions({ any: ['SUPER_ADMIN', 'MANAGE_SETTINGS'] }),
      schema: {
        querystring: audit.catalogue.querySchema,
        response: { 200: auditLogResponseSchema(audit.catalogue.actions, audit.catalogue.targetTypes) },
      },
    },
    async (request): Promise<AuditLogResponse> => audit.list(request.user!, request.query),
  );
}
