// lut_pe: one lookup-accumulate element: reads a table with a K-bit
// weight-plane index and accumulates the entry scaled by 2^plane.
//
// Function (golden: the canonical order of lutsim::lut_mpgemm,
// core/lut/lut_mpgemm.hpp), for each accepted index:
//   TABLE_FORMAT = 0 (FP16 entries, FP16 accumulator):
//     acc <- fp16_round(acc + 2^plane * lookup(idx))   (ONE rounding,
//     fp16_add_scaled), acc taken as +0 on in_first.
//   TABLE_FORMAT = 1 (integer entries, INT32 accumulator):
//     acc <- acc + (lookup(idx) << plane)   (two's complement, wraps mod 2^32;
//     the golden model rejects problems that overflow INT32).
// NEG_IN_ACC = 1 (half tables): lut_lookup returns the stored entry unnegated
// with a `negate` flag and the accumulator adder subtracts: integer tables
// acc + (term XOR {32{negate}}) + negate (an adder/subtractor, carry-in =
// negate); FP16 tables the flag flips the sign of the adder's b operand,
// which feeds only the adder's effective-operation XOR (sign_a ^ sign_b), so
// FP16 negation costs one XOR either way. NEG_IN_ACC = 0: negate is tied to 0
// and the same expressions reduce to today's plain adder.
// Ports:
//   clk, rst    clock, synchronous active-high reset (acc <- 0)
//   table_flat  the table (lut_table_reg layout)
//   idx         K-bit weight-plane index
//   valid       accumulate this cycle
//   first       restart: accumulate onto +0 instead of acc
//   plane       weight plane j, 0 .. W_BIT-1 (from lut_ctrl)
//   acc         the accumulator register (FP16 bits or INT32)
// Latency: an index accepted in cycle t is included in acc from cycle t + 1.
module lut_pe #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32
) (
    input  logic                       clk,
    input  logic                       rst,
    input  logic [ENTRIES*ENTRY_W-1:0] table_flat,
    input  logic [              K-1:0] idx,
    input  logic                       valid,
    input  logic                       first,
    input  logic [        PLANE_W-1:0] plane,
    output logic [          ACC_W-1:0] acc
);
  logic [ENTRY_W-1:0] entry;
  logic negate;
  lut_lookup #(
      .K(K),
      .SYMMETRIC(SYMMETRIC),
      .TABLE_FORMAT(TABLE_FORMAT),
      .NEG_IN_ACC(NEG_IN_ACC)
  ) u_lookup (
      .table_flat(table_flat),
      .idx(idx),
      .entry(entry),
      .negate(negate)
  );

  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = first ? '0 : acc;

  if (TABLE_FORMAT == 0) begin : g_fp16
    fp16_add_scaled #(
        .SCALE_W(PLANE_W)
    ) u_add (
        .a(acc_base),
        .b({entry[ENTRY_W-1] ^ negate, entry[ENTRY_W-2:0]}),
        .scale(plane),
        .y(acc_next)
    );
  end else begin : g_int
    logic signed [ACC_W-1:0] term;
    assign term = {{(ACC_W - ENTRY_W) {entry[ENTRY_W-1]}}, entry} << plane;
    assign acc_next = acc_base + (term ^ {ACC_W{negate}}) + ACC_W'(negate);
  end

  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid) acc <= acc_next;
  end
endmodule
