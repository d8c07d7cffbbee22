#!/usr/bin/env node
// `npm run bench`: every workspace's benchmark in one run, each against a native peer measured in the same run.
// `npm run bench -- v1-speech` runs only the benchmarks whose title or command mentions the word.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const only = process.argv[2];

function run(title, command, args) {
  if (only && ![title, ...args].some((part) => part.includes(only))) return false;
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) console.log(`(${title} failed with exit ${result.status})`);
  return result.status === 0;
}

run('server', 'node', ['--import', 'tsx', 'apps/server/bench/ledger.bench.ts']);
run('server speech streaming', 'node', ['--import', 'tsx', 'apps/server/bench/tts-stream.bench.ts']);
run('developer API speech', 'node', ['--import', 'tsx', 'apps/server/bench/v1-speech.bench.ts']);
// Two API nodes and two worker processes on PostgreSQL, Redis and S3 (about 3 minutes); `npm run bench -- cluster`.
run('cluster capacity', 'node', ['--import', 'tsx', 'apps/server/bench/cluster.bench.ts']);

const audioPackage = JSON.parse(readFileSync('packages/audio/package.json', 'utf8'));
for (const script of ['bench', 'bench:music', 'bench:isolate', 'bench:neural']) {
  if (audioPackage.scripts?.[script]) run(`audio ${script}`, 'npm', ['run', script, '-w', '@sound-studio/audio']);
}

// Lighthouse on /login and /text-to-speech (signed in), mobile and desktop, cold cache; `npm run bench -- lighthouse`.
run('web lighthouse', 'node', ['apps/web/bench/lighthouse.bench.mjs']);

const bundleReport = 'apps/web/dist/bundle-report.json';
if (only) process.exit(0);
if (!existsSync(bundleReport)) run('web build', 'npm', ['run', 'build', '-w', '@sound-studio/web']);
if (existsSync(bundleReport)) {
  console.log('\n## Web');
  console.log(readFileSync(bundleReport, 'utf8'));
}
