import { MiniMaxMusicEngine, type MiniMaxMusicEngineOptions } from '../providers/minimax-music/minimax-music-engine.ts';
import { LocalMusicEngine, type LocalMusicEngineOptions, type MusicEngine } from './engine.ts';

export type MusicEngineConfig =
  | ({ provider: 'local' } & LocalMusicEngineOptions)
  | ({ provider: 'minimax' } & MiniMaxMusicEngineOptions);

/** The music engine the configuration asks for: local by default, MiniMax with an API key. */
export function createMusicEngine(config: MusicEngineConfig = { provider: 'local' }): MusicEngine {
  switch (config.provider) {
    case 'local': {
      const { provider: _provider, ...options } = config;
      return new LocalMusicEngine(options);
    }
    case 'minimax': {
      const { provider: _provider, ...options } = config;
      return new MiniMaxMusicEngine(options);
    }
  }
}
