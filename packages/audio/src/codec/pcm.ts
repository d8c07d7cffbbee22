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

/** Joins typed arrays end to end into `target` (sized to their total length), the one concat of the package. */
function concatInto<T extends Float32Array | Int16Array | Uint8Array>(parts: readonly T[], create: (length: number) => T): T {
  const result = create(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

export function concatFloat32(parts: readonly Float32Array[]): Float32Array {
  return concatInto(parts, (length) => new Float32Array(length));
}

export function concatInt16(parts: readonly Int16Array[]): Int16Array {
  return concatInto(parts, (length) => new Int16Array(length));
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  return concatInto(parts, (length) => new Uint8Array(length));
}

export function silence(seconds: number, sampleRate: number): Float32Array {
  return new Float32Array(Math.round(seconds * sampleRate));
}
