// Bench wrapper (Verilator only, not synthesized): one lut_dot_unit_precompute
// per configuration below, each with its own slot of the flat ports (the
// lut_dot_unit_tb port names; tbl_wr_data carries the K activations of the
// table to precompute, activation i at [i*IN_W +: IN_W] of the slot).
//
//   c  K  W_BIT  format  table
//   0  4  2      FP16    unsigned full (conventional LUT)
//   1  4  4      INT8    unsigned full
//   2  4  2      FP16    half
//   3  4  4      INT8    half, NEG_IN_ACC = 1
//   4  3  3      FP16    symmetric full
//   5  6  2      INT8    unsigned full
//   6  2  1      FP16    half, NEG_IN_ACC = 1
//   7  5  8      INT8    half
//   8  6  4      FP16    unsigned full
/* verilator lint_off UNUSEDSIGNAL */
module lut_dot_unit_precompute_tb #(
    localparam int NCFG = 9,
    localparam int WREN_SLOT = 1,
    localparam int WDATA_SLOT = 96,  // 6 activations x 16 bits
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
  function automatic int cfg_k(int c);
    case (c)
      4: return 3;
      5, 8: return 6;
      6: return 2;
      7: return 5;
      default: return 4;
    endcase
  endfunction
  function automatic int cfg_w_bit(int c);
    case (c)
      1, 3, 8: return 4;
      4: return 3;
      6: return 1;
      7: return 8;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 3 || c == 5 || c == 7) ? 1 : 0;
  endfunction
  function automatic int cfg_symmetric(int c);
    return (c == 2 || c == 3 || c == 6 || c == 7) ? 1 : 0;
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int K = cfg_k(c);
    localparam int W_BIT = cfg_w_bit(c);
    localparam int TABLE_FORMAT = cfg_format(c);
    localparam int SYMMETRIC = cfg_symmetric(c);
    localparam int FULL_FORM = (c == 4) ? 1 : 0;
    localparam int NEG_IN_ACC = (c == 3 || c == 6) ? 1 : 0;
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8;
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32;

    // Bit 27: tables precomputed in the unit; bit 28: the full table's form.
    assign cfg_info[c*32+:32] = {3'd0, 1'(FULL_FORM), 1'b1, 1'(NEG_IN_ACC), 1'(SYMMETRIC),
                                 1'(TABLE_FORMAT), 4'(W_BIT), 4'(K), 8'd1, 8'd1};

    logic [ACC_W-1:0] acc;
    lut_dot_unit_precompute #(
        .K(K),
        .W_BIT(W_BIT),
        .TABLE_FORMAT(TABLE_FORMAT),
        .SYMMETRIC(SYMMETRIC),
        .FULL_FORM(FULL_FORM),
        .NEG_IN_ACC(NEG_IN_ACC)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT]),
        .tbl_x(tbl_wr_data[c*WDATA_SLOT+:K*IN_W]),
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
