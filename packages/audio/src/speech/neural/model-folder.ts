import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { kokoroVoiceTraits, parseKokoroConfig, parsePiperConfig, KOKORO_SAMPLE_RATE, type NeuralFamily, type NeuralVoiceRef } from './formats.ts';
import { readNpz } from './npz.ts';

/**
 * One installed model is one folder of MODELS_DIR holding the files its project publishes, untouched, plus an optional
 * `sound-studio-model.json` the models command writes from its catalogue (licence, gender, display name). Folders
 * whose name starts with a dot are installs in progress and are never read.
 */
export const MODEL_MANIFEST_FILE = 'sound-studio-model.json';

export interface ModelManifest {
  /** Catalogue name the model was installed under. */
  catalogueName?: string;
  licence?: string;
  /** Speaker or voice name -> gender, where the model card says. */
  genders?: Record<string, 'male' | 'female'>;
  source?: string;
}

export interface InstalledNeuralVoice {
  /** Stable id in the voice library: `neural-<model>` or `neural-<model>-<speaker>`. */
  id: string;
  model: string;
  family: NeuralFamily;
  name: string;
  /** BCP 47 tag, e.g. `en-US`, `tr-TR`. */
  language: string;
  espeakVoice: string;
  gender: 'male' | 'female' | 'neutral';
  quality: string | null;
  licence: string | null;
  ref: NeuralVoiceRef;
}

export interface InstalledModel {
  name: string;
  family: NeuralFamily;
  folder: string;
  bytes: number;
  licence: string | null;
  voices: InstalledNeuralVoice[];
  /** Newest modification time of the model's files (previews are rendered again when it changes). */
  mtimeMs: number;
}

export class ModelFolderError extends Error {
  override readonly name = 'ModelFolderError';
}

/** A multi-speaker Piper model lists at most this many speakers as voices (LibriTTS has 900). */
const MAX_SPEAKERS_LISTED = 16;

/** Reads one model folder; an incomplete one (an `.onnx` without its `.onnx.json`, say) is refused with the reason. */
export async function inspectModelFolder(folder: string): Promise<InstalledModel> {
  const entries = await readdir(folder).catch(() => null);
  if (!entries) throw new ModelFolderError(`${folder} is not a readable folder`);
  const sizes = await Promise.all(entries.map(async (entry) => stat(path.join(folder, entry))));
  const bytes = sizes.reduce((sum, info) => sum + (info.isFile() ? info.size : 0), 0);
  const mtimeMs = Math.max(0, ...sizes.map((info) => info.mtimeMs));
  const manifest = await readManifest(folder);
  const name = path.basename(folder);
  const kokoroModel = entries.find((entry) => /^kokoro.*\.onnx$/i.test(entry));
  const common = { name, folder, bytes, mtimeMs };
  if (kokoroModel) return { ...common, family: 'kokoro', licence: manifest.licence ?? 'Apache-2.0', voices: await kokoroVoices(folder, name, kokoroModel, entries, manifest) };
  const onnx = entries.filter((entry) => entry.endsWith('.onnx'));
  if (onnx.length === 0) throw new ModelFolderError(`${folder} has no .onnx model`);
  if (onnx.length > 1) throw new ModelFolderError(`${folder} has more than one .onnx model; install each voice on its own`);
  const modelFile = onnx[0] ?? '';
  if (!entries.includes(`${modelFile}.json`)) throw new ModelFolderError(`${folder} has ${modelFile} but not ${modelFile}.json, the voice's config`);
  const licence = manifest.licence ?? (await modelCardLicence(folder, entries));
  return { ...common, family: 'piper', licence, voices: await piperVoices(folder, name, modelFile, manifest, licence) };
}

async function readManifest(folder: string): Promise<ModelManifest> {
  const text = await readFile(path.join(folder, MODEL_MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) return {};
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as ModelManifest) : {};
}

/** Piper voices ship a MODEL_CARD whose "License:" line (when there is one) names the dataset's licence. */
async function modelCardLicence(folder: string, entries: string[]): Promise<string | null> {
  const card = entries.find((entry) => /^model_card/i.test(entry));
  if (!card) return null;
  const text = await readFile(path.join(folder, card), 'utf8');
  return /^\s*\*?\s*licen[cs]e\s*:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? null;
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const titleCase = (text: string): string => text.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

async function piperVoices(folder: string, model: string, modelFile: string, manifest: ModelManifest, licence: string | null): Promise<InstalledNeuralVoice[]> {
  const configPath = path.join(folder, `${modelFile}.json`);
  let config;
  try {
    config = parsePiperConfig(JSON.parse(await readFile(configPath, 'utf8')));
  } catch (error) {
    throw new ModelFolderError(`${configPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Piper names files <lang>_<REGION>-<name>-<quality>.
  const [, fileLanguage = '', voiceName = model, fileQuality] = /^([a-z]{2,3}_[A-Z]{2})-(.+?)-(x_low|low|medium|high)$/.exec(modelFile.replace(/\.onnx$/, '')) ?? [];
  const code = config.language?.code ?? fileLanguage;
  const language = code ? code.replace('_', '-') : config.espeak.voice;
  const quality = config.audio.quality ?? fileQuality ?? null;
  const base = {
    model,
    family: 'piper' as const,
    language,
    espeakVoice: config.espeak.voice,
    quality,
    licence,
  };
  const ref: NeuralVoiceRef = { family: 'piper', modelPath: path.join(folder, modelFile), configPath, sampleRate: config.audio.sample_rate };
  const speakers = Object.keys(config.speaker_id_map);
  if (config.num_speakers <= 1 || speakers.length === 0) {
    return [{ ...base, id: `neural-${slug(model)}`, name: titleCase(voiceName), gender: manifest.genders?.[voiceName] ?? 'neutral', ref }];
  }
  return speakers.slice(0, MAX_SPEAKERS_LISTED).map((speaker) => ({
    ...base,
    id: `neural-${slug(model)}-${slug(speaker)}`,
    name: `${titleCase(voiceName)} ${titleCase(speaker)}`,
    gender: manifest.genders?.[speaker] ?? 'neutral',
    ref: { ...ref, speaker },
  }));
}

async function kokoroVoices(folder: string, model: string, modelFile: string, entries: string[], manifest: ModelManifest): Promise<InstalledNeuralVoice[]> {
  const voicesFile = entries.find((entry) => /^voices.*\.(bin|npz)$/i.test(entry));
  if (!voicesFile) throw new ModelFolderError(`${folder} has ${modelFile} but no voices-v1.0.bin (the voice styles)`);
  if (!entries.includes('config.json')) throw new ModelFolderError(`${folder} has ${modelFile} but no config.json (the phoneme vocabulary)`);
  const configPath = path.join(folder, 'config.json');
  try {
    parseKokoroConfig(JSON.parse(await readFile(configPath, 'utf8')));
  } catch (error) {
    throw new ModelFolderError(`${configPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let names: string[];
  try {
    names = [...readNpz(await readFile(path.join(folder, voicesFile))).keys()];
  } catch (error) {
    throw new ModelFolderError(`${path.join(folder, voicesFile)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const voices: InstalledNeuralVoice[] = [];
  for (const speaker of names.sort()) {
    const traits = kokoroVoiceTraits(speaker);
    if (!traits) continue;
    voices.push({
      id: `neural-${slug(model)}-${slug(speaker)}`,
      model,
      family: 'kokoro',
      name: titleCase(speaker.slice(3)),
      language: traits.language,
      espeakVoice: traits.espeakVoice,
      gender: manifest.genders?.[speaker] ?? traits.gender,
      quality: null,
      licence: manifest.licence ?? 'Apache-2.0',
      ref: { family: 'kokoro', modelPath: path.join(folder, modelFile), configPath, voicesPath: path.join(folder, voicesFile), speaker, sampleRate: KOKORO_SAMPLE_RATE },
    });
  }
  return voices;
}

/** Every complete model in MODELS_DIR, and why each other folder was skipped. */
export async function listInstalledModels(modelsDir: string): Promise<{ models: InstalledModel[]; problems: string[] }> {
  const entries = await readdir(modelsDir, { withFileTypes: true }).catch(() => []);
  const models: InstalledModel[] = [];
  const problems: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    try {
      models.push(await inspectModelFolder(path.join(modelsDir, entry.name)));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { models, problems };
}
