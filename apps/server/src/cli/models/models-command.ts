import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  inspectModelFolder,
  listInstalledModels,
  MODEL_MANIFEST_FILE,
  ModelFolderError,
  type InstalledModel,
  type ModelManifest,
} from '@sound-studio/audio';
import { loadCatalogue, type CatalogueFile, type CatalogueModel } from './catalogue.ts';
import { downloadFile, progressBar } from './download.ts';
import { readTarGz } from './tar.ts';

export class ModelsCommandError extends Error {
  override readonly name = 'ModelsCommandError';
}

export interface ModelsContext {
  modelsDir: string;
  /** MODELS_CATALOGUE: a path or URL of a catalogue (ours, or Piper's voices.json); the built-in one otherwise. */
  catalogue?: string;
  write: (text: string) => void;
  /** Where the progress bar goes (stderr), and whether it is a terminal. */
  progress?: { write: (text: string) => void; isTty: boolean };
}

export const MODELS_USAGE = `Usage: npm run models -- <command>

  list                      installed models, then the catalogue (size, languages, quality, licence)
  add <name|folder|file.tar.gz|URL>
                            install a catalogue model, a folder of published files, an archive of one, or a
                            URL (.tar.gz, or a Piper .onnx with its .onnx.json beside it); downloads resume
  remove <name>             uninstall; a running server drops its voices within seconds

Models live in MODELS_DIR (default DATA_DIR/models), one folder each.
`;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const DOWNLOADS = '.downloads';

export async function runModelsCommand(argv: string[], context: ModelsContext): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list':
      return context.write(await listModels(context));
    case 'add': {
      if (rest.length !== 1 || !rest[0]) throw new ModelsCommandError(`add needs one model\n\n${MODELS_USAGE}`);
      const model = await addModel(context, rest[0]);
      return context.write(`Installed ${model.name} (${model.family}, ${model.voices.length} voice${model.voices.length === 1 ? '' : 's'}) in ${model.folder}\n`);
    }
    case 'remove': {
      if (rest.length !== 1 || !rest[0]) throw new ModelsCommandError(`remove needs one model name\n\n${MODELS_USAGE}`);
      await removeModel(context, rest[0]);
      return context.write(`Removed ${rest[0]}\n`);
    }
    case undefined:
    case 'help':
    case '--help':
      return context.write(MODELS_USAGE);
    default:
      throw new ModelsCommandError(`Unknown command "${command}"\n\n${MODELS_USAGE}`);
  }
}

const megabytes = (bytes: number | null): string => (bytes === null ? '?' : `${(bytes / 1_000_000).toFixed(1)} MB`);

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()}\n`).join('');
}

export async function listModels(context: ModelsContext): Promise<string> {
  const { models, problems } = await listInstalledModels(context.modelsDir);
  const catalogue = await loadCatalogue(context.catalogue);
  let text = `Installed in ${context.modelsDir}:\n`;
  text += models.length === 0
    ? '  (none)\n'
    : table([
        ['NAME', 'FAMILY', 'VOICES', 'SIZE', 'LICENCE'],
        ...models.map((model) => [model.name, model.family, String(model.voices.length), megabytes(model.bytes), model.licence ?? 'not stated']),
      ]);
  for (const problem of problems) text += `  skipped: ${problem}\n`;
  const installed = new Set(models.map((model) => model.name));
  text += '\nCatalogue:\n';
  text += table([
    ['NAME', 'SIZE', 'LANGUAGES', 'QUALITY', 'LICENCE', ''],
    ...catalogue.map((model) => [
      model.name,
      megabytes(model.files.every((file) => file.size !== null) ? model.files.reduce((sum, file) => sum + (file.size ?? 0), 0) : null),
      model.languages.join(','),
      model.quality ?? '-',
      model.licence ?? 'see MODEL_CARD',
      installed.has(model.name) ? 'installed' : '',
    ]),
  ]);
  return text;
}

/**
 * Installs into a hidden staging folder, checks it is a complete model, then renames it into place: a running server
 * (which never reads dot-folders) sees the whole model at once or nothing, and a failure leaves nothing behind.
 */
export async function addModel(context: ModelsContext, source: string): Promise<InstalledModel> {
  await mkdir(context.modelsDir, { recursive: true });
  const catalogue = await loadCatalogue(context.catalogue);
  const known = catalogue.find((model) => model.name === source);
  const staging = path.join(context.modelsDir, `.staging-${randomBytes(6).toString('hex')}`);
  await mkdir(staging);
  try {
    let name: string;
    let manifest: ModelManifest = { source };
    if (known) {
      await fetchCatalogueModel(context, known, staging);
      name = known.name;
      manifest = { source, catalogueName: known.name, ...(known.licence ? { licence: known.licence } : {}) };
    } else if (/^https?:\/\//i.test(source)) {
      name = await fetchUrl(context, source, staging);
    } else {
      name = await copyLocal(source, staging);
    }
    if (!NAME.test(name)) throw new ModelsCommandError(`"${name}" is not a usable model name (letters, digits, . _ -)`);
    await writeFile(path.join(staging, MODEL_MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await inspectModelFolder(staging).catch((error: unknown) => {
      throw new ModelsCommandError(`Refused: ${error instanceof ModelFolderError ? error.message.replace(staging, source) : String(error)}`);
    });
    const target = path.join(context.modelsDir, name);
    if (await stat(target).catch(() => null)) throw new ModelsCommandError(`${name} is already installed; remove it first`);
    await rename(staging, target);
    if (known) await rm(path.join(context.modelsDir, DOWNLOADS, known.name), { recursive: true, force: true });
    return await inspectModelFolder(target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Downloads land in MODELS_DIR/.downloads/<name>, so an interrupted add resumes where it stopped. */
async function fetchCatalogueModel(context: ModelsContext, model: CatalogueModel, staging: string): Promise<void> {
  const folder = path.join(context.modelsDir, DOWNLOADS, model.name);
  await mkdir(folder, { recursive: true });
  for (const file of model.files) {
    const target = path.join(folder, file.name);
    if (!(await stat(target).catch(() => null))) await download(context, file, target);
    await copyFile(target, path.join(staging, file.name));
  }
}

function download(context: ModelsContext, file: CatalogueFile, target: string): Promise<void> {
  const progress = context.progress ? progressBar(context.progress.write, file.name, context.progress.isTty) : undefined;
  return downloadFile({ url: file.url, target, size: file.size, md5: file.md5, ...(progress ? { onProgress: progress } : {}) });
}

async function fetchUrl(context: ModelsContext, url: string, staging: string): Promise<string> {
  const fileName = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  const folder = path.join(context.modelsDir, DOWNLOADS, 'urls');
  await mkdir(folder, { recursive: true });
  if (/\.(tar\.gz|tgz)$/i.test(fileName)) {
    const archive = path.join(folder, fileName);
    await download(context, { name: fileName, url, size: null, md5: null }, archive);
    try {
      return await extractArchive(archive, staging);
    } finally {
      await rm(archive, { force: true });
    }
  }
  if (fileName.endsWith('.onnx')) {
    for (const [name, fileUrl] of [[fileName, url], [`${fileName}.json`, `${url}.json`]] as const) {
      await download(context, { name, url: fileUrl, size: null, md5: null }, path.join(folder, name));
      await rename(path.join(folder, name), path.join(staging, name));
    }
    return fileName.replace(/\.onnx$/, '');
  }
  throw new ModelsCommandError(`${url}: give a .tar.gz archive or a Piper .onnx (its .onnx.json is fetched beside it)`);
}

async function copyLocal(source: string, staging: string): Promise<string> {
  const info = await stat(source).catch(() => null);
  if (!info) throw new ModelsCommandError(`"${source}" is neither a catalogue model, a folder, an archive nor a URL (see: npm run models -- list)`);
  if (info.isFile() && /\.(tar\.gz|tgz)$/i.test(source)) return extractArchive(source, staging);
  if (!info.isDirectory()) throw new ModelsCommandError(`${source}: give a model folder or a .tar.gz of one`);
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (entry.isFile()) await copyFile(path.join(source, entry.name), path.join(staging, entry.name));
  }
  return modelName(await readdir(staging), path.basename(path.resolve(source)));
}

/** A Piper voice is named after its .onnx (en_US-lessac-medium); anything else after its folder or archive. */
function modelName(files: string[], fallback: string): string {
  const onnx = files.filter((file) => file.endsWith('.onnx'));
  return onnx.length === 1 && onnx[0] && !/^kokoro/i.test(onnx[0]) ? onnx[0].replace(/\.onnx$/, '') : fallback;
}

/** The archive's files, flattened out of a single top folder when it has one. */
async function extractArchive(archive: string, staging: string): Promise<string> {
  let entries;
  try {
    entries = readTarGz(await readFile(archive));
  } catch (error) {
    throw new ModelsCommandError(`Refused: ${path.basename(archive)} is not a readable .tar.gz (${error instanceof Error ? error.message : String(error)})`);
  }
  const tops = new Set(entries.map((entry) => (entry.path.includes('/') ? entry.path.split('/')[0] : '')));
  const [top] = tops;
  const strip = tops.size === 1 && top ? `${top}/` : '';
  for (const entry of entries) {
    const relative = entry.path.slice(strip.length);
    if (relative.includes('/')) continue; // a model's files sit side by side
    await writeFile(path.join(staging, relative), entry.data);
  }
  return modelName(await readdir(staging), strip ? strip.slice(0, -1) : path.basename(archive).replace(/\.(tar\.gz|tgz)$/i, ''));
}

/** Renamed away first, so a running server stops listing it at once, then deleted. */
export async function removeModel(context: ModelsContext, name: string): Promise<void> {
  if (!NAME.test(name)) throw new ModelsCommandError(`"${name}" is not an installed model`);
  const folder = path.join(context.modelsDir, name);
  if (!(await stat(folder).catch(() => null))?.isDirectory()) throw new ModelsCommandError(`${name} is not installed (see: npm run models -- list)`);
  const removing = path.join(context.modelsDir, `.removing-${randomBytes(6).toString('hex')}`);
  await rename(folder, removing);
  await rm(removing, { recursive: true, force: true });
}
