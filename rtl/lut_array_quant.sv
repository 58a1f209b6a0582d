// lut_array_quant: an ARRAY_M x ARRAY_N x ARRAY_K LUT tile with
// INT8-quantized FP16 tables (TableEntryFormat::kInt8Quantized, FP16
// activations and accumulators): each row's table register holds the INT8
// codes and the table's FP16 scale; each element (lut_pe_quant) sums the
// codes of a group's planes exactly and dequantizes once per group,
//   acc <- fp16_round(acc + fp16_round(scale * sum_j 2^j code_j)),
// the canonical order of lutsim::lut_mpgemm for quantized tables, so the
// accumulators equal LutGemmResult::accumulators bit for bit at the end of
// every group (mid-group they hold the value after the previous group; +0
// during the first group of a dot product).
// Parameters: ARRAY_M, ARRAY_N, ARRAY_K (group size 2..6), W_BIT (1..8),
// SYMMETRIC (1 half table, 0 full table).
// Ports as lut_array with ENTRY_W = 8 and TABLE_W = ENTRIES * 8 + 16: row m's
// table at tbl_wr_data[m*TABLE_W +: TABLE_W], code e at [e*8 +: 8] of it, the
// scale at [ENTRIES*8 +: 16]; out_acc FP16 accumulators (ACC_W = 16).
// Latency: 1 cycle, the lut_array protocol (lut_ctrl): out_valid one cycle
// after in_last; a table written in cycle t serves indices from t + 1.
module lut_array_quant #(
    parameter int ARRAY_M = 2,
    parameter int ARRAY_N = 64,
    parameter int ARRAY_K = 4,
    parameter int W_BIT = 2,
    parameter int SYMMETRIC = 1,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (ARRAY_K - 1)) : (1 << ARRAY_K),
    localparam int TABLE_W = ENTRIES * 8 + 16,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1
) (
    input  logic                          clk,
    input  logic                          rst,
    input  logic [           ARRAY_M-1:0] tbl_wr_en,
    input  logic [   ARRAY_M*TABLE_W-1:0] tbl_wr_data,
    input  logic                          in_valid,
    input  logic                          in_first,
    input  logic                          in_last,
    input  logic [   ARRAY_N*ARRAY_K-1:0] in_idx,
    output logic                          out_valid,
    output logic [ARRAY_M*ARRAY_N*16-1:0] out_acc
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
        .ENTRIES(1),
        .ENTRY_W(TABLE_W)
    ) u_table (
        .clk(clk),
        .wr_en(tbl_wr_en[m]),
        .wr_data(tbl_wr_data[m*TABLE_W+:TABLE_W]),
        .table_flat(table_flat)
    );
    for (genvar n = 0; n < ARRAY_N; n++) begin : g_col
      lut_pe_quant #(
          .K(ARRAY_K),
          .W_BIT(W_BIT),
          .SYMMETRIC(SYMMETRIC)
      ) u_pe (
          .clk(clk),
          .rst(rst),
          .table_flat(table_flat[0+:ENTRIES*8]),
          .scale(table_flat[ENTRIES*8+:16]),
          .idx(in_idx[n*ARRAY_K+:ARRAY_K]),
          .valid(in_valid),
          .first(in_first),
          .plane(plane),
          .acc(out_acc[(m*ARRAY_N+n)*16+:16])
      );
    end
  end
endmodule
