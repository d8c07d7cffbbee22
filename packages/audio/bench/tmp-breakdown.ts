import { designHighPass, zeroPhaseHighPassInPlace } from '../src/isolate/high-pass.ts';
import { loadRnnoise, rnnoiseDenoise } from '../src/isolate/rnnoise.ts';
import { DEFAULT_SPECTRAL_OPTIONS, estimateNoiseProfile, spectralDenoise } from '../src/isolate/spectral-denoise.ts';
const n = 60 * 48000;
const x = new Float32Array(n);
let s = 1;
for (let i = 0; i < n; i++) { s = (s * 1103515245 + 12345) % 2147483648; x[i] = (s / 2147483648 - 0.5) * 0.3 + 0.3 * Math.sin(i / 20) * (Math.floor(i / 48000) % 2); }
const rn = await loadRnnoise();
for (let r = 0; r < 3; r++) {
  const y = x.slice();
  let t = performance.now();
  zeroPhaseHighPassInPlace(y, designHighPass(48000, 80));
  const hp = performance.now() - t; t = performance.now();
  const prof = estimateNoiseProfile(y);
  const pr = performance.now() - t; t = performance.now();
  const st = spectralDenoise(y, prof, DEFAULT_SPECTRAL_OPTIONS);
  const sp = performance.now() - t; t = performance.now();
  rnnoiseDenoise(rn, st, undefined, st);
  const rr = performance.now() - t;
  console.log({ hp: hp.toFixed(0), pr: pr.toFixed(0), sp: sp.toFixed(0), rr: rr.toFixed(0) });
}
