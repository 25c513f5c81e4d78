/**
 * A real app process, started on a port the system picks and awaited until healthy. It runs the
 * server as `npm start` does, from the bundle in dist/server (the API projects' global setup
 * builds it when a source is newer), rather than compiling the sources through tsx at every start:
 * the same code as an operator runs, and about 3.5 CPU-seconds less a start. It finds the port in
 * the process's ready line, so LOG_LEVEL stays at info (or finer).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The bundled server and the backup/restore command, as `npm start` and `npm run backup` run them. */
export const BUILT_SERVER = 'dist/server/main.js';
export const BUILT_OPS = 'dist/server/ops.js';

/** The address in the process's ready line (main.ts). */
const READY_LINE = /ready; listening at (http:\/\/[^\s,]+),/;

export interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startServer(
  env: Record<string, string>,
  /** `umask`: the file-mode mask the process starts with (octal, e.g. '022'), as a shell would set it. */
  options: { args?: string[]; cwd?: string; umask?: string } = {},
): Promise<Running> {
  // Without its ready line the process could not be told from another on the same port.
  if (env.LOG_LEVEL && !['info', 'debug', 'trace'].includes(env.LOG_LEVEL)) {
    throw new Error(`startServer reads the process's ready line (info): LOG_LEVEL ${env.LOG_LEVEL} would hide it`);
  }
  const args = options.args ?? [BUILT_SERVER];
  // With a umask: a shell sets it, then becomes the server (same process, same pid).
  const [command, commandArgs] =
    options.umask === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...args]];
  // Port 0: the process binds a port the system picks and names it in its ready line. A port
  // chosen here and handed over could be given to another test's app while this one migrates and
  // seeds, and that app's health check would then answer for this one.
  const child = spawn(command, commandArgs, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A first start migrates and seeds; at the suite's start it shares
  // two cores with the type-check, the lint and other files' apps and has taken over 90 s. The
  // deadline catches a start that hangs, not one that is slow.
  const deadline = Date.now() + 180_000;
  let base: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    base ??= READY_LINE.exec(output)?.[1];
    if (base) {
      try {
        const response = await fetch(`${base}/api/health`);
        if (response.ok) break;
      } catch {
        // listening, not answering yet
      }
    }
    if (Date.now() > deadline) {
      // Stopped, so that it does not hold the test's DATA_DIR for the tests after it.
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, output: () => output, exited };
}
