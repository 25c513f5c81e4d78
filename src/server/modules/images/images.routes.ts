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
/**
 * A quote's or a conversation's image, or a withheld picture: kept by the viewer's browser only,
 * and asked again each time (a 304 after the access check), so a shared cache never holds it and
 * lost access counts.
 */
const PRIVATE = 'private, no-cache';

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  // The general upload (logos first go here, then to PATCH /api/companies/{id}/logo) and of the
  // /upload-test page.
  app.post(
    '/api/upload/single',
    { config: { access: 'user', rateLimit: 'uploads' }, schema: { response: { 201: UploadResponseSchema } } },
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
      const row = await images.findObject(request.params.id);
      // Someone else's private image, or a picture a moderator withheld, is as unknown as a
      // missing one: a stranger learns not even that it exists.
      const access = row ? await images.accessFor(row, request.user) : 'none';
      if (!row || access === 'none') throw notFound('Object not found');
      const isPrivate = access === 'private';
      reply.header('etag', row.etag).header('cache-control', isPrivate ? PRIVATE : IMMUTABLE);
      if (isPrivate) reply.header('vary', 'Cookie');
      // A revalidation is answered from the (cached) row, without touching the store.
      if (request.headers['if-none-match'] === row.etag) return reply.status(304).send();
      const object = await images.openObject(row);
      if (!object) throw notFound('Object not found');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.byteSize))
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(object.body);
    },
  );
};
