// Bench wrapper (Verilator only, not synthesized): one lut_array per
// configuration of the VARIANT's table below, each with its own slot of the
// flat ports so that a single verilated model covers every shape. The C++
// bench reads the configurations from cfg_info, cfg_pipe (PIPE_STAGES, 8
// bits per configuration) and cfg_acc (INT_ACC_W, 8 bits, 0 for 32) and the
// slot sizes from layout.
// VARIANT 0: one table group per pass; 1: the pair tile (GROUPS_PER_PASS = 2:
// a row's table slot holds its two tables, an index slot two indices per
// column; cfg_info's K field is the group size, bit 29 marks it); 2: INT8-
// quantized FP16 tables (TABLE_FORMAT = 2: a row's table slot holds its INT8
// codes and, above them, its FP16 scale; cfg_info bit 30 marks it).
// P: PIPE_STAGES (0 unless given).
//
//   VARIANT 0                     VARIANT 1                        VARIANT 2
//   c  shape     W_BIT tables      c  shape             W_BIT tables   c  shape    W_BIT tables
//   0  M2N4K4    2  FP16 half      0  M2N32K8 (2 x K4)  2  FP16 half   0  M1N1K4   2  half
//   1  M2N4K4    4  integer half   1  M2N32K8 (2 x K4)  4  int half    1  M1N1K4   4  half
//   2  M2N4K3    1  FP16 full      2  M2N32K8 (2 x K4)  1  FP16 half   2  M2N4K3   1  half
//   3  M2N4K6    2  integer full   3  M2N32K8 (2 x K4)  3  FP16 half,  3  M2N4K5   3  full
//   4  M2N64K4   2  FP16 half            NEG_IN_ACC = 1 (a cycle       4  M2N64K4  2  half
//   5  M4N32K4   4  FP16 half            straddles groups)             5  M1N1K6   8  half
//   6  M8N16K4   1  integer half   4  M2N4K6  (2 x K3)  2  FP16 full   6  M1N2K2   2  full
//   7  M1N128K4  2  FP16 half      5  M1N4K12 (2 x K6)  5  int half,   7  M2N4K3   3  half, P1
//   8  M4N64K2   4  FP16 half            NEG_IN_ACC = 1                8  M1N2K2   2  full, P2
//   9  M2N16K4   2  integer half, NEG_IN_ACC = 1
//  10  M2N4K5    3  FP16 half, NEG_IN_ACC = 1
//  11  M2N4K4    2  FP16 half, P1  6  M2N4K6  (2 x K3)  3  FP16 half,
//  12  M2N4K4    4  integer half, P2       NEG_IN_ACC = 1, P2
//  13  M2N4K5    3  FP16 half, NEG_IN_ACC = 1, P2
//  14  M2N4K3    1  FP16 full, P2  7  M1N4K6  (2 x K3)  1  int half, P1
//  15  M2N16K4   2  integer half, NEG_IN_ACC = 1, INT_ACC_W = 16
//  16  M2N4K4    4  integer half, P1, INT_ACC_W = 20
/* verilator lint_off UNUSEDSIGNAL */
module lut_array_tb #(
    parameter int VARIANT = 0,
    localparam int NCFG = (VARIANT == 0) ? 17 : (VARIANT == 1) ? 8 : 9,
    localparam int WREN_SLOT = (VARIANT == 0) ? 8 : 2,
    // M2 x 64 entries x 11 bits (M2N4K6 integer full); M1 x 2 x 32 entries x
    // 11 bits; M2 x (32 codes x 8 bits + 16-bit scale)
    localparam int WDATA_SLOT = (VARIANT == 0) ? 1408 : (VARIANT == 1) ? 704 : 544,
    localparam int IDX_SLOT = (VARIANT == 0) ? 512 : 256,  // N128 x K4; N32 x K8; N64 x K4
    // M4N64 x 16 bits, M8N16 x 32 bits; M2N32 x 32 bits; M2N64 x 16 bits
    localparam int ACC_SLOT = (VARIANT == 0) ? 4096 : 2048
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
    output logic [            NCFG*8-1:0] cfg_pipe,
    output logic [            NCFG*8-1:0] cfg_acc,
    output logic [               5*32-1:0] layout
);
  typedef struct packed {
    int m;
    int n;
    int group_k;
    int w_bit;
    int table_format;
    int symmetric;
    int neg_in_acc;
    int pipe_stages;
    int int_acc_w;  // INT_ACC_W, 0: the default (32)
  } cfg_t;

  // Every variant's configurations, {M, N, GROUP_K, W_BIT, TABLE_FORMAT, SYMMETRIC,
  // NEG_IN_ACC, PIPE_STAGES, INT_ACC_W (0: 32)} each, as in the table above; VARIANT's
  // are from FIRST on.
  localparam cfg_t CONFIGS[34] = '{
      // VARIANT 0
      '{2, 4, 4, 2, 0, 1, 0, 0, 0}, '{2, 4, 4, 4, 1, 1, 0, 0, 0}, '{2, 4, 3, 1, 0, 0, 0, 0, 0},
      '{2, 4, 6, 2, 1, 0, 0, 0, 0}, '{2, 64, 4, 2, 0, 1, 0, 0, 0}, '{4, 32, 4, 4, 0, 1, 0, 0, 0},
      '{8, 16, 4, 1, 1, 1, 0, 0, 0}, '{1, 128, 4, 2, 0, 1, 0, 0, 0}, '{4, 64, 2, 4, 0, 1, 0, 0, 0},
      '{2, 16, 4, 2, 1, 1, 1, 0, 0}, '{2, 4, 5, 3, 0, 1, 1, 0, 0}, '{2, 4, 4, 2, 0, 1, 0, 1, 0},
      '{2, 4, 4, 4, 1, 1, 0, 2, 0}, '{2, 4, 5, 3, 0, 1, 1, 2, 0}, '{2, 4, 3, 1, 0, 0, 0, 2, 0},
      '{2, 16, 4, 2, 1, 1, 1, 0, 16}, '{2, 4, 4, 4, 1, 1, 0, 1, 20},
      // VARIANT 1
      '{2, 32, 4, 2, 0, 1, 0, 0, 0}, '{2, 32, 4, 4, 1, 1, 0, 0, 0}, '{2, 32, 4, 1, 0, 1, 0, 0, 0},
      '{2, 32, 4, 3, 0, 1, 1, 0, 0}, '{2, 4, 3, 2, 0, 0, 0, 0, 0}, '{1, 4, 6, 5, 1, 1, 1, 0, 0},
      '{2, 4, 3, 3, 0, 1, 1, 2, 0}, '{1, 4, 3, 1, 1, 1, 0, 1, 0},
      // VARIANT 2
      '{1, 1, 4, 2, 2, 1, 0, 0, 0}, '{1, 1, 4, 4, 2, 1, 0, 0, 0}, '{2, 4, 3, 1, 2, 1, 0, 0, 0},
      '{2, 4, 5, 3, 2, 0, 0, 0, 0}, '{2, 64, 4, 2, 2, 1, 0, 0, 0}, '{1, 1, 6, 8, 2, 1, 0, 0, 0},
      '{1, 2, 2, 2, 2, 0, 0, 0, 0}, '{2, 4, 3, 3, 2, 1, 0, 1, 0}, '{1, 2, 2, 2, 2, 0, 0, 2, 0}
  };
  localparam int FIRST = (VARIANT == 0) ? 0 : (VARIANT == 1) ? 17 : 25;

  localparam int GROUPS_PER_PASS = (VARIANT == 1) ? 2 : 1;

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam cfg_t C = CONFIGS[FIRST+c];
    localparam int M = C.m;
    localparam int N = C.n;
    localparam int ARRAY_K = GROUPS_PER_PASS * C.group_k;
    localparam int ENTRIES = (C.symmetric != 0) ? (1 << (C.group_k - 1)) : (1 << C.group_k);
    localparam int ENTRY_W = (C.table_format == 0) ? 16 :
                             (C.table_format == 2) ? 8 : $clog2(128 * C.group_k + 1) + 1;
    localparam int TABLE_W = ENTRIES * ENTRY_W + ((C.table_format == 2) ? 16 : 0);
    localparam int INT_ACC_W = (C.int_acc_w == 0) ? 32 : C.int_acc_w;
    localparam int ACC_W = (C.table_format == 1) ? INT_ACC_W : 16;

    assign cfg_info[c*32+:32] = {1'b0, 1'(C.table_format == 2), 1'(GROUPS_PER_PASS == 2), 2'd0,
                                 1'(C.neg_in_acc), 1'(C.symmetric), 1'(C.table_format == 1),
                                 4'(C.w_bit), 4'(C.group_k), 8'(N), 8'(M)};
    assign cfg_pipe[c*8+:8] = 8'(C.pipe_stages);
    assign cfg_acc[c*8+:8] = 8'(C.int_acc_w);

    logic [M*N*ACC_W-1:0] acc;
    lut_array #(
        .ARRAY_M(M),
        .ARRAY_N(N),
        .ARRAY_K(ARRAY_K),
        .W_BIT(C.w_bit),
        .TABLE_FORMAT(C.table_format),
        .SYMMETRIC(C.symmetric),
        .NEG_IN_ACC(C.neg_in_acc),
        .GROUPS_PER_PASS(GROUPS_PER_PASS),
        .PIPE_STAGES(C.pipe_stages),
        .INT_ACC_W(INT_ACC_W)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .tbl_wr_en(tbl_wr_en[c*WREN_SLOT+:M]),
        .tbl_wr_data(tbl_wr_data[c*WDATA_SLOT+:M*GROUPS_PER_PASS*TABLE_W]),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .in_idx(in_idx[c*IDX_SLOT+:N*ARRAY_K]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
