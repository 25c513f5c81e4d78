/** Command-line flags of `npm run bench` (see bench/README.md). */
import { parseArgs } from 'node:util';

export const PARTS = [
  'postgres',
  'embedded',
  'frontend',
  'images',
  'realtime',
  'logins',
  'mailstall',
  'insight',
  'geoimport',
] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  /** Synthetic companies in the PostgreSQL part. */
  companies: number;
  /** Synthetic companies in the embedded (PGlite) part. */
  embeddedCompanies: number;
  /** Seconds each measurement runs. */
  duration: number;
  /** Seconds of unrecorded load before each measurement (JIT, caches, pool connections). */
  warmup: number;
  /** Concurrent HTTP connections, and concurrent raw-SQL workers. */
  connections: number;
  /** A PostgreSQL server URL on which the bench may create and drop databases. */
  adminUrl: string;
  /** WebSocket clients of the realtime part (distinct signed-in users; even). */
  sockets: number;
  /** Messages per second of the realtime part's steady sender. */
  messageRate: number;
  parts: Part[];
  /** Where the markdown report goes. */
  output: string;
  /** Where the PostgreSQL part keeps the raw CPU profile of the app under the mix (optional). */
  cpuProfile?: string;
}

const USAGE = `npm run bench -- [--companies 100000] [--duration 10] [--warmup 2] [--connections 50]
                   [--embedded-companies 100000] [--parts postgres,embedded,frontend,images,realtime,logins,mailstall,insight,geoimport]
                   [--sockets 2000] [--message-rate 50]
                   [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--output bench/results.md]
                   [--cpu-profile app.cpuprofile]`;

function positiveInteger(name: string, value: string): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer (got ${value})\n${USAGE}`);
  return n;
}

function nonNegativeNumber(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0 (got ${value})\n${USAGE}`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      companies: { type: 'string', default: '100000' },
      'embedded-companies': { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '50' },
      sockets: { type: 'string', default: '2000' },
      'message-rate': { type: 'string', default: '50' },
      'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      parts: { type: 'string', default: PARTS.join(',') },
      output: { type: 'string', default: 'bench/results.md' },
      'cpu-profile': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const parts = values.parts.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`--parts: unknown ${unknown.join(', ')} (choose from ${PARTS.join(', ')})`);
  const duration = positiveInteger('duration', values.duration);
  return {
    companies: positiveInteger('companies', values.companies),
    embeddedCompanies: positiveInteger('embedded-companies', values['embedded-companies']),
    duration,
    warmup: Math.min(nonNegativeNumber('warmup', values.warmup), duration),
    connections: positiveInteger('connections', values.connections),
    sockets: positiveInteger('sockets', values.sockets),
    messageRate: positiveInteger('message-rate', values['message-rate']),
    adminUrl: values['admin-url'],
    parts: parts as Part[],
    output: values.output,
    cpuProfile: values['cpu-profile'],
  };
}
