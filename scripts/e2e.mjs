#!/usr/bin/env node
// Builds the web app, starts the real server on a free port with a fresh embedded database, runs the Playwright
// suite in Debian's Chromium against it, and stops the server. Extra arguments go to `playwright test`.
// `--screenshots` (`npm run screenshots`) runs only the screenshot spec, which the test run leaves out.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHealth } from './lib/server-process.mjs';

/** Prints how long a stage took, so a slow run shows where its time went. */
function logStage(name, since) {
  console.log(`e2e: ${name} in ${((Date.now() - since) / 1000).toFixed(1)} s`);
}

const screenshots = process.argv.includes('--screenshots');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--screenshots');

/** Runs a command to the end, printing its output; resolves with its exit code and how long it took. */
function run(name, command, args, options = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => {
      logStage(name, since);
      resolve(code ?? 1);
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'sound-studio-e2e-'));
// The three steps before the server can start run at once: the web build, the server build (what `npm start` does
// first) and creating the fresh embedded database, whose initdb and migrations are most of a cold start.
const preparations = await Promise.all([
  process.env.E2E_SKIP_BUILD ? 0 : run('web build', 'npm', ['run', 'build', '-w', '@sound-studio/web']),
  run('server build', 'npm', ['run', 'build', '-w', '@sound-studio/server']),
  run('database', process.execPath, ['--import', 'tsx', 'scripts/e2e-database.mjs', join(dataDir, 'db')]),
]);
if (preparations.some((code) => code !== 0)) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// The password reset spec listens on this port with a local SMTP server and reads the emails the app sends.
const smtpPort = await freePort();
// The social sign-in spec runs a local Google and GitHub (apps/server/test/oauth-provider.ts) on this port.
const oauthPort = await freePort();
const oauthUrl = `http://127.0.0.1:${oauthPort}`;
// The operator key, so tests can drive the admin API the way `npm run admin` does.
const adminToken = randomBytes(24).toString('hex');
// An upstream speech provider for the upstream voices spec: a Kokoro-FastAPI-shaped fake on its own port.
const upstreamPort = await freePort();
const upstream = spawn(
  process.execPath,
  ['--import', 'tsx', 'packages/audio/src/testing/fake-openai-speech-cli.ts', String(upstreamPort), 'af_bella', 'am_adam'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const speechProviders = [
  { type: 'openai', name: 'kokoro', label: 'Kokoro', baseUrl: `http://127.0.0.1:${upstreamPort}/v1`, model: 'kokoro', pricePerCharacter: 0.5 },
];
const serverStartedAt = Date.now();
// `npm start` without its build step, which ran above.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: 'apps/server',
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    CSRF_PROTECTION: 'true',
    ADMIN_TOKEN: adminToken,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Sound Studio <no-reply@example.com>',
    PUBLIC_URL: baseUrl,
    GOOGLE_CLIENT_ID: '1234987819200-local.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'GOCSPX-local-secret',
    GOOGLE_OAUTH_BASE_URL: `${oauthUrl}/google`,
    GITHUB_CLIENT_ID: 'Iv1.local0000000000',
    GITHUB_CLIENT_SECRET: 'local-github-secret-0000000000000000000000',
    GITHUB_OAUTH_BASE_URL: `${oauthUrl}/github`,
    GITHUB_API_BASE_URL: `${oauthUrl}/github-api`,
    // Every test signs in from 127.0.0.1: keep the per-address API limit out of the way, not the login limits.
    RATE_LIMIT_API_MAX: '100000',
    // The music specs need six mood tracks (and a jazz one): the first 12 curated prompts alternate mood and genre, so
    // the test run renders 12 catalogue songs in the background instead of all 24. Screenshots show the whole catalogue.
    ...(screenshots ? {} : { FEATURED_CATALOGUE_SIZE: '12' }),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SPEECH_PROVIDERS: JSON.stringify(speechProviders),
  },
});

function stopServer() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  upstream.kill('SIGTERM');
}
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

let status = 1;
try {
  await waitForHealth(baseUrl, server);
  logStage('server start', serverStartedAt);
  const testsStartedAt = Date.now();
  const result = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_ADMIN_TOKEN: adminToken,
      E2E_SMTP_PORT: String(smtpPort),
      E2E_OAUTH_PORT: String(oauthPort),
      // MODELS_DIR is the server's default (DATA_DIR/models): the neural voice spec installs a tiny model there.
      E2E_MODELS_DIR: join(dataDir, 'models'),
      E2E_SCREENSHOTS: screenshots ? '1' : '',
    },
  });
  status = result.status ?? 1;
  logStage('playwright', testsStartedAt);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  stopServer();
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
