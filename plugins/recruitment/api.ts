import { requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App } from '../../core/plugin.ts';
import type { RecruitmentPlugin } from './index.ts';
import {
  ApplicationIdParamsSchema,
  ApplicationResponseSchema,
  ApplicationsQuerySchema,
  ApplicationsResponseSchema,
  CreateFormBodySchema,
  FormApplicationsResponseSchema,
  FormIdParamsSchema,
  FormResponseSchema,
  FormsQuerySchema,
  FormsResponseSchema,
  SubmitBodySchema,
  UpdateFormBodySchema,
  UpdateStatusBodySchema,
  UserApplicationsParamsSchema,
} from './schemas.ts';

const manageForms = requirePermissions({ all: ['RECRUITMENT_MANAGER'] });
/**
 * Reading and reviewing applications: signed in here, and the §6 view rule (VIEW_RECRUITMENT_RESPONSE, or a rank in
 * the form's manageableRanks) is checked by the service, which knows the form: 403 from there.
 */
const signedIn = requireAuth();

/** The forms (managed by RECRUITMENT_MANAGER), their applications, and reviewing them. */
export function recruitmentRoutes(app: App, recruitment: RecruitmentPlugin): void {
  formRoutes(app, recruitment);
  applicationRoutes(app, recruitment);
}

function formRoutes(app: App, recruitment: RecruitmentPlugin): void {
  app.get(
    '/api/client/recruitment/forms',
    { onRequest: signedIn, schema: { querystring: FormsQuerySchema, response: { 200: FormsResponseSchema } } },
    async (request) => ({
      forms:
        request.query.scope === 'manage'
          ? await recruitment.forms.managedForms(request.user!)
          : await recruitment.forms.openForms(),
    }),
  );
  app.post(
    '/api/client/recruitment/forms',
    { onRequest: manageForms, schema: { body: CreateFormBodySchema, response: { 201: FormResponseSchema } } },
    async (request, reply) => {
      reply.code(201);
      return { form: await recruitment.forms.createForm(request.user!, request.body) };
    },
  );
  app.get(
    '/api/client/recruitment/forms/:id',
    {
      onRequest: signedIn,
      config: { openapi: { responses: { '404': 'No recruitment form has this ID, or it is deleted.' } } },
      schema: { params: FormIdParamsSchema, response: { 200: FormResponseSchema } },
    },
    async (request) => ({
      form: await recruitment.forms.getForm(request.params.id),
    }),
  );
  app.patch(
    '/api/client/recruitment/forms/:id',
    {
      onRequest: manageForms,
      schema: { params: FormIdParamsSchema, body: UpdateFormBodySchema, response: { 200: FormResponseSchema } },
    },
    async (request) => ({
      form: await recruitment.forms.updateForm(request.user!, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/client/recruitment/forms/:id',
    { onRequest: manageForms, schema: { params: FormIdParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      await recruitment.forms.deleteForm(request.user!, request.params.id);
      return reply.code(204).send();
    },
  );
}

function applicationRoutes(app: App, recruitment: RecruitmentPlugin): void {
  app.get(
    '/api/client/recruitment/forms/:id/applications',
    {
      onRequest: signedIn,
      config: { openapi: { responses: { '404': 'No recruitment form has this ID, or it is deleted.' } } },
      schema: {
        params: FormIdParamsSchema,
        querystring: ApplicationsQuerySchema,
        response: { 200: FormApplicationsResponseSchema },
      },
    },
    async (request) => recruitment.applications.formApplications(request.user!, request.params.id, request.query),
  );
  app.post(
    '/api/client/recruitment/forms/:id/response',
    {
      onRequest: signedIn,
      config: {
        openapi: {
          responses: {
            '409':
              'The form is closed, not open yet or past its closing date, or the caller already has an open application to it, resigned from staff less than a week ago, or was denied by it within its reapply cooldown.',
          },
        },
      },
      schema: { params: FormIdParamsSchema, body: SubmitBodySchema, response: { 201: ApplicationResponseSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        application: await recruitment.applications.submit(request.user!, request.params.id, request.body.answers),
      };
    },
  );

  app.get(
    '/api/client/recruitment/:id/applications',
    {
      onRequest: signedIn,
      schema: { params: UserApplicationsParamsSchema, response: { 200: ApplicationsResponseSchema } },
    },
    async (request) => ({
      applications: await recruitment.applications.userApplications(request.user!, request.params.id),
    }),
  );
  app.get(
    '/api/client/recruitment/applications/:id',
    {
      onRequest: signedIn,
      schema: { params: ApplicationIdParamsSchema, response: { 200: ApplicationResponseSchema } },
    },
    async (request) => ({
      application: await recruitment.applications.getApplication(request.user!, request.params.id),
    }),
  );
  app.patch(
    '/api/client/recruitment/applications/:id/update-status',
    {
      onRequest: signedIn,
      config: {
        openapi: {
          responses: { '409': 'The application was already accepted or denied, or is already in that status.' },
        },
      },
      schema: {
        params: ApplicationIdParamsSchema,
        body: UpdateStatusBodySchema,
        response: { 200: ApplicationResponseSchema },
      },
    },
    async (request) => ({
      application: await recruitment.review.updateStatus(request.user!, request.params.id, request.body),
    }),
  );
}
