// fp16_mul: combinational IEEE 754 binary16 multiplier.
//
// Function: y = RNE(a * b), bit-exact with lutsim::fp16_mul
// (core/numerics/fp16.hpp): the exact product rounded once to nearest even,
// subnormal inputs and outputs kept, overflow to infinity, underflow to a
// signed zero, any NaN result (NaN operand, 0 * inf) = 0x7E00; the sign of
// every other result (zeros and infinities included) is sign(a) ^ sign(b).
// Ports: a, b (binary16 operands), y (binary16 product).
// Latency: combinational (0 cycles).
//
// Datapath: 11 x 11-bit significand product (22 bits), normalized so its
// leading one is bit 21; the biased result exponent is
// e = e_a + e_b - 14 - lz. For e >= 1 the top 11 bits are kept; for e < 1 the
// product is shifted right a further 1 - e bits (saturated at 12, beyond which
// everything rounds to zero) to give a subnormal. Rounding is to nearest even
// with a guard and a sticky bit; the result is packed as
// ((e - 1) << 10) + rounded significand (e - 1 taken as 0 for subnormals), so a
// rounding overflow moves into the next binade or into infinity.
module fp16_mul (
    input  logic [15:0] a,
    input  logic [15:0] b,
    output logic [15:0] y
);
  localparam logic [15:0] kCanonicalNaN = 16'h7E00;
  localparam logic [14:0] kInfMagnitude = 15'h7C00;

  logic a_exp_zero, b_exp_zero, a_exp_ones, b_exp_ones;
  logic a_zero, b_zero, a_nan, b_nan, a_inf, b_inf, sign;
  assign a_exp_zero = a[14:10] == 5'd0;
  assign b_exp_zero = b[14:10] == 5'd0;
  assign a_exp_ones = a[14:10] == 5'h1F;
  assign b_exp_ones = b[14:10] == 5'h1F;
  assign a_zero = a[14:0] == 15'd0;
  assign b_zero = b[14:0] == 15'd0;
  assign a_nan = a_exp_ones && a[9:0] != 10'd0;
  assign b_nan = b_exp_ones && b[9:0] != 10'd0;
  assign a_inf = a_exp_ones && a[9:0] == 10'd0;
  assign b_inf = b_exp_ones && b[9:0] == 10'd0;
  assign sign = a[15] ^ b[15];

  logic [10:0] a_sig, b_sig;
  logic [4:0] a_exp, b_exp;
  assign a_sig = {~a_exp_zero, a[9:0]};
  assign b_sig = {~b_exp_zero, b[9:0]};
  assign a_exp = a_exp_zero ? 5'd1 : a[14:10];
  assign b_exp = b_exp_zero ? 5'd1 : b[14:10];

  logic [21:0] product;
  assign product = 22'(a_sig) * 22'(b_sig);

  logic [4:0] product_lz;  // leading zeros of the product, 0 .. 22
  always_comb begin
    product_lz = 5'd22;
    for (int i = 0; i < 22; i++) begin
      if (product[i]) product_lz = 5'(21 - i);
    end
  end
  logic [21:0] product_norm;
  assign product_norm = product << product_lz;

  // Biased exponent of the normalized product, -35 .. 46.
  logic signed [7:0] exp_biased;
  assign exp_biased = 8'(a_exp) + 8'(b_exp) - 8'sd14 - 8'(product_lz);
  logic subnormal;
  assign subnormal = exp_biased < 8'sd1;
  logic signed [7:0] denorm_shift_wide;
  assign denorm_shift_wide = 8'sd1 - exp_biased;
  logic [3:0] denorm_shift;  // 0 for normal results, saturated at 12
  assign denorm_shift = !subnormal ? 4'd0
                      : (denorm_shift_wide > 8'sd12) ? 4'd12 : denorm_shift_wide[3:0];

  logic [33:0] shifted;  // [33:23] kept significand, [22] guard, [21:0] sticky
  assign shifted = {product_norm, 12'd0} >> denorm_shift;
  logic round_up;
  assign round_up = shifted[22] && (shifted[21:0] != 22'd0 || shifted[23]);
  logic [11:0] rounded;
  assign rounded = {1'b0, shifted[33:23]} + 12'(round_up);
  logic [14:0] exp_base;
  assign exp_base = subnormal ? 15'd0 : {exp_biased[4:0] - 5'd1, 10'd0};

  logic result_nan;
  assign result_nan = a_nan || b_nan || (a_inf && b_zero) || (b_inf && a_zero);
  assign y = result_nan ? kCanonicalNaN
           : (a_inf || b_inf) ? {sign, kInfMagnitude}
           : (a_zero || b_zero) ? {sign, 15'd0}
           : (exp_biased >= 8'sd31) ? {sign, kInfMagnitude}
           : {sign, exp_base + {3'd0, rounded}};
endmodule
