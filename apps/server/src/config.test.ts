import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@sound-studio/shared';
import { ConfigError, loadConfig, resolveDataDir } from './config.ts';
import { SERVER_PACKAGE_DIR } from './lib/paths.ts';
import { temporaryFolder } from '../test/harness.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function dataDir(): string {
  const { folder, remove } = temporaryFolder('sound-studio-config-');
  cleanups.push(remove);
  return folder;
}

function configError(env: Record<string, string>): string {
  let thrown: unknown;
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  return (thrown as ConfigError).message;
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const folder = dataDir();
    const config = loadConfig({ DATA_DIR: folder });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: folder,
      database: { kind: 'pglite', dataDir: path.join(folder, 'db') },
      redisUrl: null,
      redisKeyPrefix: 'sound-studio:',
      csrfProtection: true,
      trustProxy: false,
      logLevel: 'info',
      webDistDir: path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
      rateLimits: RATE_LIMITS,
    });
  });

  it('reads the refresh-token reuse grace: 30 s by default, 0 turns it off, at most 300', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).refreshReuseGraceSeconds).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir(), REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceSeconds).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REFRESH_REUSE_GRACE_SECONDS: '301' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });

  it('resolves DATA_DIR against the working directory, ./data by default', () => {
    const folder = dataDir();
    const original = process.cwd();
    process.chdir(folder);
    try {
      expect(loadConfig({}).dataDir).toBe(path.join(folder, 'data'));
      expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.join(folder, 'elsewhere'));
    } finally {
      process.chdir(original);
    }
  });

  it('resolves DATA_DIR against INIT_CWD, where npm was started, when npm runs the server from a workspace', () => {
    const folder = dataDir();
    expect(loadConfig({ INIT_CWD: folder }).dataDir).toBe(path.join(folder, 'data'));
    expect(loadConfig({ INIT_CWD: folder, DATA_DIR: 'elsewhere' }).dataDir).toBe(path.join(folder, 'elsewhere'));
    expect(resolveDataDir({ INIT_CWD: folder })).toBe(path.join(folder, 'data'));
  });

  it('generates the JWT secret and admin token once, owner-only, and reuses them', () => {
    const folder = dataDir();
    const first = loadConfig({ DATA_DIR: folder });
    const second = loadConfig({ DATA_DIR: folder });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.adminToken).toBe(first.adminToken);
    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(48);
    for (const file of ['jwt-secret', 'admin-token']) {
      expect(statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(path.join(folder, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('prefers secrets from the environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 's'.repeat(40), ADMIN_TOKEN: 'a'.repeat(20) });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.adminToken).toBe('a'.repeat(20));
  });

  it('reads every setting', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user:pw@db:5432/sound',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'staging:',
      CSRF_PROTECTION: 'off',
      WEB_DIST_DIR: '/srv/web',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_LOGIN_MAX: '10',
      RATE_LIMIT_LOGIN_WINDOW_SECONDS: '60',
      RATE_LIMIT_REGISTER_BLOCK_SECONDS: '120',
      RATE_LIMIT_API_MAX: '1000',
      RATE_LIMIT_PASSWORD_RESET_MAX: '7',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://user:pw@db:5432/sound' },
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'staging:',
      csrfProtection: false,
      webDistDir: '/srv/web',
      logLevel: 'silent',
      rateLimits: {
        login: { max: 10, windowSeconds: 60, blockSeconds: RATE_LIMITS.login.blockSeconds },
        register: { ...RATE_LIMITS.register, blockSeconds: 120 },
        api: { ...RATE_LIMITS.api, max: 1000 },
        passwordReset: { ...RATE_LIMITS.passwordReset, max: 7 },
      },
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['off', false],
    ['true', true],
    ['1', true],
    ['on', true],
    ['', true],
  ])('reads CSRF_PROTECTION=%j as %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), CSRF_PROTECTION: value }).csrfProtection).toBe(expected);
  });

  it.each([
    ['true', true],
    ['off', false],
    ['0', false],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('lists every bad variable in one error, without echoing secrets', () => {
    const message = configError({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@db/sound',
      CSRF_PROTECTION: 'maybe',
      RATE_LIMIT_API_MAX: '0',
      JWT_SECRET: 'short',
    });
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    for (const variable of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'CSRF_PROTECTION', 'RATE_LIMIT_API_MAX', 'JWT_SECRET']) {
      expect(message).toMatch(new RegExp(`^  ${variable} `, 'm'));
    }
    expect(message).toContain('PORT must be a whole number between 1 and 65535 (got "eighty")');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('"short"');
  });

  it('reads the API key limits: per key, and per user across keys over the same window and block', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).apiKeys).toEqual({
      rateLimit: { max: 60, windowSeconds: 60, blockSeconds: 60 },
      userRateLimit: { max: 120, windowSeconds: 60, blockSeconds: 60 },
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      API_KEY_USER_RATE_LIMIT_MAX: '500',
      API_KEY_RATE_LIMIT_WINDOW_SECONDS: '3600',
      API_KEY_RATE_LIMIT_BLOCK_SECONDS: '600',
    });
    expect(config.apiKeys.userRateLimit).toEqual({ max: 500, windowSeconds: 3600, blockSeconds: 600 });
    expect(configError({ API_KEY_USER_RATE_LIMIT_MAX: '0' })).toContain(
      'API_KEY_USER_RATE_LIMIT_MAX must be a whole number between 1 and 10000000 (got "0")',
    );
  });

  it('returns a deeply frozen object', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.rateLimits.login)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
  });

  it('uses the local speech engine and in-process job workers by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.speech).toEqual({ provider: 'local', workers: null });
    expect(config.jobs).toEqual({ runWorkers: true, concurrency: 2 });
  });

  it('reads the speech provider, MiniMax and job settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SPEECH_PROVIDER: 'minimax',
      MINIMAX_API_KEY: 'mm-key',
      MINIMAX_BASE_URL: 'https://api.minimaxi.chat',
      MINIMAX_GROUP_ID: '1234',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RUN_WORKERS: 'false',
      JOB_CONCURRENCY: '4',
    });
    expect(config.speech).toEqual({ provider: 'minimax', apiKey: 'mm-key', baseUrl: 'https://api.minimaxi.chat', groupId: '1234', model: null });
    expect(config.jobs).toEqual({ runWorkers: false, concurrency: 4 });
    expect(loadConfig({ DATA_DIR: dataDir(), SPEECH_WORKERS: '3' }).speech).toEqual({ provider: 'local', workers: 3 });
    const chosen = loadConfig({ DATA_DIR: dataDir(), SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: 'mm-key', MINIMAX_SPEECH_MODEL: 'speech-2.6-turbo' });
    expect(chosen.speech).toMatchObject({ provider: 'minimax', model: 'speech-2.6-turbo' });
  });

  it('explains speech and job settings that cannot work, without echoing the MiniMax key', () => {
    expect(configError({ SPEECH_PROVIDER: 'minimax' })).toContain('MINIMAX_API_KEY is required when SPEECH_PROVIDER is minimax');
    expect(configError({ SPEECH_PROVIDER: 'elevenlabs' })).toContain('SPEECH_PROVIDER must be one of local, minimax');
    expect(configError({ SPEECH_WORKERS: '0' })).toContain('SPEECH_WORKERS must be a whole number between 1 and 64');
    expect(configError({ RUN_WORKERS: 'false' })).toContain('RUN_WORKERS can only be false with REDIS_URL set');
    const message = configError({ SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: 'secret-key', MINIMAX_BASE_URL: 'ftp://nope' });
    expect(message).toContain('MINIMAX_BASE_URL must be a URL starting with http:// or https://');
    expect(message).not.toContain('secret-key');
  });

  it('bills manually by default and needs both Stripe secrets for stripe, without echoing them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).billing).toEqual({
      provider: 'manual',
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      cycleCheckSeconds: 300,
    });
    const stripe = loadConfig({ DATA_DIR: dataDir(), BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripe.billing).toMatchObject({ provider: 'stripe', stripeSecretKey: 'sk_x', stripeWebhookSecret: 'whsec_x' });
    expect(configError({ BILLING_PROVIDER: 'paypal' })).toContain('BILLING_PROVIDER must be one of manual, stripe');
    const message = configError({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_secret_value' });
    expect(message).toContain('STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER is stripe');
    expect(message).not.toContain('sk_secret_value');
  });

  it('keeps media on the local disk by default; FILE_STORE=s3 needs S3_BUCKET and reads the SDK variables', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).fileStore).toEqual({ kind: 'local' });
    const s3 = loadConfig({
      DATA_DIR: dataDir(),
      FILE_STORE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'TRUE',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'key-id',
      AWS_SECRET_ACCESS_KEY: 'key-secret',
    });
    expect(s3.fileStore).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'sound-studio/',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
    });
    // Without keys in the environment the SDK finds them itself (profile, instance role).
    expect(loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3', S3_BUCKET: 'media' }).fileStore).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      region: null,
      credentials: null,
    });
    expect(configError({ FILE_STORE: 's3' })).toContain('S3_BUCKET is required when FILE_STORE is s3');
    expect(configError({ FILE_STORE: 'gcs' })).toContain('FILE_STORE must be one of local, s3');
    expect(configError({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT must be a URL starting with http:// or https://');
    expect(configError({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE must be one of');
    expect(configError({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_PREFIX: 'no-slash' })).toContain('S3_PREFIX must be folder names each ending with "/"');
  });

  it('sends no email by default; SMTP needs MAIL_FROM and PUBLIC_URL, and the SMTP password is never echoed', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toEqual({ smtpUrl: null, from: null, publicUrl: null });
    const smtp = { SMTP_URL: 'smtps://user:hunter2@mail.example.com', MAIL_FROM: 'Studio <no-reply@example.com>', PUBLIC_URL: 'https://studio.example.com' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...smtp }).mail).toEqual({
      smtpUrl: smtp.SMTP_URL,
      from: smtp.MAIL_FROM,
      publicUrl: smtp.PUBLIC_URL,
    });
    const message = configError({ SMTP_URL: smtp.SMTP_URL });
    expect(message).toContain('MAIL_FROM is required when SMTP_URL is set');
    expect(message).toContain('PUBLIC_URL is required when SMTP_URL is set');
    expect(message).not.toContain('hunter2');
    expect(configError({ SMTP_URL: 'http://hunter2@x' })).toContain('SMTP_URL must be a URL starting with smtp:// or smtps://');
    expect(configError({ PUBLIC_URL: 'studio.example.com' })).toContain('PUBLIC_URL must be a URL starting with http:// or https://');
  });
});
