/**
 * The reverse proxy of deploy/nginx, proven: Debian's nginx, with exactly that
 * configuration (only ports, certificate and temporary paths changed), in front of two app nodes
 * (`dist/server/main.js`, production) on one fresh PostgreSQL database. Checks, through nginx:
 * HTTP to HTTPS, pages and the API over TLS and HTTP/2, request ids, both nodes answering,
 * /metrics closed, hashed assets cached, a message posted through one node reaching a WebSocket
 * held through the other, limits keyed on the real client address (and not on a forged
 * X-Forwarded-For), uploads up to the app's limit passing; and the systemd unit verified.
 *
 * Beside it, the same nginx also runs the simplest proxy anyone would write — a server block whose
 * location is `proxy_pass http://127.0.0.1:<port>;` and nothing else, so every request reaches the
 * app from the loopback with `Host: 127.0.0.1:<port>` and no forwarding header — in front of a
 * third node outside production with the dev mailbox on: /metrics and the mailbox must still
 * answer 404 through it, opening only with METRICS_TOKEN and the mailbox key.
 *
 * Usage: `npm run build && npm run check:proxy` (needs nginx, openssl and PostgreSQL; the database
 * server is PROXY_CHECK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Prints each check and exits 1 if any fails. Results of a run: docs/operating.md, "Checked".
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { openPostgres } from '@/server/db/client';
import { createCompany, createQuote, createUser } from '@/server/test/factories';
import { freePort } from '@/server/test/free-port';
import { startServer } from '@/server/test/server-process';

const ADMIN_URL = process.env.PROXY_CHECK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOGIN_LIMIT = 3;
const work = mkdtempSync(path.join(os.tmpdir(), 'lp-proxy-'));
chmodSync(work, 0o755);
const children: ChildProcess[] = [];
const failures: string[] = [];
let database: string | undefined;

async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  try {
    const detail = await run();
    console.log(`  ✓ ${name}${detail ? ` — ${detail}` : ''}`);
  } catch (error) {
    failures.push(name);
    console.log(`  ✗ ${name}: ${(error as Error).message}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request through nginx over TLS, from a chosen loopback address. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const module = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = module.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: readFileSync(path.join(work, 'cert.pem')),
        localAddress: options.from ?? '127.0.0.1',
        servername: 'localhost',
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function multipart(field: string, filename: string, type: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----lp${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A PNG of noise (it does not compress) of about `bytes`. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function start(command: string, args: string[], env: Record<string, string>, label: string): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  child.on('exit', (code) => {
    if (code && code !== 0) console.log(`  (${label} exited ${code}: ${output.slice(-2000)})`);
  });
  children.push(child);
  return child;
}

/**
 * deploy/nginx/localpros.conf with this run's ports, certificate and paths, inside a main config;
 * and the simplest proxy in front of the development node, a location with proxy_pass alone.
 */
function nginxConfig(ports: { http: number; https: number; nodes: number[]; simple: number; devNode: number }): string {
  let site = readFileSync('deploy/nginx/localpros.conf', 'utf8');
  site = site
    .replace(/^\s*# server 127\.0\.0\.1:3001.*\n/m, '')
    .replace(/server 127\.0\.0\.1:3000 (.*);/, ports.nodes.map((port) => `server 127.0.0.1:${port} $1;`).join('\n    '))
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace('/etc/ssl/localpros/fullchain.pem', path.join(work, 'cert.pem'))
    .replace('/etc/ssl/localpros/privkey.pem', path.join(work, 'key.pem'))
    .replace(/\/etc\/nginx\/snippets\/localpros-proxy\.conf/g, path.resolve('deploy/nginx/localpros-proxy.conf'))
    .replace('/var/cache/nginx/localpros', path.join(work, 'cache'))
    .replace(/server_name localpros\.example;/g, 'server_name localhost;')
    // For this check only: which node answered.
    .replace('ssl_session_timeout 1d;', 'ssl_session_timeout 1d;\n    add_header X-Upstream $upstream_addr always;');
  writeFileSync(path.join(work, 'site.conf'), site);
  const temp = (name: string) => path.join(work, name);
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  log_format with_id '$remote_addr "$request" $status $upstream_addr $request_id';
  access_log ${temp('access.log')} with_id;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${temp('site.conf')};
  server {
    listen 127.0.0.1:${ports.simple};
    location / {
      proxy_pass http://127.0.0.1:${ports.devNode};
    }
  }
}
`;
}

async function main(): Promise<void> {
  for (const [tool, args] of [
    ['nginx', ['-v']],
    ['openssl', ['version']],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'pipe' });
    } catch {
      throw new Error(`${tool} is needed (apt-get install ${tool})`);
    }
  }
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) throw new Error('build first: npm run build');
  const nginxVersion = execFileSync('nginx', ['-v'], { stdio: 'pipe', encoding: 'utf8' }) || 'nginx';
  console.log(`proxy check in ${work} (${nginxVersion.trim() || 'nginx'})`);

  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );

  database = `lp_proxy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  const ports = { http: await freePort(), https: await freePort(), nodes: [] as number[], simple: await freePort(), devNode: 0 };
  const metricsToken = randomBytes(24).toString('hex');
  const origin = `https://localhost:${ports.https}`;
  const dataDir = path.join(work, 'data');
  const nodeEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // One objects directory and one secret for both nodes, as a shared volume and the env file give.
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'loopback',
    APP_URL: origin,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_LIMIT),
    METRICS_TOKEN: metricsToken,
  };
  // The first node migrates and seeds; the second starts on the same database.
  for (let node = 0; node < 2; node++) {
    const running = await startServer(nodeEnv, { args: ['dist/server/main.js'] });
    children.push(running.child);
    ports.nodes.push(Number(new URL(running.base).port));
  }
  // The node behind the simplest proxy: development, its own embedded database, no SMTP_URL (so
  // the dev mailbox is on), the start log printing the mailbox's link with its key.
  const devNode = await startServer(
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'dev-data'),
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'false',
      LOG_FORMAT: 'json',
      METRICS_TOKEN: metricsToken,
    },
    { args: ['dist/server/main.js'] },
  );
  children.push(devNode.child);
  ports.devNode = Number(new URL(devNode.base).port);
  for (const dir of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, dir), { mode: 0o777 });
  writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(ports));
  execFileSync('nginx', ['-t', '-q', '-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'pipe' });
  start('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf')], {}, 'nginx');
  // Up when its plain-HTTP server answers (with the redirect to HTTPS, not followed here).
  for (let tries = 0; ; tries++) {
    if (
      await request(`http://127.0.0.1:${ports.http}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const via = (pathname: string) => `${origin}${pathname}`;
  const direct = (node: number, pathname: string) => `http://127.0.0.1:${ports.nodes[node]}${pathname}`;

  await check('plain HTTP is sent to HTTPS', async () => {
    const answer = await request(`http://localhost:${ports.http}/search?q=x`);
    assert(answer.status === 301, `status ${answer.status}`);
    assert(String(answer.headers.location).startsWith('https://localhost/search?q=x'), `location ${answer.headers.location}`);
  });

  await check('a page over TLS, with HSTS', async () => {
    const answer = await request(via('/'));
    assert(answer.status === 200 && answer.body.toString().includes('<div id="root">'), `status ${answer.status}`);
    assert(String(answer.headers['strict-transport-security']).includes('max-age'), 'no Strict-Transport-Security');
  });

  await check('HTTP/2', async () => {
    const session = http2.connect(origin, { ca: readFileSync(path.join(work, 'cert.pem')) });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/categories' });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      assert(session.alpnProtocol === 'h2', `negotiated ${session.alpnProtocol}`);
      assert(status === 200, `status ${status}`);
      return 'ALPN h2, /api/categories 200';
    } finally {
      session.close();
    }
  });

  const upstreams = new Set<string>();
  await check("the API, with nginx's request id echoed by the app", async () => {
    for (let i = 0; i < 4; i++) {
      const answer = await request(via('/api/categories'));
      assert(answer.status === 200 && (JSON.parse(answer.body.toString()) as unknown[]).length === 14, `status ${answer.status}`);
      assert(
        /^[0-9a-f]{32}$/.test(String(answer.headers['x-request-id'])),
        `X-Request-Id ${String(answer.headers['x-request-id'])}`,
      );
      upstreams.add(String(answer.headers['x-upstream']));
    }
    // The same id in nginx's access log (written as the request ends).
    const last = String((await request(via('/api/categories'))).headers['x-request-id']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert(readFileSync(path.join(work, 'access.log'), 'utf8').includes(last), 'the id is not in the access log');
  });

  await check('both nodes answer', async () => {
    assert(upstreams.size === 2, `only ${[...upstreams].join(', ')}`);
    return [...upstreams].join(' and ');
  });

  const withToken = { headers: { authorization: `Bearer ${metricsToken}` } };
  await check('/metrics is closed through the proxy and on the machine, open with the token only', async () => {
    const outside = await request(via('/metrics'), withToken);
    assert(outside.status === 404, `through nginx: ${outside.status}`);
    const bare = await fetch(direct(0, '/metrics'));
    assert(bare.status === 404, `direct without the token: ${bare.status}`);
    const wrong = await fetch(direct(0, '/metrics'), { headers: { authorization: `Bearer ${metricsToken.slice(1)}x` } });
    assert(wrong.status === 404, `direct with a wrong token: ${wrong.status}`);
    const inside = await fetch(direct(0, '/metrics'), withToken);
    const text = await inside.text();
    assert(inside.status === 200 && text.includes('http_request_duration_seconds'), `direct with the token: ${inside.status}`);
    return `through nginx 404; direct: no token 404, wrong token 404, token 200 (${text.split('\n').length} lines)`;
  });

  await check('the simplest proxy (proxy_pass alone) opens neither /metrics nor the dev mailbox', async () => {
    const simple = (pathname: string) => `http://127.0.0.1:${ports.simple}${pathname}`;
    const categories = await request(simple('/api/categories'));
    assert(categories.status === 200, `the proxy itself: /api/categories ${categories.status}`);
    // Something to steal: a sign-up's verification link, in the mailbox.
    const email = `simple.${randomBytes(4).toString('hex')}@example.com`;
    const signup = await request(simple('/api/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Proxy', email, password: 'simple-proxy-1' }),
    });
    assert(signup.status === 201, `sign-up through it: ${signup.status}`);
    const answers: string[] = [];
    for (const pathname of ['/metrics', '/dev/mailbox', '/api/dev/mailbox']) {
      const answer = await request(simple(pathname));
      assert(answer.status === 404, `${pathname} through it: ${answer.status}`);
      assert(!answer.body.toString().includes(email), `${pathname} through it shows the mail`);
      answers.push(`${pathname} ${answer.status}`);
    }
    const key = /\/dev\/mailbox\?key=([A-Za-z0-9_-]+)/.exec(devNode.output())?.[1];
    assert(key, 'the start log names no mailbox link');
    const bare = await fetch(`${devNode.base}/dev/mailbox`);
    assert(bare.status === 404, `the mailbox on the machine without the key: ${bare.status}`);
    // The key opens it (the link from the start log), and its cookie opens it again.
    let mailbox: Answer | undefined;
    for (let tries = 0; tries < 50; tries++) {
      mailbox = await request(simple(`/dev/mailbox?key=${key}`));
      if (mailbox.status !== 200 || mailbox.body.toString().includes(email)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert(mailbox?.status === 200 && mailbox.body.toString().includes(email), `with the key: ${mailbox?.status}`);
    const cookie = String(mailbox.headers['set-cookie']?.find((c) => c.includes('Path=/dev/mailbox'))).split(';')[0];
    const reload = await request(simple('/dev/mailbox'), { headers: { cookie } });
    assert(reload.status === 200, `reloaded with its cookie: ${reload.status}`);
    const metrics = await fetch(`${devNode.base}/metrics`, withToken);
    assert(metrics.status === 200, `/metrics on the node with the token: ${metrics.status}`);
    return `through it: ${answers.join(', ')}; the mailbox without the key on the machine 404, with the start log's key 200, its cookie 200; /metrics with the token 200`;
  });

  await check('hashed assets: immutable for browsers, cached by nginx', async () => {
    const asset = /\/assets\/[^"]+\.js/.exec(readFileSync('dist/client/index.html', 'utf8'))?.[0];
    assert(asset, 'no asset in index.html');
    const first = await request(via(asset));
    const second = await request(via(asset));
    assert(first.status === 200 && second.status === 200, `status ${first.status}/${second.status}`);
    assert(String(second.headers['cache-control']).includes('immutable'), `Cache-Control ${second.headers['cache-control']}`);
    assert(second.headers['x-cache-status'] === 'HIT', `second read ${String(second.headers['x-cache-status'])}`);
    return `${asset}: ${String(first.headers['x-cache-status'])} then ${String(second.headers['x-cache-status'])}`;
  });

  // People: a customer, and an owner whose company the customer asked for a quote.
  const db = openPostgres(databaseUrl, 2);
  const customer = await createUser(db.db, { isVerified: true });
  const owner = await createUser(db.db, { isVerified: true });
  const company = await createCompany(db.db, { ownerId: owner.id });
  const quote = await createQuote(db.db, { userId: customer.id, companyIds: [company.id] });
  await db.close();
  const login = async (user: { email: string; password: string }, from = '127.0.0.1') => {
    const answer = await request(via('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: user.email, password: user.password }),
      from,
    });
    assert(answer.status === 200, `login ${answer.status}`);
    return String(answer.headers['set-cookie']?.[0]).split(';')[0];
  };
  const customerCookie = await login(customer);
  const ownerCookie = await login(owner);

  await check('a message posted through one node reaches a WebSocket held through the other', async () => {
    const socket = new WebSocket(`wss://localhost:${ports.https}/ws`, {
      headers: { cookie: ownerCookie, origin },
      ca: readFileSync(path.join(work, 'cert.pem')),
    });
    const frames: string[] = [];
    socket.on('message', (data: Buffer) => frames.push(data.toString()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      // Which node holds the socket: each node's own metrics (read on the machine).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const held = await Promise.all(
        [0, 1].map(
          async (node) =>
            /^localpros_open_websockets (\d+)/m.exec(await (await fetch(direct(node, '/metrics'), withToken)).text())?.[1],
        ),
      );
      const holder = held.indexOf('1');
      assert(holder !== -1, `sockets per node: ${held.join(', ')}`);
      const other = `127.0.0.1:${ports.nodes[1 - holder]}`;
      // Round robin: within a few posts one goes to the other node.
      for (let i = 0; i < 6; i++) {
        const posted = await request(via(`/api/quotes/${quote.id}/companies/${company.id}/messages`), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: customerCookie, origin },
          body: JSON.stringify({ message: `Can you come Tuesday? (${i})` }),
        });
        assert(posted.status === 201, `post ${posted.status}: ${posted.body.toString()}`);
        if (posted.headers['x-upstream'] !== other) continue;
        const { id } = (JSON.parse(posted.body.toString()) as { message: { id: number } }).message;
        const arrived = () => frames.some((frame) => frame.includes('"new_message"') && frame.includes(`"messageId":${id},`));
        const deadline = Date.now() + 5_000;
        while (!arrived() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        assert(arrived(), `message ${id} did not arrive (frames: ${frames.join(' ').slice(0, 600)})`);
        return `socket on :${ports.nodes[holder]}, message ${id} posted through ${other}, its event arrived`;
      }
      throw new Error('no post reached the other node');
    } finally {
      socket.close();
    }
  });

  await check('limits key on the real client address, not on a forged X-Forwarded-For', async () => {
    const fail = (from: string, headers: Record<string, string> = {}) =>
      request(via('/api/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...headers },
        body: JSON.stringify({ email: `nobody.${randomBytes(3).toString('hex')}@example.com`, password: 'wrong-password-1' }),
        from,
      });
    const statuses = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await fail('127.0.0.2')).status);
    assert(
      statuses.every((status) => status === 401),
      `first ${LOGIN_LIMIT}: ${statuses.join(', ')}`,
    );
    const limited = await fail('127.0.0.2');
    assert(limited.status === 429 && Number(limited.headers['retry-after']) > 0, `then ${limited.status}`);
    const forged = await fail('127.0.0.2', { 'x-forwarded-for': '203.0.113.77' });
    assert(forged.status === 429, `with a forged X-Forwarded-For: ${forged.status}`);
    const neighbour = await fail('127.0.0.3');
    assert(neighbour.status === 401, `another address: ${neighbour.status}`);
    return `${LOGIN_LIMIT} failures from 127.0.0.2, then 429 (forged header too); 127.0.0.3 still 401`;
  });

  await check('uploads up to the limit pass; over it, the app says so; far over, nginx stops them', async () => {
    const upload = async (bytes: Buffer) => {
      const form = multipart('file', 'photo.png', 'image/png', bytes);
      return request(via('/api/upload/single'), {
        method: 'POST',
        headers: { 'content-type': form.contentType, cookie: customerCookie, origin },
        body: form.body,
      });
    };
    const near = await noisePng(4.8 * 1024 * 1024);
    const ok = await upload(near);
    assert(ok.status === 201, `${(near.length / 1e6).toFixed(2)} MB: ${ok.status} ${ok.body.toString().slice(0, 200)}`);
    const over = await upload(await noisePng(5.4 * 1024 * 1024));
    assert(
      over.status >= 400 && over.status < 500 && /5 ?MB|too large/i.test(over.body.toString()),
      `5.4 MB: ${over.status} ${over.body.toString().slice(0, 200)}`,
    );
    const far = await upload(randomBytes(8 * 1024 * 1024));
    assert(far.status === 413 && far.body.toString().includes('nginx'), `8 MB: ${far.status}`);
    return `${(near.length / 1e6).toFixed(2)} MB 201; 5.4 MB ${over.status} (${(JSON.parse(over.body.toString()) as { error: string }).error}); 8 MB 413 from nginx`;
  });

  await check('the systemd unit verifies', async () => {
    try {
      execFileSync('systemd-analyze', ['--version'], { stdio: 'pipe' });
    } catch {
      return 'systemd-analyze not installed: skipped';
    }
    execFileSync('systemd-analyze', ['verify', 'deploy/systemd/localpros.service'], { stdio: 'pipe' });
    return 'systemd-analyze verify: no findings';
  });
}

async function cleanup(): Promise<void> {
  for (const child of children.reverse()) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  if (database) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
}

main()
  .catch((error: unknown) => {
    failures.push('setup');
    console.error(`proxy check could not run: ${(error as Error).message}`);
  })
  .finally(async () => {
    await cleanup();
    console.log(failures.length ? `\n${failures.length} check(s) failed` : '\nevery check passed');
    process.exit(failures.length ? 1 : 0);
  });
