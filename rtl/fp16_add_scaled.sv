// fp16_add_scaled: combinational IEEE 754 binary16 fused scale-and-add.
//
// Function: y = RNE(a + 2^scale * b), rounded ONCE to binary16 (round to
// nearest, ties to even). The scaling by 2^scale is folded into b's exponent,
// so 2^scale * b is neither rounded nor overflowed on its own: this is the
// golden LUT accumulation step `acc <- fp16_round(acc + 2^j * entry)` of
// core/lut/lut_mpgemm.cpp (Accumulator::add for AccumulatorType::kFp16).
// With scale = 0 it is lutsim::fp16_add (core/numerics/fp16.hpp):
//   - subnormal inputs and outputs kept (no flush to zero);
//   - overflow rounds to infinity;
//   - any NaN result is the canonical quiet NaN 0x7E00 (NaN operand, or
//     inf + (-inf));
//   - an exact zero sum is -0 only for (-0) + (-0) (IEEE round-to-nearest).
//
// Ports:
//   a, b   binary16 operands (raw bits)
//   scale  exponent offset applied to b, 0 .. 2^SCALE_W - 1
//   y      binary16 result
// Latency: combinational (0 cycles).
//
// Datapath: both operands are unpacked to (sign, exponent >= 1, 11-bit
// significand); b's exponent is raised by `scale` and a scaled subnormal b is
// renormalized as far as its exponent allows, so each operand is either
// normalized or has exponent 1. The larger magnitude is kept, the smaller is
// aligned into 11 + 3 bits (guard, round, sticky), added or subtracted,
// normalized (left shifts are limited so the exponent stays >= 1, which makes
// subnormal results come out directly), rounded to nearest even and packed as
// ((exponent - 1) << 10) + rounded significand, which also carries a rounding
// overflow into the next binade or into infinity.
module fp16_add_scaled #(
    parameter int SCALE_W = 3,
    // Wide enough for 30 + (2^SCALE_W - 1) plus a carry.
    localparam int EXP_W = $clog2(32 + (1 << SCALE_W)) + 1
) (
    input  logic [       15:0] a,
    input  logic [       15:0] b,
    input  logic [SCALE_W-1:0] scale,
    output logic [       15:0] y
);
  localparam logic [15:0] kCanonicalNaN = 16'h7E00;
  localparam logic [14:0] kInfMagnitude = 15'h7C00;

  // ---- unpack -------------------------------------------------------------
  logic a_exp_zero, b_exp_zero, a_exp_ones, b_exp_ones;
  logic a_nan, b_nan, a_inf, b_inf;
  assign a_exp_zero = a[14:10] == 5'd0;
  assign b_exp_zero = b[14:10] == 5'd0;
  assign a_exp_ones = a[14:10] == 5'h1F;
  assign b_exp_ones = b[14:10] == 5'h1F;
  assign a_nan = a_exp_ones && a[9:0] != 10'd0;
  assign b_nan = b_exp_ones && b[9:0] != 10'd0;
  assign a_inf = a_exp_ones && a[9:0] == 10'd0;
  assign b_inf = b_exp_ones && b[9:0] == 10'd0;

  logic [10:0] a_sig, b_sig_raw;
  logic [EXP_W-1:0] a_exp, b_exp_raw;
  assign a_sig = {~a_exp_zero, a[9:0]};
  assign b_sig_raw = {~b_exp_zero, b[9:0]};
  assign a_exp = a_exp_zero ? EXP_W'(1) : EXP_W'(a[14:10]);
  assign b_exp_raw = (b_exp_zero ? EXP_W'(1) : EXP_W'(b[14:10])) + EXP_W'(scale);

  // ---- renormalize a scaled subnormal b: shift left by min(lz, scale) --------
  logic [3:0] b_lz;  // leading zeros of b_sig_raw, 0 .. 11
  always_comb begin
    b_lz = 4'd11;
    for (int i = 0; i < 11; i++) begin
      if (b_sig_raw[i]) b_lz = 4'(10 - i);
    end
  end
  logic [EXP_W-1:0] b_norm_shift;
  assign b_norm_shift = (EXP_W'(b_lz) < EXP_W'(scale)) ? EXP_W'(b_lz) : EXP_W'(scale);
  logic [10:0] b_sig;
  logic [EXP_W-1:0] b_exp;
  assign b_sig = b_sig_raw << b_norm_shift;
  assign b_exp = b_exp_raw - b_norm_shift;

  // ---- order by magnitude ---------------------------------------------------
  logic a_ge_b;
  assign a_ge_b = {a_exp, a_sig} >= {b_exp, b_sig};
  logic large_sign, small_sign;
  logic [10:0] large_sig, small_sig;
  logic [EXP_W-1:0] large_exp, small_exp, exp_diff;
  assign large_sign = a_ge_b ? a[15] : b[15];
  assign small_sign = a_ge_b ? b[15] : a[15];
  assign large_sig = a_ge_b ? a_sig : b_sig;
  assign small_sig = a_ge_b ? b_sig : a_sig;
  assign large_exp = a_ge_b ? a_exp : b_exp;
  assign small_exp = a_ge_b ? b_exp : a_exp;
  assign exp_diff = large_exp - small_exp;

  // ---- align the smaller significand: 11 bits + guard, round, sticky -----------
  logic [3:0] align_shift;  // min(exp_diff, 14): beyond 14 only the sticky is left
  assign align_shift = (exp_diff > EXP_W'(14)) ? 4'd14 : exp_diff[3:0];
  logic [27:0] align_wide;
  assign align_wide = {small_sig, 17'd0} >> align_shift;
  logic [14:0] small_aligned;
  assign small_aligned = {1'b0, align_wide[27:15], align_wide[14] | (align_wide[13:0] != 14'd0)};

  // ---- add / subtract (|large| >= |small|, so the difference is >= 0) --------
  logic effective_sub;
  assign effective_sub = large_sign ^ small_sign;
  logic [14:0] large_ext, sum;
  assign large_ext = {1'b0, large_sig, 3'b000};
  assign sum = effective_sub ? large_ext - small_aligned : large_ext + small_aligned;

  // ---- normalize --------------------------------------------------------------
  logic [3:0] sum_lz;  // leading zeros of sum[13:0], 0 .. 14
  always_comb begin
    sum_lz = 4'd14;
    for (int i = 0; i < 14; i++) begin
      if (sum[i]) sum_lz = 4'(13 - i);
    end
  end
  logic [EXP_W-1:0] left_shift;
  assign left_shift = (EXP_W'(sum_lz) < large_exp - EXP_W'(1)) ? EXP_W'(sum_lz)
                                                               : large_exp - EXP_W'(1);
  logic [13:0] norm;  // [13:3] significand, [2] guard, [1:0] round and sticky
  logic [EXP_W-1:0] norm_exp;
  assign norm = sum[14] ? {sum[14:2], sum[1] | sum[0]} : sum[13:0] << left_shift;
  assign norm_exp = sum[14] ? large_exp + EXP_W'(1) : large_exp - left_shift;

  // ---- round to nearest even and pack ------------------------------------------
  logic round_up;
  assign round_up = norm[2] && (norm[1] || norm[0] || norm[3]);
  logic [11:0] rounded;
  assign rounded = {1'b0, norm[13:3]} + 12'(round_up);
  logic [14:0] packed_magnitude;
  assign packed_magnitude = {norm_exp[4:0] - 5'd1, 10'd0} + {3'd0, rounded};

  logic result_nan;
  assign result_nan = a_nan || b_nan || (a_inf && b_inf && (a[15] != b[15]));
  assign y = result_nan ? kCanonicalNaN
           : a_inf ? {a[15], kInfMagnitude}
           : b_inf ? {b[15], kInfMagnitude}
           : (sum == 15'd0) ? {a[15] & b[15], 15'd0}  // exact zero: -0 only for (-0) + (-0)
           : (norm_exp >= EXP_W'(31)) ? {large_sign, kInfMagnitude}
           : {large_sign, packed_magnitude};
endmodule
