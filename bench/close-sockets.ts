import WebSocket from 'ws';

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
