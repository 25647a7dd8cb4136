import { requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { ClaimsService } from './claims.ts';
import {
  AudienceQuerySchema,
  AudienceResponseSchema,
  ClaimedParamsSchema,
  ClaimIdParamsSchema,
  ClaimResponseSchema,
  ClaimsQuerySchema,
  ClaimsResponseSchema,
  CreateObjectiveBodySchema,
  FulfilledClaimResponseSchema,
  OBJECTIVE_ADMIN,
  ObjectiveChangedResponseSchema,
  ObjectiveIdParamsSchema,
  ObjectiveProgressResponseSchema,
  ObjectivesProgressResponseSchema,
  ObjectivesQuerySchema,
  ObjectivesResponseSchema,
  ObjectiveUserParamsSchema,
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
    {
      onRequest: achievements,
      schema: { querystring: ObjectivesQuerySchema, response: { 200: ObjectivesResponseSchema } },
    },
    async (request) => ({
      objectives: await objectives.list(request.user!, request.query),
    }),
  );
  app.post(
    '/api/client/objectives/',
    {
      onRequest: admin,
      schema: { body: CreateObjectiveBodySchema, response: { 200: ObjectiveChangedResponseSchema } },
    },
    async (request) => ({
      completed: true as const,
      objective: await objectives.create(request.user!, request.body),
    }),
  );
  app.get(
    '/api/client/objectives/audience',
    { onRequest: admin, schema: { querystring: AudienceQuerySchema, response: { 200: AudienceResponseSchema } } },
    async (request) => objectives.audience(request.query),
  );
  app.get(
    '/api/client/objectives/claims',
    { onRequest: admin, schema: { querystring: ClaimsQuerySchema, response: { 200: ClaimsResponseSchema } } },
    async (request) => ({
      claims: await objectives.customClaims(request.query.pending === 'true'),
    }),
  );
  app.post(
    '/api/client/objectives/claims/:id/fulfil',
    {
      onRequest: admin,
      config: {
        openapi: {
          responses: {
            '409': 'The claim’s reward is not a custom one, or it was already marked fulfilled.',
          },
        },
      },
      schema: { params: ClaimIdParamsSchema, response: { 200: FulfilledClaimResponseSchema } },
    },
    async (request) => ({
      claim: await objectives.fulfil(request.user!, request.params.id),
    }),
  );
  app.get(
    '/api/client/objectives/user/:userId',
    {
      onRequest: achievements,
      schema: { params: ObjectiveUserParamsSchema, response: { 200: ObjectivesProgressResponseSchema } },
    },
    async (request) => ({
      objectives: await claims.forUser(request.user!, request.params.userId),
    }),
  );
  app.get(
    '/api/client/objectives/claimed/:id',
    { onRequest: selfOrAdmin, schema: { params: ClaimedParamsSchema, response: { 200: ClaimsResponseSchema } } },
    async (request) => ({
      claims: await claims.claimed(request.params.id),
    }),
  );
  app.post(
    '/api/client/objectives/claim/:id',
    {
      onRequest: requirePermissions({ all: ['VIEW_OWN_ACHIEVEMENTS'] }),
      config: {
        openapi: {
          responses: {
            '404': 'No objective has this ID, or it is deleted or not one the caller can claim.',
            '409': 'The caller already claimed it, has not completed it yet, or the rank it gives no longer exists.',
          },
        },
      },
      schema: { params: ObjectiveIdParamsSchema, response: { 200: ClaimResponseSchema } },
    },
    async (request) => claims.claim(request.user!, request.params.id),
  );
  app.get(
    '/api/client/objectives/:id',
    {
      onRequest: achievements,
      schema: { params: ObjectiveIdParamsSchema, response: { 200: ObjectiveProgressResponseSchema } },
    },
    async (request) => ({
      objective: await claims.one(request.user!, request.params.id),
    }),
  );
  app.delete(
    '/api/client/objectives/:id',
    {
      onRequest: admin,
      config: { openapi: { responses: { '404': 'No objective has this ID, or it is already deleted.' } } },
      schema: { params: ObjectiveIdParamsSchema, response: { 200: ObjectiveChangedResponseSchema } },
    },
    async (request) => ({
      completed: true as const,
      objective: await objectives.delete(request.user!, request.params.id),
    }),
  );
}
