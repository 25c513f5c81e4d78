/** The bench clients' WebSockets: one per seeded user on the app's /ws, and closing them all. */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { frameText } from '@/server/lib/ws-frame';

export type Frame = { type: string; data: { messageId?: number; userId?: number } };

interface SocketHooks {
  /** Each frame after the handshake's own, with its arrival time (performance.now()) and its user. */
  onFrame(frame: Frame, at: number, userId: number): void;
  /** After the socket was established: an error, or a close the bench did not ask for. */
  onLost?(kind: 'error' | 'close', what: string): void;
  /** Whether the bench is closing its sockets (those closes are expected). */
  isClosing?(): boolean;
}

/**
 * Opens `user`'s socket and resolves once the server has established it for that user; rejects
 * when the upgrade is refused or the server names another user.
 */
export function openUserSocket(origin: string, user: { id: number; cookie: string }, hooks: SocketHooks): Promise<WebSocket> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, {
    headers: { cookie: user.cookie, origin },
    handshakeTimeout: 30_000,
  });
  return new Promise((resolve, reject) => {
    let established = false;
    socket.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(frameText(raw)) as Frame;
      if (frame.type !== 'connection_established') return hooks.onFrame(frame, at, user.id);
      if (frame.data.userId !== user.id)
        return reject(new Error(`socket of user ${user.id} was established for ${frame.data.userId}`));
      established = true;
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`/ws refused user ${user.id}: ${response.statusCode}`)),
    );
    // Kept for the socket's whole life: an error after the handshake must not kill the worker.
    socket.on('error', (error) => {
      if (!established) return reject(error);
      hooks.onLost?.('error', `user ${user.id}: error ${error.message}`);
    });
    socket.on('close', (code, reason) => {
      if (established && !hooks.isClosing?.()) hooks.onLost?.('close', `user ${user.id}: closed ${code} ${reason.toString()}`);
    });
  });
}

export interface Connected {
  sockets: number;
  seconds: number;
  failed: number;
  firstFailure?: string;
}

/**
 * Every user's socket, `batch` at a time (a thundering herd is not what is measured), each with
 * the same hooks. Throws when any could not connect: the figures would not be about every user.
 */
export async function openAllSockets(
  origin: string,
  users: { id: number; cookie: string }[],
  batch: number,
  hooks: SocketHooks,
  progress: (line: string) => void,
): Promise<{ sockets: WebSocket[]; connected: Connected }> {
  const start = performance.now();
  const sockets: WebSocket[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < users.length; i += batch) {
    const settled = await Promise.allSettled(users.slice(i, i + batch).map((user) => openUserSocket(origin, user, hooks)));
    for (const s of settled) {
      if (s.status === 'fulfilled') sockets.push(s.value);
      else {
        failed += 1;
        firstFailure ??= String(s.reason);
      }
    }
  }
  const connected = { sockets: sockets.length, seconds: (performance.now() - start) / 1000, failed, firstFailure };
  progress(`    ${sockets.length} sockets connected in ${connected.seconds.toFixed(1)} s (${failed} failed)`);
  if (failed > 0) throw new Error(`${failed} of ${users.length} sockets could not connect; first: ${firstFailure}`);
  return { sockets, connected };
}

/** Closes every client socket normally; one that has not closed after 5 s is terminated. */
export function closeSockets(sockets: WebSocket[], reason: string): Promise<void> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => (socket.terminate(), resolve()), 5_000);
          socket.once('close', () => (clearTimeout(timer), resolve()));
          socket.close(1000, reason);
        }),
    ),
  ).then(() => undefined);
}
