import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../codec/mp3-frames.ts';
import { decodeWav } from '../codec/wav.ts';
import { LocalSpeechEngine } from '../speech/local/local-engine.ts';
import type { VoiceSpec } from '../speech/types.ts';
import { RealFft } from './fft.ts';
import { CHUNK_POSTROLL_SAMPLES, CHUNK_PREROLL_SAMPLES, DEFAULT_ISOLATION_SETTINGS, gateInPlace, isolateInThisThread } from './pipeline.ts';
import {
  accumulateNoisePower,
  NOISE_PROFILE_BINS,
  noiseProfileFromEnergies,
  profileFrameCount,
  profileFrameEnergies,
  quietestFrames,
  SPECTRAL_FRAME,
} from './spectral-denoise.ts';
import { measureSnr, mixAtSnr, snrGain } from './snr.ts';
import { babble, energy, joinWithGaps, musicBed, renderSpeech, whiteNoise } from './test-support/signals.ts';
import { chunkBounds, VoiceIsolator } from './voice-isolator.ts';

const RATE = 48_000;
const voice = (espeakVoice: string, variant: string): VoiceSpec => ({ language: 'en-US', espeakVoice, variant });
const SENTENCES = [
  'Every morning, the old man walked down to the harbour to watch the boats.',
  'He counted them one by one, and then went home for breakfast.',
  'It was a quiet life, but he liked it that way.',
];
const CROWD = [
  'Meanwhile in the city, the market opened early and the traders shouted their prices.',
  'Has anyone seen the keys to the blue van? I left them on the table this morning.',
  'The train to Manchester is delayed by twenty minutes because of signal problems.',
  'She ordered two coffees and a slice of lemon cake, then changed her mind.',
];

let engine: LocalSpeechEngine;
let isolator: VoiceIsolator;
/** Three phrases with half-second pauses, about nine seconds at 48 kHz. */
let clean: Float32Array;
let crowd: Float32Array[];

beforeAll(async () => {
  engine = new LocalSpeechEngine({ workers: 2 });
  isolator = new VoiceIsolator({ workers: 2 });
  const [phrases, others] = await Promise.all([
    Promise.all(SENTENCES.map((text) => renderSpeech(engine, text, voice('en-us', 'f3')))),
    Promise.all(CROWD.map((text, index) => renderSpeech(engine, text, voice(index % 2 ? 'en-gb-x-rp' : 'en-us', ['m1', 'f2', 'm6', 'f5'][index] as string)))),
    isolator.warmUp(),
  ]);
  clean = joinWithGaps(phrases, 0.5);
  crowd = others;
});

afterAll(async () => {
  await Promise.all([engine.close(), isolator.close()]);
});

describe('voice isolator: SNR (measured against the clean speech after least-squares gain alignment)', () => {
  it('gains at least 8 dB on speech in white noise at 5 dB SNR', async () => {
    const noisy = mixAtSnr(clean, whiteNoise(clean.length), 5);
    const isolated = await isolator.isolate(noisy, { sampleRate: RATE });
    const gain = snrGain(clean, noisy, isolated.samples);
    console.log(`white noise at 5 dB: ${measureSnr(clean, noisy).toFixed(2)} dB -> ${measureSnr(clean, isolated.samples).toFixed(2)} dB (gain ${gain.toFixed(2)} dB)`);
    expect(measureSnr(clean, noisy)).toBeCloseTo(5, 1);
    expect(gain).toBeGreaterThanOrEqual(8);
  });

  it('reports the gain on babble and on a music bed at 5 dB SNR', async () => {
    const gains: Record<string, number> = {};
    for (const [name, noise] of [['babble', babble(crowd, clean.length)], ['music', musicBed(clean.length)]] as const) {
      const noisy = mixAtSnr(clean, noise, 5);
      const isolated = await isolator.isolate(noisy, { sampleRate: RATE });
      gains[name] = snrGain(clean, noisy, isolated.samples);
    }
    console.log(`babble at 5 dB: gain ${gains.babble?.toFixed(2)} dB; music at 5 dB: gain ${gains.music?.toFixed(2)} dB`);
    // Babble is speech, which RNNoise keeps by design; neither background may make things worse.
    expect(gains.babble).toBeGreaterThan(0);
    expect(gains.music).toBeGreaterThan(0);
  });
});

describe('voice isolator: gating and pipeline', () => {
  it('turns the noise between phrases down rather than cutting it, and leaves speech alone', async () => {
    const phrases = joinWithGaps([clean.subarray(0, RATE * 2), clean.subarray(RATE * 3, RATE * 5)], 1.5);
    const noisy = mixAtSnr(phrases, whiteNoise(phrases.length, 11), 10);
    const gated = await isolator.isolate(noisy, { sampleRate: RATE });
    const ungated = await isolator.isolate(noisy, { sampleRate: RATE, settings: { gate: null } });
    // The middle of the 1.5 s gap (the gate holds open for 0.2 s after speech and looks ahead 40 ms before it).
    const gap = [RATE * 2 + RATE * 0.45, RATE * 3 + RATE * 0.05] as const;
    const speech = [RATE / 2, RATE * 3 / 2] as const;
    const gapReduction = 10 * Math.log10(energy(ungated.samples, ...gap) / energy(gated.samples, ...gap));
    const speechChange = 10 * Math.log10(energy(gated.samples, ...speech) / energy(ungated.samples, ...speech));
    console.log(`gate: gap ${gapReduction.toFixed(1)} dB lower, speech changed by ${speechChange.toFixed(2)} dB, speech ratio ${gated.speechRatio.toFixed(2)}`);
    expect(gapReduction).toBeGreaterThanOrEqual(12);
    expect(Math.abs(speechChange)).toBeLessThan(1);
    // Attenuated, not silenced: something of the room is still there.
    expect(energy(gated.samples, ...gap)).toBeGreaterThan(0);
    expect(gated.speechRatio).toBeGreaterThan(0.5);
    expect(gated.speechRatio).toBeLessThan(0.95);
  });

  it('splits long input into per-worker chunks that match a single pass', async () => {
    const long = new Float32Array(RATE * 16);
    for (let offset = 0; offset < long.length; offset += clean.length) long.set(clean.subarray(0, long.length - offset), offset);
    const noisy = mixAtSnr(long, whiteNoise(long.length, 3), 5);
    const chunks = chunkBounds(noisy.length, 2);
    // The second chunk also denoises a pre-roll and the first a post-roll: their own parts are sized so both workers
    // process the same amount, to within one RNNoise frame.
    expect(chunks).toHaveLength(2);
    const [first, second] = chunks as [readonly [number, number], readonly [number, number]];
    expect(first[0]).toBe(0);
    expect(first[1]).toBe(second[0]);
    expect(second[1]).toBe(noisy.length);
    expect(first[1] % 480).toBe(0);
    expect(first[1]).toBeGreaterThan(RATE * 8);
    expect(Math.abs(first[1] + CHUNK_POSTROLL_SAMPLES - (second[1] - second[0] + CHUNK_PREROLL_SAMPLES))).toBeLessThanOrEqual(480);
    const stages: string[] = [];
    let last = 0;
    const pooled = await isolator.isolate(noisy, {
      sampleRate: RATE,
      onProgress: (fraction, stage) => {
        expect(fraction).toBeGreaterThanOrEqual(last);
        last = fraction;
        if (!stages.includes(stage)) stages.push(stage);
      },
    });
    const single = await isolateInThisThread(noisy, RATE, DEFAULT_ISOLATION_SETTINGS);
    expect(stages).toEqual(['resample', 'profile', 'denoise', 'gate']);
    expect(last).toBe(1);
    expect(pooled.samples.length).toBe(noisy.length);
    // Same result up to tiny differences where the second chunk's network state was warmed on a pre-roll.
    expect(measureSnr(single.samples, pooled.samples)).toBeGreaterThan(30);
  });

  it('resamples other rates to 48 kHz and keeps the length', async () => {
    const speech16k = clean.filter((_, index) => index % 3 === 0);
    const isolated = await isolator.isolate(speech16k, { sampleRate: 16_000 });
    expect(isolated.sampleRate).toBe(RATE);
    expect(isolated.samples.length).toBe(speech16k.length * 3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const running = isolator.isolate(mixAtSnr(clean, whiteNoise(clean.length), 5), { sampleRate: RATE, signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'ABORTED' });
    // The pool replaces the terminated thread and carries on.
    const after = await isolator.isolate(clean.subarray(0, RATE), { sampleRate: RATE });
    expect(after.samples.length).toBe(RATE);
  });

  it('encodes the cleaned speech to MP3 and WAV in a worker', async () => {
    const files = await isolator.encode(clean, RATE);
    expect(parseMp3Frames(files.mp3 as Uint8Array)).toMatchObject({ sampleRate: RATE, bitrate: 192 });
    const wav = decodeWav(files.wav as Uint8Array);
    expect(wav.sampleRate).toBe(RATE);
    expect(wav.samples.length).toBe(clean.length);
  });
});

describe('building blocks', () => {
  it('real FFT matches a direct DFT and inverts exactly, whatever mix of radix-8, -4 and -2 passes its size takes', () => {
    for (const size of [4, 8, 16, 32, 64, 128]) {
      const fft = new RealFft(size);
      const input = Float64Array.from({ length: size }, (_, index) => Math.sin(index * 0.7) + 0.3 * Math.cos(index * 2.1) + (index % 5) * 0.01);
      const re = new Float64Array(size / 2 + 1);
      const im = new Float64Array(size / 2 + 1);
      fft.forward(input, re, im);
      for (let bin = 0; bin <= size / 2; bin++) {
        let expectedRe = 0;
        let expectedIm = 0;
        input.forEach((value, index) => {
          expectedRe += value * Math.cos((2 * Math.PI * bin * index) / size);
          expectedIm -= value * Math.sin((2 * Math.PI * bin * index) / size);
        });
        expect(re[bin]).toBeCloseTo(expectedRe, 9);
        expect(im[bin]).toBeCloseTo(expectedIm, 9);
      }
      const output = new Float64Array(size);
      fft.inverse(re, im, output);
      output.forEach((value, index) => expect(value).toBeCloseTo(input[index] as number, 12));
    }
  });

  it('ranks noise-profile frames by the energy their spectrum sums to, found without a transform', () => {
    const samples = mixAtSnr(clean, whiteNoise(clean.length, 13), 5);
    const frames = profileFrameCount(samples.length);
    const energies = profileFrameEnergies(samples, new Float64Array(frames));
    const fft = new RealFft(SPECTRAL_FRAME);
    const window = Float64Array.from({ length: SPECTRAL_FRAME }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / SPECTRAL_FRAME)));
    const re = new Float64Array(fft.bins);
    const im = new Float64Array(fft.bins);
    for (const frame of [0, 7, Math.floor(frames / 2), frames - 1]) {
      // Profile frames start one frame apart.
      const start = frame * SPECTRAL_FRAME;
      fft.forward(Float64Array.from(window, (weight, index) => weight * (samples[start + index] as number)), re, im);
      let spectrumEnergy = 0;
      for (let bin = 0; bin < fft.bins; bin++) spectrumEnergy += (re[bin] as number) ** 2 + (im[bin] as number) ** 2;
      expect(Math.abs((energies[frame] as number) - spectrumEnergy) / spectrumEnergy).toBeLessThan(1e-12);
    }
    // Two threads measuring half each give the same energies as one.
    const halves = new Float64Array(frames);
    profileFrameEnergies(samples, halves, 0, frames >> 1);
    profileFrameEnergies(samples, halves, frames >> 1, frames);
    expect(halves).toEqual(energies);
  });

  it('builds the noise profile from the quietest frames, in shares that add up to the whole', () => {
    const samples = mixAtSnr(clean, whiteNoise(clean.length, 17), 5);
    const energies = profileFrameEnergies(samples, new Float64Array(profileFrameCount(samples.length)));
    const quiet = quietestFrames(energies);
    expect(quiet.length).toBe(Math.max(8, Math.round(energies.length * 0.1)));
    // Quietest first, and none of the others is quieter than the loudest chosen.
    const chosen = Array.from(quiet, (frame) => energies[frame] as number);
    expect(chosen).toEqual([...chosen].sort((a, b) => a - b));
    const loudestChosen = chosen[chosen.length - 1] as number;
    const quieterLeftOut = Array.from(energies).filter((energy, frame) => !quiet.includes(frame) && energy < loudestChosen);
    expect(quieterLeftOut).toEqual([]);
    const whole = noiseProfileFromEnergies(samples, energies);
    const shared = new Float64Array(NOISE_PROFILE_BINS);
    accumulateNoisePower(samples, quiet.subarray(0, 3), quiet.length, shared);
    accumulateNoisePower(samples, quiet.subarray(3), quiet.length, shared);
    whole.forEach((power, bin) => expect(Math.abs((shared[bin] as number) - power)).toBeLessThanOrEqual(power * 1e-12));
    expect(whole.some((power) => power > 0)).toBe(true);
  });

  it('gates a recording chunk by chunk exactly as in one pass', () => {
    const samples = Float32Array.from({ length: 48_000 + 123 }, (_, index) => Math.sin(index * 0.01));
    const probability = Float32Array.from({ length: Math.ceil(samples.length / 480) }, (_, frame) => (frame % 37 < 20 ? 0.9 : 0.1));
    const whole = samples.slice();
    gateInPlace(whole, probability);
    const chunked = samples.slice();
    for (const [from, to] of [[0, 4_800], [4_800, 30_000], [30_000, samples.length]] as const) gateInPlace(chunked, probability, DEFAULT_ISOLATION_SETTINGS, from, to);
    expect(chunked).toEqual(whole);
    expect(whole).not.toEqual(samples);
  });

  it('measures SNR with gain alignment and an optional lag search', () => {
    const signal = Float32Array.from({ length: 48_000 }, (_, index) => Math.sin(index * 0.05));
    const noisy = mixAtSnr(signal, whiteNoise(signal.length, 5), 12);
    expect(measureSnr(signal, noisy)).toBeCloseTo(12, 1);
    // A pure level change is not an error; a delay is, unless searched for.
    expect(measureSnr(signal, signal.map((value) => value * 0.25))).toBeGreaterThan(100);
    const delayed = new Float32Array(signal.length);
    delayed.set(signal.subarray(0, signal.length - 7), 7);
    expect(measureSnr(signal, delayed)).toBeLessThan(20);
    expect(measureSnr(signal, delayed, { maxLagSamples: 10 })).toBeGreaterThan(40);
  });
});
