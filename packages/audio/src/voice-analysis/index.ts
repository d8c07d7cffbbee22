export { analyseVoice, type VoiceAnalysis } from './analyse.ts';
export { combineAnalyses } from './combine.ts';
export { matchVoice, LOCAL_MATCH_NOTE, type VoiceMatch, type VoiceMatchOptions, type VoiceTraits } from './match.ts';
export { calibrationTextFor } from './calibration-texts.ts';
export { trimSilence, normaliseLoudness, TARGET_SPEECH_DBFS, DEFAULT_TRIM_OPTIONS, type TrimOptions } from './prepare.ts';
