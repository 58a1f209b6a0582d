// Bench wrapper (Verilator only, not synthesized): one add_bitserial_unit per
// configuration, each on its own slot of the flat ports. Configurations
// {K, W_BIT, DATA_FORMAT, SYMMETRIC}: 0: K4 W2 FP16 sym, 1: K4 W4 INT8 sym,
// 2: K3 W3 FP16 unsigned, 3: K5 W1 INT8 unsigned, 4: K6 W8 FP16 sym,
// 5: K2 W2 FP16 unsigned; configuration 6 + c: configuration c pipelined
// (add_bitserial_unit_pipe), with
// PIPE_STAGES 1, 2, 2, 4, 3, 1 (c = 0..5). cfg_info [31:28] is each
// configuration's PIPE_STAGES: the bench reads its latency there.
/* verilator lint_off UNUSEDSIGNAL */
module add_bitserial_unit_tb #(
    localparam int NCFG = 12,
    localparam int X_SLOT = 96,  // 6 activations x 16 bits
    localparam int IDX_SLOT = 8,
    localparam int ACC_SLOT = 32
) (
    input  logic                     clk,
    input  logic                     rst,
    input  logic [         NCFG-1:0] in_valid,
    input  logic [         NCFG-1:0] in_first,
    input  logic [         NCFG-1:0] in_last,
    input  logic [  NCFG*X_SLOT-1:0] in_x,
    input  logic [NCFG*IDX_SLOT-1:0] in_idx,
    output logic [         NCFG-1:0] out_valid,
    output logic [NCFG*ACC_SLOT-1:0] out_acc,
    output logic [      NCFG*32-1:0] cfg_info,
    output logic [         4*32-1:0] layout
);
  function automatic int cfg_stages(int c);
    return (c < 6) ? 0 : (c == 6 || c == 11) ? 1 : (c == 7 || c == 8) ? 2 : (c == 9) ? 4 : 3;
  endfunction
  function automatic int cfg_k(int c);
    return (c <= 1) ? 4 : (c == 2) ? 3 : (c == 3) ? 5 : (c == 4) ? 6 : 2;
  endfunction
  function automatic int cfg_w_bit(int c);
    return (c == 0 || c == 5) ? 2 : (c == 1) ? 4 : (c == 2) ? 3 : (c == 3) ? 1 : 8;
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 3) ? 1 : 0;
  endfunction
  function automatic int cfg_symmetric(int c);
    return (c == 2 || c == 3 || c == 5) ? 0 : 1;
  endfunction

  assign layout = {32'(NCFG), 32'(X_SLOT), 32'(IDX_SLOT), 32'(ACC_SLOT)};
  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int K = cfg_k(c % 6);
    localparam int W_BIT = cfg_w_bit(c % 6);
    localparam int DATA_FORMAT = cfg_format(c % 6);
    localparam int SYMMETRIC = cfg_symmetric(c % 6);
    localparam int PIPE_STAGES = cfg_stages(c);
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8;
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32;
    assign cfg_info[c*32+:32] = {4'(PIPE_STAGES), 4'(SYMMETRIC), 8'(DATA_FORMAT), 8'(W_BIT), 8'(K)};
    logic [ACC_W-1:0] acc;
    if (PIPE_STAGES == 0) begin : g_comb
      add_bitserial_unit #(
          .K(K),
          .W_BIT(W_BIT),
          .DATA_FORMAT(DATA_FORMAT),
          .SYMMETRIC(SYMMETRIC)
      ) u_dut (
          .clk(clk),
          .rst(rst),
          .in_valid(in_valid[c]),
          .in_first(in_first[c]),
          .in_last(in_last[c]),
          .in_x(in_x[c*X_SLOT+:K*IN_W]),
          .in_idx(in_idx[c*IDX_SLOT+:K]),
          .out_valid(out_valid[c]),
          .out_acc(acc)
      );
    end else begin : g_pipe
      add_bitserial_unit_pipe #(
          .K(K),
          .W_BIT(W_BIT),
          .DATA_FORMAT(DATA_FORMAT),
          .SYMMETRIC(SYMMETRIC),
          .PIPE_STAGES(PIPE_STAGES)
      ) u_dut (
          .clk(clk),
          .rst(rst),
          .in_valid(in_valid[c]),
          .in_first(in_first[c]),
          .in_last(in_last[c]),
          .in_x(in_x[c*X_SLOT+:K*IN_W]),
          .in_idx(in_idx[c*IDX_SLOT+:K]),
          .out_valid(out_valid[c]),
          .out_acc(acc)
      );
    end
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
