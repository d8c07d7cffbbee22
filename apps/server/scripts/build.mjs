// Compiles the server for production (`npm start`): one esbuild pass bundles the server, the job worker, the operator
// command and every worker thread (speech, music, isolation, documents, share covers) with our own packages into
// dist/ as plain JavaScript, so no thread loads TypeScript at run time. npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { copyFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');

// Flat names: a worker pool finds its thread's script beside whichever file of dist/ its code landed in.
const entryPoints = {
  main: path.join(serverDir, 'src/main.ts'),
  worker: path.join(serverDir, 'src/worker.ts'),
  admin: path.join(serverDir, 'src/cli/admin.ts'),
  'document-worker': path.join(serverDir, 'src/features/tts/document-worker.ts'),
  'cover-worker': path.join(serverDir, 'src/lib/image/cover-worker.ts'),
  'espeak-worker': path.join(repoDir, 'packages/audio/src/speech/local/espeak-worker.ts'),
  'neural-worker': path.join(repoDir, 'packages/audio/src/speech/neural/neural-worker.ts'),
  'music-render-worker': path.join(repoDir, 'packages/audio/src/music/render/render-worker.ts'),
  'music-render-helper': path.join(repoDir, 'packages/audio/src/music/render/helper-worker.ts'),
  'voice-worker': path.join(repoDir, 'packages/audio/src/isolate/worker/voice-worker.ts'),
};

/** npm packages stay external; our workspace packages (TypeScript sources) are bundled. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sound-studio/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
// Read at run time beside the code that reads it.
await copyFile(path.join(serverDir, 'src/features/music/content-policy-terms.json'), path.join(outdir, 'content-policy-terms.json'));
// The audio package's own WebAssembly (assembled from its .wat files), loaded by `new URL('./x.wasm', import.meta.url)`.
const audioSources = path.join(repoDir, 'packages/audio/src');
const wasmFiles = (await readdir(audioSources, { recursive: true })).filter((file) => file.endsWith('.wasm'));
if (wasmFiles.length === 0) throw new Error('no .wasm files found in packages/audio/src');
for (const file of wasmFiles) await copyFile(path.join(audioSources, file), path.join(outdir, path.basename(file)));
console.log(`server built into ${path.relative(repoDir, outdir)}`);
