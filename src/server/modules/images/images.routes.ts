import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { requireUser } from '@/server/plugins/request-context';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import { ANY_IMAGE_TYPES_MESSAGE, fileSizeMessage, IMAGE_TYPES, UploadResponseSchema } from '@/shared/schemas/upload';
import type { ImagesService } from './images.service';

/** A year: an object id never names different bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  // The upload of 000 §7 (logos first go here, then to PATCH /api/companies/{id}/logo) and of the
  // /upload-test page.
  app.post(
    '/api/upload/single',
    { config: { access: 'user' }, schema: { response: { 201: UploadResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { file } = await readMultipart(request, {
        fileFields: ['file'],
        maxFileBytes: MAX_UPLOAD_BYTES,
        tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
      });
      if (!file) throw badRequest('Choose an image to upload');
      const answer = await images.storeImage(
        file.bytes,
        { allowed: IMAGE_TYPES, typesMessage: ANY_IMAGE_TYPES_MESSAGE },
        'upload',
        user.id,
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/objects/:id',
    // Any shape is accepted and simply not found: a path, a dot or a long string names no object.
    { schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const object = await images.openObject(request.params.id);
      if (!object) throw notFound('Object not found');
      reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.byteSize))
        .header('etag', object.etag)
        .header('cache-control', IMMUTABLE)
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.status(304).send();
      }
      return reply.send(object.body);
    },
  );
};
