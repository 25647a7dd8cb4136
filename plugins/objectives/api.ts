import { requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { ClaimsService } from './claims.ts';
import {
  AudienceQuerySchema,
  type AudienceResponse,
  type ClaimedObjectiveView,
  ClaimedParamsSchema,
  ClaimIdParamsSchema,
  type ClaimResponse,
  ClaimsQuerySchema,
  CreateObjectiveBodySchema,
  OBJECTIVE_ADMIN,
  ObjectiveIdParamsSchema,
  type ObjectiveProgressView,
  ObjectivesQuerySchema,
  ObjectiveUserParamsSchema,
  type ObjectiveView,
} from './schemas.ts';
import type { ObjectivesService } from './service.ts';

const admin = requirePermissions(OBJECTIVE_ADMIN);
/** Achievements: one's own (VIEW_OWN_ACHIEVEMENTS), or anyone's for an objective admin. */
const achievements = requirePermissions({ any: ['VIEW_OWN_ACHIEVEMENTS', ...(OBJECTIVE_ADMIN.all ?? [])] });
const selfOrAdmin = requireSelfOrPermissions(OBJECTIVE_ADMIN);

/** Specification §7 "Objectives", plus the admin's audience preview and CUSTOM rewards (docs/objectives.md). */
export function objectivesRoutes(app: App, objectives: ObjectivesService, claims: ClaimsService): void {
  app.get(
    '/api/client/objectives',
    { onRequest: achievements, schema: { querystring: ObjectivesQuerySchema } },
    async (request): Promise<{ objectives: ObjectiveView[] }> => ({
      objectives: await objectives.list(request.user!, request.query),
    }),
  );
  app.post(
    '/api/client/objectives/',
    { onRequest: admin, schema: { body: CreateObjectiveBodySchema } },
    async (request): Promise<{ completed: true; objective: ObjectiveView }> => ({
      completed: true,
      objective: await objectives.create(request.user!, request.body),
    }),
  );
  app.get(
    '/api/client/objectives/audience',
    { onRequest: admin, schema: { querystring: AudienceQuerySchema } },
    async (request): Promise<AudienceResponse> => objectives.audience(request.query),
  );
  app.get(
    '/api/client/objectives/claims',
    { onRequest: admin, schema: { querystring: ClaimsQuerySchema } },
    async (request): Promise<{ claims: ClaimedObjectiveView[] }> => ({
      claims: await objectives.customClaims(request.query.pending === 'true'),
    }),
  );
  app.post(
    '/api/client/objectives/claims/:id/fulfil',
    { onRequest: admin, schema: { params: ClaimIdParamsSchema } },
    async (request): Promise<{ claim: ClaimedObjectiveView }> => ({
      claim: await objectives.fulfil(request.user!, request.params.id),
    }),
  );
  app.get(
    '/api/client/objectives/user/:userId',
    { onRequest: achievements, schema: { params: ObjectiveUserParamsSchema } },
    async (request): Promise<{ objectives: ObjectiveProgressView[] }> => ({
      objectives: await claims.forUser(request.user!, request.params.userId),
    }),
  );
  app.get(
    '/api/client/objectives/claimed/:id',
    { onRequest: selfOrAdmin, schema: { params: ClaimedParamsSchema } },
    async (request): Promise<{ claims: ClaimedObjectiveView[] }> => ({
      claims: await claims.claimed(request.params.id),
    }),
  );
  app.post(
    '/api/client/objectives/claim/:id',
    { onRequest: requirePermissions({ all: ['VIEW_OWN_ACHIEVEMENTS'] }), schema: { params: ObjectiveIdParamsSchema } },
    async (request): Promise<ClaimResponse> => claims.claim(request.user!, request.params.id),
  );
  app.get(
    '/api/client/objectives/:id',
    { onRequest: achievements, schema: { params: ObjectiveIdParamsSchema } },
    async (request): Promise<{ objective: ObjectiveProgressView }> => ({
      objective: await claims.one(request.user!, request.params.id),
    }),
  );
  app.delete(
    '/api/client/objectives/:id',
    { onRequest: admin, schema: { params: ObjectiveIdParamsSchema } },
    async (request): Promise<{ completed: true; objective: ObjectiveView }> => ({
      completed: true,
      objective: await objectives.delete(request.user!, request.params.id),
    }),
  );
}
