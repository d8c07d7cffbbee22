import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { webAssembly, type WasmMemory } from '../wasm/wasm-binary.ts';

/**
 * LAME 3.100 as @mediabunny/mp3-encoder compiles it, driven directly. Its build is about 1.35x as fast as
 * wasm-media-encoders' on our speech and music, for the same LAME: the same frames, sizes and decoded quality, with
 * sample values a few units in the last place apart. The package ships the module inlined as base64 in its Emscripten
 * loader. That loader is neither CommonJS nor an ES module, so the module is read out of it here. The package's own
 * API is a Mediabunny extension that encodes in a Web Worker of its own.
 *
 * The bridge it compiles in (lame-bridge.c, in the package) takes 16-bit samples and writes at the input's rate:
 *   init_lame(channels, sampleRate, bitsPerSecond) -> handle   CBR, no Xing/LAME tag
 *   encode_samples(handle, left, right, count, out, outSize) -> bytes written (right is ignored for mono)
 *   flush_lame(handle, out, outSize) -> bytes written
 *   close_lame(handle)
 * Emscripten minified the import and export names; EXPECTED_* pin them for the exact version in package.json.
 */

const EXPECTED_IMPORTS = ['a.a', 'a.b', 'a.c', 'a.d'];
const EXPECTED_EXPORTS = ['e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'];

interface LameExports {
  memory: WasmMemory;
  callConstructors: () => void;
  initLame: (channels: number, sampleRate: number, bitsPerSecond: number) => number;
  encodeSamples: (handle: number, left: number, right: number, count: number, out: number, outSize: number) => number;
  flushLame: (handle: number, out: number, outSize: number) => number;
  closeLame: (handle: number) => void;
  malloc: (bytes: number) => number;
  free: (pointer: number) => void;
}

let compiled: Promise<object> | undefined;

/** The module, read and compiled once per thread. */
function lameModule(): Promise<object> {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    // The package exports only its bundle; the loader sits beside it in the published files.
    const loader = join(dirname(require.resolve('@mediabunny/mp3-encoder')), '..', 'modules', 'build', 'lame.js');
    const base64 = /base64Decode\("([A-Za-z0-9+/=]+)"\)/.exec(await readFile(loader, 'utf8'))?.[1];
    if (!base64) throw new Error(`No LAME module found in ${loader}`);
    const wasm = webAssembly();
    const module = await wasm.compile(Buffer.from(base64, 'base64'));
    const imports = wasm.Module.imports(module).map((entry) => `${entry.module}.${entry.name}`);
    const exports = wasm.Module.exports(module).map((entry) => entry.name);
    if (imports.join() !== EXPECTED_IMPORTS.join() || exports.join() !== EXPECTED_EXPORTS.join()) {
      throw new Error('@mediabunny/mp3-encoder has a LAME build this driver does not know: install the version package.json pins');
    }
    return module;
  })();
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

/** A LAME instance of its own: its memory goes with it, so an encoder that is never finished leaks nothing. */
async function instantiateLame(): Promise<LameExports> {
  // The imports run once the instance exists, and its memory is known.
  const instanceMemory = (): WasmMemory => exports.memory;
  const imports = {
    a: {
      // exit(code): LAME never exits; if it did, the encode fails.
      a: (code: number): never => { throw new Error(`LAME exited with code ${code}`); },
      // fd_write(fd, iovs, count, written): LAME's messages to stderr, dropped (reported as written).
      b: (_fd: number, iovs: number, count: number, written: number): number => {
        const view = new DataView(instanceMemory().buffer);
        let bytes = 0;
        for (let index = 0; index < count; index++) bytes += view.getUint32(iovs + index * 8 + 4, true);
        view.setUint32(written, bytes, true);
        return 0;
      },
      // emscripten_resize_heap(size): grows the memory to at least `size` bytes; 0 when it cannot.
      c: (size: number): number => {
        const grown = instanceMemory();
        const pages = Math.ceil((size - grown.buffer.byteLength) / 65_536);
        try {
          if (pages > 0) grown.grow(pages);
          return 1;
        } catch {
          return 0;
        }
      },
      // fd_seek: nothing to seek (ESPIPE).
      d: (): number => 70,
    },
  };
  const instance = new (webAssembly().Instance)(await lameModule(), imports);
  const raw = instance.exports;
  const exports = {
    memory: raw.e, callConstructors: raw.f, initLame: raw.g, encodeSamples: raw.h, flushLame: raw.i, closeLame: raw.j, free: raw.k, malloc: raw.l,
  } as LameExports;
  exports.callConstructors();
  return exports;
}

export interface LameSettings {
  channels: 1 | 2;
  /** One of MP3's nine rates: this build writes at the input's rate. */
  sampleRate: number;
  /** Constant bitrate in kbps. */
  bitrate: number;
}

/** Bytes LAME may write for `frames` input frames: its documented worst case, 1.25 frames + 7,200. */
function outputBound(frames: number): number {
  return Math.ceil(1.25 * frames) + 7200;
}

/** A constant-bitrate MP3 encoder on Float32 samples (-1..1, converted to 16 bits, LAME's own scale). */
export class LameEncoder {
  private handle: number;
  private inputFrames = 0;
  private left = 0;
  private right = 0;
  private output = 0;
  private outputSize = 0;

  private constructor(private readonly lame: LameExports, private readonly settings: LameSettings) {
    this.handle = this.open();
  }

  static async create(settings: LameSettings): Promise<LameEncoder> {
    return new LameEncoder(await instantiateLame(), settings);
  }

  /** Starts a new, independent MP3 on the same instance (what a fresh encoder would write). */
  restart(): void {
    this.lame.closeLame(this.handle);
    this.handle = this.open();
  }

  /** The MP3 bytes ready so far (possibly none), as a copy; `channels` holds one array per channel, of equal length. */
  encode(channels: readonly Float32Array[]): Uint8Array {
    const frames = channels[0]?.length ?? 0;
    if (frames === 0) return new Uint8Array(0);
    this.reserve(frames);
    const heap = new Int16Array(this.lame.memory.buffer);
    toInt16(channels[0] as Float32Array, heap, this.left >> 1);
    if (this.settings.channels === 2) toInt16((channels[1] ?? channels[0]) as Float32Array, heap, this.right >> 1);
    const written = this.lame.encodeSamples(this.handle, this.left, this.settings.channels === 2 ? this.right : this.left, frames, this.output, this.outputSize);
    return this.take(written, 'encode');
  }

  /** The last frames; afterwards only restart() makes the encoder usable again. */
  flush(): Uint8Array {
    this.reserve(0);
    return this.take(this.lame.flushLame(this.handle, this.output, this.outputSize), 'flush');
  }

  private open(): number {
    const { channels, sampleRate, bitrate } = this.settings;
    const handle = this.lame.initLame(channels, sampleRate, bitrate * 1000);
    if (handle === 0) throw new Error('LAME could not start');
    return handle;
  }

  /** Input buffers for `frames` 16-bit frames and an output buffer for what they may produce, grown as needed. */
  private reserve(frames: number): void {
    if (frames > this.inputFrames) {
      if (this.left) this.lame.free(this.left);
      if (this.right) this.lame.free(this.right);
      this.left = this.lame.malloc(frames * 2);
      this.right = this.settings.channels === 2 ? this.lame.malloc(frames * 2) : 0;
      if (this.left === 0 || (this.settings.channels === 2 && this.right === 0)) throw new Error('LAME is out of memory');
      this.inputFrames = frames;
    }
    const needed = outputBound(Math.max(frames, 1152));
    if (needed > this.outputSize) {
      if (this.output) this.lame.free(this.output);
      this.output = this.lame.malloc(needed);
      if (this.output === 0) throw new Error('LAME is out of memory');
      this.outputSize = needed;
    }
  }

  private take(written: number, step: string): Uint8Array {
    if (written < 0) throw new Error(`LAME ${step} failed (${written})`);
    return new Uint8Array(this.lame.memory.buffer, this.output, written).slice();
  }
}

/** Float samples to 16 bits at `offset` (in samples) of `heap`, rounded and clipped. */
function toInt16(samples: Float32Array, heap: Int16Array, offset: number): void {
  for (let index = 0; index < samples.length; index++) {
    const value = Math.round((samples[index] ?? 0) * 32767);
    heap[offset + index] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
  }
}
