#!/usr/bin/env node
// `npm run bench -- lighthouse`: Lighthouse (pinned 12.2.3, Node 20) in Debian's Chromium against the real server with
// the built web app, cold cache (a fresh browser profile per run), mobile and desktop presets, on /login and on
// /text-to-speech signed in (the session in local storage, as e2e leaves it). Prints the performance score, LCP, TBT,
// bytes transferred and the JavaScript moved, plus the first page's JS from the build's bundle report.
// Goals (issue 22): performance >= 90 mobile and >= 98 desktop on both pages. Scores move with the machine's load:
// the load average is printed with them. Each page and preset runs LIGHTHOUSE_RUNS times (5 unless set) and reports
// Lighthouse's median run (`computeMedianRun`: the run nearest the median FCP and TTI), as Lighthouse's documentation on
// variability advises, with the range of the runs' scores beside it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { freePort, waitForHealth } from '../../../scripts/lib/server-process.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const GOALS = { mobile: 90, desktop: 98 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

const root = new URL('../../../', import.meta.url).pathname;
const webDist = join(root, 'apps/web/dist');

function buildIfMissing() {
  if (!existsSync(join(webDist, 'index.html'))) spawnSync('npm', ['run', 'build', '-w', '@sound-studio/web'], { cwd: root, stdio: 'inherit' });
  spawnSync('npm', ['run', 'build', '-w', '@sound-studio/server'], { cwd: root, stdio: 'inherit' });
}

async function startServer(dataDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_API_MAX: '100000' },
  });
  await waitForHealth(baseUrl, server, 120_000);
  return { baseUrl, stop: () => { try { process.kill(-server.pid, 'SIGTERM'); } catch { /* gone */ } } };
}

/**
 * A fresh server composes its featured music catalogue in the background on first start, on both cores for a while;
 * a page audited then measures that, not the page. Waits until the catalogue is complete (as on any server that has
 * run before) and the load has settled.
 */
async function waitForIdleServer(baseUrl) {
  const deadline = Date.now() + 300_000;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // Done when the number of finished tracks has not moved for 10 s (a 30 s track renders in about a second).
  let ready = -1;
  let steadySince = Date.now();
  while (Date.now() < deadline && (ready <= 0 || Date.now() - steadySince < 10_000)) {
    const reply = await fetch(`${baseUrl}/api/music/featured?limit=50`);
    const count = reply.ok ? (await reply.json()).data.length : 0;
    if (count !== ready) [ready, steadySince] = [count, Date.now()];
    await sleep(1000);
  }
  while (loadavg()[0] > 1.5 && Date.now() < deadline) await sleep(2000);
  console.log(`featured catalogue: ${ready} tracks composed; load ${loadavg()[0].toFixed(2)}`);
}

/** Registers through the API the way the register form does; returns the session the form would store. */
async function registerSession(baseUrl) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf-token`);
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
  const { data } = await csrf.json();
  const reply = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': data.token, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ name: 'Bench User', email: `bench-${Date.now()}@example.com`, password: 'Sunny-Meadow-42!' }),
  });
  if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${await reply.text()}`);
  return (await reply.json()).data;
}

/** One Lighthouse run in a fresh profile (cold cache); a session, when given, is put in local storage first. */
async function audit(baseUrl, path, preset, session, run) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A file that registers no service worker and warms nothing the audited page needs.
      await page.goto(`${baseUrl}/favicon.svg`);
      await page.evaluate((stored) => {
        localStorage.setItem('soundstudio_access_token', stored.accessToken);
        localStorage.setItem('soundstudio_refresh_token', stored.refreshToken);
        localStorage.setItem('soundstudio_user', JSON.stringify(stored.user));
      }, session);
      await page.close();
      await browser.disconnect();
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(session) };
    const result = await lighthouse(`${baseUrl}${path}`, flags, preset === 'desktop' ? desktopConfig : undefined);
    // LIGHTHOUSE_REPORTS=dir keeps each full report (long tasks, script boot-up times) for a closer look.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = `${path.replaceAll('/', '_')}-${preset}-${run + 1}`;
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(result.lhr));
      if (result.artifacts?.Trace) writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The figures the table prints, from one run's report. */
function rowOf(lhr, path, preset) {
  const { audits, categories } = lhr;
  const requests = audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    page: path,
    preset,
    score: Math.round((categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    transferredKiB: Math.round(audits['total-byte-weight'].numericValue / 1024),
    scriptKiB: Math.round(scriptBytes / 1024),
    finalUrl: lhr.finalDisplayedUrl,
    // Now and then a run comes back with a score of 0 and no metrics: it says so by Lighthouse's error code.
    error: lhr.runtimeError?.code ?? null,
  };
}

/** RUNS audits of one page and preset; the median run's row, with every run's score. */
async function medianAudit(baseUrl, path, preset, session) {
  const reports = [];
  for (let run = 0; run < RUNS; run++) reports.push(await audit(baseUrl, path, preset, session, run));
  const valid = filterToValidRuns(reports);
  const row = rowOf(valid.length > 0 ? computeMedianRun(valid) : reports[0], path, preset);
  row.scores = reports.map((lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100));
  row.unmeasured = reports.length - valid.length;
  return row;
}

/** Bytes on the wire for one URL in each encoding (node:http does not decode, so the body's length is what was sent). */
function wireSize(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (reply) => {
      let bytes = 0;
      reply.on('data', (chunk) => (bytes += chunk.length));
      reply.on('end', () => resolve({ bytes, encoding: reply.headers['content-encoding'] ?? 'identity' }));
      reply.on('error', reject);
    }).on('error', reject);
  });
}

async function wireSizes(url, headers = {}) {
  const sizes = {};
  for (const encoding of ['identity', 'gzip', 'br']) sizes[encoding] = await wireSize(url, { ...headers, 'accept-encoding': encoding });
  return sizes;
}

/** The main script's path from the built index.html (in the inline loader that starts the app after the first paint). */
function mainScriptPath() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  return html.match(/"(\/assets\/index-[\w-]+\.js)"/)?.[1] ?? null;
}

function printWire(label, sizes) {
  const parts = Object.entries(sizes).map(([asked, size]) => `${asked}: ${size.bytes} B (${size.encoding})`);
  console.log(`${label.padEnd(28)} ${parts.join(', ')}`);
}

buildIfMissing();
const dataDir = mkdtempSync(join(tmpdir(), 'sound-studio-lighthouse-'));
const server = await startServer(dataDir);
process.on('exit', server.stop);
try {
  await waitForIdleServer(server.baseUrl);
  const session = await registerSession(server.baseUrl);
  const script = mainScriptPath();
  if (script) printWire(`main script ${script.split('/').pop()}`, await wireSizes(`${server.baseUrl}${script}`));
  printWire('/api/voices/list-grouped', await wireSizes(`${server.baseUrl}/api/voices/list-grouped`, { authorization: `Bearer ${session.accessToken}` }));
  const rows = [];
  // LIGHTHOUSE_ONLY=/login,mobile (a page, a preset or both) narrows the runs.
  const only = (process.env.LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
  for (const [path, signedIn] of [['/login', false], ['/text-to-speech', true]]) {
    for (const preset of ['mobile', 'desktop']) {
      if (only.some((wanted) => wanted !== path && wanted !== preset)) continue;
      const row = await medianAudit(server.baseUrl, path, preset, signedIn ? session : null);
      row.goal = GOALS[preset];
      row.loadAverage = loadavg()[0].toFixed(2);
      rows.push(row);
      console.log(`${path.padEnd(16)} ${preset.padEnd(7)} performance ${String(row.score).padStart(3)} (goal >= ${row.goal}${row.score >= row.goal ? ', met' : ', NOT met'})  LCP ${row.lcpMs} ms  TBT ${row.tbtMs} ms  transferred ${row.transferredKiB} KiB (JS ${row.scriptKiB} KiB)  load ${row.loadAverage}  (median of ${RUNS}: scores ${row.scores.join(', ')}${row.unmeasured ? `; ${row.unmeasured} unmeasured` : ''})${row.error ? `  (not measured: ${row.error})` : ''}`);
    }
  }
  const reportPath = join(webDist, 'bundle-report.json');
  if (existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    console.log(`first page ${report.page}: ${(report.initialJs.gzipBytes / 1024).toFixed(1)} KB of JavaScript gzipped (budget ${report.budgetGzipBytes / 1024} KB${report.withinBudget ? ', met' : ', NOT met'})`);
  }
  console.log(`load average (1, 5, 15 min): ${loadavg().map((value) => value.toFixed(2)).join(', ')}`);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
