;; RNNoise's GRU layer step (`compute_gru`), vectorised with WASM SIMD.
;;
;; The bundled RNNoise build spends about 60% of its time in this one function: for every output it walks a column of
;; int8 weights with a stride of three layers, one multiply-add at a time. Here eight neighbouring outputs share each
;; weight-row load (their weights are adjacent in memory), so one 8-byte widening load, two conversions, two multiplies and two
;; adds do the work of eight scalar steps. Each lane adds its terms in the same order as the scalar code, in f32, and
;; the activations repeat the scalar code operation for operation, so the results are bit-identical
;; (`rnnoise-simd.test.ts` compares whole denoised recordings).
;;
;; The function body is spliced into the RNNoise module in place of its own (`rnnoise-simd.ts`), so it may only use
;; what both modules share: memory 0, global 0 (the C stack pointer) and no calls. Layout of the layer struct, as
;; RNNoise defines it: bias, input_weights, recurrent_weights (pointers to int8), nb_inputs, nb_neurons, activation
;; (0 tanh, 1 sigmoid, 2 relu). Weights are scaled by 1/256. `TANSIG_TABLE` is the address of RNNoise's 201-entry
;; tanh table in the build it is spliced into (checked there by the original body's hash).
;;
;; Assembled into rnnoise-gru.wasm by `npm run assemble-wasm -w @sound-studio/audio` (a test checks it is current).
(module
  (memory 1)
  (global $stack_pointer (mut i32) (i32.const 65536))

  (func (export "compute_gru") (param $layer i32) (param $state i32) (param $input i32)
    (local $frame i32) (local $neurons i32) (local $inputs i32) (local $stride i32)
    (local $bias i32) (local $input_weights i32) (local $recurrent_weights i32) (local $activation i32)
    (local $i i32) (local $j i32) (local $row i32) (local $index i32) (local $negative i32)
    (local $low v128) (local $high v128) (local $weights v128) (local $value v128) (local $reset v128)
    (local $x f32) (local $t f32) (local $y f32) (local $z f32) (local $out f32)

    ;; 1536 bytes of scratch on the C stack, as the scalar code takes: gate sums at +0 (2N floats, N <= 128), the
    ;; candidate state's sums at +1024 (N floats).
    (local.set $frame (i32.sub (global.get $stack_pointer) (i32.const 1536)))
    (global.set $stack_pointer (local.get $frame))

    (local.set $bias (i32.load offset=0 (local.get $layer)))
    (local.set $input_weights (i32.load offset=4 (local.get $layer)))
    (local.set $recurrent_weights (i32.load offset=8 (local.get $layer)))
    (local.set $inputs (i32.load offset=12 (local.get $layer)))
    (local.set $neurons (i32.load offset=16 (local.get $layer)))
    (local.set $activation (i32.load offset=20 (local.get $layer)))
    (local.set $stride (i32.mul (local.get $neurons) (i32.const 3)))

    (block $empty
      (br_if $empty (i32.le_s (local.get $neurons) (i32.const 0)))

      ;; Update and reset gates: sums for outputs [0, 2N), eight at a time.
      (local.set $i (i32.const 0))
      (loop $gates
        (local.set $weights (v128.load8x8_s (i32.add (local.get $bias) (local.get $i))))
        (local.set $low (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights))))
        (local.set $high (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights))))

        (local.set $row (i32.add (local.get $input_weights) (local.get $i)))
        (local.set $j (i32.const 0))
        (block $inputs_done
          (loop $next_input
            (br_if $inputs_done (i32.ge_s (local.get $j) (local.get $inputs)))
            (local.set $value (f32x4.splat (f32.load (i32.add (local.get $input) (i32.shl (local.get $j) (i32.const 2))))))
            (local.set $weights (v128.load8x8_s (local.get $row)))
            (local.set $low (f32x4.add (local.get $low)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $high (f32x4.add (local.get $high)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $row (i32.add (local.get $row) (local.get $stride)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $next_input)))

        (local.set $row (i32.add (local.get $recurrent_weights) (local.get $i)))
        (local.set $j (i32.const 0))
        (block $recurrent_done
          (loop $next_recurrent
            (br_if $recurrent_done (i32.ge_s (local.get $j) (local.get $neurons)))
            (local.set $value (f32x4.splat (f32.load (i32.add (local.get $state) (i32.shl (local.get $j) (i32.const 2))))))
            (local.set $weights (v128.load8x8_s (local.get $row)))
            (local.set $low (f32x4.add (local.get $low)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $high (f32x4.add (local.get $high)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $row (i32.add (local.get $row) (local.get $stride)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $next_recurrent)))

        (v128.store offset=0 (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2))) (local.get $low))
        (v128.store offset=16 (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2))) (local.get $high))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br_if $gates (i32.lt_s (local.get $i) (i32.shl (local.get $neurons) (i32.const 1)))))

      ;; Both gates through the sigmoid: 0.5 + 0.5 * tansig(x / 2), computed as the scalar code does (in f64 at the end).
      (local.set $i (i32.const 0))
      (loop $sigmoid
        (local.set $x (f32.mul (f32.mul (f32.load (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2)))) (f32.const 0x1p-8)) (f32.const 0.5)))
        (block $tansig_done
          (local.set $t (f32.const 1))
          (br_if $tansig_done (i32.eqz (f32.lt (local.get $x) (f32.const 8))))
          (local.set $t (f32.const -1))
          (br_if $tansig_done (i32.eqz (f32.gt (local.get $x) (f32.const -8))))
          (local.set $negative (f32.lt (local.get $x) (f32.const 0)))
          (local.set $x (select (f32.neg (local.get $x)) (local.get $x) (local.get $negative)))
          (local.set $index (i32.trunc_f32_s (f32.floor (f32.add (f32.mul (local.get $x) (f32.const 25)) (f32.const 0.5)))))
          (local.set $x (f32.add (f32.mul (f32.convert_i32_s (local.get $index)) (f32.const -0x1.47ae14p-5)) (local.get $x)))
          (local.set $y (f32.load offset=1136 (i32.shl (local.get $index) (i32.const 2))))
          (local.set $t (f32.add
            (f32.mul
              (f32.mul (local.get $x) (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $y))))
              (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $x))))
            (local.get $y)))
          (local.set $t (select (f32.neg (local.get $t)) (local.get $t) (local.get $negative))))
        (f32.store (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2)))
          (f32.demote_f64 (f64.add (f64.mul (f64.promote_f32 (local.get $t)) (f64.const 0.5)) (f64.const 0.5))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $sigmoid (i32.lt_s (local.get $i) (i32.shl (local.get $neurons) (i32.const 1)))))

      ;; Candidate state: sums for outputs [2N, 3N), the recurrent terms scaled by the reset gate.
      (local.set $i (i32.const 0))
      (loop $candidate
        (local.set $weights (v128.load8x8_s (i32.add (i32.add (local.get $bias) (i32.shl (local.get $neurons) (i32.const 1))) (local.get $i))))
        (local.set $low (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights))))
        (local.set $high (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights))))

        (local.set $row (i32.add (i32.add (local.get $input_weights) (i32.shl (local.get $neurons) (i32.const 1))) (local.get $i)))
        (local.set $j (i32.const 0))
        (block $inputs_done
          (loop $next_input
            (br_if $inputs_done (i32.ge_s (local.get $j) (local.get $inputs)))
            (local.set $value (f32x4.splat (f32.load (i32.add (local.get $input) (i32.shl (local.get $j) (i32.const 2))))))
            (local.set $weights (v128.load8x8_s (local.get $row)))
            (local.set $low (f32x4.add (local.get $low)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $high (f32x4.add (local.get $high)
              (f32x4.mul (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights))) (local.get $value))))
            (local.set $row (i32.add (local.get $row) (local.get $stride)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $next_input)))

        (local.set $row (i32.add (i32.add (local.get $recurrent_weights) (i32.shl (local.get $neurons) (i32.const 1))) (local.get $i)))
        (local.set $j (i32.const 0))
        (block $recurrent_done
          (loop $next_recurrent
            (br_if $recurrent_done (i32.ge_s (local.get $j) (local.get $neurons)))
            (local.set $value (f32x4.splat (f32.load (i32.add (local.get $state) (i32.shl (local.get $j) (i32.const 2))))))
            ;; r[j], the reset gate of input j.
            (local.set $reset (f32x4.splat (f32.load
              (i32.add (local.get $frame) (i32.shl (i32.add (local.get $neurons) (local.get $j)) (i32.const 2))))))
            (local.set $weights (v128.load8x8_s (local.get $row)))
            ;; (state[j] * w) * r[j], the scalar code's order.
            (local.set $low (f32x4.add (local.get $low)
              (f32x4.mul (f32x4.mul (local.get $value)
                (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $weights)))) (local.get $reset))))
            (local.set $high (f32x4.add (local.get $high)
              (f32x4.mul (f32x4.mul (local.get $value)
                (f32x4.convert_i32x4_s (i32x4.extend_high_i16x8_s (local.get $weights)))) (local.get $reset))))
            (local.set $row (i32.add (local.get $row) (local.get $stride)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $next_recurrent)))

        (v128.store offset=1024 (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2))) (local.get $low))
        (v128.store offset=1040 (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2))) (local.get $high))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br_if $candidate (i32.lt_s (local.get $i) (local.get $neurons))))

      ;; New state: z * state + (1 - z) * activation(sum). Output i only reads state[i], so it is written in place.
      (local.set $i (i32.const 0))
      (loop $update
        (local.set $x (f32.load offset=1024 (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2)))))
        (block $activated
          (block $relu
            (block $sigmoid
              (block $tanh
                (br_table $tanh $sigmoid $relu (local.get $activation)))
              ;; tanh
              (local.set $x (f32.mul (local.get $x) (f32.const 0x1p-8)))
              (block $tansig_done
                (local.set $t (f32.const 1))
                (br_if $tansig_done (i32.eqz (f32.lt (local.get $x) (f32.const 8))))
                (local.set $t (f32.const -1))
                (br_if $tansig_done (i32.eqz (f32.gt (local.get $x) (f32.const -8))))
                (local.set $negative (f32.lt (local.get $x) (f32.const 0)))
                (local.set $x (select (f32.neg (local.get $x)) (local.get $x) (local.get $negative)))
                (local.set $index (i32.trunc_f32_s (f32.floor (f32.add (f32.mul (local.get $x) (f32.const 25)) (f32.const 0.5)))))
                (local.set $x (f32.add (f32.mul (f32.convert_i32_s (local.get $index)) (f32.const -0x1.47ae14p-5)) (local.get $x)))
                (local.set $y (f32.load offset=1136 (i32.shl (local.get $index) (i32.const 2))))
                (local.set $t (f32.add
                  (f32.mul
                    (f32.mul (local.get $x) (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $y))))
                    (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $x))))
                  (local.get $y)))
                (local.set $t (select (f32.neg (local.get $t)) (local.get $t) (local.get $negative))))
              (local.set $out (local.get $t))
              (br $activated))
            ;; sigmoid
            (local.set $x (f32.mul (f32.mul (local.get $x) (f32.const 0x1p-8)) (f32.const 0.5)))
            (block $tansig_done
              (local.set $t (f32.const 1))
              (br_if $tansig_done (i32.eqz (f32.lt (local.get $x) (f32.const 8))))
              (local.set $t (f32.const -1))
              (br_if $tansig_done (i32.eqz (f32.gt (local.get $x) (f32.const -8))))
              (local.set $negative (f32.lt (local.get $x) (f32.const 0)))
              (local.set $x (select (f32.neg (local.get $x)) (local.get $x) (local.get $negative)))
              (local.set $index (i32.trunc_f32_s (f32.floor (f32.add (f32.mul (local.get $x) (f32.const 25)) (f32.const 0.5)))))
              (local.set $x (f32.add (f32.mul (f32.convert_i32_s (local.get $index)) (f32.const -0x1.47ae14p-5)) (local.get $x)))
              (local.set $y (f32.load offset=1136 (i32.shl (local.get $index) (i32.const 2))))
              (local.set $t (f32.add
                (f32.mul
                  (f32.mul (local.get $x) (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $y))))
                  (f32.sub (f32.const 1) (f32.mul (local.get $y) (local.get $x))))
                (local.get $y)))
              (local.set $t (select (f32.neg (local.get $t)) (local.get $t) (local.get $negative))))
            (local.set $out (f32.demote_f64 (f64.add (f64.mul (f64.promote_f32 (local.get $t)) (f64.const 0.5)) (f64.const 0.5))))
            (br $activated))
          ;; relu (and any other value, as the scalar code's default branch)
          (local.set $x (f32.mul (local.get $x) (f32.const 0x1p-8)))
          (local.set $out (select (f32.const 0) (local.get $x) (f32.lt (local.get $x) (f32.const 0)))))
        (local.set $z (f32.load (i32.add (local.get $frame) (i32.shl (local.get $i) (i32.const 2)))))
        (f32.store (i32.add (local.get $state) (i32.shl (local.get $i) (i32.const 2)))
          (f32.add
            (f32.mul (local.get $z) (f32.load (i32.add (local.get $state) (i32.shl (local.get $i) (i32.const 2)))))
            (f32.mul (local.get $out) (f32.sub (f32.const 1) (local.get $z)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $update (i32.lt_s (local.get $i) (local.get $neurons)))))

    (global.set $stack_pointer (i32.add (local.get $frame) (i32.const 1536)))))
