/**
 * Assembles the hand-written WebAssembly text in the audio package into the binaries it loads at run time:
 *
 *   npm run assemble-wasm -w @sound-studio/audio
 *
 * The binaries are committed (the server does not need wabt), and a test assembles the text again and compares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import initWabt from 'wabt';

export const WAT_SOURCES = [new URL('../src/isolate/rnnoise-gru.wat', import.meta.url), new URL('../src/codec/resample.wat', import.meta.url)] as const;

export function binaryPathOf(source: URL): URL {
  return new URL(source.href.replace(/\.wat$/, '.wasm'));
}

export async function assembleWat(source: URL): Promise<Uint8Array> {
  const wabt = await initWabt();
  const module = wabt.parseWat(fileURLToPath(source), readFileSync(source, 'utf8'), { simd: true });
  try {
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const source of WAT_SOURCES) {
    const binary = await assembleWat(source);
    writeFileSync(binaryPathOf(source), binary);
    console.log(`${fileURLToPath(binaryPathOf(source))}: ${binary.length} bytes`);
  }
}
