import { describe, expect, it } from 'vitest';
import { syntheticVoice } from '../isolate/test-support/signals.ts';
import { analyseVoice } from './analyse.ts';
import { combineAnalyses } from './combine.ts';
import { normaliseLoudness, trimSilence } from './prepare.ts';

const RATE = 16_000;

describe('analyseVoice', () => {
  it.each([90, 140, 220, 320])('finds the median pitch of a %i Hz voice within 2%', (f0) => {
    const analysis = analyseVoice(syntheticVoice({ f0, seconds: 4, sampleRate: RATE }), RATE);
    expect(Math.abs(analysis.medianPitchHz / f0 - 1)).toBeLessThan(0.02);
    expect(analysis.voicedRatio).toBeGreaterThan(0.9);
  });

  it('measures the intonation range in semitones (10th to 90th percentile)', () => {
    const flat = analyseVoice(syntheticVoice({ f0: 150, seconds: 8, sampleRate: RATE }), RATE);
    const lively = analyseVoice(syntheticVoice({ f0: 150, seconds: 8, sampleRate: RATE, glideSemitones: 4 }), RATE);
    expect(flat.pitchRangeSemitones).toBeLessThan(0.3);
    // A ±4 semitone sine glide spends 80% of its time within about ±3.8 semitones.
    expect(lively.pitchRangeSemitones).toBeGreaterThan(6.5);
    expect(lively.pitchRangeSemitones).toBeLessThan(8.5);
  });

  it('counts syllable nuclei from the energy envelope', () => {
    for (const rate of [3, 4.5, 6]) {
      const analysis = analyseVoice(syntheticVoice({ f0: 160, seconds: 8, sampleRate: RATE, syllablesPerSecond: rate }), RATE);
      expect(analysis.speakingRateSyllablesPerSecond).toBeGreaterThan(rate * 0.9);
      expect(analysis.speakingRateSyllablesPerSecond).toBeLessThan(rate * 1.1);
    }
  });

  it('reports darker voices with a lower spectral centroid and loudness in dBFS', () => {
    const voice = syntheticVoice({ f0: 150, seconds: 3, sampleRate: RATE });
    const darker = voice.slice();
    for (let index = 1; index < darker.length; index++) darker[index] = 0.2 * (darker[index] as number) + 0.8 * (darker[index - 1] as number);
    const bright = analyseVoice(voice, RATE);
    const dark = analyseVoice(darker, RATE);
    expect(dark.brightnessHz).toBeLessThan(bright.brightnessHz * 0.8);
    expect(bright.loudnessDbfs).toBeGreaterThan(-25);
    expect(bright.loudnessDbfs).toBeLessThan(-10);
  });

  it('combines several samples of one speaker', () => {
    const low = analyseVoice(syntheticVoice({ f0: 100, seconds: 4, sampleRate: RATE, syllablesPerSecond: 4 }), RATE);
    const high = analyseVoice(syntheticVoice({ f0: 144, seconds: 4, sampleRate: RATE, syllablesPerSecond: 4 }), RATE);
    const combined = combineAnalyses([low, high]);
    expect(combined.medianPitchHz).toBeGreaterThan(110);
    expect(combined.medianPitchHz).toBeLessThan(130);
    expect(combined.durationSeconds).toBeCloseTo(8, 5);
    expect(combined.syllableCount).toBe(low.syllableCount + high.syllableCount);
  });
});

describe('sample optimisation', () => {
  it('trims edges and long pauses, keeping short ones', () => {
    const speech = syntheticVoice({ f0: 150, seconds: 1, sampleRate: RATE });
    const silence = (seconds: number): Float32Array => new Float32Array(Math.round(seconds * RATE));
    const parts = [silence(2), speech, silence(0.3), speech, silence(3), speech, silence(2)];
    const input = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      input.set(part, offset);
      offset += part.length;
    }
    const trimmed = trimSilence(input, RATE);
    // 3 s of speech, the 0.3 s pause, the 3 s pause cut to 0.5 s, 0.12 s at each edge.
    expect(trimmed.length / RATE).toBeCloseTo(3 + 0.3 + 0.5 + 0.24, 1);
  });

  it('normalises speech to -20 dBFS without letting peaks pass -1 dBFS', () => {
    const quiet = syntheticVoice({ f0: 150, seconds: 2, sampleRate: RATE }).map((value) => value * 0.05);
    const normalised = normaliseLoudness(quiet, RATE);
    const rms = Math.sqrt(normalised.reduce((sum, value) => sum + value * value, 0) / normalised.length);
    expect(20 * Math.log10(rms)).toBeCloseTo(-20, 0);
    const spiky = quiet.slice();
    spiky[100] = 0.5;
    expect(Math.max(...normaliseLoudness(spiky, RATE).map(Math.abs))).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-6);
  });
});
