// Bench wrapper (Verilator only, not synthesized): one mac_array per
// configuration below, each with its own slot of the flat ports, so that a
// single verilated model covers every shape.
//
//   c  shape     DATA_FORMAT
//   0  M2N64K4   FP16
//   1  M4N32K4   INT8
//   2  M8N16K4   INT8
//   3  M2N3K3    FP16
//   4  M3N2K5    INT8
//   5  M1N2K8    FP16
/* verilator lint_off UNUSEDSIGNAL */
module mac_array_tb #(
    localparam int NCFG = 6,
    localparam int A_SLOT = 256,   // M8 x K4 x 8 bits
    localparam int B_SLOT = 4096,  // N64 x K4 x 16 bits
    localparam int ACC_SLOT = 4096  // M4N32 x 32 bits
) (
    input  logic                     clk,
    input  logic                     rst,
    input  logic [         NCFG-1:0] in_valid,
    input  logic [         NCFG-1:0] in_first,
    input  logic [         NCFG-1:0] in_last,
    input  logic [  NCFG*A_SLOT-1:0] a_flat,
    input  logic [  NCFG*B_SLOT-1:0] b_flat,
    output logic [         NCFG-1:0] out_valid,
    output logic [NCFG*ACC_SLOT-1:0] out_acc,
    output logic [      NCFG*32-1:0] cfg_info,
    output logic [         4*32-1:0] layout
);
  function automatic int cfg_m(int c);
    case (c)
      1: return 4;
      2: return 8;
      4: return 3;
      5: return 1;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_n(int c);
    case (c)
      0: return 64;
      1: return 32;
      2: return 16;
      3: return 3;
      default: return 2;
    endcase
  endfunction
  function automatic int cfg_k(int c);
    case (c)
      3: return 3;
      4: return 5;
      5: return 8;
      default: return 4;
    endcase
  endfunction
  function automatic int cfg_format(int c);
    return (c == 1 || c == 2 || c == 4) ? 1 : 0;
  endfunction

  assign layout = {32'(NCFG), 32'(A_SLOT), 32'(B_SLOT), 32'(ACC_SLOT)};

  for (genvar c = 0; c < NCFG; c++) begin : g_cfg
    localparam int M = cfg_m(c);
    localparam int N = cfg_n(c);
    localparam int K = cfg_k(c);
    localparam int DATA_FORMAT = cfg_format(c);
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8;
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32;

    assign cfg_info[c*32+:32] = {7'd0, 1'(DATA_FORMAT), 8'(K), 8'(N), 8'(M)};

    logic [M*N*ACC_W-1:0] acc;
    mac_array #(
        .ARRAY_M(M),
        .ARRAY_N(N),
        .K(K),
        .DATA_FORMAT(DATA_FORMAT)
    ) u_dut (
        .clk(clk),
        .rst(rst),
        .in_valid(in_valid[c]),
        .in_first(in_first[c]),
        .in_last(in_last[c]),
        .a_flat(a_flat[c*A_SLOT+:M*K*IN_W]),
        .b_flat(b_flat[c*B_SLOT+:N*K*IN_W]),
        .out_valid(out_valid[c]),
        .out_acc(acc)
    );
    assign out_acc[c*ACC_SLOT+:ACC_SLOT] = ACC_SLOT'(acc);
  end
endmodule
