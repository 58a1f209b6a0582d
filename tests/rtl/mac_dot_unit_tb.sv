// Bench wrapper (Verilator only, not synthesized): one mac_dot_unit per
// configuration, each on its own slot of the flat ports, so that a single
// verilated model covers every parameter set. Configurations
// {K, DATA_FORMAT, PIPE_STAGES}: 0: K4 FP16, 1: K4 INT8, 2: K3 FP16, 3: K8 FP16,
// 4: K1 FP16, 5: K7 INT8 (all unpipelined); pipelined: 6: K4 FP16 pipe 1,
// 7: K4 INT8 pipe 2, 8: K3 FP16 pipe 2. cfg_info byte 3 holds DATA_FORMAT (bit 0)
// and PIPE_STAGES (bits 1-2).
/* verilator lint_off UNUSEDSIGNAL */
module mac_dot_unit_tb #(
    localparam int NCFG = 9,
    localparam int OP_SLOT = 128,  // 8 operands x 16 bits
    localparam int ACC_SLOT = 32
) (
    input  logic                     clk,
    input  logic                     rst,
    input  logic [         NCFG-1:0] in_valid,
    input  logic [         NCFG-1:0] in_first,
    input  logic [         NCFG-1:0] in_last,
    input  logic [ NCFG*OP_SLOT-1:0] a_flat,
    input  logic [ NCFG*OP_SLOT-1:0] b_flat,
    output logic [         NCFG-1:0] out_valid,
    output logic [NCFG*ACC_SLOT-1:0] out_acc,
    output logic [      NCFG*32-1:0] cfg_info,
    output logic [         4*32-1:0] layout
);
  function automatic int cfg_k(int c);
    return (c == 0 || c == 1 || c == 6 || c == 7) ? 4 : (c == 2 || c == 8) ? 3 :
        (c == 3) ? 8 : (c == 4) ? 1 : 7;
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 5 || c == 7) ? 1 : 0;
  endfunction
  function automatic int cfg_pipe(int c);
    return (c == 6) ? 1 : (c == 7 || c == 8) ? 2 : 0;
  endfunction

  // The mac_array_tb encodings (a dot unit is a 1 x 1 array): one bench reads both.
  assign layout = {32'(NCFG), 32'(OP_SLOT), 32'(OP_SLOT), 32'(ACC_SLOT)};
  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int K = cfg_k(c);
    localparam int DATA_FORMAT = cfg_format(c);
    localparam int PIPE_STAGES = cfg_pipe(c);
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8;
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32;
    assign cfg_info[c*32+:32] = {5'd0, 2'(PIPE_STAGES), 1'(DATA_FORMAT), 8'(K), 8'd1, 8'd1};
    logic [ACC_W-1:0] acc;
    mac_dot_unit #(
        .K(K),
        .DATA_FORMAT(DATA_FORMAT),
        .PIPE_STAGES(PIPE_STAGES)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .a_flat(a_flat[c*OP_SLOT+:K*IN_W]),
        .b_flat(b_flat[c*OP_SLOT+:K*IN_W]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
