import { MiniMaxVoiceCloneProvider, type MiniMaxCloneOptions } from './minimax/minimax-clone-provider.ts';
import { LocalVoiceCloneProvider, type LocalVoiceCloneOptions } from './local-provider.ts';
import type { VoiceCloneProvider } from './types.ts';

export type VoiceCloneConfig = ({ provider: 'local' } & LocalVoiceCloneOptions) | ({ provider: 'minimax' } & MiniMaxCloneOptions);

/** The local matcher needs nothing; MiniMax makes a real clone when an API key is configured. */
export function createVoiceCloneProvider(config: VoiceCloneConfig): VoiceCloneProvider {
  switch (config.provider) {
    case 'local':
      return new LocalVoiceCloneProvider(config);
    case 'minimax':
      return new MiniMaxVoiceCloneProvider(config);
  }
}
