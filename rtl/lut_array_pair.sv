// lut_array_pair: an ARRAY_M x ARRAY_N x ARRAY_K LUT tile with
// ARRAY_K = 2 * GROUP_K: two table groups of GROUP_K activations per row and
// pass (e.g. M2N32K8 = GROUP_K 4), each element doing two lookups per cycle.
//
// Function: row m holds the tables of its two groups (g = 0, 1) of the pass,
// written together; each cycle does two consecutive steps of the canonical
// order of lutsim::lut_mpgemm (g major, plane j minor: steps
// s = g * W_BIT + j, 2 * W_BIT per pass, W_BIT cycles per pass), slot q
// reading table group_q with plane_q (lut_ctrl_pair) and index
// in_idx[(n*2 + q)*GROUP_K +: GROUP_K], and lut_pe_pair accumulates both:
// FP16 by two chained fused adders (one rounding per step, bit-exact with the
// golden order), integer tables by adding both lookups before accumulation
// (exact). So the accumulators equal LutGemmResult::accumulators of the
// M x (2P * GROUP_K) by N problem with group size GROUP_K (P passes) bit for
// bit. For even W_BIT both slots of a cycle read the same group (planes j and
// j + 1); for W_BIT = 1 one lookup per group and cycle.
// Number formats as in lut_array (TABLE_FORMAT, SYMMETRIC, NEG_IN_ACC).
//
// Ports (flat vectors; element (m, n) at index m * ARRAY_N + n):
//   clk, rst       clock, synchronous active-high reset (accumulators <- 0)
//   tbl_wr_en      [ARRAY_M]: load row m's two tables this cycle
//   tbl_wr_data    [ARRAY_M * 2 * TABLE_W]: row m at [m*2*TABLE_W +: 2*TABLE_W],
//                  group g's table at [g*TABLE_W +: TABLE_W] of it (entry e at
//                  [e*ENTRY_W +: ENTRY_W])
//   in_valid, in_first, in_last   sequencing, one cycle = two steps (lut_ctrl_pair)
//   in_idx         [ARRAY_N * ARRAY_K]: column n's slot-q index at
//                  [(n*2 + q)*GROUP_K +: GROUP_K]
//   out_valid      one-cycle pulse: out_acc holds finished dot products
//   out_acc        [ARRAY_M * ARRAY_N * ACC_W]: accumulator (m, n) at
//                  [(m*ARRAY_N + n)*ACC_W +: ACC_W]
// Latency: 1 cycle, as lut_array. The next pass's tables are written in the
// last cycle of a pass (read from the cycle after).
module lut_array_pair #(
    parameter int ARRAY_M = 2,
    parameter int ARRAY_N = 32,
    parameter int GROUP_K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    localparam int ARRAY_K = 2 * GROUP_K,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (GROUP_K - 1)) : (1 << GROUP_K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * GROUP_K + 1) + 1,
    localparam int TABLE_W = ENTRIES * ENTRY_W,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32
) (
    input  logic                             clk,
    input  logic                             rst,
    input  logic [              ARRAY_M-1:0] tbl_wr_en,
    input  logic [    ARRAY_M*2*TABLE_W-1:0] tbl_wr_data,
    input  logic                             in_valid,
    input  logic                             in_first,
    input  logic                             in_last,
    input  logic [      ARRAY_N*ARRAY_K-1:0] in_idx,
    output logic                             out_valid,
    output logic [ARRAY_M*ARRAY_N*ACC_W-1:0] out_acc
);
  logic group0, group1;
  logic [PLANE_W-1:0] plane0, plane1;
  lut_ctrl_pair #(
      .W_BIT(W_BIT)
  ) u_ctrl (
      .clk(clk),
      .rst(rst),
      .in_valid(in_valid),
      .in_first(in_first),
      .in_last(in_last),
      .group0(group0),
      .plane0(plane0),
      .group1(group1),
      .plane1(plane1),
      .out_valid(out_valid)
  );

  for (genvar m = 0; m < ARRAY_M; m++) begin : g_row
    logic [2*TABLE_W-1:0] tables;
    lut_table_reg #(
        .ENTRIES(2 * ENTRIES),
        .ENTRY_W(ENTRY_W)
    ) u_table (
        .clk(clk),
        .wr_en(tbl_wr_en[m]),
        .wr_data(tbl_wr_data[m*2*TABLE_W+:2*TABLE_W]),
        .table_flat(tables)
    );
    // The table each slot reads this cycle, shared by the row's N elements.
    logic [TABLE_W-1:0] slot0_table, slot1_table;
    assign slot0_table = group0 ? tables[TABLE_W+:TABLE_W] : tables[0+:TABLE_W];
    assign slot1_table = group1 ? tables[TABLE_W+:TABLE_W] : tables[0+:TABLE_W];
    for (genvar n = 0; n < ARRAY_N; n++) begin : g_col
      lut_pe_pair #(
          .K(GROUP_K),
          .W_BIT(W_BIT),
          .TABLE_FORMAT(TABLE_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .NEG_IN_ACC(NEG_IN_ACC)
      ) u_pe (
          .clk(clk),
          .rst(rst),
          .table0_flat(slot0_table),
          .table1_flat(slot1_table),
          .idx(in_idx[n*ARRAY_K+:ARRAY_K]),
          .valid(in_valid),
          .first(in_first),
          .plane0(plane0),
          .plane1(plane1),
          .acc(out_acc[(m*ARRAY_N+n)*ACC_W+:ACC_W])
      );
    end
  end
endmodule
