export type { VoiceCloneProvider, VoiceCloneProviderName, VoiceCloneRequest, ClonedVoice, CloneSample, ClonePreview } from './types.ts';
export { VoiceCloneError, type VoiceCloneErrorCode } from './errors.ts';
export { CLONE_SAMPLE_RULES, validateCloneUploads, validateCloneDurations, decodeCloneSample } from './validation.ts';
export { prepareCloneSamples, type PrepareOptions } from './prepare.ts';
export { LocalVoiceCloneProvider, type LocalVoiceCloneOptions } from './local-provider.ts';
export { MiniMaxVoiceCloneProvider, MINIMAX_CLONE_NOTE, cloneErrorCodeFor, type MiniMaxCloneOptions } from './minimax/minimax-clone-provider.ts';
export { MINIMAX_VOICE_ID_PATTERN, MINIMAX_CLONE_STATUS, MINIMAX_CLONE_FILE_RULES } from './minimax/wire.ts';
export { createVoiceCloneProvider, type VoiceCloneConfig } from './create-provider.ts';
