/** The platform settings screen's calls: admins only, refused before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { z } from 'zod';
import { badRequest, notFound } from '@/server/lib/app-error';
import { readMultipart } from '@/server/lib/multipart';
import { MAX_UPLOAD_BYTES } from '@/shared/constants';
import { BRAND_MESSAGES, PlatformSettingsBodySchema, PlatformSettingsSchema } from '@/shared/schemas/admin';
import { fileSizeMessage } from '@/shared/schemas/upload';
import type { PlatformSettingsService } from './platform-settings.service';

const admin = { config: { access: 'admin' as const } };

export const platformSettingsRoutes: FastifyPluginAsyncZod<{ settings: PlatformSettingsService }> = async (app, { settings }) => {
  app.get('/api/admin/platform-settings', { ...admin, schema: { response: { 200: PlatformSettingsSchema } } }, () =>
    settings.list(),
  );
  app.put(
    '/api/admin/platform-settings',
    { ...admin, schema: { body: PlatformSettingsBodySchema, response: { 200: PlatformSettingsSchema } } },
    (request) => settings.update(requireUser(request), request.body),
  );
  // The brand's logo or favicon, uploaded as the image part `file` of a multipart form.
  app.put(
    '/api/admin/brand/:image',
    {
      ...admin,
      schema: {
        params: z.object({ image: z.string() }),
        response: { 200: PlatformSettingsSchema },
      },
    },
    async (request) => {
      // Only the brand's two pictures live here: any other name is no such resource.
      const { image } = request.params;
      if (image !== 'logo' && image !== 'favicon') throw notFound();
      const { file } = await readMultipart(request, {
        fileFields: ['file'],
        maxFileBytes: MAX_UPLOAD_BYTES,
        tooLargeMessage: fileSizeMessage(MAX_UPLOAD_BYTES),
      });
      if (!file) throw badRequest(BRAND_MESSAGES.upload, 'BAD_REQUEST', 'file');
      await app.writeLimits.hit('uploads', request);
      return settings.setBrandImage(requireUser(request), image, file.bytes);
    },
  );
};
