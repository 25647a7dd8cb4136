import multipart from '@fastify/multipart';
import { publicAccess } from '../../core/auth/guards.ts';
import { DomainError } from '../../core/errors.ts';
import type { OperationDoc } from '../../core/http/routes.ts';
import { nonJsonAnswer } from '../../core/http/zod.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App } from '../../core/plugin.ts';
import { manageOrders } from './api.ts';
import type { FoodLookupService } from './food-lookup.ts';
import { ordersText } from './i18n/index.ts';
import { type ImageStore, tooLarge } from './images.ts';
import {
  ImageSearchBodySchema,
  ImageSearchResponseSchema,
  UploadParamsSchema,
  UploadResponseSchema,
} from './schemas.ts';

/** The upload's body and answers as the API document states them: Fastify's validation does not see a multipart body. */
const UPLOAD_DOC: OperationDoc = {
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['image'],
          properties: {
            image: { type: 'string', contentMediaType: 'image/*', description: 'PNG, JPEG, GIF or WebP.' },
          },
        },
      },
    },
  },
  responses: { '413': 'The image is larger than the upload limit.' },
};

/** The prepare dialog's pictures: search, upload, and our stored uploads. */
export async function imagesRoutes(
  app: App,
  images: ImageStore,
  foodLookup: FoodLookupService,
  maxBytes: number,
): Promise<void> {
  app.post(
    '/api/client/orders/images/search',
    { onRequest: manageOrders, schema: { body: ImageSearchBodySchema, response: { 200: ImageSearchResponseSchema } } },
    async (request) => ({ images: await foodLookup.imageSearch(request.body.query) }),
  );

  // Multipart only for the upload (this plugin's scope), one file, the upload limit instead of BODY_LIMIT.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
  // Each upload is disk or the image host's quota: 30 a minute per address is plenty for a kitchen.
  app.post(
    '/api/client/orders/images/upload',
    {
      onRequest: manageOrders,
      config: { rateLimit: { max: 30, timeWindow: 60_000 }, openapi: UPLOAD_DOC },
      schema: { response: { 201: UploadResponseSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw localizedError(ordersText, 'bad_request', 'refusal.uploadMultipart', { field: 'image' });
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (file?.fieldname !== 'image')
          throw localizedError(ordersText, 'bad_request', 'refusal.uploadField', { field: 'image' });
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof DomainError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
        throw localizedError(ordersText, 'bad_request', 'refusal.uploadUnreadable');
      }
      const link = await images.upload(bytes);
      reply.code(201);
      return { link };
    },
  );

  // Random names never change content: cached for good; served as the image type the bytes were checked to be.
  app.get(
    '/uploads/:name',
    {
      onRequest: publicAccess,
      config: { session: false, openapi: { responses: { '404': 'No stored upload has this name.' } } },
      schema: { params: UploadParamsSchema, response: { 200: nonJsonAnswer('image/*', 'The stored image.') } },
    },
    async (request, reply) => {
      const file = await images.open(request.params.name);
      if (!file) throw localizedError(ordersText, 'not_found', 'refusal.imageNotFound');
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
}
