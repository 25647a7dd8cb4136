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
    {
      onRequest: submit,
      config: {
        openapi: {
          responses: { '409': 'The caller already has a pending or approved leave request for some of these days.' },
        },
      },
      schema: { body: LeaveRequestBodySchema, response: { 200: LeaveRequestResponseSchema } },
    },
    async (request) => ({
      request: await leave.submit(request.user!, request.body.request),
    }),
  );
  app.post(
    '/api/client/onleave/requests/:userId',
    {
      onRequest: manage,
      config: {
        openapi: {
          responses: {
            '404': 'No user has this ID.',
            '409': 'The member already has a pending or approved leave request for some of these days.',
          },
        },
      },
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
    {
      onRequest: either,
      config: {
        openapi: {
          responses: {
            '404': 'No leave request has this ID, or it is another member’s and the caller cannot manage leave.',
            '409':
              'The request is no longer pending or approved, its leave has ended, or (the member’s own) it has already started.',
          },
        },
      },
      schema: { params: LeaveIdParamsSchema, response: { 200: LeaveRequestResponseSchema } },
    },
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
      config: {
        openapi: {
          responses: {
            '404': 'No leave request has this ID.',
            '409': 'The request is no longer pending, or its days have passed and it can only be denied.',
          },
        },
      },
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
