/**
 * GET /ws: the live connection, authenticated by the session cookie. The upgrade is
 * refused for another site's page (cross-site WebSocket hijacking: a browser sends the victim's
 * cookie along), and the socket lives no longer than its session: logout and a password reset
 * close it through the event bus, expiry through a timer here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { forbidden } from '@/server/lib/app-error';
import { isCrossSite, requireUser } from '@/server/plugins/request-context';
import { z } from 'zod';
import { SESSION_ENDED_CLOSE_CODE, type ClientFrame } from '@/shared/realtime-events';
import type { AuthService } from '../auth/auth.service';
import type { RealtimeHub } from './realtime.hub';
import { frameText } from '@/server/lib/ws-frame';

/** What a client may send (shared/realtime-events.ts has its type). */
const ClientFrameSchema: z.ZodType<ClientFrame> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), data: z.unknown().optional() }),
]);

/** setTimeout's longest delay (about 24.8 days); a longer session is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** Closes `socket` when its session has ended, looking again whenever the session slid forward. */
function closeAtExpiry(socket: WebSocket, auth: AuthService, idHash: string, expiresAt: Date): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (at: Date) => {
    timer = setTimeout(check, Math.min(Math.max(at.getTime() - Date.now(), 0) + 1000, MAX_TIMER_MS));
    timer.unref();
  };
  const check = () => {
    void auth.sessionExpiry(idHash).then(
      (next) => {
        if (socket.readyState !== socket.OPEN) return;
        if (next && next.getTime() > Date.now()) arm(next);
        else socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
      },
      // The database did not answer: look again shortly rather than drop a live session.
      () => arm(new Date(Date.now() + 60_000)),
    );
  };
  arm(expiresAt);
  socket.once('close', () => clearTimeout(timer));
}

export const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub; auth: AuthService; appUrl: string }> = async (
  app,
  { hub, auth, appUrl },
) => {
  app.get(
    '/ws',
    {
      websocket: true,
      config: { access: 'user' },
      onRequest: async (request) => {
        if (isCrossSite(request, appUrl)) throw forbidden('Cross-site connection refused');
        // A userId that is not the session's user is refused before the upgrade.
        const claimed = (request.query as { userId?: string }).userId;
        if (claimed !== undefined && claimed !== String(requireUser(request).id)) {
          throw forbidden('This connection belongs to another user');
        }
      },
    },
    (socket, request) => {
      const user = requireUser(request);
      hub.add(user.id, request.sessionIdHash!, socket);
      closeAtExpiry(socket, auth, request.sessionIdHash!, request.sessionExpiresAt!);
      socket.send(JSON.stringify({ type: 'connection_established', data: { userId: user.id } }));
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(frameText(raw));
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
