// fp16_mul_int: binary16 times a signed integer with ONE rounding:
// y = RNE(a * b) in binary16 (the dequantize multiply of INT8-quantized
// tables: scale * integer group sum).
//
// Function: = lutsim::fp16_round(a * b) with a * b exact in double
// (core/numerics/fp16.hpp): round to nearest even, subnormals kept, overflow
// to infinity, NaN results (a NaN, inf * 0) the canonical 0x7E00, a zero
// product has sign(a) ^ (b < 0).
// Method: the 11-bit significand of a (hidden bit, or a subnormal's fraction
// with exponent 1) times |b| is exact (11 + INT_W bits); with L its leading
// one, the result keeps the bits from L down to the result's ulp, which is
// 2^(L - 10) of the product unless the result is subnormal (then the ulp of
// 2^-24, which for a product of a subnormal-or-exponent-1 a is the product's
// bit 0). The right shift r = L - 10 (clamped at 0) drops guard and sticky
// bits; RNE; then ((r + e_a - 1) << 10) + q packs normal and subnormal
// results alike and carries a rounding overflow into the next binade or
// infinity.
// Parameters: INT_W bits of b (2..24). Ports: a (binary16), b (two's
// complement), y (binary16). Latency: combinational.
module fp16_mul_int #(
    parameter int INT_W = 16,
    localparam int PW = 11 + INT_W,  // product width
    localparam int LW = $clog2(PW + 1)
) (
    input  logic [      15:0] a,
    input  logic [INT_W-1:0] b,
    output logic [      15:0] y
);
  logic sign, b_neg;
  logic [4:0] exp_a;
  logic [10:0] sig_a;
  logic [INT_W-1:0] mag_b;
  assign b_neg = b[INT_W-1];
  assign sign = a[15] ^ b_neg;
  assign exp_a = a[14:10];
  assign sig_a = {exp_a != 5'd0, a[9:0]};
  assign mag_b = b_neg ? -b : b;  // -2^(INT_W-1) is its own unsigned magnitude

  logic [PW-1:0] prod;
  assign prod = PW'(sig_a) * PW'(mag_b);

  // Leading one of the product (0 if the product is 0).
  logic [LW-1:0] lead;
  always_comb begin
    lead = '0;
    for (int i = 0; i < PW; i++) begin
      if (prod[i]) lead = LW'(i);
    end
  end

  // Right shift to the result's ulp, the rounded significand and the packing.
  logic [LW-1:0] shift;
  assign shift = (lead > LW'(10)) ? lead - LW'(10) : '0;
  logic [10:0] kept;  // the product's bits lead .. shift (at most 11)
  logic [PW-1:0] dropped_mask;
  logic guard, sticky, round_up;
  assign kept = 11'(prod >> shift);
  assign dropped_mask = (PW'(1) << shift) - PW'(1);
  assign guard = (shift != '0) ? prod[shift-LW'(1)] : 1'b0;
  assign sticky = (shift > LW'(1)) ? ((prod & (dropped_mask >> 1)) != '0) : 1'b0;

  logic [11:0] q;
  assign round_up = guard & (sticky | kept[0]);
  assign q = {1'b0, kept} + {11'd0, round_up};

  // (exponent - 1) of a normal result, or 0: shift + e_a - 1, e_a = max(exp_a, 1).
  logic [7:0] exp_m1;
  assign exp_m1 = 8'(shift) + ((exp_a == 5'd0) ? 8'd0 : 8'(exp_a) - 8'd1);
  logic [18:0] packed_mag;
  assign packed_mag = {exp_m1, 10'd0} + {7'd0, q};

  always_comb begin
    if (exp_a == 5'h1F) begin  // a is inf or NaN
      if (a[9:0] != 10'd0 || mag_b == '0) y = 16'h7E00;
      else y = {sign, 15'h7C00};
    end else if (prod == '0) begin
      y = {sign, 15'd0};
    end else if (packed_mag >= 19'h7C00) begin
      y = {sign, 15'h7C00};
    end else begin
      y = {sign, packed_mag[14:0]};
    end
  end
endmodule
