/**
 * Real-input FFT of a power-of-two size, computed as a half-size complex FFT plus one split pass. The complex FFT runs
 * over bit-reversed input: a first pass whose twiddles are trivial (radix-8 or radix-4), then radix-4 passes (pairs of
 * radix-2 stages, three complex multiplications per four points instead of four) with contiguous twiddle tables; the inverse runs the same forward code on swapped real and
 * imaginary parts. Tables are built once per instance; work buffers are owned by the instance, so one instance must
 * not be shared between threads.
 */
export class RealFft {
  readonly size: number;
  readonly bins: number;
  private readonly half: number;
  private readonly bitReversed: Uint32Array;
  /** w, w² and w³ of every radix-4 pass, one block of `quarter` entries per pass, passes in order. */
  private readonly twiddles: Radix4Twiddles;
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
    this.twiddles = radix4Twiddles(this.half);
    this.splitCos = Float64Array.from({ length: this.half }, (_, k) => Math.cos((2 * Math.PI * k) / size));
    this.splitSin = Float64Array.from({ length: this.half }, (_, k) => -Math.sin((2 * Math.PI * k) / size));
    this.workRe = new Float64Array(this.half);
    this.workIm = new Float64Array(this.half);
  }

  /** Spectrum bins 0..N/2 of `input` (length N) into `re` and `im` (length N/2 + 1). */
  forward(input: Float64Array, re: Float64Array, im: Float64Array): void {
    const { half, workRe, workIm, bitReversed, splitCos, splitSin } = this;
    // Even samples as the real part, odd as the imaginary, stored straight into bit-reversed order.
    for (let k = 0; k < half; k++) {
      const target = bitReversed[k] as number;
      workRe[target] = input[2 * k] as number;
      workIm[target] = input[2 * k + 1] as number;
    }
    this.complexForward(workRe, workIm);
    const z0Re = workRe[0] as number;
    const z0Im = workIm[0] as number;
    re[0] = z0Re + z0Im;
    im[0] = 0;
    re[half] = z0Re - z0Im;
    im[half] = 0;
    // Bins k and N/2 - k come from the same two values: X[N/2 - k] = conj(even - w·odd) where X[k] = even + w·odd.
    for (let k = 1; k <= half >> 1; k++) {
      const mirror = half - k;
      const aRe = workRe[k] as number;
      const aIm = workIm[k] as number;
      const bRe = workRe[mirror] as number;
      const bIm = -(workIm[mirror] as number);
      const evenRe = (aRe + bRe) * 0.5;
      const evenIm = (aIm + bIm) * 0.5;
      // odd = (a - b) / 2i
      const oddRe = (aIm - bIm) * 0.5;
      const oddIm = (bRe - aRe) * 0.5;
      const wRe = splitCos[k] as number;
      const wIm = splitSin[k] as number;
      const turnedRe = wRe * oddRe - wIm * oddIm;
      const turnedIm = wRe * oddIm + wIm * oddRe;
      re[mirror] = evenRe - turnedRe;
      im[mirror] = turnedIm - evenIm;
      re[k] = evenRe + turnedRe;
      im[k] = evenIm + turnedIm;
    }
  }

  /** The real signal (length N) whose bins 0..N/2 are `re` and `im`; the inverse of `forward`. */
  inverse(re: Float64Array, im: Float64Array, output: Float64Array): void {
    const { half, workRe, workIm, bitReversed, splitCos, splitSin } = this;
    // The inverse complex FFT is the forward one with real and imaginary parts swapped on the way in and out, so the
    // packed spectrum goes into (workIm, workRe), already bit-reversed.
    // k = 0 pairs bin 0 with bin N/2 (w = 1); z = even + i * odd.
    const dcRe = re[0] as number;
    const dcIm = im[0] as number;
    const nyquistRe = re[half] as number;
    const nyquistIm = im[half] as number;
    workIm[0] = (dcRe + nyquistRe) * 0.5 - (dcIm + nyquistIm) * 0.5;
    workRe[0] = (dcIm - nyquistIm) * 0.5 + (dcRe - nyquistRe) * 0.5;
    // Positions k and N/2 - k come from the same two bins: z[N/2 - k] = conj(even) + i * conj(odd).
    for (let k = 1; k <= half >> 1; k++) {
      const mirror = half - k;
      const aRe = re[k] as number;
      const aIm = im[k] as number;
      const bRe = re[mirror] as number;
      const bIm = -(im[mirror] as number);
      const evenRe = (aRe + bRe) * 0.5;
      const evenIm = (aIm + bIm) * 0.5;
      // odd = (a - b) / (2 w), with w = e^{-2πik/N}: multiply by conj(w) / 2.
      const dRe = (aRe - bRe) * 0.5;
      const dIm = (aIm - bIm) * 0.5;
      const wRe = splitCos[k] as number;
      const wIm = -(splitSin[k] as number);
      const oddRe = dRe * wRe - dIm * wIm;
      const oddIm = dRe * wIm + dIm * wRe;
      const mirrorTarget = bitReversed[mirror] as number;
      workIm[mirrorTarget] = evenRe + oddIm;
      workRe[mirrorTarget] = oddRe - evenIm;
      const target = bitReversed[k] as number;
      workIm[target] = evenRe - oddIm;
      workRe[target] = evenIm + oddRe;
    }
    this.complexForward(workRe, workIm);
    const scale = 1 / half;
    for (let k = 0; k < half; k++) {
      output[2 * k] = (workIm[k] as number) * scale;
      output[2 * k + 1] = (workRe[k] as number) * scale;
    }
  }

  /** Unscaled forward complex FFT of bit-reversed input, in place. */
  private complexForward(re: Float64Array, im: Float64Array): void {
    const n = this.half;
    if (n === 2) {
      radix2Pass(re, im, n);
      return;
    }
    // The first stages have trivial twiddles: three of them (one radix-8 pass) for an odd number of stages, else two.
    let quarter: number;
    if ((Math.log2(n) & 1) === 1) {
      for (let start = 0; start < n; start += 8) radix8FirstButterfly(re, im, start);
      quarter = 8;
    } else {
      for (let start = 0; start < n; start += 4) radix4Butterfly(re, im, start, 1, 1, 0, 1, 0, 1, 0);
      quarter = 4;
    }
    const { w1Re, w1Im, w2Re, w2Im, w3Re, w3Im } = this.twiddles;
    let table = 0;
    for (; quarter * 4 <= n; quarter *= 4) {
      const length = quarter * 4;
      for (let k = 0; k < quarter; k++) {
        const t1Re = w1Re[table + k] as number;
        const t1Im = w1Im[table + k] as number;
        const t2Re = w2Re[table + k] as number;
        const t2Im = w2Im[table + k] as number;
        const t3Re = w3Re[table + k] as number;
        const t3Im = w3Im[table + k] as number;
        for (let start = k; start < n; start += length) {
          radix4Butterfly(re, im, start, quarter, t1Re, t1Im, t2Re, t2Im, t3Re, t3Im);
        }
      }
      table += quarter;
    }
  }
}

function radix2Pass(re: Float64Array, im: Float64Array, n: number): void {
  for (let top = 0; top < n; top += 2) {
    const aRe = re[top] as number;
    const aIm = im[top] as number;
    const bRe = re[top + 1] as number;
    const bIm = im[top + 1] as number;
    re[top] = aRe + bRe;
    im[top] = aIm + bIm;
    re[top + 1] = aRe - bRe;
    im[top + 1] = aIm - bIm;
  }
}

/**
 * The first three radix-2 stages (lengths 2, 4 and 8) on x[s..s+7]: their twiddles are 1, -i and e^{-iπ/4}·{1, -i},
 * so the only multiplications are by √½.
 */
function radix8FirstButterfly(re: Float64Array, im: Float64Array, s: number): void {
  // Length 2: sums and differences of neighbours.
  const a0Re = (re[s] as number) + (re[s + 1] as number);
  const a0Im = (im[s] as number) + (im[s + 1] as number);
  const a1Re = (re[s] as number) - (re[s + 1] as number);
  const a1Im = (im[s] as number) - (im[s + 1] as number);
  const a2Re = (re[s + 2] as number) + (re[s + 3] as number);
  const a2Im = (im[s + 2] as number) + (im[s + 3] as number);
  const a3Re = (re[s + 2] as number) - (re[s + 3] as number);
  const a3Im = (im[s + 2] as number) - (im[s + 3] as number);
  const a4Re = (re[s + 4] as number) + (re[s + 5] as number);
  const a4Im = (im[s + 4] as number) + (im[s + 5] as number);
  const a5Re = (re[s + 4] as number) - (re[s + 5] as number);
  const a5Im = (im[s + 4] as number) - (im[s + 5] as number);
  const a6Re = (re[s + 6] as number) + (re[s + 7] as number);
  const a6Im = (im[s + 6] as number) + (im[s + 7] as number);
  const a7Re = (re[s + 6] as number) - (re[s + 7] as number);
  const a7Im = (im[s + 6] as number) - (im[s + 7] as number);
  // Length 4: the odd partner takes -i (re, im) -> (im, -re).
  const b0Re = a0Re + a2Re;
  const b0Im = a0Im + a2Im;
  const b2Re = a0Re - a2Re;
  const b2Im = a0Im - a2Im;
  const b1Re = a1Re + a3Im;
  const b1Im = a1Im - a3Re;
  const b3Re = a1Re - a3Im;
  const b3Im = a1Im + a3Re;
  const b4Re = a4Re + a6Re;
  const b4Im = a4Im + a6Im;
  const b6Re = a4Re - a6Re;
  const b6Im = a4Im - a6Im;
  const b5Re = a5Re + a7Im;
  const b5Im = a5Im - a7Re;
  const b7Re = a5Re - a7Im;
  const b7Im = a5Im + a7Re;
  // Length 8: partners 4..7 take 1, √½(1 - i), -i and -√½(1 + i).
  const t5Re = Math.SQRT1_2 * (b5Re + b5Im);
  const t5Im = Math.SQRT1_2 * (b5Im - b5Re);
  const t6Re = b6Im;
  const t6Im = -b6Re;
  const t7Re = Math.SQRT1_2 * (b7Im - b7Re);
  const t7Im = -Math.SQRT1_2 * (b7Re + b7Im);
  re[s] = b0Re + b4Re;
  im[s] = b0Im + b4Im;
  re[s + 4] = b0Re - b4Re;
  im[s + 4] = b0Im - b4Im;
  re[s + 1] = b1Re + t5Re;
  im[s + 1] = b1Im + t5Im;
  re[s + 5] = b1Re - t5Re;
  im[s + 5] = b1Im - t5Im;
  re[s + 2] = b2Re + t6Re;
  im[s + 2] = b2Im + t6Im;
  re[s + 6] = b2Re - t6Re;
  im[s + 6] = b2Im - t6Im;
  re[s + 3] = b3Re + t7Re;
  im[s + 3] = b3Im + t7Im;
  re[s + 7] = b3Re - t7Re;
  im[s + 7] = b3Im - t7Im;
}

/**
 * Two radix-2 stages (lengths 2q and 4q) on x[i], x[i+q], x[i+2q], x[i+3q] at once. With w = e^{-2πik/4q}, the inputs
 * are scaled by w² (second), w (third) and w³ (fourth); the second stage's odd pair then takes a further -i.
 */
function radix4Butterfly(re: Float64Array, im: Float64Array, i0: number, q: number, t1Re: number, t1Im: number, t2Re: number, t2Im: number, t3Re: number, t3Im: number): void {
  const i1 = i0 + q;
  const i2 = i1 + q;
  const i3 = i2 + q;
  const a0Re = re[i0] as number;
  const a0Im = im[i0] as number;
  const x1Re = re[i1] as number;
  const x1Im = im[i1] as number;
  const x2Re = re[i2] as number;
  const x2Im = im[i2] as number;
  const x3Re = re[i3] as number;
  const x3Im = im[i3] as number;
  // a1 = w² x1, a2 = w x2, a3 = w³ x3
  const a1Re = x1Re * t2Re - x1Im * t2Im;
  const a1Im = x1Re * t2Im + x1Im * t2Re;
  const a2Re = x2Re * t1Re - x2Im * t1Im;
  const a2Im = x2Re * t1Im + x2Im * t1Re;
  const a3Re = x3Re * t3Re - x3Im * t3Im;
  const a3Im = x3Re * t3Im + x3Im * t3Re;
  const sumRe = a0Re + a1Re;
  const sumIm = a0Im + a1Im;
  const differenceRe = a0Re - a1Re;
  const differenceIm = a0Im - a1Im;
  const highSumRe = a2Re + a3Re;
  const highSumIm = a2Im + a3Im;
  // -i (a2 - a3)
  const rotatedRe = a2Im - a3Im;
  const rotatedIm = a3Re - a2Re;
  re[i0] = sumRe + highSumRe;
  im[i0] = sumIm + highSumIm;
  re[i2] = sumRe - highSumRe;
  im[i2] = sumIm - highSumIm;
  re[i1] = differenceRe + rotatedRe;
  im[i1] = differenceIm + rotatedIm;
  re[i3] = differenceRe - rotatedRe;
  im[i3] = differenceIm - rotatedIm;
}

interface Radix4Twiddles {
  w1Re: Float64Array;
  w1Im: Float64Array;
  w2Re: Float64Array;
  w2Im: Float64Array;
  w3Re: Float64Array;
  w3Im: Float64Array;
}

/** The twiddles `complexForward` reads, in the order it reads them. */
function radix4Twiddles(n: number): Radix4Twiddles {
  const quarters: number[] = [];
  for (let quarter = (Math.log2(n) & 1) === 1 ? 8 : 4; quarter * 4 <= n; quarter *= 4) quarters.push(quarter);
  const total = quarters.reduce((sum, quarter) => sum + quarter, 0);
  const tables: Radix4Twiddles = {
    w1Re: new Float64Array(total),
    w1Im: new Float64Array(total),
    w2Re: new Float64Array(total),
    w2Im: new Float64Array(total),
    w3Re: new Float64Array(total),
    w3Im: new Float64Array(total),
  };
  let offset = 0;
  for (const quarter of quarters) {
    for (let k = 0; k < quarter; k++) {
      const angle = (-2 * Math.PI * k) / (4 * quarter);
      tables.w1Re[offset + k] = Math.cos(angle);
      tables.w1Im[offset + k] = Math.sin(angle);
      tables.w2Re[offset + k] = Math.cos(2 * angle);
      tables.w2Im[offset + k] = Math.sin(2 * angle);
      tables.w3Re[offset + k] = Math.cos(3 * angle);
      tables.w3Im[offset + k] = Math.sin(3 * angle);
    }
    offset += quarter;
  }
  return tables;
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
