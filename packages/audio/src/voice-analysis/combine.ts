import type { VoiceAnalysis } from './analyse.ts';

/**
 * One analysis for several samples of the same speaker: pitch values are averaged in the log domain and weighted by
 * voiced time, the speaking rate is total syllables over total speaking time, the rest is weighted by duration.
 */
export function combineAnalyses(analyses: readonly VoiceAnalysis[]): VoiceAnalysis {
  const usable = analyses.filter((analysis) => analysis.medianPitchHz > 0);
  if (usable.length === 0) {
    const first = analyses[0];
    if (!first) throw new Error('No analyses to combine');
    return first;
  }
  const voicedWeight = (analysis: VoiceAnalysis): number => analysis.voicedRatio * analysis.durationSeconds;
  const durationWeight = (analysis: VoiceAnalysis): number => analysis.durationSeconds;
  const syllables = usable.reduce((sum, analysis) => sum + analysis.syllableCount, 0);
  const speakingSeconds = usable.reduce((sum, analysis) => sum + analysis.speakingSeconds, 0);
  const durationSeconds = analyses.reduce((sum, analysis) => sum + analysis.durationSeconds, 0);
  const logMean = (pick: (analysis: VoiceAnalysis) => number): number => Math.exp(weightedMean(usable, (analysis) => Math.log(pick(analysis)), voicedWeight));
  return {
    durationSeconds,
    medianPitchHz: logMean((analysis) => analysis.medianPitchHz),
    pitchP10Hz: logMean((analysis) => analysis.pitchP10Hz),
    pitchP90Hz: logMean((analysis) => analysis.pitchP90Hz),
    pitchRangeSemitones: weightedMean(usable, (analysis) => analysis.pitchRangeSemitones, voicedWeight),
    speakingRateSyllablesPerSecond: speakingSeconds > 0 ? syllables / speakingSeconds : 0,
    syllableCount: syllables,
    speakingSeconds,
    brightnessHz: weightedMean(usable, (analysis) => analysis.brightnessHz, voicedWeight),
    loudnessDbfs: weightedMean(usable, (analysis) => analysis.loudnessDbfs, durationWeight),
    voicedRatio: weightedMean(analyses, (analysis) => analysis.voicedRatio, durationWeight),
  };
}

function weightedMean(items: readonly VoiceAnalysis[], value: (item: VoiceAnalysis) => number, weight: (item: VoiceAnalysis) => number): number {
  let sum = 0;
  let total = 0;
  for (const item of items) {
    const itemWeight = weight(item);
    sum += value(item) * itemWeight;
    total += itemWeight;
  }
  return total > 0 ? sum / total : 0;
}
