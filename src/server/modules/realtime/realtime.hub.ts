/**
 * Sockets of signed-in users, by user id, each with the session it was opened under. Services
 * publish here; on one node the hub delivers directly (the embedded database cannot carry NOTIFY
 * across connections). A session that ends — logout, a password reset, expiry — closes its sockets.
 */
import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE_CODE, type ServerEventType, type ServerEvents } from '@/shared/realtime-events';

import type { EndedSessions, EventSink } from '@/server/platform/events/event-bus';

/** The event bus delivers into this node's hub (platform/events/event-bus.ts). */
export class RealtimeHub implements EventSink {
  private readonly socketsByUser = new Map<number, Set<WebSocket>>();
  private readonly sessionOf = new Map<WebSocket, string>();

  add(userId: number, sessionIdHash: string, socket: WebSocket): void {
    let sockets = this.socketsByUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.socketsByUser.set(userId, sockets);
    }
    sockets.add(socket);
    this.sessionOf.set(socket, sessionIdHash);
    socket.once('close', () => {
      sockets.delete(socket);
      this.sessionOf.delete(socket);
      if (sockets.size === 0 && this.socketsByUser.get(userId) === sockets) this.socketsByUser.delete(userId);
    });
  }

  send<K extends ServerEventType>(userId: number, type: K, data: ServerEvents[K]): void {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return;
    const frame = JSON.stringify({ type, data });
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    }
  }

  /** Closes the sockets of ended sessions held by this node. */
  closeSessions(ended: EndedSessions): void {
    if ('sessionIdHashes' in ended) {
      const ids = new Set(ended.sessionIdHashes);
      for (const [socket, idHash] of this.sessionOf) if (ids.has(idHash)) this.endSocket(socket);
      return;
    }
    for (const socket of this.socketsByUser.get(ended.userId) ?? []) {
      if (this.sessionOf.get(socket) !== ended.exceptSessionIdHash) this.endSocket(socket);
    }
  }

  connectionCount(): number {
    let total = 0;
    for (const sockets of this.socketsByUser.values()) total += sockets.size;
    return total;
  }

  closeAll(): void {
    for (const sockets of this.socketsByUser.values()) for (const socket of sockets) socket.close(1001, 'server shutting down');
  }

  private endSocket(socket: WebSocket): void {
    socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
  }
}
