import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GeoService } from './geo.service';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get(
    '/api/geo/postal-code',
    { schema: { response: { 200: z.object({ enabled: z.boolean(), postalCode: z.string().nullable() }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return { enabled: geo.isEnabled, postalCode: await geo.guessPostalCode(request.ip ?? '') };
    },
  );
};
