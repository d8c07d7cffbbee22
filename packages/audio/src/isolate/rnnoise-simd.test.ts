import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleWat, binaryPathOf, WAT_SOURCES } from '../../scripts/assemble-wasm.ts';
import { loadRnnoise, RNNOISE_FRAME, rnnoiseDenoise } from './rnnoise.ts';
import { gruBodyIndex, rnnoiseWithSimdGru, shippedRnnoiseBinary, simdGruBody } from './rnnoise-simd.ts';
import { concatBytes } from '../codec/pcm.ts';
import { ByteReader, functionBodies, importedFunctionCount, sectionsOf, SectionId, unsignedLeb, webAssembly, withFunctionBodies, withSection } from '../wasm/wasm-binary.ts';

describe('the committed WebAssembly binaries', () => {
  it.each(WAT_SOURCES.map((source) => [source.pathname.split('/').pop() ?? '', source] as const))('%s matches its text (npm run assemble-wasm)', async (_name, source) => {
    expect(Buffer.from(readFileSync(binaryPathOf(source))).equals(Buffer.from(await assembleWat(source)))).toBe(true);
  });
});

describe('RNNoise with the SIMD GRU step', () => {
  it('finds the GRU step in the shipped build and splices in a module that validates', () => {
    const shipped = shippedRnnoiseBinary();
    const target = gruBodyIndex(shipped);
    expect(target).toBeGreaterThanOrEqual(0);
    const patched = rnnoiseWithSimdGru(shipped);
    expect(patched).not.toBeNull();
    const bodies = functionBodies(patched as Uint8Array);
    expect(bodies).toHaveLength(functionBodies(shipped).length);
    expect(Buffer.from(bodies[target] as Uint8Array).equals(Buffer.from(simdGruBody()))).toBe(true);
  });

  it('leaves a build it was not written for alone', () => {
    const shipped = shippedRnnoiseBinary();
    const bodies = functionBodies(shipped).map((body) => Uint8Array.from(body));
    const gru = bodies[gruBodyIndex(shipped)] as Uint8Array;
    // One changed constant in the function's last instructions: a different build.
    gru[gru.length - 4] = (gru[gru.length - 4] as number) ^ 1;
    const other = withFunctionBodies(shipped, bodies);
    expect(rnnoiseWithSimdGru(other)).toBeNull();
  });

  it.each([
    ['relu (the shipped model)', 2, 24, 42],
    ['tanh', 0, 48, 90],
    ['sigmoid', 1, 96, 114],
    ['a width that is not a multiple of eight', 0, 13, 7],
    ['no inputs', 2, 16, 0],
  ])('steps a GRU layer with %s exactly as the shipped code', async (_name, activation, neurons, inputs) => {
    const shipped = await gruHarness(shippedRnnoiseBinary());
    const simd = await gruHarness(rnnoiseWithSimdGru() as Uint8Array);
    const layer = randomLayer(neurons, inputs, activation, 7 + neurons);
    const scalarStates = shipped.run(layer);
    const simdStates = simd.run(layer);
    expect(new Set(scalarStates.flat()).size).toBeGreaterThan(neurons);
    expect(simdStates).toEqual(scalarStates);
  });

  it('denoises a recording to the same samples and voice probabilities as the shipped build', async () => {
    const noisy = vowelsInNoise(4 * 48_000);
    const [shipped, simd] = await Promise.all([loadRnnoise('shipped'), loadRnnoise('simd')]);
    expect(simd).not.toBe(shipped);
    const expected = rnnoiseDenoise(shipped, noisy);
    const actual = rnnoiseDenoise(simd, noisy);
    expect(Buffer.from(actual.samples.buffer).equals(Buffer.from(expected.samples.buffer))).toBe(true);
    expect(Array.from(actual.voiceProbability)).toEqual(Array.from(expected.voiceProbability));
    // The network did something: speech frames and noise frames are told apart.
    expect(Math.max(...expected.voiceProbability)).toBeGreaterThan(0.5);
    expect(expected.voiceProbability.length).toBe(noisy.length / RNNOISE_FRAME);
  });
});

interface Layer {
  neurons: number;
  inputs: number;
  activation: number;
  bias: Int8Array;
  inputWeights: Int8Array;
  recurrentWeights: Int8Array;
  /** One input vector per step. */
  steps: Float32Array[];
}

function randomLayer(neurons: number, inputs: number, activation: number, seed: number): Layer {
  const random = seeded(seed);
  const bytes = (length: number): Int8Array => Int8Array.from({ length }, () => Math.floor(random() * 256) - 128);
  return {
    neurons,
    inputs,
    activation,
    bias: bytes(3 * neurons),
    inputWeights: bytes(3 * neurons * inputs),
    recurrentWeights: bytes(3 * neurons * neurons),
    steps: Array.from({ length: 6 }, (_, step) => Float32Array.from({ length: inputs }, () => (random() * 2 - 1) * (step + 1) * 0.8)),
  };
}

/** The module's GRU step, exported and called on a layer laid out in its memory as RNNoise lays one out. */
async function gruHarness(module: Uint8Array): Promise<{ run(layer: Layer): number[][] }> {
  // The SIMD body has its own hash; both builds keep the GRU step at the same index.
  const index = importedFunctionCount(module) + gruBodyIndex(shippedRnnoiseBinary());
  const exported = withExport(module, 'compute_gru', index);
  const imports: Record<string, Record<string, unknown>> = { a: { a: () => 0, b: () => 0 } };
  const { instance } = await webAssembly().instantiate(exported, imports);
  const memory = Object.values(instance.exports).find((value): value is { buffer: ArrayBuffer } => typeof value === 'object' && value !== null && 'buffer' in value);
  const computeGru = instance.exports.compute_gru as (layer: number, state: number, input: number) => void;
  if (!memory) throw new Error('The module exports no memory');
  return {
    run(layer) {
      const base = 8 << 20;
      const view = new DataView(memory.buffer);
      const heap = new Uint8Array(memory.buffer);
      const bias = base + 64;
      const inputWeights = bias + layer.bias.length;
      const recurrentWeights = inputWeights + layer.inputWeights.length;
      const input = (recurrentWeights + layer.recurrentWeights.length + 15) & ~15;
      const state = input + 4 * Math.max(1, layer.inputs);
      heap.set(new Uint8Array(layer.bias.buffer), bias);
      heap.set(new Uint8Array(layer.inputWeights.buffer), inputWeights);
      heap.set(new Uint8Array(layer.recurrentWeights.buffer), recurrentWeights);
      [bias, inputWeights, recurrentWeights, layer.inputs, layer.neurons, layer.activation].forEach((value, field) => view.setInt32(base + 4 * field, value, true));
      new Float32Array(memory.buffer, state, layer.neurons).fill(0);
      return layer.steps.map((step) => {
        new Float32Array(memory.buffer, input, layer.inputs).set(step);
        computeGru(base, state, input);
        return Array.from(new Float32Array(memory.buffer, state, layer.neurons));
      });
    },
  };
}

/** The module with one more export: function `index` as `name`. */
function withExport(module: Uint8Array, name: string, index: number): Uint8Array {
  const section = sectionsOf(module).find((candidate) => candidate.id === SectionId.export);
  if (!section) throw new Error('The module has no export section');
  const reader = new ByteReader(module, section.start);
  const count = reader.unsignedLeb();
  const entries = module.subarray(reader.position, section.end);
  const nameBytes = new TextEncoder().encode(name);
  return withSection(module, SectionId.export, concatBytes([unsignedLeb(count + 1), entries, unsignedLeb(nameBytes.length), nameBytes, Uint8Array.of(0), unsignedLeb(index)]));
}

/** Vowel-like harmonic bursts (a second on, half a second off) in white noise at 48 kHz. */
function vowelsInNoise(length: number): Float32Array {
  const random = seeded(3);
  const samples = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const time = index / 48_000;
    const voiced = time % 1.5 < 1;
    const pitch = 140 + 30 * Math.sin(2 * Math.PI * 0.7 * time);
    let vowel = 0;
    if (voiced) for (let harmonic = 1; harmonic <= 12; harmonic++) vowel += Math.sin(2 * Math.PI * pitch * harmonic * time) / harmonic;
    samples[index] = 0.15 * vowel + 0.03 * (random() * 2 - 1);
  }
  return samples;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
