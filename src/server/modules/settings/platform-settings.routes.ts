/** The platform settings screen's calls: admins only, refused before the body is read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/request-context';
import { PlatformSettingsBodySchema, PlatformSettingsSchema } from '@/shared/schemas/admin';
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
};
