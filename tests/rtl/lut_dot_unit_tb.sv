// Bench wrapper (Verilator only, not synthesized): one dot unit per
// configuration of the VARIANT below, each with its own slot of the flat ports
// so that a single verilated model covers every parameter set. The C++ bench
// reads the configurations from cfg_info and the slot sizes from layout.
//
// VARIANT 0: lut_dot_unit, the table loaded on tbl_wr_data.
//   Configurations 0..59: K = 2..6 x W_BIT in {1, 2, 4} x
//     {FP16 half table, FP16 full table, integer half table, integer full table};
//   60..63: K4 W8 FP16 half, K4 W8 integer half, K3 W3 FP16 half, K5 W3 integer full;
//   64..69 half tables with NEG_IN_ACC = 1 (negation in the accumulator): K2 W2 int,
//     K4 W4 int, K6 W3 int, K5 W8 int, K4 W2 FP16, K3 W1 FP16.
// VARIANT 1: lut_dot_unit_precompute, tbl_wr_data carrying the K activations of
// the table to precompute, activation i at [i*IN_W +: IN_W] of the slot
// (cfg_info bit 27: tables precomputed in the unit; bit 28: the full table's form).
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
module lut_dot_unit_tb #(
    parameter int VARIANT = 0,
    localparam int NCFG = (VARIANT == 0) ? 70 : 9,
    localparam int WREN_SLOT = 1,
    localparam int WDATA_SLOT = (VARIANT == 0) ? 1024 : 96,  // 64 entries / 6 activations x 16 bits
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
  typedef struct packed {
    int k;
    int w_bit;
    int table_format;
    int symmetric;
    int neg_in_acc;
    int full_form;
  } cfg_t;

  // VARIANT 1's configurations, {K, W_BIT, TABLE_FORMAT, SYMMETRIC, NEG_IN_ACC, FULL_FORM}.
  localparam cfg_t PRECOMPUTE_CONFIGS[9] = '{
      '{4, 2, 0, 0, 0, 0}, '{4, 4, 1, 0, 0, 0}, '{4, 2, 0, 1, 0, 0}, '{4, 4, 1, 1, 1, 0},
      '{3, 3, 0, 0, 0, 1}, '{6, 2, 1, 0, 0, 0}, '{2, 1, 0, 1, 1, 0}, '{5, 8, 1, 1, 0, 0},
      '{6, 4, 0, 0, 0, 0}
  };
  // VARIANT 0's 60..69, as above.
  localparam cfg_t EXTRA_CONFIGS[10] = '{
      '{4, 8, 0, 1, 0, 0}, '{4, 8, 1, 1, 0, 0}, '{3, 3, 0, 1, 0, 0}, '{5, 3, 1, 0, 0, 0},
      '{2, 2, 1, 1, 1, 0}, '{4, 4, 1, 1, 1, 0}, '{6, 3, 1, 1, 1, 0}, '{5, 8, 1, 1, 1, 0},
      '{4, 2, 0, 1, 1, 0}, '{3, 1, 0, 1, 1, 0}
  };

  // Configuration c of the variant.
  function automatic cfg_t cfg(int c);
    cfg_t r;
    if (VARIANT != 0) return PRECOMPUTE_CONFIGS[c];
    if (c >= 60) return EXTRA_CONFIGS[c-60];
    r.k = 2 + c % 5;
    r.w_bit = ((c / 5) % 3 == 0) ? 1 : ((c / 5) % 3 == 1) ? 2 : 4;
    r.table_format = (c / 15) / 2;
    r.symmetric = ((c / 15) % 2 == 0) ? 1 : 0;
    r.neg_in_acc = 0;
    r.full_form = 0;
    return r;
  endfunction

  assign layout = {32'(NCFG), 32'(WREN_SLOT), 32'(WDATA_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam cfg_t C = cfg(c);
    localparam int K = C.k;
    localparam int ENTRIES = (C.symmetric != 0) ? (1 << (K - 1)) : (1 << K);
    localparam int ENTRY_W = (C.table_format == 0) ? 16 : $clog2(128 * K + 1) + 1;
    localparam int IN_W = (C.table_format == 0) ? 16 : 8;
    localparam int ACC_W = (C.table_format == 0) ? 16 : 32;

    assign cfg_info[c*32+:32] = {3'd0, 1'(C.full_form), 1'(VARIANT != 0), 1'(C.neg_in_acc),
                                 1'(C.symmetric), 1'(C.table_format), 4'(C.w_bit), 4'(K), 8'd1,
                                 8'd1};

    logic [ACC_W-1:0] acc;
    if (VARIANT == 0) begin : g_unit
      lut_dot_unit #(
          .K(K),
          .W_BIT(C.w_bit),
          .TABLE_FORMAT(C.table_format),
          .SYMMETRIC(C.symmetric),
          .NEG_IN_ACC(C.neg_in_acc)
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
    end else begin : g_precompute_unit
      lut_dot_unit_precompute #(
          .K(K),
          .W_BIT(C.w_bit),
          .TABLE_FORMAT(C.table_format),
          .SYMMETRIC(C.symmetric),
          .FULL_FORM(C.full_form),
          .NEG_IN_ACC(C.neg_in_acc)
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
    end
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
