/**
 * Changes the tempo of speech without changing its pitch, by WSOLA (waveform-similarity overlap-add): Hann-windowed
 * frames are taken from the input at `tempo` times the output's pace, each shifted by up to TOLERANCE_SECONDS to
 * where it best continues the previous frame, and overlap-added. `tempo` 2 halves the length; 0.5 doubles it.
 */
const FRAME_SECONDS = 0.04;
const TOLERANCE_SECONDS = 0.01;

function hannWindow(length: number): Float32Array {
  const window = new Float32Array(length);
  for (let index = 0; index < length; index++) window[index] = 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / length);
  return window;
}

/** The start near `nominal` whose first `overlap` samples look most like the samples at `target`. */
function bestMatch(input: Float32Array, target: number, nominal: number, overlap: number, tolerance: number): number {
  let best = nominal;
  let bestScore = -Infinity;
  const lowest = Math.max(0, nominal - tolerance);
  const highest = Math.min(input.length - overlap, nominal + tolerance);
  for (let start = lowest; start <= highest; start++) {
    let score = 0;
    for (let index = 0; index < overlap; index++) score += (input[target + index] ?? 0) * (input[start + index] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  return best;
}

export function timeStretch(input: Float32Array, sampleRate: number, tempo: number): Float32Array {
  const outputLength = Math.round(input.length / tempo);
  if (tempo === 1 || input.length === 0) return input;
  const frame = 2 * Math.round((FRAME_SECONDS * sampleRate) / 2);
  const hop = frame / 2;
  const tolerance = Math.round(TOLERANCE_SECONDS * sampleRate);
  const window = hannWindow(frame);
  const sum = new Float32Array(outputLength + frame);
  const weight = new Float32Array(outputLength + frame);
  let previous = 0;
  for (let outputStart = 0; outputStart < outputLength; outputStart += hop) {
    const nominal = Math.round(outputStart * tempo);
    const start = outputStart === 0 ? 0 : bestMatch(input, previous + hop, nominal, hop, tolerance);
    for (let index = 0; index < frame; index++) {
      sum[outputStart + index] = (sum[outputStart + index] ?? 0) + (input[start + index] ?? 0) * (window[index] ?? 0);
      weight[outputStart + index] = (weight[outputStart + index] ?? 0) + (window[index] ?? 0);
    }
    previous = start;
  }
  const output = new Float32Array(outputLength);
  for (let index = 0; index < outputLength; index++) output[index] = (sum[index] ?? 0) / Math.max(weight[index] ?? 0, 1e-3);
  return output;
}
