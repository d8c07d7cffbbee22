/** Int16 PCM (eSpeak's output) to Float32 in -1..1. */
export function int16ToFloat32(samples: Int16Array): Float32Array {
  const result = new Float32Array(samples.length);
  for (let index = 0; index < samples.length; index++) result[index] = (samples[index] ?? 0) / 32768;
  return result;
}

/** Float32 in -1..1 to Int16 PCM, clipping anything outside the range. */
export function float32ToInt16(samples: Float32Array): Int16Array {
  const result = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const clipped = Math.max(-1, Math.min(1, samples[index] ?? 0));
    result[index] = Math.round(clipped < 0 ? clipped * 32768 : clipped * 32767);
  }
  return result;
}

export function concatFloat32(parts: readonly Float32Array[]): Float32Array {
  const result = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

export function concatInt16(parts: readonly Int16Array[]): Int16Array {
  const result = new Int16Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

export function silence(seconds: number, sampleRate: number): Float32Array {
  return new Float32Array(Math.round(seconds * sampleRate));
}
