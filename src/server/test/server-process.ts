/**
 * A real app process (`src/server/main.ts` through tsx, or another entry such as a built
 * `dist/server/main.js`), started on a free port and awaited until healthy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';

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
  const port = await freePort();
  const args = options.args ?? ['--import', 'tsx', 'src/server/main.ts'];
  // With a umask: a shell sets it, then becomes the server (same process, same pid).
  const [command, commandArgs] =
    options.umask === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...args]];
  const child = spawn(command, commandArgs, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // A start compiles the server's sources (tsx), migrates and seeds; at the suite's start it shares
  // two cores with the type-check, the lint and other files' apps and has taken over 90 s. The
  // deadline catches a start that hangs, not one that is slow.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stopped, so that it does not hold the test's DATA_DIR (or port) for the tests after it.
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, output: () => output, exited };
}
