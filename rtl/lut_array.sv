// lut_array: an ARRAY_M x ARRAY_N x ARRAY_K LUT tensor-core tile.
//
// Function: ARRAY_M table rows (one per activation row m) are broadcast along
// N; ARRAY_N weight-plane index vectors (one per output column n) are
// broadcast along M; each of the ARRAY_M x ARRAY_N accumulators (lut_pe) does,
// per accepted cycle, GROUPS_PER_PASS consecutive steps of the canonical order
// of lutsim::lut_mpgemm (core/lut/lut_mpgemm.hpp; group major, plane j minor),
//   acc[m][n] <- round(acc[m][n] + 2^j * lookup(T_{m,g}, idx_{n,g,j}))
// with the steps sequenced by lut_ctrl, so the accumulators equal
// LutGemmResult::accumulators of the M x (G * GROUP_K) by N problem bit for
// bit (group size GROUP_K = ARRAY_K / GROUPS_PER_PASS).
//   GROUPS_PER_PASS = 1: one table group of ARRAY_K activations per row, one
//     bit-serial lookup-accumulate per element per cycle.
//   GROUPS_PER_PASS = 2 (the pair tile, e.g. M2N32K8 = two groups of k = 4):
//     row m holds the tables of its two groups of the pass, written together;
//     each cycle does two consecutive steps s, s + 1 (2 * W_BIT per pass,
//     W_BIT cycles per pass), slot q reading the table of group s_q / W_BIT
//     (selected once per row, shared by the row's N elements) with plane
//     s_q % W_BIT. For even W_BIT both slots of a cycle read the same group;
//     for W_BIT = 1 one lookup per group and cycle.
// Number formats (as lut_pe): TABLE_FORMAT 0: FP16 entries and FP16
// accumulators; 1: integer entries and INT32 accumulators; 2: INT8-quantized
// FP16 tables (INT8 codes and one FP16 scale per table, dequantized once per
// group; FP16 accumulators, GROUPS_PER_PASS 1, which hold the value after the
// previous group mid-group and +0 during the first group of a dot product).
// SYMMETRIC 1: half tables with negation by the top index bit, 0: full tables;
// NEG_IN_ACC 1 (TABLE_FORMAT 0 or 1): the half-table negation done by the
// accumulator adder/subtractor, see lut_pe.
//
// Ports (flat vectors; element (m, n) at index m * ARRAY_N + n):
//   clk, rst       clock, synchronous active-high reset (accumulators <- 0)
//   tbl_wr_en      [ARRAY_M]: load row m's tables this cycle
//   tbl_wr_data    [ARRAY_M * GROUPS_PER_PASS * TABLE_W]: row m at
//                  [m*GROUPS_PER_PASS*TABLE_W +: GROUPS_PER_PASS*TABLE_W], group
//                  g's table at [g*TABLE_W +: TABLE_W] of it, entry e at
//                  [e*ENTRY_W +: ENTRY_W] (TABLE_FORMAT 2: code e at [e*8 +: 8],
//                  the scale at [ENTRIES*8 +: 16])
//   in_valid, in_first, in_last   shared sequencing (see lut_ctrl)
//   in_idx         [ARRAY_N * ARRAY_K]: column n's slot-q index at
//                  [(n*GROUPS_PER_PASS + q)*GROUP_K +: GROUP_K]
//   out_valid      one-cycle pulse: out_acc holds finished dot products
//   out_acc        [ARRAY_M * ARRAY_N * ACC_W]: accumulator (m, n) at
//                  [(m*ARRAY_N + n)*ACC_W +: ACC_W]
// PIPE_STAGES (0..2) pipeline registers, placed by this rule:
//   stage 1 (PIPE_STAGES >= 1): after the lookup mux: each element registers
//     its looked-up entry (and negate flag, quantized tables: the scale), and
//     the array registers valid, first and the plane once for all elements;
//     the accumulator loop (acc -> adder -> acc) is never cut, so every
//     element still does the canonical steps one per cycle, unchanged;
//   stage 2 (PIPE_STAGES >= 2): an input register on every port (index
//     vectors, sequencing, table writes), cutting the broadcast of the
//     indices along M and of the table rows along N from the ports. Table
//     writes pass it too, so they keep their cycle relative to the indices.
// The sequencing flops (valid, first, last, out_valid) reset, flushing the
// work in flight; the data flops (indices, table writes, entries) do not.
// Latency: 1 + PIPE_STAGES cycles: an index vector accepted in cycle t is in
// out_acc in cycle t + 1 + PIPE_STAGES, and out_valid follows in_last by
// 1 + PIPE_STAGES cycles (PIPE_STAGES = 0: as lut_dot_unit). Throughput does
// not depend on the depth: with one pass per dot product the tile produces
// ARRAY_M x ARRAY_N results every W_BIT cycles; in general every P * W_BIT
// cycles for P passes, with the next pass's tables written in the cycle of
// the previous pass's last cycle.
module lut_array #(
    parameter int ARRAY_M = 2,
    parameter int ARRAY_N = 64,
    parameter int ARRAY_K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    parameter int GROUPS_PER_PASS = 1,
    parameter int PIPE_STAGES = 0, parameter int INT_ACC_W = 32,
    localparam int IN_STAGES = (PIPE_STAGES >= 2) ? 1 : 0,
    localparam int LOOKUP_STAGES = (PIPE_STAGES >= 1) ? 1 : 0,
    localparam int GROUP_K = ARRAY_K / GROUPS_PER_PASS,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (GROUP_K - 1)) : (1 << GROUP_K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 :
                             (TABLE_FORMAT == 2) ? 8 : $clog2(128 * GROUP_K + 1) + 1,
    localparam int TABLE_W = ENTRIES * ENTRY_W + ((TABLE_FORMAT == 2) ? 16 : 0),
    localparam int ROW_W = GROUPS_PER_PASS * TABLE_W,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int STEP_W = (GROUPS_PER_PASS * W_BIT > 1) ? $clog2(GROUPS_PER_PASS * W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 1) ? INT_ACC_W : 16
) (
    input  logic                             clk,
    input  logic                             rst,
    input  logic [              ARRAY_M-1:0] tbl_wr_en,
    input  logic [        ARRAY_M*ROW_W-1:0] tbl_wr_data,
    input  logic                             in_valid,
    input  logic                             in_first,
    input  logic                             in_last,
    input  logic [      ARRAY_N*ARRAY_K-1:0] in_idx,
    output logic                             out_valid,
    output logic [ARRAY_M*ARRAY_N*ACC_W-1:0] out_acc
);
  // Unsupported parameters stop elaboration (a missing module, as in lut_pe).
  if (GROUPS_PER_PASS < 1 || GROUPS_PER_PASS > 2 || GROUP_K * GROUPS_PER_PASS != ARRAY_K)
  begin : g_unsupported
    lut_array_error_groups_per_pass_must_be_1_or_2_and_divide_array_k u_error ();
  end

  if (PIPE_STAGES < 0 || PIPE_STAGES > 2) begin : g_unsupported_pipe
    lut_array_error_pipe_stages_must_be_0_1_or_2 u_error ();
  end

  // Stage 2: the input register (the ports as the datapath sees them: *_i).
  logic valid_i, first_i, last_i;
  logic [ARRAY_N*ARRAY_K-1:0] idx_i;
  logic [ARRAY_M-1:0] wr_en_i;
  logic [ARRAY_M*ROW_W-1:0] wr_data_i;
  pipe_reg #(
      .W(3),
      .STAGES(IN_STAGES),
      .RESET(1)
  ) u_in_ctrl_reg (
      .clk(clk),
      .rst(rst),
      .d({in_valid, in_first, in_last}),
      .q({valid_i, first_i, last_i})
  );
  pipe_reg #(
      .W(ARRAY_N * ARRAY_K + ARRAY_M + ARRAY_M * ROW_W),
      .STAGES(IN_STAGES)
  ) u_in_data_reg (
      .clk(clk),
      .rst(rst),
      .d({in_idx, tbl_wr_en, tbl_wr_data}),
      .q({idx_i, wr_en_i, wr_data_i})
  );

  logic [GROUPS_PER_PASS*STEP_W-1:0] step;
  logic ctrl_out_valid;
  lut_ctrl #(
      .W_BIT(W_BIT),
      .GROUPS_PER_PASS(GROUPS_PER_PASS)
  ) u_ctrl (
      .clk(clk),
      .rst(rst),
      .in_valid(valid_i),
      .in_first(first_i),
      .in_last(last_i),
      .step(step),
      .out_valid(ctrl_out_valid)
  );
  pipe_reg #(
      .W(1),
      .STAGES(LOOKUP_STAGES),
      .RESET(1)
  ) u_out_valid_reg (
      .clk(clk),
      .rst(rst),
      .d(ctrl_out_valid),
      .q(out_valid)
  );

  // Slot q's table group group[q] and plane at plane[q*PLANE_W +: PLANE_W]:
  // step s_q = group * W_BIT + plane (group unused with one group per pass).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [GROUPS_PER_PASS-1:0] group;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [GROUPS_PER_PASS*PLANE_W-1:0] plane;
  if (GROUPS_PER_PASS == 1) begin : g_one_group
    assign group = 1'b0;
    assign plane = step;
  end else begin : g_two_groups
    for (genvar q = 0; q < GROUPS_PER_PASS; q++) begin : g_slot
      logic [STEP_W-1:0] s;
      assign s = step[q*STEP_W+:STEP_W];
      assign group[q] = s >= STEP_W'(W_BIT);
      assign plane[q*PLANE_W+:PLANE_W] = PLANE_W'(group[q] ? s - STEP_W'(W_BIT) : s);
    end
  end

  // Stage 1: valid, first and the planes of the elements' accumulators, one
  // cycle after the lookup (shared by every element).
  logic valid_l, first_l;
  logic [GROUPS_PER_PASS*PLANE_W-1:0] plane_l;
  pipe_reg #(
      .W(2 + GROUPS_PER_PASS * PLANE_W),
      .STAGES(LOOKUP_STAGES),
      .RESET(1)
  ) u_lookup_ctrl_reg (
      .clk(clk),
      .rst(rst),
      .d({valid_i, first_i, plane}),
      .q({valid_l, first_l, plane_l})
  );

  for (genvar m = 0; m < ARRAY_M; m++) begin : g_row
    logic [ROW_W-1:0] tables;
    lut_table_reg #(
        .ENTRIES(GROUPS_PER_PASS),
        .ENTRY_W(TABLE_W)
    ) u_table (
        .clk(clk),
        .wr_en(wr_en_i[m]),
        .wr_data(wr_data_i[m*ROW_W+:ROW_W]),
        .table_flat(tables)
    );
    // The table each slot reads this cycle, shared by the row's N elements.
    logic [ROW_W-1:0] slot_tables;
    if (GROUPS_PER_PASS == 1) begin : g_one_group
      assign slot_tables = tables;
    end else begin : g_two_groups
      for (genvar q = 0; q < GROUPS_PER_PASS; q++) begin : g_slot
        assign slot_tables[q*TABLE_W+:TABLE_W] = group[q] ? tables[TABLE_W+:TABLE_W]
                                                          : tables[0+:TABLE_W];
      end
    end
    for (genvar n = 0; n < ARRAY_N; n++) begin : g_col
      lut_pe #(
          .K(GROUP_K),
          .W_BIT(W_BIT),
          .TABLE_FORMAT(TABLE_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .NEG_IN_ACC(NEG_IN_ACC),
          .GROUPS_PER_PASS(GROUPS_PER_PASS),
          .LOOKUP_REG(LOOKUP_STAGES), .INT_ACC_W(INT_ACC_W)
      ) u_pe (
          .clk(clk),
          .rst(rst),
          .table_flat(slot_tables),
          .idx(idx_i[n*ARRAY_K+:ARRAY_K]),
          .valid(valid_l),
          .first(first_l),
          .plane(plane_l),
          .acc(out_acc[(m*ARRAY_N+n)*ACC_W+:ACC_W])
      );
    end
  end
endmodule
