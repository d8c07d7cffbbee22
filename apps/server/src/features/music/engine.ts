import { createMusicEngine, type MusicEngine, type MusicRequest, type MusicResult } from '@sound-studio/audio';
import type { MusicConfig } from './config.ts';

/**
 * The configured music engine, created on first use: an API node that never runs music jobs never starts render
 * workers (~230 MB each).
 */
export class LazyMusicEngine implements MusicEngine {
  #engine: MusicEngine | null = null;

  constructor(private readonly config: MusicConfig) {}

  get provider(): 'local' | 'minimax' {
    return this.config.provider;
  }

  generate(request: MusicRequest): Promise<MusicResult> {
    this.#engine ??= engineFor(this.config);
    return this.#engine.generate(request);
  }

  async close(): Promise<void> {
    await this.#engine?.close();
    this.#engine = null;
  }
}

function engineFor(config: MusicConfig): MusicEngine {
  if (config.provider === 'minimax') {
    return createMusicEngine({
      provider: 'minimax',
      apiKey: config.apiKey,
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      ...(config.model ? { model: config.model } : {}),
    });
  }
  return createMusicEngine({ provider: 'local', workers: config.workers });
}
