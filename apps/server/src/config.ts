import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { RATE_LIMITS, type RateLimitDetails, type RateLimitRule } from '@sound-studio/shared';
import { z } from 'zod';
import { musicConfigFrom, type MusicConfig } from './features/music/config.ts';
import { apiKeysConfigFrom, type ApiKeysConfig } from './lib/api-keys/config.ts';
import { fileStoreConfigFrom, type FileStoreConfig } from './lib/file-store/config.ts';
import { billingConfigFrom, type BillingConfig } from './features/billing/config.ts';
import { mailConfigFrom, type MailConfig } from './lib/mail/config.ts';
import { oauthConfigFrom, type OAuthConfig } from './features/auth/oauth/config.ts';
import { voiceLabConfigFrom, type VoiceLabConfig } from './features/voice-lab/config.ts';
import type { Environment } from './lib/environment.ts';
import { SERVER_PACKAGE_DIR } from './lib/paths.ts';
import { speechProvidersConfigFrom, type SpeechProviderConfig } from './lib/speech/providers-config.ts';
import { readOrCreateSecretFile } from './lib/secret-files.ts';

export type RateLimitScope = RateLimitDetails['scope'];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export const SPEECH_PROVIDERS = ['local', 'minimax'] as const;

/** Which speech engine renders audio: the local eSpeak NG pool (default) or MiniMax's cloud API. */
export type SpeechConfig =
  | { provider: 'local'; /** Worker threads; null means the engine's default (min(2, CPUs)). */ workers: number | null }
  | {
      provider: 'minimax';
      apiKey: string;
      baseUrl: string | null;
      groupId: string | null;
      /** MiniMax model our default speech model speaks with (MINIMAX_SPEECH_MODEL); null keeps the adapter's. */
      model: string | null;
    };

export interface JobsConfig {
  /** Whether this process runs job handlers (false: an API node that only enqueues, with `npm run worker` elsewhere). */
  runWorkers: boolean;
  /** Jobs run at the same time by one process. */
  concurrency: number;
}

/** The sweep that gives back credits held for work nobody will finish (lib/credit-hold-sweeper.ts). */
export interface CreditHoldsConfig {
  /** How long a request's hold stays claimed without being renewed (it is renewed every sweep while the request runs). */
  leaseSeconds: number;
  /** How often holds are renewed and abandoned ones released. */
  sweepSeconds: number;
}

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Installed neural voice models (Piper, Kokoro), one folder each; watched while the server runs. */
  readonly modelsDir: string;
  readonly database: Readonly<DatabaseTarget>;
  readonly redisUrl: string | null;
  /** Namespace of every Redis key and channel, so several deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string;
  readonly csrfProtection: boolean;
  /** Fastify's trustProxy: behind a reverse proxy, client addresses (per-address rate limits) come from X-Forwarded-For. */
  readonly trustProxy: boolean | string;
  readonly adminToken: string;
  readonly webDistDir: string;
  readonly rateLimits: Readonly<Record<RateLimitScope, Readonly<RateLimitRule>>>;
  /** How long the refresh token just rotated may be presented again (two tabs refreshing at once) without revoking. */
  readonly refreshReuseGraceSeconds: number;
  readonly logLevel: LogLevel;
  readonly speech: Readonly<SpeechConfig>;
  /** Upstream speech providers beside the local engines (SPEECH_PROVIDERS); their voices join the library. */
  readonly speechProviders: readonly Readonly<SpeechProviderConfig>[];
  readonly jobs: Readonly<JobsConfig>;
  readonly creditHolds: Readonly<CreditHoldsConfig>;
  readonly music: Readonly<MusicConfig>;
  readonly voiceLab: Readonly<VoiceLabConfig>;
  readonly apiKeys: Readonly<ApiKeysConfig>;
  readonly billing: Readonly<BillingConfig>;
  readonly fileStore: Readonly<FileStoreConfig>;
  /** How often each node sweeps pending_file_deletions (lib/file-store/file-deletions.ts). */
  readonly fileDeletionSweepSeconds: number;
  readonly mail: Readonly<MailConfig>;
  /** Google and GitHub sign-in (each off unless its client id and secret are set). */
  readonly oauth: Readonly<OAuthConfig>;
}

export type { Environment };

/** Thrown when the environment is unusable; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Never echoed back in error messages: they may carry passwords.
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'ADMIN_TOKEN',
  'DATABASE_URL',
  'REDIS_URL',
  'MINIMAX_API_KEY',
  'SPEECH_PROVIDERS',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'GITHUB_CLIENT_SECRET',
]);

export const JWT_SECRET_FILE = 'jwt-secret';
export const ADMIN_TOKEN_FILE = 'admin-token';

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number between ${min} and ${max}` })
    .int({ error: `must be a whole number between ${min} and ${max}` })
    .min(min, { error: `must be a whole number between ${min} and ${max}` })
    .max(max, { error: `must be a whole number between ${min} and ${max}` });

const urlWithScheme = (schemes: string[]) =>
  z.string().refine((value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)), {
    error: `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
  });

const switchValue = z.string().transform((value, ctx) => {
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(normalized)) return true;
  if (['false', '0', 'off', 'no'].includes(normalized)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be one of true, false, 1, 0, on, off' });
  return z.NEVER;
});

/** true/false (trust every proxy or none), or a comma-separated list of trusted proxy addresses or CIDR ranges. */
const trustProxyValue = z.string().transform((value): boolean | string => {
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(normalized)) return true;
  if (['false', '0', 'off', 'no'].includes(normalized)) return false;
  return value.trim();
});

const RATE_LIMIT_FIELDS = { MAX: 'max', WINDOW_SECONDS: 'windowSeconds', BLOCK_SECONDS: 'blockSeconds' } as const;
const RATE_LIMIT_SCOPES = ['login', 'register', 'api', 'passwordReset'] as const satisfies readonly RateLimitScope[];

/** RATE_LIMIT_LOGIN_MAX, RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS, … */
function rateLimitVariable(scope: RateLimitScope, field: keyof typeof RATE_LIMIT_FIELDS): string {
  return `RATE_LIMIT_${scope.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}_${field}`;
}

const rateLimitShape = Object.fromEntries(
  RATE_LIMIT_SCOPES.flatMap((scope) =>
    Object.keys(RATE_LIMIT_FIELDS).map((field) => [
      rateLimitVariable(scope, field as keyof typeof RATE_LIMIT_FIELDS),
      wholeNumber(1, 10_000_000).optional(),
    ]),
  ),
);

const environmentSchema = z.object({
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  MODELS_DIR: z.string().optional(),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithScheme(['redis', 'rediss']).optional(),
  REDIS_KEY_PREFIX: z.string().max(100).default('sound-studio:'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  CSRF_PROTECTION: switchValue.default(true),
  TRUST_PROXY: trustProxyValue.default(false),
  ADMIN_TOKEN: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SPEECH_PROVIDER: z.enum(SPEECH_PROVIDERS, { error: `must be one of ${SPEECH_PROVIDERS.join(', ')}` }).default('local'),
  SPEECH_WORKERS: wholeNumber(1, 64).optional(),
  MINIMAX_API_KEY: z.string().optional(),
  MINIMAX_BASE_URL: urlWithScheme(['http', 'https']).optional(),
  MINIMAX_GROUP_ID: z.string().optional(),
  MINIMAX_SPEECH_MODEL: z.string().trim().min(1).optional(),
  RUN_WORKERS: switchValue.default(true),
  JOB_CONCURRENCY: wholeNumber(1, 64).default(2),
  REFRESH_REUSE_GRACE_SECONDS: wholeNumber(0, 300).default(30),
  CREDIT_HOLD_LEASE_SECONDS: wholeNumber(2, 86_400).default(120),
  CREDIT_HOLD_SWEEP_SECONDS: wholeNumber(1, 3600).default(30),
  FILE_DELETION_SWEEP_SECONDS: wholeNumber(1, 3600).default(60),
  ...rateLimitShape,
})
  .refine((values) => values.SPEECH_PROVIDER !== 'minimax' || Boolean(values.MINIMAX_API_KEY), {
    path: ['MINIMAX_API_KEY'],
    error: 'is required when SPEECH_PROVIDER is minimax',
  })
  // A lease must outlive at least one missed renewal, or a running request's hold could be taken for abandoned.
  .refine((values) => values.CREDIT_HOLD_LEASE_SECONDS >= 2 * values.CREDIT_HOLD_SWEEP_SECONDS, {
    path: ['CREDIT_HOLD_LEASE_SECONDS'],
    error: 'must be at least twice CREDIT_HOLD_SWEEP_SECONDS',
  })
  // Without Redis nothing else can run the jobs this server enqueues.
  .refine((values) => values.RUN_WORKERS || Boolean(values.REDIS_URL), {
    path: ['RUN_WORKERS'],
    error: 'can only be false with REDIS_URL set (jobs then run in `npm run worker`)',
  });

type ParsedEnvironment = z.infer<typeof environmentSchema> & Record<string, number | undefined>;

/**
 * Where relative paths start: npm runs workspace scripts inside the workspace, and INIT_CWD is where the user typed
 * the command, so `npm start` or `npm run admin` at the repository root both use ./data there.
 */
function invocationDir(env: Environment): string {
  return env.INIT_CWD || process.cwd();
}

/** The data folder the server uses for this environment, without reading anything else (the admin command needs it). */
export function resolveDataDir(env: Environment = process.env): string {
  return path.resolve(invocationDir(env), env.DATA_DIR || './data');
}

/** MODELS_DIR, by default DATA_DIR/models (the models command needs it without the rest of the configuration). */
export function resolveModelsDir(env: Environment = process.env): string {
  return env.MODELS_DIR ? path.resolve(invocationDir(env), env.MODELS_DIR) : path.join(resolveDataDir(env), 'models');
}

/** Reads and validates the environment once; generated secrets are stored in DATA_DIR so restarts keep them. */
export function loadConfig(env: Environment = process.env): AppConfig {
  // An empty variable means "not set", as in most .env files.
  const provided = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(provided);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const shown = SECRET_VARIABLES.has(variable) ? '' : ` (got "${env[variable] ?? ''}")`;
      return `  ${variable} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data as ParsedEnvironment;
  const music = musicConfigFrom(provided);
  if ('problems' in music) throw new ConfigError(`Invalid configuration:\n${music.problems.join('\n')}`);
  const voiceLab = voiceLabConfigFrom(provided);
  if ('problems' in voiceLab) throw new ConfigError(`Invalid configuration:\n${voiceLab.problems.join('\n')}`);
  const apiKeys = apiKeysConfigFrom(provided);
  if ('problems' in apiKeys) throw new ConfigError(`Invalid configuration:\n${apiKeys.problems.join('\n')}`);
  const billing = billingConfigFrom(provided);
  if ('problems' in billing) throw new ConfigError(`Invalid configuration:\n${billing.problems.join('\n')}`);
  const fileStore = fileStoreConfigFrom(provided);
  if ('problems' in fileStore) throw new ConfigError(`Invalid configuration:\n${fileStore.problems.join('\n')}`);
  const mail = mailConfigFrom(provided);
  if ('problems' in mail) throw new ConfigError(`Invalid configuration:\n${mail.problems.join('\n')}`);
  const oauth = oauthConfigFrom(provided);
  if ('problems' in oauth) throw new ConfigError(`Invalid configuration:\n${oauth.problems.join('\n')}`);
  const baseDir = invocationDir(env);
  const speechProviders = speechProvidersConfigFrom(provided, baseDir);
  if ('problems' in speechProviders) throw new ConfigError(`Invalid configuration:\n${speechProviders.problems.join('\n')}`);
  const dataDir = resolveDataDir(env);
  ensureDataDir(dataDir);

  return deepFreeze({
    port: values.PORT,
    host: values.HOST,
    dataDir,
    modelsDir: resolveModelsDir(env),
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: values.REDIS_URL ?? null,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecretFile(path.join(dataDir, JWT_SECRET_FILE), 48),
    csrfProtection: values.CSRF_PROTECTION,
    trustProxy: values.TRUST_PROXY,
    adminToken: values.ADMIN_TOKEN ?? readOrCreateSecretFile(path.join(dataDir, ADMIN_TOKEN_FILE), 32),
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(baseDir, values.WEB_DIST_DIR)
      : path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    rateLimits: rateLimitsFrom(values),
    refreshReuseGraceSeconds: values.REFRESH_REUSE_GRACE_SECONDS,
    logLevel: values.LOG_LEVEL,
    speech: speechFrom(values, speechProviders.config),
    speechProviders: speechProviders.config,
    jobs: { runWorkers: values.RUN_WORKERS, concurrency: values.JOB_CONCURRENCY },
    creditHolds: { leaseSeconds: values.CREDIT_HOLD_LEASE_SECONDS, sweepSeconds: values.CREDIT_HOLD_SWEEP_SECONDS },
    music: music.config,
    voiceLab: voiceLab.config,
    apiKeys: apiKeys.config,
    billing: billing.config,
    fileStore: fileStore.config,
    fileDeletionSweepSeconds: values.FILE_DELETION_SWEEP_SECONDS,
    mail: mail.config,
    oauth: oauth.config,
  } satisfies AppConfig);
}

/**
 * The engine of the catalogue voices. SPEECH_PROVIDER=minimax with MINIMAX_* is the shorthand of a SPEECH_PROVIDERS
 * entry `{ "type": "minimax", "catalogue": true, ... }`: either way MiniMax renders the catalogue voices.
 */
function speechFrom(values: ParsedEnvironment, providers: readonly SpeechProviderConfig[]): SpeechConfig {
  const catalogue = providers.find((provider) => provider.catalogue);
  if (catalogue) {
    return { provider: 'minimax', apiKey: catalogue.apiKey, baseUrl: catalogue.baseUrl, groupId: catalogue.groupId, model: catalogue.model };
  }
  if (values.SPEECH_PROVIDER === 'minimax') {
    return {
      provider: 'minimax',
      apiKey: values.MINIMAX_API_KEY ?? '',
      baseUrl: values.MINIMAX_BASE_URL ?? null,
      groupId: values.MINIMAX_GROUP_ID ?? null,
      model: values.MINIMAX_SPEECH_MODEL ?? null,
    };
  }
  return { provider: 'local', workers: values.SPEECH_WORKERS ?? null };
}

function rateLimitsFrom(values: ParsedEnvironment): Record<RateLimitScope, RateLimitRule> {
  const rule = (scope: RateLimitScope): RateLimitRule => ({
    max: values[rateLimitVariable(scope, 'MAX')] ?? RATE_LIMITS[scope].max,
    windowSeconds: values[rateLimitVariable(scope, 'WINDOW_SECONDS')] ?? RATE_LIMITS[scope].windowSeconds,
    blockSeconds: values[rateLimitVariable(scope, 'BLOCK_SECONDS')] ?? RATE_LIMITS[scope].blockSeconds,
  });
  return { login: rule('login'), register: rule('register'), api: rule('api'), passwordReset: rule('passwordReset') };
}

function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  DATA_DIR cannot be created at ${dataDir} (${String(error)})`);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
