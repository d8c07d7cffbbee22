import { Redis } from 'ioredis';
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from './http.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(SERVER_DIR, 'src', 'main.ts');
const START_TIMEOUT_MS = 120_000;

export const CHAOS_ADMIN_TOKEN = 'chaos-admin-token-0123456789abcdef';
const CHAOS_JWT_SECRET = 'chaos-jwt-secret-that-is-long-enough-0123456789';

/** A PostgreSQL database of its own, created with createdb and dropped at the end. */
export class ChaosDatabase {
  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly host: string,
    private readonly user: string,
  ) {}

  static create(label: string, serverUrl: string): ChaosDatabase {
    const server = new URL(serverUrl);
    const host = server.hostname || '127.0.0.1';
    const user = decodeURIComponent(server.username) || 'postgres';
    const name = `sound_studio_chaos_${label}_${process.pid}_${Date.now().toString(36)}`;
    runOrThrow('createdb', ['-h', host, '-p', server.port || '5432', '-U', user, name]);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return new ChaosDatabase(name, url.toString(), host, user);
  }

  drop(): void {
    const port = new URL(this.url).port || '5432';
    spawnSync('dropdb', ['-h', this.host, '-p', port, '-U', this.user, '--if-exists', '--force', this.name], { stdio: 'ignore' });
  }
}

function runOrThrow(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
}

export interface ServerOptions {
  label: string;
  database: ChaosDatabase;
  /** Extra environment (rate limits, workers). */
  env?: Record<string, string>;
  /** A compiled entry point (dist/main.js, dist/worker.js) run with plain node; by default src/main.ts through tsx. */
  script?: string;
  /** Ready once this text appears in the output (a process without HTTP, such as the worker); by default once /api/health answers 200. */
  readyText?: string;
}

/**
 * One real server process (`node --import tsx src/main.ts`) on its own port, data folder and TMPDIR (so leftover
 * temporary uploads can be counted without seeing other processes' files). Restarts keep folder and database.
 */
export class ServerProcess {
  readonly dataDir: string;
  readonly tempDir: string;
  readonly baseUrl: string;
  #child: ChildProcess | null = null;
  #log: WriteStream;
  #exited: Promise<void> = Promise.resolve();

  private constructor(
    private readonly root: string,
    readonly port: number,
    private readonly options: ServerOptions,
  ) {
    this.dataDir = path.join(root, 'data');
    this.tempDir = path.join(root, 'tmp');
    mkdirSync(this.dataDir, { recursive: true });
    mkdirSync(this.tempDir, { recursive: true });
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.#log = createWriteStream(path.join(root, 'server.log'), { flags: 'a' });
  }

  static async start(options: ServerOptions, port: number): Promise<ServerProcess> {
    const root = mkdtempSync(path.join(tmpdir(), `sound-studio-chaos-${options.label}-`));
    const server = new ServerProcess(root, port, options);
    await server.launch();
    return server;
  }

  get logPath(): string {
    return path.join(this.root, 'server.log');
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  async launch(): Promise<void> {
    const args = this.options.script ? ['--enable-source-maps', this.options.script] : ['--import', 'tsx', MAIN];
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: this.environment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.#log, { end: false });
    child.stderr?.pipe(this.#log, { end: false });
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.#child = child;
    const readyText = this.options.readyText;
    if (readyText) await this.waitForOutput(child, readyText);
    else await this.waitUntilHealthy();
  }

  /** Resumes a process paused with pause() (SIGCONT). */
  resume(): void {
    if (this.running) this.#child?.kill('SIGCONT');
  }

  /** Freezes the process (SIGSTOP): it holds its connections but does nothing until resume(). */
  pause(): void {
    if (this.running) this.#child?.kill('SIGSTOP');
  }

  /** Upload and decode files the server has on disk: its temp folder's and the data folder's upload area. */
  temporaryFiles(): string[] {
    const inTemp = readdirSync(this.tempDir).filter((name) => name.startsWith('sound-studio-'));
    const uploads = path.join(this.dataDir, 'uploads');
    const inUploads = existsSync(uploads)
      ? readdirSync(uploads, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(path.relative(uploads, entry.parentPath), entry.name))
      : [];
    return [...inTemp, ...inUploads.map((name) => `uploads/${name}`)];
  }

  private environment(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: this.tempDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.options.database.url,
      JWT_SECRET: CHAOS_JWT_SECRET,
      ADMIN_TOKEN: CHAOS_ADMIN_TOKEN,
      CSRF_PROTECTION: 'true',
      LOG_LEVEL: 'warn',
      FEATURED_CATALOGUE: 'off',
      WEB_DIST_DIR: path.join(this.root, 'no-web-build'),
      MUSIC_WORKERS: '1',
      ISOLATOR_WORKERS: '1',
      // Short hold leases, so holds of a killed process come back within seconds on PostgreSQL.
      CREDIT_HOLD_LEASE_SECONDS: '4',
      CREDIT_HOLD_SWEEP_SECONDS: '2',
      ...this.options.env,
    };
  }

  private async waitForOutput(child: ChildProcess, text: string): Promise<void> {
    let seen = '';
    const found = new Promise<boolean>((resolve) => {
      const look = (chunk: Buffer) => {
        seen = (seen + chunk.toString('utf8')).slice(-4096);
        if (seen.includes(text)) resolve(true);
      };
      child.stdout?.on('data', look);
      child.stderr?.on('data', look);
      child.once('exit', () => resolve(false));
    });
    const ready = await Promise.race([found, sleep(START_TIMEOUT_MS).then(() => false)]);
    if (!ready) throw new Error(`${this.options.label} did not print "${text}" (see ${this.logPath})`);
  }

  private async waitUntilHealthy(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server ${this.options.label} exited during start-up (see ${this.logPath})`);
      const reply = await request(this.baseUrl, { path: '/api/health', timeoutMs: 2000 }).catch(() => null);
      if (reply?.status === 200) return;
      await sleep(250);
    }
    throw new Error(`server ${this.options.label} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
  }

  /** kill -9: no shutdown hook runs, exactly like a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (this.running) this.#child?.kill('SIGKILL');
    await this.#exited;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  /** A clean stop (SIGTERM), falling back to SIGKILL; removes the folder. */
  async stop(): Promise<void> {
    if (this.running) {
      this.#child?.kill('SIGTERM');
      const stopped = await Promise.race([this.#exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!stopped) await this.kill();
    }
    this.#log.end();
  }

  removeFolder(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A free TCP port on 127.0.0.1 (asked of the system, then released for the caller to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Deletes every Redis key under `prefix` (a run's own key prefix), then lets go of the connection. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
