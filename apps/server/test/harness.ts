import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MusicEngine, SpeechEngine } from '@sound-studio/audio';
import type { FastifyInstance } from 'fastify';
import type { AuthSession, Envelope, ErrorEnvelope } from '@sound-studio/shared';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig, type Environment } from '../src/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import type { ProviderFactories } from '../src/features/billing/providers/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { signAccessToken } from '../src/lib/access-tokens.ts';
import { issueCsrfToken } from '../src/lib/csrf.ts';
import { databaseUrl, runAdminQuery } from './postgres.ts';

/** A clock tests move by hand. Starts mid-month so "this month" sums are unambiguous. */
export class TestClock implements Clock {
  #nowMs: number;

  constructor(start: string | number = '2030-03-10T12:00:00.000Z') {
    this.#nowMs = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.#nowMs;
  }

  advance(ms: number): void {
    this.#nowMs += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const STRONG_PASSWORD = 'Sunny-Meadow-42!';

/**
 * A brand-new database for one test file: a fresh PostgreSQL database when TEST_DATABASE_URL is set (dropped on
 * close), otherwise an in-memory PGlite started from the run's migrated template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openPostgresTestDatabase(serverUrl) : openPgliteTestDatabase();
}

async function openPgliteTestDatabase(): Promise<DatabaseHandle> {
  const templatePath = inject('pgliteTemplatePath');
  if (templatePath && existsSync(templatePath)) {
    return openPglite({ loadDataDir: new Blob([readFileSync(templatePath)]) });
  }
  return openPglite({});
}

/** A copy of the run's migrated template (see global-setup.ts), dropped on close. */
async function openPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `sound_studio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplateName');
  await runAdminQuery(serverUrl, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const handle = await openPostgres(databaseUrl(serverUrl, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Creates an empty temporary folder, removed by the returned function. */
export function temporaryFolder(prefix = 'sound-studio-test-'): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Test configuration: quiet, fixed secrets, a generous API limit unless a test asks for less. */
export function testConfig(dataDir: string, env: Environment = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_API_MAX: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Composing the featured catalogue renders music in the background; only the catalogue test wants it.
    FEATURED_CATALOGUE: 'off',
    ...env,
  });
}

export interface TestReply {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
  text: string;
  /** The raw body (audio replies). */
  bytes: Buffer;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Bearer access token. */
  token?: string;
  headers?: Record<string, string>;
  /** Send a fresh X-CSRF-Token on mutating calls (default true). */
  csrf?: boolean;
  remoteAddress?: string;
}

/** The data of a successful reply, typed by the caller; fails the test with the reply when it is an error. */
export function dataOf<T>(reply: TestReply): T {
  const body = reply.body as Envelope<T>;
  if (typeof body !== 'object' || body === null || body.success !== true) {
    throw new Error(`expected a success envelope, got ${reply.statusCode} ${reply.text}`);
  }
  return body.data;
}

/** The error envelope of a failed reply. */
export function errorOf(reply: TestReply): ErrorEnvelope {
  const body = reply.body as Envelope<unknown>;
  if (typeof body !== 'object' || body === null || body.success !== false) {
    throw new Error(`expected an error envelope, got ${reply.statusCode} ${reply.text}`);
  }
  return body;
}

/** The first message per field of a VALIDATION_ERROR reply: what a form shows. */
export function firstFieldMessages(reply: TestReply): Record<string, string> {
  const details = errorOf(reply).details as { fields?: Record<string, string[]> } | undefined;
  if (!details?.fields) throw new Error(`expected details.fields, got ${reply.text}`);
  return Object.fromEntries(Object.entries(details.fields).map(([field, messages]) => [field, messages[0] ?? '']));
}

let emailCounter = 0;

export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

export interface RegisteredUser {
  name: string;
  email: string;
  password: string;
  session: AuthSession;
}

/** A fresh access token for the user's session at the test clock's time (for tests that move the clock by months). */
export function freshAccessToken(t: TestApp, user: RegisteredUser): string {
  const payload = user.session.accessToken.split('.')[1] ?? '';
  const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string };
  return signAccessToken(t.config.jwtSecret, { userId: user.session.user.id, sessionId: sid }, t.clock.now());
}

/** An app built exactly as main.ts builds it, over a test database and a hand-moved clock. */
export class TestApp {
  private constructor(
    readonly app: FastifyInstance,
    readonly config: AppConfig,
    readonly clock: TestClock,
    readonly database: DatabaseHandle,
    private readonly removeDataDir: () => void,
  ) {}

  static async start(options: {
    database: DatabaseHandle;
    env?: Environment;
    clock?: TestClock;
    /** Share one engine across the apps of a test file (the caller closes it). */
    speechEngine?: SpeechEngine;
    /** Payment providers besides `manual` (a local fake of Stripe). */
    billingProviders?: ProviderFactories;
    /** A music engine the caller owns, e.g. a FastMusicEngine (the caller closes it). */
    musicEngine?: MusicEngine;
    /** Receives the app's log lines (set LOG_LEVEL in env to see more than nothing). */
    logStream?: { write(line: string): void };
  }): Promise<TestApp> {
    const { folder, remove } = temporaryFolder();
    const config = testConfig(folder, options.env);
    const clock = options.clock ?? new TestClock();
    const app = await buildApp(config, {
      clock,
      database: options.database,
      speechEngine: options.speechEngine,
      musicEngine: options.musicEngine,
      billingProviders: options.billingProviders,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    return new TestApp(app, config, clock, options.database, remove);
  }

  /** Where the app's FileStore keeps media. */
  get mediaRoot(): string {
    return path.join(this.config.dataDir, 'media');
  }

  get db() {
    return this.database.db;
  }

  csrfToken(): string {
    return issueCsrfToken(this.config.jwtSecret, this.clock.now()).token;
  }

  async request(options: RequestOptions): Promise<TestReply> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (method !== 'GET' && options.csrf !== false) headers['x-csrf-token'] ??= this.csrfToken();
    const response = await this.app.inject({
      method,
      url: options.url,
      headers,
      remoteAddress: options.remoteAddress,
      ...(options.body === undefined ? {} : { payload: options.body as object | Buffer }),
    });
    const text = response.body;
    // A compressed reply (the test asked for one with Accept-Encoding) stays as bytes for the test to decode.
    const isJson = String(response.headers['content-type'] ?? '').includes('json') && !response.headers['content-encoding'];
    const body: unknown = isJson ? JSON.parse(text) : text;
    return { statusCode: response.statusCode, headers: response.headers, text, body, bytes: response.rawPayload };
  }

  /** Registers a new account through the API and returns its session. */
  async register(overrides: Partial<{ name: string; email: string; password: string }> = {}): Promise<RegisteredUser> {
    const account = { name: 'Test User', email: uniqueEmail(), password: STRONG_PASSWORD, ...overrides };
    const reply = await this.request({ method: 'POST', url: '/api/auth/register', body: account });
    if (reply.statusCode !== 201) throw new Error(`register failed: ${reply.statusCode} ${reply.text}`);
    return { ...account, session: dataOf<AuthSession>(reply) };
  }

  /** Listens on a free local port (for socket.io and HTTP clients) and returns the base URL. */
  async listen(): Promise<string> {
    await this.app.listen({ port: 0, host: '127.0.0.1' });
    const address = this.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    return `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    await this.app.close();
    this.removeDataDir();
  }
}
