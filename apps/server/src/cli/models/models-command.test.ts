import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listInstalledModels } from '@sound-studio/audio';
import { writeTinyKokoroModel, writeTinyPiperVoice } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel, listModels, removeModel, runModelsCommand, type ModelsContext } from './models-command.ts';
import { writeTarGz } from './tar.ts';

let root: string;
let server: Server;
let baseUrl: string;
/** Files the local server serves, by URL path. */
const served = new Map<string, Buffer>();
const requests: Array<{ path: string; range: string | undefined }> = [];
/** Paths whose first full request is cut off halfway, as a dropped connection would. */
const cutOnce = new Set<string>();

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

function context(modelsDir: string): ModelsContext {
  return { modelsDir, catalogue: `${baseUrl}/catalogue/voices.json`, write: () => undefined };
}

function newModelsDir(): string {
  return mkdtempSync(path.join(root, 'models-'));
}

/** The model folders a server would list (dot-folders are staging, downloads or removals). */
const visible = (modelsDir: string) => readdirSync(modelsDir).filter((name) => !name.startsWith('.'));

/** A Piper voices.json entry for files this server serves, as Piper publishes it. */
function piperEntry(key: string, files: Record<string, Buffer>, overrides: Record<string, string> = {}) {
  return {
    key,
    name: key.split('-')[1],
    language: { code: 'en_US', family: 'en', region: 'US', name_native: 'English', name_english: 'English', country_english: 'United States' },
    quality: 'x_low',
    num_speakers: 1,
    speaker_id_map: {},
    aliases: [],
    files: Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [`en/en_US/${key}/${name}`, { size_bytes: bytes.length, md5_digest: overrides[name] ?? md5(bytes) }]),
    ),
  };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'models-command-'));
  const catalogue: Record<string, unknown> = {};
  for (const key of ['en_US-tiny-x_low', 'en_US-corrupt-x_low', 'en_US-flaky-x_low']) {
    const voice = await writeTinyPiperVoice(path.join(root, 'source', key), key);
    const files = { [`${key}.onnx`]: readFileSync(voice.modelPath), [`${key}.onnx.json`]: readFileSync(voice.configPath) };
    for (const [name, bytes] of Object.entries(files)) served.set(`/catalogue/en/en_US/${key}/${name}`, bytes);
    catalogue[key] = piperEntry(key, files, key === 'en_US-corrupt-x_low' ? { [`${key}.onnx`]: '0123456789abcdef0123456789abcdef' } : {});
  }
  cutOnce.add('/catalogue/en/en_US/en_US-flaky-x_low/en_US-flaky-x_low.onnx');
  served.set('/catalogue/voices.json', Buffer.from(JSON.stringify(catalogue)));
  const kokoro = await writeTinyKokoroModel(path.join(root, 'source', 'kokoro'));
  served.set(
    '/archives/kokoro-tiny.tar.gz',
    Buffer.from(
      writeTarGz(
        [kokoro.modelPath, kokoro.voicesPath, kokoro.configPath].map((file) => ({ path: `kokoro-tiny/${path.basename(file)}`, data: readFileSync(file) })),
      ),
    ),
  );
  server = createServer((request, response) => {
    const url = request.url ?? '';
    const range = request.headers.range;
    requests.push({ path: url, range });
    const body = served.get(url);
    if (!body) return response.writeHead(404).end();
    const from = range ? Number(/bytes=(\d+)-/.exec(range)?.[1] ?? 0) : 0;
    if (from > 0) {
      response.writeHead(206, { 'content-length': body.length - from, 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` });
      return response.end(body.subarray(from));
    }
    response.writeHead(200, { 'content-length': body.length });
    if (cutOnce.delete(url)) {
      // The first half reaches the client before the connection drops.
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => response.destroy(), 100));
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('npm run models', () => {
  it('adds a catalogue voice over HTTP after checking its published size and MD5, lists it, and removes it', async () => {
    const modelsDir = newModelsDir();
    const model = await addModel(context(modelsDir), 'en_US-tiny-x_low');
    expect(model).toMatchObject({ name: 'en_US-tiny-x_low', family: 'piper' });
    expect(visible(modelsDir)).toEqual(['en_US-tiny-x_low']);
    expect((await listInstalledModels(modelsDir)).models.map((installed) => installed.voices[0]?.id)).toEqual(['neural-en-us-tiny-x-low']);
    const listing = await listModels(context(modelsDir));
    expect(listing).toMatch(/Installed in .*\n.*NAME.*\n\s+en_US-tiny-x_low\s+piper\s+1/);
    expect(listing).toMatch(/en_US-tiny-x_low\s+0\.\d MB\s+en-US\s+x_low\s+see MODEL_CARD\s+installed/);
    await removeModel(context(modelsDir), 'en_US-tiny-x_low');
    expect(visible(modelsDir)).toEqual([]);
    await expect(removeModel(context(modelsDir), 'en_US-tiny-x_low')).rejects.toThrow(/not installed/);
  });

  it('refuses a download whose MD5 does not match, and keeps nothing of it', async () => {
    const modelsDir = newModelsDir();
    await expect(addModel(context(modelsDir), 'en_US-corrupt-x_low')).rejects.toThrow(/MD5 .* does not match/);
    expect(visible(modelsDir)).toEqual([]);
    const downloads = path.join(modelsDir, '.downloads', 'en_US-corrupt-x_low');
    expect(readdirSync(downloads).filter((file) => file.endsWith('.onnx') || file.endsWith('.part'))).toEqual([]);
    expect(readdirSync(modelsDir).filter((name) => name.startsWith('.staging'))).toEqual([]);
  });

  it('refuses an interrupted transfer, installs nothing, and resumes it with a Range request on the next add', async () => {
    const modelsDir = newModelsDir();
    const onnx = '/catalogue/en/en_US/en_US-flaky-x_low/en_US-flaky-x_low.onnx';
    await expect(addModel(context(modelsDir), 'en_US-flaky-x_low')).rejects.toThrow(/interrupted|stopped/);
    expect(visible(modelsDir)).toEqual([]);
    expect(readdirSync(path.join(modelsDir, '.downloads', 'en_US-flaky-x_low'))).toContain('en_US-flaky-x_low.onnx.part');
    const before = requests.length;
    await addModel(context(modelsDir), 'en_US-flaky-x_low');
    const resumed = requests.slice(before).find((request) => request.path === onnx);
    expect(resumed?.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(visible(modelsDir)).toEqual(['en_US-flaky-x_low']);
  });

  it('refuses a folder whose Piper model has no .onnx.json, leaving MODELS_DIR as it was', async () => {
    const modelsDir = newModelsDir();
    const folder = path.join(root, 'half-voice');
    const files = await writeTinyPiperVoice(folder, 'en_GB-half-low');
    rmSync(files.configPath);
    await expect(addModel(context(modelsDir), folder)).rejects.toThrow(/not en_GB-half-low\.onnx\.json/);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('adds a local folder, and a Kokoro model from a .tar.gz URL', async () => {
    const modelsDir = newModelsDir();
    const output: string[] = [];
    await runModelsCommand(['add', path.join(root, 'source', 'en_US-tiny-x_low')], { ...context(modelsDir), write: (text) => output.push(text) });
    await runModelsCommand(['add', `${baseUrl}/archives/kokoro-tiny.tar.gz`], { ...context(modelsDir), write: (text) => output.push(text) });
    expect(output.join('')).toMatch(/Installed en_US-tiny-x_low \(piper, 1 voice\)[\s\S]*Installed kokoro-tiny \(kokoro, 2 voices\)/);
    const { models } = await listInstalledModels(modelsDir);
    expect(models.map((model) => [model.name, model.voices.map((voice) => voice.id)])).toEqual([
      ['en_US-tiny-x_low', ['neural-en-us-tiny-x-low']],
      ['kokoro-tiny', ['neural-kokoro-tiny-af-heart', 'neural-kokoro-tiny-bm-george']],
    ]);
  });
});
