import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import { writeNpz, type NpyArray } from '../speech/neural/npz.ts';

/**
 * Tiny neural voices in the exact published formats (same input and output names, types and files as real Piper and
 * Kokoro v1.0 exports), made by the tests themselves since no weights can be downloaded. Their "voice" is a sine tone
 * whose length follows the phoneme count and the length scale / speed input, so tests can check that text, speed and
 * speakers reach the model.
 */
const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

/** Every IPA symbol eSpeak NG emits for the languages the tests speak, plus Piper's and Kokoro's punctuation. */
export const TINY_PHONEME_SYMBOLS = [
  ...' !\'(),-.:;?',
  ...'abcdefhijklmnopqrstuvwxyzæçðøħŋœɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ̩̃',
];

/** Samples per phoneme id at length scale 1 (Piper's hop length). */
export const TINY_PIPER_HOP = 256;
/** Samples per token at speed 1. */
export const TINY_KOKORO_HOP = 300;

type Node = ReturnType<typeof onnx.NodeProto.create>;

function node(op: string, inputs: string[], output: string, attributes: Array<ReturnType<typeof onnx.AttributeProto.create>> = []): Node {
  return onnx.NodeProto.create({ opType: op, input: inputs, output: [output], name: output, attribute: attributes });
}

function intAttribute(name: string, value: number) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i: value });
}

function floatScalar(name: string, value: number) {
  return onnx.TensorProto.create({ name, dataType: FLOAT, dims: [], floatData: [value] });
}

function intTensor(name: string, values: number[], dims: number[] = [values.length]) {
  return onnx.TensorProto.create({ name, dataType: INT64, dims, int64Data: values });
}

function valueInfo(name: string, type: number, dims: Array<number | string>) {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: type,
        shape: { dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  });
}

/** count * hop * scale samples (all float scalars) of a sine tone at `frequency`. */
function toneNodes(countFloat: string, scale: string, frequency: string): Node[] {
  return [
    node('Mul', [countFloat, 'hop'], 'frames'),
    node('Mul', ['frames', scale], 'length'),
    node('Range', ['zero', 'length', 'one'], 't'),
    node('Mul', [frequency, 'two_pi_over_rate'], 'omega'),
    node('Mul', ['t', 'omega'], 'phase'),
    node('Sin', ['phase'], 'wave'),
    node('Mul', ['wave', 'amplitude'], 'tone'),
  ];
}

function toneInitializers(hop: number, sampleRate: number) {
  return [
    floatScalar('hop', hop),
    floatScalar('zero', 0),
    floatScalar('one', 1),
    floatScalar('amplitude', 0.3),
    floatScalar('two_pi_over_rate', (2 * Math.PI) / sampleRate),
  ];
}

function encodeModel(graph: ReturnType<typeof onnx.GraphProto.create>): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'sound-studio-tiny-voice',
    opsetImport: [{ domain: '', version: 13 }],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

export interface TinyPiperOptions {
  sampleRate?: number;
  /** Names a multi-speaker model's speakers (adds the `sid` input). */
  speakers?: string[];
  /** Also output `durations` (samples per phoneme id), as exports with alignment data do. */
  durations?: boolean;
  espeakVoice?: string;
  language?: { code: string; family: string; region: string; name_native: string; name_english: string; country_english: string };
}

/** Piper's graph: input int64 [1,N], input_lengths int64 [1], scales float32 [3], optional sid int64 [1] -> output. */
export function tinyPiperOnnx(options: TinyPiperOptions = {}): Uint8Array {
  const sampleRate = options.sampleRate ?? 22_050;
  const multi = (options.speakers?.length ?? 0) > 1;
  const nodes: Node[] = [
    node('Shape', ['input'], 'input_shape'),
    node('Gather', ['input_shape', 'index_one'], 'count', [intAttribute('axis', 0)]),
    node('Cast', ['count'], 'count_float', [intAttribute('to', FLOAT)]),
    node('Gather', ['scales', 'index_one'], 'length_scale', [intAttribute('axis', 0)]),
    // Reads input_lengths so a graph that ignores it cannot pass for the real thing.
    node('ReduceSum', ['input_lengths'], 'declared_length', [intAttribute('keepdims', 0)]),
    node('Cast', ['declared_length'], 'declared_float', [intAttribute('to', FLOAT)]),
    node('Div', ['declared_float', 'count_float'], 'length_ratio'),
    node('Mul', ['length_scale', 'length_ratio'], 'scale'),
  ];
  if (multi) {
    nodes.push(
      node('ReduceSum', ['sid'], 'speaker', [intAttribute('keepdims', 0)]),
      node('Cast', ['speaker'], 'speaker_float', [intAttribute('to', FLOAT)]),
      node('Mul', ['speaker_float', 'speaker_step'], 'speaker_shift'),
      node('Add', ['base_frequency', 'speaker_shift'], 'frequency'),
    );
  } else {
    nodes.push(node('Identity', ['base_frequency'], 'frequency'));
  }
  nodes.push(...toneNodes('count_float', 'scale', 'frequency'));
  nodes.push(node('Reshape', ['tone', 'output_shape'], 'output'));
  const outputs = [valueInfo('output', FLOAT, [1, 1, 'samples'])];
  if (options.durations) {
    nodes.push(
      node('ConstantOfShape', ['input_shape'], 'ones', [
        onnx.AttributeProto.create({ name: 'value', type: onnx.AttributeProto.AttributeType.TENSOR, t: onnx.TensorProto.create({ dataType: FLOAT, dims: [1], floatData: [1] }) }),
      ]),
      node('Mul', ['hop', 'scale'], 'per_phoneme'),
      node('Mul', ['ones', 'per_phoneme'], 'durations'),
    );
    outputs.push(valueInfo('durations', FLOAT, [1, 'phonemes']));
  }
  const inputs = [
    valueInfo('input', INT64, [1, 'phonemes']),
    valueInfo('input_lengths', INT64, [1]),
    valueInfo('scales', FLOAT, [3]),
    ...(multi ? [valueInfo('sid', INT64, [1])] : []),
  ];
  return encodeModel(
    onnx.GraphProto.create({
      name: 'tiny_piper',
      node: nodes,
      input: inputs,
      output: outputs,
      initializer: [
        ...toneInitializers(TINY_PIPER_HOP, sampleRate),
        onnx.TensorProto.create({ name: 'index_one', dataType: INT64, dims: [], int64Data: [1] }),
        floatScalar('base_frequency', 220),
        ...(multi ? [floatScalar('speaker_step', 60)] : []),
        intTensor('output_shape', [1, 1, -1]),
      ],
    }),
  );
}

/** A real `.onnx.json` as Piper's training writes it, with a phoneme id map covering TINY_PHONEME_SYMBOLS. */
export function tinyPiperConfig(options: TinyPiperOptions = {}): Record<string, unknown> {
  const phonemeIdMap: Record<string, number[]> = { _: [0], '^': [1], $: [2] };
  TINY_PHONEME_SYMBOLS.forEach((symbol, index) => (phonemeIdMap[symbol] = [index + 3]));
  const speakers = options.speakers ?? [];
  const language = options.language ?? {
    code: 'en_US', family: 'en', region: 'US', name_native: 'English', name_english: 'English', country_english: 'United States',
  };
  return {
    audio: { sample_rate: options.sampleRate ?? 22_050, quality: 'x_low' },
    espeak: { voice: options.espeakVoice ?? 'en-us' },
    inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
    phoneme_type: 'espeak',
    phoneme_map: {},
    phoneme_id_map: phonemeIdMap,
    num_symbols: TINY_PHONEME_SYMBOLS.length + 3,
    num_speakers: Math.max(1, speakers.length),
    speaker_id_map: Object.fromEntries(speakers.map((name, index) => [name, index])),
    piper_version: '1.0.0',
    language,
    dataset: 'tiny',
  };
}

/** Kokoro v1.0's graph: tokens int64 [1,n], style float32 [1,256], speed float32 [1] -> audio float32 [samples]. */
export function tinyKokoroOnnx(options: { durations?: boolean } = {}): Uint8Array {
  const nodes: Node[] = [
    node('Shape', ['tokens'], 'token_shape'),
    node('Gather', ['token_shape', 'index_one'], 'count', [intAttribute('axis', 0)]),
    node('Cast', ['count'], 'count_float', [intAttribute('to', FLOAT)]),
    node('ReduceSum', ['speed'], 'speed_scalar', [intAttribute('keepdims', 0)]),
    node('Div', ['one', 'speed_scalar'], 'scale'),
    // The style's mean moves the tone, so each voice sounds different and a wrong style row is audible in tests.
    node('ReduceMean', ['style'], 'style_mean', [intAttribute('keepdims', 0)]),
    node('Mul', ['style_mean', 'style_step'], 'style_shift'),
    node('Add', ['base_frequency', 'style_shift'], 'frequency'),
    ...toneNodes('count_float', 'scale', 'frequency'),
    node('Identity', ['tone'], 'audio'),
  ];
  const outputs = [valueInfo('audio', FLOAT, ['samples'])];
  if (options.durations) {
    nodes.push(
      node('Gather', ['tokens', 'index_zero'], 'token_row', [intAttribute('axis', 0)]),
      node('Cast', ['token_row'], 'token_row_float', [intAttribute('to', FLOAT)]),
      node('Mul', ['token_row_float', 'zero'], 'zeros'),
      node('Add', ['zeros', 'one'], 'ones'),
      node('Mul', ['hop', 'scale'], 'per_token'),
      node('Mul', ['ones', 'per_token'], 'durations'),
    );
    outputs.push(valueInfo('durations', FLOAT, ['tokens']));
  }
  return encodeModel(
    onnx.GraphProto.create({
      name: 'tiny_kokoro',
      node: nodes,
      input: [valueInfo('tokens', INT64, [1, 'tokens']), valueInfo('style', FLOAT, [1, 256]), valueInfo('speed', FLOAT, [1])],
      output: outputs,
      initializer: [
        ...toneInitializers(TINY_KOKORO_HOP, 24_000),
        onnx.TensorProto.create({ name: 'index_one', dataType: INT64, dims: [], int64Data: [1] }),
        onnx.TensorProto.create({ name: 'index_zero', dataType: INT64, dims: [], int64Data: [0] }),
        floatScalar('base_frequency', 180),
        floatScalar('style_step', 100),
      ],
    }),
  );
}

/** Kokoro's config.json: the IPA vocabulary (0 is the pad Kokoro puts at both ends). */
export function tinyKokoroConfig(): Record<string, unknown> {
  return { vocab: Object.fromEntries(TINY_PHONEME_SYMBOLS.map((symbol, index) => [symbol, index + 1])), n_token: 178 };
}

/** `voices-v1.0.bin`: one [510,1,256] style table per voice; voice `i` holds the value `0.5 * (i + 1)` everywhere. */
export function tinyKokoroVoices(names: readonly string[]): Uint8Array {
  const arrays = new Map<string, NpyArray>();
  names.forEach((name, index) => arrays.set(name, { shape: [510, 1, 256], data: new Float32Array(510 * 256).fill(0.5 * (index + 1)) }));
  return writeNpz(arrays);
}

export interface TinyPiperFiles {
  folder: string;
  modelPath: string;
  configPath: string;
}

/** Writes `<folder>/<name>.onnx` and `<name>.onnx.json`. */
export async function writeTinyPiperVoice(folder: string, name: string, options: TinyPiperOptions = {}): Promise<TinyPiperFiles> {
  await mkdir(folder, { recursive: true });
  const modelPath = path.join(folder, `${name}.onnx`);
  const configPath = `${modelPath}.json`;
  await writeFile(modelPath, tinyPiperOnnx(options));
  await writeFile(configPath, JSON.stringify(tinyPiperConfig(options), null, 2));
  return { folder, modelPath, configPath };
}

export interface TinyKokoroFiles {
  folder: string;
  modelPath: string;
  configPath: string;
  voicesPath: string;
}

export const TINY_KOKORO_VOICES = ['af_heart', 'bm_george'] as const;

/** Writes `kokoro-v1.0.onnx`, `voices-v1.0.bin` and `config.json` into `folder`. */
export async function writeTinyKokoroModel(folder: string, options: { voices?: readonly string[]; durations?: boolean } = {}): Promise<TinyKokoroFiles> {
  await mkdir(folder, { recursive: true });
  const files = {
    folder,
    modelPath: path.join(folder, 'kokoro-v1.0.onnx'),
    configPath: path.join(folder, 'config.json'),
    voicesPath: path.join(folder, 'voices-v1.0.bin'),
  };
  await writeFile(files.modelPath, tinyKokoroOnnx({ durations: options.durations ?? true }));
  await writeFile(files.configPath, JSON.stringify(tinyKokoroConfig(), null, 2));
  await writeFile(files.voicesPath, tinyKokoroVoices(options.voices ?? TINY_KOKORO_VOICES));
  return files;
}
