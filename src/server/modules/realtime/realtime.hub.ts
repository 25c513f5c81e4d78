/**
 * Sockets of signed-in users, by user id. Services publish here; on one node the hub delivers
 * directly (the embedded database cannot carry NOTIFY across connections).
 */
import type { WebSocket } from 'ws';
import type { ServerEventType, ServerEvents } from '@/shared/realtime-events';

export class RealtimeHub {
  private readonly socketsByUser = new Map<number, Set<WebSocket>>();

  add(userId: number, socket: WebSocket): void {
    let sockets = this.socketsByUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.socketsByUser.set(userId, sockets);
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) this.socketsByUser.delete(userId);
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

  connectionCount(): number {
    let total = 0;
    for (const sockets of this.socketsByUser.values()) total += sockets.size;
    return total;
  }

  closeAll(): void {
    for (const sockets of this.socketsByUser.values()) for (const socket of sockets) socket.close(1001, 'server shutting down');
  }
}
