// Bench wrapper (Verilator only, not synthesized): one lut_array_pair per
// configuration below, each with its own slot of the flat ports (the port
// names of lut_array_tb; a row's table slot holds its two tables, an index
// slot two indices per column). cfg_info's K field is GROUP_K, bit 29 marks
// the pair array.
//
//   c  shape              W_BIT  tables
//   0  M2N32K8 (2 x K4)   2      FP16 half
//   1  M2N32K8 (2 x K4)   4      integer half
//   2  M2N32K8 (2 x K4)   1      FP16 half (one lookup per group and cycle)
//   3  M2N32K8 (2 x K4)   3      FP16 half, NEG_IN_ACC = 1 (a cycle straddles groups)
//   4  M2N4K6  (2 x K3)   2      FP16 full
//   5  M1N4K12 (2 x K6)   5      integer half, NEG_IN_ACC = 1
/* verilator lint_off UNUSEDSIGNAL */
module lut_array_pair_tb #(
    localparam int NCFG = 6,
    localparam int WREN_SLOT = 2,
    localparam int WDATA_SLOT = 704,  // M1 x 2 x 32 entries x 11 bits
    localparam int IDX_SLOT = 256,  // N32 x K8
    localparam int ACC_SLOT = 2048  // M2N32 x 32 bits
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
    return (c == 5) ? 1 : 2;
  endfunction
  function automatic int cfg_n(int c);
    return (c >= 4) ? 4 : 32;
  endfunction
  function automatic int cfg_group_k(int c);
    return (c == 4) ? 3 : (c == 5) ? 6 : 4;
  endfunction
  function automatic int cfg_w_bit(int c);
    case (c)
      1: return 4;
      2: return 1;
      3: return 3;
      5: return 5;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 5) ? 1 : 0;
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int M = cfg_m(c);
    localparam int N = cfg_n(c);
    localparam int GROUP_K = cfg_group_k(c);
    localparam int W_BIT = cfg_w_bit(c);
    localparam int TABLE_FORMAT = cfg_format(c);
    localparam int SYMMETRIC = (c == 4) ? 0 : 1;
    localparam int NEG_IN_ACC = (c == 3 || c == 5) ? 1 : 0;
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (GROUP_K - 1)) : (1 << GROUP_K);
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * GROUP_K + 1) + 1;
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32;

    assign cfg_info[c*32+:32] = {2'd0, 1'b1, 2'd0, 1'(NEG_IN_ACC), 1'(SYMMETRIC),
                                 1'(TABLE_FORMAT), 4'(W_BIT), 4'(GROUP_K), 8'(N), 8'(M)};

    logic [M*N*ACC_W-1:0] acc;
    lut_array_pair #(
        .ARRAY_M(M),
        .ARRAY_N(N),
        .GROUP_K(GROUP_K),
        .W_BIT(W_BIT),
        .TABLE_FORMAT(TABLE_FORMAT),
        .SYMMETRIC(SYMMETRIC),
        .NEG_IN_ACC(NEG_IN_ACC)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT+:M]),
        .tbl_wr_data(tbl_wr_data[c*WDATA_SLOT+:M*2*ENTRIES*ENTRY_W]),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .in_idx(in_idx[c*IDX_SLOT+:N*2*GROUP_K]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
