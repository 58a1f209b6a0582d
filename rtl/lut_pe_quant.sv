// lut_pe_quant: a lookup-accumulate element for INT8-quantized FP16 tables
// (TableEntryFormat::kInt8Quantized): table entries are INT8 codes with one
// FP16 scale per table, dequantized in the PE once per group.
//
// Function (golden: the canonical order of lutsim::lut_mpgemm with quantized
// tables, core/lut/lut_mpgemm.hpp): the planes of a group are summed exactly
// as an integer, p = sum_j 2^j * code_j (code_j = lookup(idx_j), the half
// table negating the code), and at the group's last plane
//   acc <- fp16_round(acc + fp16_round(scale * p))
// (fp16_mul_int: one rounding; fp16_add: one rounding). On `first` the
// accumulator restarts from +0 (it reads +0 until the first group ends).
// |p| <= 127 * (2^W_BIT - 1), so PSUM_W = W_BIT + 8 bits hold it exactly.
// Parameters: K group size (2..6), W_BIT (1..8), SYMMETRIC (1 half table,
// 0 full table).
// Ports:
//   clk, rst    clock, synchronous active-high reset (acc, psum <- 0)
//   table_flat  ENTRIES INT8 codes, code e at [e*8 +: 8]
//   scale       the table's FP16 scale
//   idx         K-bit weight-plane index
//   valid       accumulate this cycle
//   first       first index of a dot product (plane 0 of its first group)
//   plane       weight plane j (lut_ctrl); plane 0 starts a group's sum
//   acc         the FP16 accumulator
// Latency: a group's last index accepted in cycle t is in acc from t + 1.
module lut_pe_quant #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int SYMMETRIC = 1,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int PSUM_W = W_BIT + 8
) (
    input  logic                 clk,
    input  logic                 rst,
    input  logic [ENTRIES*8-1:0] table_flat,
    input  logic [         15:0] scale,
    input  logic [        K-1:0] idx,
    input  logic                 valid,
    input  logic                 first,
    input  logic [  PLANE_W-1:0] plane,
    output logic [         15:0] acc
);
  logic [7:0] code;
  logic unused_negate;
  lut_lookup #(
      .K(K),
      .SYMMETRIC(SYMMETRIC),
      .TABLE_FORMAT(2)
  ) u_lookup (
      .table_flat(table_flat),
      .idx(idx),
      .entry(code),
      .negate(unused_negate)
  );

  // Exact group sum: psum holds the planes before this one.
  logic [PSUM_W-1:0] psum, psum_next, term;
  assign term = {{(PSUM_W - 8) {code[7]}}, code} << plane;
  assign psum_next = ((plane == '0) ? '0 : psum) + term;

  logic group_end;
  assign group_end = plane == PLANE_W'(W_BIT - 1);

  logic [15:0] dequant, acc_base, acc_sum;
  fp16_mul_int #(
      .INT_W(PSUM_W)
  ) u_dequant (
      .a(scale),
      .b(psum_next),
      .y(dequant)
  );
  assign acc_base = first ? 16'h0000 : acc;
  fp16_add u_add (
      .a(acc_base),
      .b(dequant),
      .y(acc_sum)
  );

  always_ff @(posedge clk) begin
    if (rst) begin
      acc  <= '0;
      psum <= '0;
    end else if (valid) begin
      psum <= psum_next;
      acc  <= group_end ? acc_sum : acc_base;
    end
  end
endmodule
