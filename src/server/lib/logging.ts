/**
 * The app's log: one line per event through pino, readable in a terminal (pino-pretty) or JSON
 * for a collector (LOG_FORMAT; by default pretty only in development), and every line of a
 * request carrying its id — the proxy's X-Request-Id when it sends one, so that a request can
 * be followed from the proxy's log into the app's, and back to the client, which gets it echoed.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { REDACTED, REDACTED_LOG_PATHS, serializeRequest } from './log-redaction';

export type LogFormat = 'pretty' | 'json';

/** What an id from outside may look like: short, and nothing that could forge a log line. */
const FOREIGN_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request's id: the proxy's X-Request-Id when it is a plausible one, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && FOREIGN_REQUEST_ID.test(given) ? given : randomUUID();
}

export function loggerOptions(
  settings: { level: string; format: LogFormat },
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest },
    // Pretty lines are formatted in the request's thread: a development setting, where the
    // simplicity is worth more than the few microseconds a line.
    stream:
      settings.format === 'pretty'
        ? pretty({
            sync: true,
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss.l',
            ignore: 'pid,hostname',
            destination: stream ?? 1,
          })
        : stream,
  };
}

/** Every answer names its request's id (X-Request-Id), to quote in a bug report or find in a log. */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
