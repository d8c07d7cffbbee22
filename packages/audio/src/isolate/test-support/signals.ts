import { resample } from '../../codec/resample.ts';
import { createRandom } from '../../music/random.ts';
import type { SpeechEngine, VoiceSpec } from '../../speech/types.ts';

/** Test signals for the voice lab: eSpeak speech, seeded noise, babble and a music-like bed. */
export async function renderSpeech(engine: SpeechEngine, text: string, voice: VoiceSpec, sampleRate = 48_000, speed = 1): Promise<Float32Array> {
  const result = await engine.speak({ text, voice, speed, pitch: 0, volume: 1 });
  if (result.format !== 'pcm') throw new Error('expected PCM from the local engine');
  return resample(result.samples, result.sampleRate, sampleRate);
}

export function joinWithGaps(parts: readonly Float32Array[], gapSeconds: number, sampleRate = 48_000): Float32Array {
  const gap = Math.round(gapSeconds * sampleRate);
  const joined = new Float32Array(parts.reduce((total, part) => total + part.length, 0) + gap * (parts.length - 1));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length + gap;
  }
  return joined;
}

/** Gaussian white noise (Box–Muller), reproducible from the seed. */
export function whiteNoise(length: number, seed = 7): Float32Array {
  const random = createRandom(seed);
  const noise = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const radius = Math.sqrt(-2 * Math.log(1 - random.next()));
    noise[index] = radius * Math.cos(2 * Math.PI * random.next());
  }
  return noise;
}

/** Several other speech renders summed with different offsets: a crowd talking. */
export function babble(voices: readonly Float32Array[], length: number): Float32Array {
  const mix = new Float32Array(length);
  voices.forEach((voice, index) => {
    const offset = (index * 9_973) % Math.max(1, voice.length);
    for (let position = 0; position < length; position++) mix[position] = (mix[position] as number) + (voice[(position + offset) % voice.length] as number);
  });
  return mix;
}

/** A chord progression of harmonic tones with tremolo: sustained, tonal and moving, like a music bed. */
export function musicBed(length: number, sampleRate = 48_000): Float32Array {
  const chords = [[220, 277.18, 329.63], [196, 246.94, 293.66], [174.61, 220, 261.63], [246.94, 311.13, 369.99]];
  const bed = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const time = index / sampleRate;
    const chord = chords[Math.floor(time / 1.5) % chords.length] as number[];
    let value = 0;
    for (const frequency of chord) for (let harmonic = 1; harmonic <= 5; harmonic++) value += Math.sin(2 * Math.PI * frequency * harmonic * time) / (harmonic * harmonic);
    bed[index] = value * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * time));
  }
  return bed;
}

/** A voiced "vowel" train: harmonics of f0 (with a slow glide), switched on `syllablesPerSecond` times a second. */
export function syntheticVoice(options: { f0: number; seconds: number; sampleRate?: number; syllablesPerSecond?: number; glideSemitones?: number }): Float32Array {
  const sampleRate = options.sampleRate ?? 16_000;
  const samples = new Float32Array(Math.round(options.seconds * sampleRate));
  let phase = 0;
  for (let index = 0; index < samples.length; index++) {
    const time = index / sampleRate;
    const glide = (options.glideSemitones ?? 0) * Math.sin(2 * Math.PI * 0.25 * time);
    const frequency = options.f0 * 2 ** (glide / 12);
    phase += (2 * Math.PI * frequency) / sampleRate;
    let value = 0;
    for (let harmonic = 1; harmonic * frequency < sampleRate / 2.5; harmonic++) value += Math.sin(harmonic * phase) / harmonic;
    const rate = options.syllablesPerSecond;
    const envelope = rate ? Math.sin(Math.PI * rate * time) ** 2 : 1;
    samples[index] = 0.2 * value * envelope;
  }
  return samples;
}

export function energy(samples: Float32Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let index = start; index < end; index++) sum += (samples[index] as number) ** 2;
  return sum;
}
