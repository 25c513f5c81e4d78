/**
 * `npm run geo:import -- FILE` as an operator runs it — the built command, in a process of its
 * own, beside a test's running app on the same database — for the command's tests and journeys.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { BUILT_OPS } from './server-process';

/** A test database as a URL another process reaches: a server's, or the embedded one's socket. */
export function databaseUrlOf(database: DatabaseHandle): string {
  const connection = database.connection as { connectionString?: string; host?: string; port?: number };
  if (connection.connectionString) return connection.connectionString;
  return `postgres://postgres@localhost:${connection.port}/postgres?host=${encodeURIComponent(connection.host!)}`;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the import of `file` (`-`: `stdin`) for `COUNTRY=GB` into `database`. */
export function runGeoImport(database: DatabaseHandle, file: string, stdin = ''): Promise<CommandResult> {
  const child = spawn(process.execPath, [BUILT_OPS, 'geo-import', file], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      COUNTRY: 'GB',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lp-geo-import-')),
      SESSION_SECRET: 'a-secret-for-the-import-command',
      DATABASE_URL: databaseUrlOf(database),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(stdin);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
