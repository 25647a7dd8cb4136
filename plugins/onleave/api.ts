import { requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import {
  LeaveIdParamsSchema,
  LeaveRequestBodySchema,
  LeaveRequestResponseSchema,
  LeaveRequestsQuerySchema,
  LeaveRequestsResponseSchema,
  LeaveUserParamsSchema,
  UpdateLeaveStatusBodySchema,
} from './schemas.ts';
import type { OnLeaveService } from './service.ts';

const submit = requirePermissions({ all: ['SUBMIT_ON_LEAVE_REQUEST'] });
const manage = requirePermissions({ all: ['MANAGE_ON_LEAVE_REQUESTS'] });
/** Reading and cancelling: a member their own, a manager anyone's (the service scopes it). */
const either = requirePermissions({ any: ['SUBMIT_ON_LEAVE_REQUEST', 'MANAGE_ON_LEAVE_REQUESTS'] });

/** Specification §7 "On leave". */
export function onLeaveRoutes(app: App, leave: OnLeaveService): void {
  app.post(
    '/api/client/onleave/requests',
    { onRequest: submit, schema: { body: LeaveRequestBodySchema, response: { 200: LeaveRequestResponseSchema } } },
    async (request) => ({
      request: await leave.submit(request.user!, request.body.request),
    }),
  );
  app.post(
    '/api/client/onleave/requests/:userId',
    {
      onRequest: manage,
      schema: {
        params: LeaveUserParamsSchema,
        body: LeaveRequestBodySchema,
        response: { 200: LeaveRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await leave.createFor(request.user!, request.params.userId, request.body.request),
    }),
  );
  app.delete(
    '/api/client/onleave/requests/:id',
    { onRequest: either, schema: { params: LeaveIdParamsSchema, response: { 200: LeaveRequestResponseSchema } } },
    async (request) => ({
      request: await leave.cancel(request.user!, request.params.id),
    }),
  );
  app.get(
    '/api/client/onleave/requests',
    {
      onRequest: either,
      schema: { querystring: LeaveRequestsQuerySchema, response: { 200: LeaveRequestsResponseSchema } },
    },
    async (request) => leave.list(request.user!, request.query),
  );
  app.post(
    '/api/client/onleave/requests/:id/update-status',
    {
      onRequest: manage,
      schema: {
        params: LeaveIdParamsSchema,
        body: UpdateLeaveStatusBodySchema,
        response: { 200: LeaveRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await leave.decide(request.user!, request.params.id, request.body),
    }),
  );
}
