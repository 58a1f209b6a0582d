// lut_array: an ARRAY_M x ARRAY_N x ARRAY_K LUT tensor-core tile.
//
// Function: ARRAY_M tables (one per activation row m, each of one group of
// ARRAY_K activations) are broadcast along N; ARRAY_N weight-plane indices
// (one per output column n, ARRAY_K bits each) are broadcast along M; each of
// the ARRAY_M x ARRAY_N accumulators does, per accepted cycle,
//   acc[m][n] <- round(acc[m][n] + 2^j * lookup(T_m, idx_n))
// with the plane j sequenced by lut_ctrl: one bit-serial lookup-accumulate per
// element per cycle, the canonical order of lutsim::lut_mpgemm
// (core/lut/lut_mpgemm.hpp), so the accumulators equal
// LutGemmResult::accumulators of the M x (G*ARRAY_K) by N problem bit for bit.
// Number formats as in lut_dot_unit (TABLE_FORMAT 0: FP16 entries and FP16
// accumulators; 1: integer entries and INT32 accumulators; SYMMETRIC 1: half
// tables with negation by the top index bit, 0: full tables; NEG_IN_ACC 1:
// the half-table negation done by the accumulator adder/subtractor, see lut_pe).
//
// Ports (flat vectors; element (m, n) at index m * ARRAY_N + n):
//   clk, rst       clock, synchronous active-high reset (accumulators <- 0)
//   tbl_wr_en      [ARRAY_M]: load table m this cycle
//   tbl_wr_data    [ARRAY_M * ENTRIES * ENTRY_W]: table m at
//                  [m*ENTRIES*ENTRY_W +: ENTRIES*ENTRY_W], entry e of it at
//                  [e*ENTRY_W +: ENTRY_W]
//   in_valid, in_first, in_last   shared sequencing (see lut_ctrl)
//   in_idx         [ARRAY_N * ARRAY_K]: index of column n at [n*ARRAY_K +: ARRAY_K]
//   out_valid      one-cycle pulse: out_acc holds finished dot products
//   out_acc        [ARRAY_M * ARRAY_N * ACC_W]: accumulator (m, n) at
//                  [(m*ARRAY_N + n)*ACC_W +: ACC_W]
// Latency: 1 cycle, as lut_dot_unit: an index vector accepted in cycle t is in
// out_acc in cycle t + 1, and out_valid follows in_last by one cycle. With one
// group per dot product (G = 1) the tile produces ARRAY_M x ARRAY_N results
// every W_BIT cycles; in general every G * W_BIT cycles, with the next group's
// tables written in the cycle of the previous group's last plane.
module lut_array #(
    parameter int ARRAY_M = 2,
    parameter int ARRAY_N = 64,
    parameter int ARRAY_K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (ARRAY_K - 1)) : (1 << ARRAY_K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * ARRAY_K + 1) + 1,
    localparam int TABLE_W = ENTRIES * ENTRY_W,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32
) (
    input  logic                               clk,
    input  logic                               rst,
    input  logic [                ARRAY_M-1:0] tbl_wr_en,
    input  logic [        ARRAY_M*TABLE_W-1:0] tbl_wr_data,
    input  logic                               in_valid,
    input  logic                               in_first,
    input  logic                               in_last,
    input  logic [        ARRAY_N*ARRAY_K-1:0] in_idx,
    output logic                               out_valid,
    output logic [ARRAY_M*ARRAY_N*ACC_W-1:0] out_acc
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
      .plane(plane),
      .out_valid(out_valid)
  );

  for (genvar m = 0; m < ARRAY_M; m++) begin : g_row
    logic [TABLE_W-1:0] table_flat;
    lut_table_reg #(
        .ENTRIES(ENTRIES),
        .ENTRY_W(ENTRY_W)
    ) u_table (
        .clk(clk),
        .wr_en(tbl_wr_en[m]),
        .wr_data(tbl_wr_data[m*TABLE_W+:TABLE_W]),
        .table_flat(table_flat)
    );
    for (genvar n = 0; n < ARRAY_N; n++) begin : g_col
      lut_pe #(
          .K(ARRAY_K),
          .W_BIT(W_BIT),
          .TABLE_FORMAT(TABLE_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .NEG_IN_ACC(NEG_IN_ACC)
      ) u_pe (
          .clk(clk),
          .rst(rst),
          .table_flat(table_flat),
          .idx(in_idx[n*ARRAY_K+:ARRAY_K]),
          .valid(in_valid),
          .first(in_first),
          .plane(plane),
          .acc(out_acc[(m*ARRAY_N+n)*ACC_W+:ACC_W])
      );
    end
  end
endmodule
