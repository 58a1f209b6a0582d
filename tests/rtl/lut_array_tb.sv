// Bench wrapper (Verilator only, not synthesized): one lut_array per
// configuration below, each with its own slot of the flat ports so that a
// single verilated model covers every shape. The C++ bench reads the
// configurations from cfg_info and the slot sizes from layout.
//
//   c  shape      W_BIT  tables
//   0  M2N4K4     2      FP16 half
//   1  M2N4K4     4      integer half
//   2  M2N4K3     1      FP16 full
//   3  M2N4K6     2      integer full
//   4  M2N64K4    2      FP16 half
//   5  M4N32K4    4      FP16 half
//   6  M8N16K4    1      integer half
//   7  M1N128K4   2      FP16 half
//   8  M4N64K2    4      FP16 half
//   9  M2N16K4    2      integer half, NEG_IN_ACC = 1
//  10  M2N4K5     3      FP16 half, NEG_IN_ACC = 1
/* verilator lint_off UNUSEDSIGNAL */
module lut_array_tb #(
    localparam int NCFG = 11,
    localparam int WREN_SLOT = 8,
    localparam int WDATA_SLOT = 1408,  // M2 x 64 entries x 11 bits (M2N4K6 integer full)
    localparam int IDX_SLOT = 512,  // N128 x K4
    localparam int ACC_SLOT = 4096  // M4N64 x 16 bits, M8N16 x 32 bits
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
  function automatic int cfg_m(int c);
    case (c)
      5, 8: return 4;
      6: return 8;
      7: return 1;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_n(int c);
    case (c)
      4, 8: return 64;
      5: return 32;
      6, 9: return 16;
      7: return 128;
      default: return 4;
    endcase
  endfunction
  function automatic int cfg_k(int c);
    case (c)
      2: return 3;
      3: return 6;
      8: return 2;
      10: return 5;
      default: return 4;
    endcase
  endfunction
  function automatic int cfg_w_bit(int c);
    case (c)
      1, 5, 8: return 4;
      2, 6: return 1;
      10: return 3;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 3 || c == 6 || c == 9) ? 1 : 0;
  endfunction
  function automatic int cfg_symmetric(int c);
    return (c == 2 || c == 3) ? 0 : 1;
  endfunction
  function automatic int cfg_neg_in_acc(int c);
    return (c >= 9) ? 1 : 0;
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int M = cfg_m(c);
    localparam int N = cfg_n(c);
    localparam int K = cfg_k(c);
    localparam int W_BIT = cfg_w_bit(c);
    localparam int TABLE_FORMAT = cfg_format(c);
    localparam int SYMMETRIC = cfg_symmetric(c);
    localparam int NEG_IN_ACC = cfg_neg_in_acc(c);
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1;
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32;

    assign cfg_info[c*32+:32] = {5'd0, 1'(NEG_IN_ACC), 1'(SYMMETRIC), 1'(TABLE_FORMAT), 4'(W_BIT), 4'(K), 8'(N), 8'(M)};

    logic [M*N*ACC_W-1:0] acc;
    lut_array #(
        .ARRAY_M(M),
        .ARRAY_N(N),
        .ARRAY_K(K),
        .W_BIT(W_BIT),
        .TABLE_FORMAT(TABLE_FORMAT),
        .SYMMETRIC(SYMMETRIC),
        .NEG_IN_ACC(NEG_IN_ACC)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT+:M]),
        .tbl_wr_data(tbl_wr_data[c*WDATA_SLOT+:M*ENTRIES*ENTRY_W]),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .in_idx(in_idx[c*IDX_SLOT+:N*K]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
