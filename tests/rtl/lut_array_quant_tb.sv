// Bench wrapper (Verilator only, not synthesized): one lut_array_quant per
// configuration below, each with its own slot of the flat ports (the port
// names of lut_array_tb; a row's table slot holds its INT8 codes and, above
// them, its FP16 scale). cfg_info bit 30 marks quantized tables.
//
//   c  shape     W_BIT  tables
//   0  M1N1K4    2      half
//   1  M1N1K4    4      half
//   2  M2N4K3    1      half
//   3  M2N4K5    3      full
//   4  M2N64K4   2      half
//   5  M1N1K6    8      half
//   6  M1N2K2    2      full
/* verilator lint_off UNUSEDSIGNAL */
module lut_array_quant_tb #(
    localparam int NCFG = 7,
    localparam int WREN_SLOT = 2,
    localparam int WDATA_SLOT = 544,  // M2 x (32 codes x 8 bits + 16-bit scale)
    localparam int IDX_SLOT = 256,  // N64 x K4
    localparam int ACC_SLOT = 2048  // M2N64 x 16 bits
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
    return (c == 2 || c == 3 || c == 4) ? 2 : 1;
  endfunction
  function automatic int cfg_n(int c);
    case (c)
      2, 3: return 4;
      4: return 64;
      6: return 2;
      default: return 1;
    endcase
  endfunction
  function automatic int cfg_k(int c);
    case (c)
      2: return 3;
      3: return 5;
      5: return 6;
      6: return 2;
      default: return 4;
    endcase
  endfunction
  function automatic int cfg_w_bit(int c);
    case (c)
      1: return 4;
      2: return 1;
      3: return 3;
      5: return 8;
      default: return 2;
    endcase
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int M = cfg_m(c);
    localparam int N = cfg_n(c);
    localparam int K = cfg_k(c);
    localparam int W_BIT = cfg_w_bit(c);
    localparam int SYMMETRIC = (c == 3 || c == 6) ? 0 : 1;
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int TABLE_W = ENTRIES * 8 + 16;

    assign cfg_info[c*32+:32] = {1'b0, 1'b1, 4'd0, 1'(SYMMETRIC), 1'b0, 4'(W_BIT), 4'(K),
                                 8'(N), 8'(M)};

    logic [M*N*16-1:0] acc;
    lut_array_quant #(
        .ARRAY_M(M),
        .ARRAY_N(N),
        .ARRAY_K(K),
        .W_BIT(W_BIT),
        .SYMMETRIC(SYMMETRIC)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT+:M]),
        .tbl_wr_data(tbl_wr_data[c*WDATA_SLOT+:M*TABLE_W]),
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
