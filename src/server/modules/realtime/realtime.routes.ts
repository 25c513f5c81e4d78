/** GET /ws: the live connection, authenticated by the session cookie (RUNTIME.md). */
import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '@/server/lib/app-error';
import { requireUser } from '@/server/plugins/request-context';
import { ClientFrameSchema } from '@/shared/realtime-events';
import type { RealtimeHub } from './realtime.hub';

export const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  app.get(
    '/ws',
    {
      websocket: true,
      config: { access: 'user' },
      // A userId that is not the session's user is refused before the upgrade.
      onRequest: async (request) => {
        const claimed = (request.query as { userId?: string }).userId;
        if (claimed !== undefined && claimed !== String(requireUser(request).id)) {
          throw forbidden('This connection belongs to another user');
        }
      },
    },
    (socket, request) => {
      const user = requireUser(request);
      hub.add(user.id, socket);
      socket.send(JSON.stringify({ type: 'connection_established', data: { userId: user.id } }));
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return; // not JSON: ignored
        }
        const frame = ClientFrameSchema.safeParse(parsed);
        if (frame.success && frame.data.type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong', data: { timestamp: Date.now() } }));
        }
      });
    },
  );
};
