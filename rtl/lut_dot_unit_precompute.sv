// lut_dot_unit_precompute: a conventional LUT dot-product unit with its own
// table precompute: lut_table_precompute feeding the table register of one
// lut_dot_unit, so the unit takes the group's K activations instead of a
// finished table (the per-unit precompute of the LUT Tensor Core ablation's
// baseline; lut_array instead shares tables precomputed outside the array).
//
// Function: on tbl_wr_en the table of the K activations on tbl_x
// (lutsim::precompute_table, in the form SYMMETRIC / FULL_FORM select) is
// written to the table register; lookups and accumulation are those of
// lut_dot_unit: per accepted index idx_j
//   FP16 (TABLE_FORMAT = 0): acc <- fp16_round(acc + 2^j * lookup(idx_j))
//   integer (TABLE_FORMAT = 1): acc <- acc + 2^j * lookup(idx_j)  (INT32)
// from +0 on in_first: the canonical order of lutsim::lut_mpgemm.
//
// Parameters: K group size (2..6), W_BIT weight bits (1..8), TABLE_FORMAT
// (0 FP16 activations, entries and accumulator; 1 INT8 activations, integer
// entries, INT32 accumulator), SYMMETRIC (1 half table, 0 full table),
// FULL_FORM (full tables: 0 unsigned digits {0,1} = kUnsignedFull, the
// conventional LUT; 1 signed digits = kSymmetricFull), NEG_IN_ACC (half
// tables: 1 = no negation circuit, see lut_pe).
// Ports: as lut_dot_unit, with tbl_x (K activations, activation i at
// [i*IN_W +: IN_W], IN_W 16 or 8) in place of tbl_wr_data.
// Latency: 1 cycle, as lut_dot_unit. A table written in cycle t serves the
// indices of cycle t + 1 on; the precompute (K - 1 adders deep) lies between
// tbl_x and the table register, in the write cycle.
module lut_dot_unit_precompute #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int FULL_FORM = 0,
    parameter int NEG_IN_ACC = 0,
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32
) (
    input  logic              clk,
    input  logic              rst,
    input  logic              tbl_wr_en,
    input  logic [K*IN_W-1:0] tbl_x,
    input  logic              in_valid,
    input  logic              in_first,
    input  logic              in_last,
    input  logic [     K-1:0] in_idx,
    output logic              out_valid,
    output logic [ ACC_W-1:0] out_acc
);
  logic [ENTRIES*ENTRY_W-1:0] table_data;
  lut_table_precompute #(
      .K(K),
      .TABLE_FORMAT(TABLE_FORMAT),
      .SYMMETRIC(SYMMETRIC),
      .FULL_FORM(FULL_FORM)
  ) u_precompute (
      .x_flat(tbl_x),
      .table_flat(table_data)
  );

  lut_dot_unit #(
      .K(K),
      .W_BIT(W_BIT),
      .TABLE_FORMAT(TABLE_FORMAT),
      .SYMMETRIC(SYMMETRIC),
      .NEG_IN_ACC(NEG_IN_ACC)
  ) u_unit (
      .clk(clk),
      .rst(rst),
      .tbl_wr_en(tbl_wr_en),
      .tbl_wr_data(table_data),
      .in_valid(in_valid),
      .in_first(in_first),
      .in_last(in_last),
      .in_idx(in_idx),
      .out_valid(out_valid),
      .out_acc(out_acc)
  );
endmodule
