import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { listInstalledModels, type InstalledModel, type InstalledNeuralVoice } from '@sound-studio/audio';

/** How often MODELS_DIR is rescanned when no file event arrives (events are not delivered on every filesystem). */
const RESCAN_MS = 2_000;
/** File events come in bursts while a model is moved in; one scan after the burst settles. */
const SETTLE_MS = 150;

export interface NeuralVoiceLibraryOptions {
  modelsDir: string;
  /** Told about folders that are not a complete model (reported once per problem). */
  onProblem?: (problem: string) => void;
}

export type NeuralLibraryListener = (models: readonly InstalledModel[]) => void;

/**
 * The installed neural voices: MODELS_DIR scanned at start, then watched (fs.watch plus a slow rescan), so a running
 * server lists an added model and drops a removed one within seconds, without a restart. Installs land by renaming a
 * finished folder into place, so a scan never sees half a model.
 */
export class NeuralVoiceLibrary {
  #models: readonly InstalledModel[] = [];
  #byId = new Map<string, InstalledNeuralVoice>();
  #signature = '';
  #watcher: FSWatcher | null = null;
  #timer: NodeJS.Timeout | null = null;
  #settle: NodeJS.Timeout | null = null;
  #scanning: Promise<void> | null = null;
  #rescanRequested = false;
  #closed = false;
  readonly #reported = new Set<string>();
  readonly #listeners = new Set<NeuralLibraryListener>();

  constructor(private readonly options: NeuralVoiceLibraryOptions) {}

  /** Scans once, then keeps watching until `close()`. */
  async start(): Promise<void> {
    await mkdir(this.options.modelsDir, { recursive: true });
    await this.scan();
    if (this.#closed) return;
    try {
      this.#watcher = watch(this.options.modelsDir, () => this.#scheduleScan());
      this.#watcher.on('error', () => undefined);
    } catch {
      // Polling alone still finds changes.
    }
    this.#timer = setInterval(() => void this.scan(), RESCAN_MS);
    this.#timer.unref();
  }

  /** Called after every scan that changed the installed set (added, removed or replaced models). */
  subscribe(listener: NeuralLibraryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get models(): readonly InstalledModel[] {
    return this.#models;
  }

  voices(): InstalledNeuralVoice[] {
    return [...this.#byId.values()];
  }

  find(id: string): InstalledNeuralVoice | undefined {
    return this.#byId.get(id);
  }

  /** Rescans now (scans never overlap; a request during one runs once it ends). */
  async scan(): Promise<void> {
    if (this.#scanning) {
      this.#rescanRequested = true;
      return this.#scanning;
    }
    this.#scanning = this.#scanOnce().finally(() => {
      this.#scanning = null;
      if (this.#rescanRequested && !this.#closed) {
        this.#rescanRequested = false;
        void this.scan();
      }
    });
    return this.#scanning;
  }

  close(): void {
    this.#closed = true;
    this.#watcher?.close();
    if (this.#timer) clearInterval(this.#timer);
    if (this.#settle) clearTimeout(this.#settle);
  }

  #scheduleScan(): void {
    if (this.#closed) return;
    if (this.#settle) clearTimeout(this.#settle);
    this.#settle = setTimeout(() => void this.scan(), SETTLE_MS);
    this.#settle.unref();
  }

  async #scanOnce(): Promise<void> {
    const { models, problems } = await listInstalledModels(this.options.modelsDir);
    for (const problem of problems) {
      if (this.#reported.has(problem)) continue;
      this.#reported.add(problem);
      this.options.onProblem?.(problem);
    }
    const signature = models.map((model) => `${model.name}:${model.mtimeMs}:${model.bytes}`).join('|');
    if (signature === this.#signature || this.#closed) return;
    this.#signature = signature;
    this.#models = models;
    this.#byId = new Map(models.flatMap((model) => model.voices.map((voice) => [voice.id, voice] as const)));
    for (const listener of this.#listeners) listener(models);
  }
}
