import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (for an app started by a test or a bench). */
export async function freePort(): Promise<number> {
  const reserved = await reservePort();
  await reserved.release();
  return reserved.port;
}

/**
 * A port held until `release()`: between choosing a free port and listening on it, another test
 * binding port 0 may be given the same one. Holding it while the app is built (seconds on a
 * loaded machine) and releasing it just before `listen` leaves that window at microseconds.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => server.close(() => done())) });
    });
    server.once('error', reject);
  });
}
