import { readFile } from 'node:fs/promises';
import type { NeuralFamily } from '@sound-studio/audio';

/** One file of a catalogue model: where to fetch it, what to call it, and (where the publisher says) size and MD5. */
export interface CatalogueFile {
  name: string;
  url: string;
  size: number | null;
  md5: string | null;
}

export interface CatalogueModel {
  name: string;
  family: NeuralFamily;
  languages: string[];
  quality: string | null;
  /** null: named in the model card that comes with the files. */
  licence: string | null;
  voices: number;
  files: CatalogueFile[];
}

/** An entry of Piper's voices.json (rhasspy/piper-voices), as published. */
interface PiperCatalogueEntry {
  key: string;
  language: { code: string };
  quality: string;
  num_speakers: number;
  files: Record<string, { size_bytes: number; md5_digest: string }>;
}

/** Our catalogue file: Piper's voices.json entries (with the base their paths are relative to) and other models. */
export interface CatalogueDocument {
  piper?: { baseUrl: string; voices: Record<string, PiperCatalogueEntry> };
  models?: CatalogueModel[];
}

/** Piper's entries become catalogue models; their files keep the published names, sizes and MD5 digests. */
export function catalogueModels(document: CatalogueDocument): CatalogueModel[] {
  const piper = document.piper;
  const piperModels: CatalogueModel[] = Object.values(piper?.voices ?? {}).map((entry) => ({
    name: entry.key,
    family: 'piper',
    languages: [entry.language.code.replace('_', '-')],
    quality: entry.quality,
    licence: null,
    voices: entry.num_speakers,
    files: Object.entries(entry.files).map(([relative, info]) => ({
      name: relative.split('/').pop() ?? relative,
      url: new URL(relative, piper?.baseUrl.endsWith('/') ? piper.baseUrl : `${piper?.baseUrl ?? ''}/`).href,
      size: info.size_bytes,
      md5: info.md5_digest,
    })),
  }));
  return [...piperModels, ...(document.models ?? [])].sort((a, b) => a.name.localeCompare(b.name));
}

/** A Piper voices.json on its own (the shape Piper publishes) is accepted too; its paths are relative to its URL. */
function asDocument(value: unknown, source: string): CatalogueDocument {
  if (typeof value !== 'object' || value === null) throw new Error(`${source} is not a model catalogue`);
  if ('piper' in value || 'models' in value) return value as CatalogueDocument;
  return { piper: { baseUrl: new URL('.', source).href, voices: value as Record<string, PiperCatalogueEntry> } };
}

/** The built-in catalogue, or MODELS_CATALOGUE (a path or an http(s) URL). */
export async function loadCatalogue(source: string | undefined): Promise<CatalogueModel[]> {
  if (!source) {
    const builtIn = new URL('./catalogue.json', import.meta.url);
    return catalogueModels(JSON.parse(await readFile(builtIn, 'utf8')) as CatalogueDocument);
  }
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`Cannot read the catalogue at ${source}: HTTP ${response.status}`);
    return catalogueModels(asDocument(await response.json(), source));
  }
  const text = await readFile(source, 'utf8');
  return catalogueModels(asDocument(JSON.parse(text), new URL(`file://${source}`).href));
}
