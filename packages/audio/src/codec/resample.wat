;; The polyphase resampler's inner loop (`resample.ts`, rational ratios such as 22,050 -> 24,000), in WASM SIMD: four
;; taps a step instead of one. Output n is the dot product of `width` input samples starting at
;; base(n) - halfWidth + 1 with kernel row phase(n); base and phase advance by whole steps, as in the scalar code.
;;
;; The caller lays out the memory: the kernel (rows of `width` taps, zero-padded to a multiple of four), then the
;; input with `width` zeros before and after it (so the edges need no bounds checks), then room for the output.
;; Sums are kept in f32 (the scalar code sums in f64): the outputs differ from it by rounding, far below -100 dB.
;;
;; Assembled into resample.wasm by `npm run assemble-wasm -w @sound-studio/audio` (a test checks it is current).
(module
  (memory (export "memory") 1)

  (func (export "resample_exact")
    (param $input i32) (param $output i32) (param $outputLength i32)
    (param $taps i32) (param $width i32) (param $halfWidth i32) (param $up i32) (param $down i32)
    (local $index i32) (local $base i32) (local $phase i32) (local $baseStep i32) (local $phaseStep i32)
    (local $source i32) (local $row i32) (local $rowEnd i32) (local $rowBytes i32) (local $sum v128)

    (local.set $baseStep (i32.div_u (local.get $down) (local.get $up)))
    (local.set $phaseStep (i32.sub (local.get $down) (i32.mul (local.get $baseStep) (local.get $up))))
    (local.set $rowBytes (i32.shl (local.get $width) (i32.const 2)))
    (block $done
      (br_if $done (i32.le_s (local.get $outputLength) (i32.const 0)))
      (loop $next_output
        (local.set $source (i32.add (local.get $input)
          (i32.shl (i32.add (i32.sub (local.get $base) (local.get $halfWidth)) (i32.const 1)) (i32.const 2))))
        (local.set $row (i32.add (local.get $taps) (i32.mul (local.get $phase) (local.get $rowBytes))))
        (local.set $rowEnd (i32.add (local.get $row) (local.get $rowBytes)))
        (local.set $sum (v128.const f32x4 0 0 0 0))
        (loop $next_taps
          (local.set $sum (f32x4.add (local.get $sum) (f32x4.mul (v128.load (local.get $source)) (v128.load (local.get $row)))))
          (local.set $source (i32.add (local.get $source) (i32.const 16)))
          (local.set $row (i32.add (local.get $row) (i32.const 16)))
          (br_if $next_taps (i32.lt_u (local.get $row) (local.get $rowEnd))))
        (f32.store (i32.add (local.get $output) (i32.shl (local.get $index) (i32.const 2)))
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $sum)) (f32x4.extract_lane 1 (local.get $sum)))
            (f32.add (f32x4.extract_lane 2 (local.get $sum)) (f32x4.extract_lane 3 (local.get $sum)))))
        (local.set $base (i32.add (local.get $base) (local.get $baseStep)))
        (local.set $phase (i32.add (local.get $phase) (local.get $phaseStep)))
        (if (i32.ge_u (local.get $phase) (local.get $up))
          (then
            (local.set $phase (i32.sub (local.get $phase) (local.get $up)))
            (local.set $base (i32.add (local.get $base) (i32.const 1)))))
        (local.set $index (i32.add (local.get $index) (i32.const 1)))
        (br_if $next_output (i32.lt_s (local.get $index) (local.get $outputLength)))))))
