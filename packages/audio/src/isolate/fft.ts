/**
 * Real-input FFT of a power-of-two size, computed as a half-size complex FFT plus one split pass. Tables are built
 * once per size; work buffers are owned by the instance, so one instance must not be shared between threads.
 */
export class RealFft {
  readonly size: number;
  readonly bins: number;
  private readonly half: number;
  private readonly bitReversed: Uint32Array;
  /** Twiddles of the half-size complex FFT. */
  private readonly cosines: Float64Array;
  private readonly sines: Float64Array;
  /** Twiddles of the split pass, e^{-2πik/N}. */
  private readonly splitCos: Float64Array;
  private readonly splitSin: Float64Array;
  private readonly workRe: Float64Array;
  private readonly workIm: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.half = size / 2;
    this.bins = this.half + 1;
    this.bitReversed = bitReversalTable(this.half);
    this.cosines = Float64Array.from({ length: this.half / 2 }, (_, k) => Math.cos((2 * Math.PI * k) / this.half));
    this.sines = Float64Array.from({ length: this.half / 2 }, (_, k) => -Math.sin((2 * Math.PI * k) / this.half));
    this.splitCos = Float64Array.from({ length: this.half }, (_, k) => Math.cos((2 * Math.PI * k) / size));
    this.splitSin = Float64Array.from({ length: this.half }, (_, k) => -Math.sin((2 * Math.PI * k) / size));
    this.workRe = new Float64Array(this.half);
    this.workIm = new Float64Array(this.half);
  }

  /** Spectrum bins 0..N/2 of `input` (length N) into `re` and `im` (length N/2 + 1). */
  forward(input: Float64Array, re: Float64Array, im: Float64Array): void {
    const { half, workRe, workIm } = this;
    for (let k = 0; k < half; k++) {
      workRe[k] = input[2 * k] as number;
      workIm[k] = input[2 * k + 1] as number;
    }
    this.complexInPlace(workRe, workIm, false);
    const z0Re = workRe[0] as number;
    const z0Im = workIm[0] as number;
    re[0] = z0Re + z0Im;
    im[0] = 0;
    re[half] = z0Re - z0Im;
    im[half] = 0;
    for (let k = 1; k < half; k++) {
      const aRe = workRe[k] as number;
      const aIm = workIm[k] as number;
      const bRe = workRe[half - k] as number;
      const bIm = -(workIm[half - k] as number);
      const evenRe = (aRe + bRe) / 2;
      const evenIm = (aIm + bIm) / 2;
      // odd = (a - b) / 2i
      const oddRe = (aIm - bIm) / 2;
      const oddIm = -(aRe - bRe) / 2;
      const wRe = this.splitCos[k] as number;
      const wIm = this.splitSin[k] as number;
      re[k] = evenRe + wRe * oddRe - wIm * oddIm;
      im[k] = evenIm + wRe * oddIm + wIm * oddRe;
    }
  }

  /** The real signal (length N) whose bins 0..N/2 are `re` and `im`; the inverse of `forward`. */
  inverse(re: Float64Array, im: Float64Array, output: Float64Array): void {
    const { half, workRe, workIm } = this;
    for (let k = 0; k < half; k++) {
      const aRe = re[k] as number;
      const aIm = im[k] as number;
      const bRe = re[half - k] as number;
      const bIm = -(im[half - k] as number);
      const evenRe = (aRe + bRe) / 2;
      const evenIm = (aIm + bIm) / 2;
      // odd = (a - b) / (2 w), with w = e^{-2πik/N}: multiply by conj(w) / 2.
      const dRe = (aRe - bRe) / 2;
      const dIm = (aIm - bIm) / 2;
      const wRe = this.splitCos[k] as number;
      const wIm = -(this.splitSin[k] as number);
      const oddRe = dRe * wRe - dIm * wIm;
      const oddIm = dRe * wIm + dIm * wRe;
      // z = even + i * odd
      workRe[k] = evenRe - oddIm;
      workIm[k] = evenIm + oddRe;
    }
    this.complexInPlace(workRe, workIm, true);
    for (let k = 0; k < half; k++) {
      output[2 * k] = (workRe[k] as number) / half;
      output[2 * k + 1] = (workIm[k] as number) / half;
    }
  }

  /** Iterative radix-2 complex FFT (unscaled in both directions). */
  private complexInPlace(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const n = this.half;
    const reversed = this.bitReversed;
    for (let index = 0; index < n; index++) {
      const target = reversed[index] as number;
      if (target > index) {
        const swapRe = re[index] as number;
        re[index] = re[target] as number;
        re[target] = swapRe;
        const swapIm = im[index] as number;
        im[index] = im[target] as number;
        im[target] = swapIm;
      }
    }
    const sign = inverse ? -1 : 1;
    for (let length = 2; length <= n; length <<= 1) {
      const halfLength = length >> 1;
      const stride = n / length;
      for (let start = 0; start < n; start += length) {
        for (let k = 0; k < halfLength; k++) {
          const wRe = this.cosines[k * stride] as number;
          const wIm = sign * (this.sines[k * stride] as number);
          const top = start + k;
          const bottom = top + halfLength;
          const bRe = re[bottom] as number;
          const bIm = im[bottom] as number;
          const tRe = bRe * wRe - bIm * wIm;
          const tIm = bRe * wIm + bIm * wRe;
          const aRe = re[top] as number;
          const aIm = im[top] as number;
          re[top] = aRe + tRe;
          im[top] = aIm + tIm;
          re[bottom] = aRe - tRe;
          im[bottom] = aIm - tIm;
        }
      }
    }
  }
}

function bitReversalTable(n: number): Uint32Array {
  const bits = Math.log2(n);
  const table = new Uint32Array(n);
  for (let index = 0; index < n; index++) {
    let reversed = 0;
    for (let bit = 0; bit < bits; bit++) reversed |= ((index >> bit) & 1) << (bits - 1 - bit);
    table[index] = reversed;
  }
  return table;
}
