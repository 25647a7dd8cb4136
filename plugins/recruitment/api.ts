import { requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { RecruitmentPlugin } from './index.ts';
import {
  ApplicationIdParamsSchema,
  ApplicationsQuerySchema,
  type ApplicationView,
  CreateFormBodySchema,
  type FormApplicationsResponse,
  FormIdParamsSchema,
  FormsQuerySchema,
  type FormView,
  type ManagedFormView,
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
    { onRequest: signedIn, schema: { querystring: FormsQuerySchema } },
    async (request): Promise<{ forms: FormView[] | ManagedFormView[] }> => ({
      forms:
        request.query.scope === 'manage'
          ? await recruitment.forms.managedForms(request.user!)
          : await recruitment.forms.openForms(),
    }),
  );
  app.post(
    '/api/client/recruitment/forms',
    { onRequest: manageForms, schema: { body: CreateFormBodySchema } },
    async (request, reply): Promise<{ form: FormView }> => {
      reply.code(201);
      return { form: await recruitment.forms.createForm(request.user!, request.body) };
    },
  );
  app.get(
    '/api/client/recruitment/forms/:id',
    { onRequest: signedIn, schema: { params: FormIdParamsSchema } },
    async (request): Promise<{ form: FormView }> => ({
      form: await recruitment.forms.getForm(request.params.id),
    }),
  );
  app.patch(
    '/api/client/recruitment/forms/:id',
    { onRequest: manageForms, schema: { params: FormIdParamsSchema, body: UpdateFormBodySchema } },
    async (request): Promise<{ form: FormView }> => ({
      form: await recruitment.forms.updateForm(request.user!, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/client/recruitment/forms/:id',
    { onRequest: manageForms, schema: { params: FormIdParamsSchema } },
    async (request, reply) => {
      await recruitment.forms.deleteForm(request.user!, request.params.id);
      return reply.code(204).send();
    },
  );
}

function applicationRoutes(app: App, recruitment: RecruitmentPlugin): void {
  app.get(
    '/api/client/recruitment/forms/:id/applications',
    { onRequest: signedIn, schema: { params: FormIdParamsSchema, querystring: ApplicationsQuerySchema } },
    async (request): Promise<FormApplicationsResponse> =>
      recruitment.applications.formApplications(request.user!, request.params.id, request.query),
  );
  app.post(
    '/api/client/recruitment/forms/:id/response',
    { onRequest: signedIn, schema: { params: FormIdParamsSchema, body: SubmitBodySchema } },
    async (request, reply): Promise<{ application: ApplicationView }> => {
      reply.code(201);
      return {
        application: await recruitment.applications.submit(request.user!, request.params.id, request.body.answers),
      };
    },
  );

  app.get(
    '/api/client/recruitment/:id/applications',
    { onRequest: signedIn, schema: { params: UserApplicationsParamsSchema } },
    async (request): Promise<{ applications: ApplicationView[] }> => ({
      applications: await recruitment.applications.userApplications(request.user!, request.params.id),
    }),
  );
  app.get(
    '/api/client/recruitment/applications/:id',
    { onRequest: signedIn, schema: { params: ApplicationIdParamsSchema } },
    async (request): Promise<{ application: ApplicationView }> => ({
      application: await recruitment.applications.getApplication(request.user!, request.params.id),
    }),
  );
  app.patch(
    '/api/client/recruitment/applications/:id/update-status',
    { onRequest: signedIn, schema: { params: ApplicationIdParamsSchema, body: UpdateStatusBodySchema } },
    async (request): Promise<{ application: ApplicationView }> => ({
      application: await recruitment.review.updateStatus(request.user!, request.params.id, request.body),
    }),
  );
}
