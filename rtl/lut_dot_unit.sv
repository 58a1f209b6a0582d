// lut_dot_unit: one LUT dot-product unit: a lookup table, the bit-serial
// sequencer and one lookup-accumulate element.
//
// Function: for one row of activations split into groups of K, with the
// group's table loaded, each accepted index idx_j (plane j of the group's
// weight codes; bit i is bit j of the code meeting activation i) does
//   FP16 tables (TABLE_FORMAT = 0): acc <- fp16_round(acc + 2^j * lookup(idx_j))
//   integer tables (TABLE_FORMAT = 1): acc <- acc + 2^j * lookup(idx_j)  (INT32)
// starting from +0 on in_first: the canonical order of lutsim::lut_mpgemm
// (core/lut/lut_mpgemm.hpp), so out_acc equals LutGemmResult::accumulators
// bit for bit. lookup is lutsim::table_lookup: SYMMETRIC = 1 is the half table
// (2^(K-1) entries, negation by idx[K-1]; TableForm::kSymmetricHalf),
// SYMMETRIC = 0 a full table of 2^K entries (kUnsignedFull or kSymmetricFull,
// whichever the loaded entries were computed for).
//
// Parameters: K group size (2..6), W_BIT weight bits (1..8), TABLE_FORMAT
// (0: FP16 entries and FP16 accumulator; 1: integer entries of INT8
// activations, ENTRY_W = clog2(128*K + 1) + 1 bits, INT32 accumulator),
// SYMMETRIC (1 half table, 0 full table), NEG_IN_ACC (half tables: 0 negate
// in the lookup, 1 no negation circuit: the accumulator adds or subtracts the
// stored entry; see lut_pe).
// Ports:
//   clk, rst          clock, synchronous active-high reset
//   tbl_wr_en         load the whole table from tbl_wr_data this cycle
//   tbl_wr_data       ENTRIES * ENTRY_W bits, entry e at [e*ENTRY_W +: ENTRY_W]
//   in_valid          an index is presented this cycle (low: bubble)
//   in_first, in_last first / last index of a dot product (see lut_ctrl)
//   in_idx            K-bit weight-plane index
//   out_valid         one-cycle pulse: out_acc holds a finished dot product
//   out_acc           the accumulator (FP16 bits or INT32), also the running
//                     partial sum between results
// Latency: 1 cycle. An index accepted in cycle t is in out_acc in cycle t + 1;
// for the in_last index out_valid is high in cycle t + 1. A table written in
// cycle t serves indices from cycle t + 1, so a group's table can be written
// in the same cycle as the previous group's last index: one index per cycle
// with no bubbles, a dot product over G groups every G * W_BIT cycles.
module lut_dot_unit #(
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
    input  logic                       tbl_wr_en,
    input  logic [ENTRIES*ENTRY_W-1:0] tbl_wr_data,
    input  logic                       in_valid,
    input  logic                       in_first,
    input  logic                       in_last,
    input  logic [              K-1:0] in_idx,
    output logic                       out_valid,
    output logic [          ACC_W-1:0] out_acc
);
  logic [ENTRIES*ENTRY_W-1:0] table_flat;
  lut_table_reg #(
      .ENTRIES(ENTRIES),
      .ENTRY_W(ENTRY_W)
  ) u_table (
      .clk(clk),
      .wr_en(tbl_wr_en),
      .wr_data(tbl_wr_data),
      .table_flat(table_flat)
  );

  logic [PLANE_W-1:0] plane;
  lut_ctrl #(
      .W_BIT(W_BIT)
  ) u_ctrl (
      .clk(clk),
      .rst(rst),
      .in_valid(in_valid),
      .in_first(in_first),
      .in_last(in_last),
      .step(plane),
      .out_valid(out_valid)
  );

  lut_pe #(
      .K(K),
      .W_BIT(W_BIT),
      .TABLE_FORMAT(TABLE_FORMAT),
      .SYMMETRIC(SYMMETRIC),
      .NEG_IN_ACC(NEG_IN_ACC)
  ) u_pe (
      .clk(clk),
      .rst(rst),
      .table_flat(table_flat),
      .idx(in_idx),
      .valid(in_valid),
      .first(in_first),
      .plane(plane),
      .acc(out_acc)
  );
endmodule
