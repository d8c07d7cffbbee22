import { MiniMaxSpeechEngine, type MiniMaxEngineOptions } from '../providers/minimax/minimax-engine.ts';
import { LocalSpeechEngine, type LocalSpeechEngineOptions } from './local/local-engine.ts';
import type { SpeechEngine } from './types.ts';

export type SpeechEngineConfig =
  | ({ provider: 'local' } & LocalSpeechEngineOptions)
  | ({ provider: 'minimax' } & MiniMaxEngineOptions);

/** Chooses the speech provider from configuration; the local engine needs nothing, MiniMax an API key. */
export function createSpeechEngine(config: SpeechEngineConfig): SpeechEngine {
  switch (config.provider) {
    case 'local':
      return new LocalSpeechEngine(config);
    case 'minimax':
      return new MiniMaxSpeechEngine(config);
  }
}
