#!/usr/bin/env node
// Makes `npm test` work on a fresh clone: installs npm dependencies when they are missing or stale, and Debian's
// Chromium for the end-to-end tests when it is missing (never a browser download of its own).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

function dependenciesAreStale() {
  const marker = 'node_modules/.package-lock.json';
  if (!existsSync(marker)) return true;
  return statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (dependenciesAreStale()) {
  // `npm ci` fails against this registry (the lock file omits other platforms' optional packages).
  run('npm install --no-audit --no-fund');
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    run('apt-get update -qq');
    run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  } else {
    console.error(`Chromium not found at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}
