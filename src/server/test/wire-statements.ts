/**
 * Counts the statements the app sends to the database, on the wire, on both databases (the
 * embedded one is reached through the same driver). Counted where every statement goes whichever
 * way it was sent: a simple query is one Query message, an extended one (parameters, named
 * statements) ends with one Sync. Patching a higher level (Client.query) misses the pooled
 * clients' calls.
 *
 * Usage: `const wire = watchStatements(); … const sent = await wire.during(() => call(…)); … wire.restore();`
 * Stop the app's background work first (jobs, outbox): its statements would count too.
 */
import pg from 'pg';

type WireConnection = { query(text: string): void; sync(): void; parse(q: { text?: string; name?: string }): void };

export interface StatementWatch {
  /** The statements sent while `action` ran (texts with their white space collapsed, in order). */
  during<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  restore(): void;
}

export function watchStatements(): StatementWatch {
  const prototype = (pg as unknown as { Connection: { prototype: WireConnection } }).Connection.prototype;
  const { query: originalSimple, sync: originalSync, parse: originalParse } = prototype;
  const shorten = (text: string) => text.replace(/\s+/g, ' ').trim();
  let statements: string[] | undefined;
  /** The text of the extended query a Sync ends (kept by the Parse before it). */
  let lastExtended = '?';
  const count = (statement: string) => {
    // The event bus's NOTIFY is delivery, not a read or write of the request's data, and may finish
    // after the answer; the health probe's `SELECT 1` runs in the background, whatever the request.
    if (statements && !statement.startsWith('SELECT pg_notify') && statement !== 'SELECT 1') statements.push(statement);
  };
  prototype.query = function (this: WireConnection, text: string) {
    count(shorten(text));
    return originalSimple.call(this, text);
  };
  prototype.parse = function (this: WireConnection, query: { text?: string; name?: string }) {
    lastExtended = shorten(query.text ?? query.name ?? '?');
    return originalParse.call(this, query);
  };
  prototype.sync = function (this: WireConnection) {
    count(lastExtended);
    return originalSync.call(this);
  };
  return {
    async during(action) {
      statements = [];
      try {
        const result = await action();
        return { result, statements };
      } finally {
        statements = undefined;
      }
    },
    restore() {
      prototype.query = originalSimple;
      prototype.sync = originalSync;
      prototype.parse = originalParse;
    },
  };
}
