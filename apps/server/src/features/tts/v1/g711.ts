/**
 * G.711 companding (ITU-T G.711), the telephone network's 8-bit sample formats: µ-law in North America and Japan
 * (Twilio media streams), A-law elsewhere. Each 16-bit sample becomes one byte on a logarithmic scale.
 */

/** The largest µ-law input after the bias is added (14-bit magnitude). */
const MU_LAW_CLIP = 8159;
const MU_LAW_BIAS = 0x21;
const MU_LAW_SEGMENT_ENDS = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff] as const;
const A_LAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff] as const;

function segmentOf(value: number, ends: readonly number[]): number {
  const segment = ends.findIndex((end) => value <= end);
  return segment === -1 ? ends.length : segment;
}

function toInt16(sample: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(sample * 32768)));
}

/** One sample in [-1, 1] as a µ-law byte. */
export function muLawOf(sample: number): number {
  let value = toInt16(sample) >> 2;
  const mask = value < 0 ? 0x7f : 0xff;
  value = Math.min(Math.abs(value), MU_LAW_CLIP) + MU_LAW_BIAS;
  const segment = segmentOf(value, MU_LAW_SEGMENT_ENDS);
  if (segment >= 8) return 0x7f ^ mask;
  return ((segment << 4) | ((value >> (segment + 1)) & 0x0f)) ^ mask;
}

/** One sample in [-1, 1] as an A-law byte. */
export function aLawOf(sample: number): number {
  let value = toInt16(sample) >> 3;
  const mask = value >= 0 ? 0xd5 : 0x55;
  if (value < 0) value = -value - 1;
  const segment = segmentOf(value, A_LAW_SEGMENT_ENDS);
  if (segment >= 8) return 0x7f ^ mask;
  const mantissa = segment < 2 ? (value >> 1) & 0x0f : (value >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

export function companded(samples: Float32Array, law: 'ulaw' | 'alaw'): Uint8Array {
  const encode = law === 'ulaw' ? muLawOf : aLawOf;
  const bytes = new Uint8Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) bytes[index] = encode(samples[index] ?? 0);
  return bytes;
}
