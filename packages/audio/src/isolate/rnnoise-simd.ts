import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { functionBodies, webAssembly, withFunctionBodies } from '../wasm/wasm-binary.ts';

/**
 * The bundled RNNoise build with its GRU step replaced by the SIMD one in `rnnoise-gru.wat` (the same results, bit
 * for bit, in about half of RNNoise's time). The replacement body is spliced into the module's code section before it
 * is instantiated. It is used only where the original body is the one it was written for (its SHA-256 below, from
 * `@echogarden/rnnoise-wasm` 0.2.0) and the engine validates the result; otherwise RNNoise runs as shipped.
 */
export const SHIPPED_GRU_SHA256 = '60088d2c470b29cc216e186ed15ec0a275a6d22b06a2cc671927d6542b2590f5';

export function shippedRnnoiseBinary(): Uint8Array {
  return readFileSync(createRequire(import.meta.url).resolve('@echogarden/rnnoise-wasm/rnnoise.wasm'));
}

export function simdGruBody(): Uint8Array {
  const [body] = functionBodies(readFileSync(new URL('./rnnoise-gru.wasm', import.meta.url)));
  if (!body) throw new Error('rnnoise-gru.wasm holds no function');
  return body;
}

/** Index among the module's own functions of the GRU step, or -1 when this build is not the one the SIMD step fits. */
export function gruBodyIndex(module: Uint8Array): number {
  return functionBodies(module).findIndex((body) => sha256(body) === SHIPPED_GRU_SHA256);
}

/** RNNoise with the SIMD GRU step, or null when it does not fit this build (the caller then loads it as shipped). */
export function rnnoiseWithSimdGru(shipped: Uint8Array = shippedRnnoiseBinary(), replacement: Uint8Array = simdGruBody()): Uint8Array | null {
  const target = gruBodyIndex(shipped);
  if (target < 0) return null;
  const patched = withFunctionBodies(shipped, functionBodies(shipped).map((body, index) => (index === target ? replacement : body)));
  return webAssembly().validate(patched) ? patched : null;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
