// Bench wrapper (Verilator only, not synthesized): one lut_table_precompute
// per configuration, each on its own slot of the flat ports, so that a single
// verilated model covers every parameter set. Configuration c: K = 2 + c % 5,
// TABLE_FORMAT = (c / 5) % 2 (FP16, INT8 -> integer), table form c / 10:
// 0 half (SYMMETRIC = 1), 1 unsigned full (SYMMETRIC = 0, FULL_FORM = 0),
// 2 symmetric full (SYMMETRIC = 0, FULL_FORM = 1).
/* verilator lint_off UNUSEDSIGNAL */
module lut_table_precompute_tb #(
    localparam int NCFG = 30,
    localparam int X_SLOT = 96,       // 6 activations x 16 bits
    localparam int TABLE_SLOT = 1024  // 64 entries x 16 bits
) (
    input  logic [    NCFG*X_SLOT-1:0] x_flat,
    output logic [NCFG*TABLE_SLOT-1:0] table_flat,
    output logic [          NCFG*32-1:0] cfg_info,
    output logic [              3*32-1:0] layout
);
  assign layout = {32'(NCFG), 32'(X_SLOT), 32'(TABLE_SLOT)};
  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int K = 2 + c % 5;
    localparam int TABLE_FORMAT = (c / 5) % 2;
    localparam int FORM = c / 10;
    localparam int SYMMETRIC = (FORM == 0) ? 1 : 0;
    localparam int FULL_FORM = (FORM == 2) ? 1 : 0;
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8;
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1;
    assign cfg_info[c*32+:32] = {8'd0, 8'(FORM), 8'(TABLE_FORMAT), 8'(K)};
    logic [ENTRIES*ENTRY_W-1:0] tbl;
    lut_table_precompute #(
        .K(K),
        .TABLE_FORMAT(TABLE_FORMAT),
        .SYMMETRIC(SYMMETRIC),
        .FULL_FORM(FULL_FORM)
    ) u_dut (
        .x_flat(x_flat[c*X_SLOT+:K*IN_W]),
        .table_flat(tbl)
    );
    assign table_flat[c*TABLE_SLOT+:TABLE_SLOT] = TABLE_SLOT'(tbl);
  end
endmodule
