// Bench wrapper (Verilator only, not synthesized): one lut_dot_unit per
// configuration below, each with its own slot of the flat ports so that a
// single verilated model covers every parameter set. The C++ bench reads the
// configurations from cfg_info and the slot sizes from layout.
//
// Configurations 0..59: K = 2..6 x W_BIT in {1, 2, 4} x
//   {FP16 half table, FP16 full table, integer half table, integer full table};
// 60..63: K4 W8 FP16 half, K4 W8 integer half, K3 W3 FP16 half, K5 W3 integer full;
// 64..69 half tables with NEG_IN_ACC = 1 (negation in the accumulator): K2 W2 int,
//   K4 W4 int, K6 W3 int, K5 W8 int, K4 W2 FP16, K3 W1 FP16.
/* verilator lint_off UNUSEDSIGNAL */
module lut_dot_unit_tb #(
    localparam int NCFG = 70,
    localparam int WREN_SLOT = 1,
    localparam int WDATA_SLOT = 1024,  // 64 entries x 16 bits
    localparam int IDX_SLOT = 8,
    localparam int ACC_SLOT = 32
) (
    input  logic                       clk,
    input  logic                       rst,
    input  logic [   NCFG*WREN_SLOT-1:0] tbl_wr_en,
    input  logic [  NCFG*WDATA_SLOT-1:0] tbl_wr_data,
    input  logic [              NCFG-1:0] in_valid,
    input  logic [              NCFG-1:0] in_first,
    input  logic [              NCFG-1:0] in_last,
    input  logic [    NCFG*IDX_SLOT-1:0] in_idx,
    output logic [              NCFG-1:0] out_valid,
    output logic [    NCFG*ACC_SLOT-1:0] out_acc,
    output logic [           NCFG*32-1:0] cfg_info,
    output logic [               5*32-1:0] layout
);
  // {K, W_BIT, TABLE_FORMAT, SYMMETRIC, NEG_IN_ACC} of configuration c.
  function automatic int cfg_k(int c);
    if (c < 60) return 2 + c % 5;
    case (c)
      60, 61, 65, 68: return 4;
      62, 69: return 3;
      64: return 2;
      66: return 6;
      default: return 5;
    endcase
  endfunction
  function automatic int cfg_w_bit(int c);
    if (c < 60) return ((c / 5) % 3 == 0) ? 1 : ((c / 5) % 3 == 1) ? 2 : 4;
    case (c)
      60, 61, 67: return 8;
      62, 63, 66: return 3;
      65: return 4;
      69: return 1;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_format(int c);
    if (c < 60) return (c / 15) / 2;
    return (c == 61 || c == 63 || (c >= 64 && c <= 67)) ? 1 : 0;
  endfunction
  function automatic int cfg_symmetric(int c);
    if (c < 60) return ((c / 15) % 2 == 0) ? 1 : 0;
    return (c == 63) ? 0 : 1;
  endfunction
  function automatic int cfg_neg_in_acc(int c);
    return (c >= 64) ? 1 : 0;
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int K = cfg_k(c);
    localparam int W_BIT = cfg_w_bit(c);
    localparam int TABLE_FORMAT = cfg_format(c);
    localparam int SYMMETRIC = cfg_symmetric(c);
    localparam int NEG_IN_ACC = cfg_neg_in_acc(c);
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1;
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32;

    assign cfg_info[c*32+:32] = {5'd0, 1'(NEG_IN_ACC), 1'(SYMMETRIC), 1'(TABLE_FORMAT), 4'(W_BIT), 4'(K), 8'd1, 8'd1};

    logic [ACC_W-1:0] acc;
    lut_dot_unit #(
        .K(K),
        .W_BIT(W_BIT),
        .TABLE_FORMAT(TABLE_FORMAT),
        .SYMMETRIC(SYMMETRIC),
        .NEG_IN_ACC(NEG_IN_ACC)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT]),
        .tbl_wr_data(tbl_wr_data[c*WDATA_SLOT+:ENTRIES*ENTRY_W]),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .in_idx(in_idx[c*IDX_SLOT+:K]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
