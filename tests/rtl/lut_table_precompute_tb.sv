// Bench wrapper (Verilator only, not synthesized): one lut_table_precompute
// per configuration, each on its own slot of the flat ports, so that a single
// verilated model covers every parameter set. Configuration c < 30: K = 2 + c % 5,
// TABLE_FORMAT = (c / 5) % 2 (FP16, INT8 -> integer), table form c / 10:
// 0 half (SYMMETRIC = 1), 1 unsigned full (SYMMETRIC = 0, FULL_FORM = 0),
// 2 symmetric full (SYMMETRIC = 0, FULL_FORM = 1), combinational. Configuration
// 30 + i: lut_table_precompute_pipe with the pipelined set PIPE_*[i] (PIPE_STAGES > 0,
// clocked by clk).
// cfg_info byte 3 is each configuration's PIPE_STAGES: the bench reads its latency there.
/* verilator lint_off UNUSEDSIGNAL */
module lut_table_precompute_tb #(
    localparam int NPIPE = 8,
    localparam int NCFG = 30 + NPIPE,
    localparam int X_SLOT = 96,       // 6 activations x 16 bits
    localparam int TABLE_SLOT = 1024  // 64 entries x 16 bits
) (
    input  logic                       clk,
    input  logic                       rst,  // unused: the unit has no reset
    input  logic [    NCFG*X_SLOT-1:0] x_flat,
    output logic [NCFG*TABLE_SLOT-1:0] table_flat,
    output logic [          NCFG*32-1:0] cfg_info,
    output logic [              3*32-1:0] layout
);
  assign layout = {32'(NCFG), 32'(X_SLOT), 32'(TABLE_SLOT)};
  // The pipelined set: K, TABLE_FORMAT, form, PIPE_STAGES (K - 1 registers the table).
  localparam int PIPE_K[NPIPE] = '{4, 4, 4, 6, 5, 3, 2, 6};
  localparam int PIPE_FORMAT[NPIPE] = '{0, 0, 0, 0, 1, 1, 0, 1};
  localparam int PIPE_FORM[NPIPE] = '{0, 0, 0, 1, 2, 1, 0, 0};
  localparam int PIPE_DEPTH[NPIPE] = '{1, 2, 3, 2, 4, 1, 1, 3};
  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int P = (c < 30) ? 0 : c - 30;
    localparam int K = (c < 30) ? 2 + c % 5 : PIPE_K[P];
    localparam int TABLE_FORMAT = (c < 30) ? (c / 5) % 2 : PIPE_FORMAT[P];
    localparam int FORM = (c < 30) ? c / 10 : PIPE_FORM[P];
    localparam int PIPE_STAGES = (c < 30) ? 0 : PIPE_DEPTH[P];
    localparam int SYMMETRIC = (FORM == 0) ? 1 : 0;
    localparam int FULL_FORM = (FORM == 2) ? 1 : 0;
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8;
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1;
    assign cfg_info[c*32+:32] = {8'(PIPE_STAGES), 8'(FORM), 8'(TABLE_FORMAT), 8'(K)};
    logic [ENTRIES*ENTRY_W-1:0] tbl;
    if (PIPE_STAGES == 0) begin : g_comb
      lut_table_precompute #(
          .K(K),
          .TABLE_FORMAT(TABLE_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .FULL_FORM(FULL_FORM)
      ) u_dut (
          .x_flat(x_flat[c*X_SLOT+:K*IN_W]),
          .table_flat(tbl)
      );
    end else begin : g_pipe
      lut_table_precompute_pipe #(
          .K(K),
          .TABLE_FORMAT(TABLE_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .FULL_FORM(FULL_FORM),
          .PIPE_STAGES(PIPE_STAGES)
      ) u_dut (
          .clk(clk),
          .x_flat(x_flat[c*X_SLOT+:K*IN_W]),
          .table_flat(tbl)
      );
    end
    assign table_flat[c*TABLE_SLOT+:TABLE_SLOT] = TABLE_SLOT'(tbl);
  end
endmodule
