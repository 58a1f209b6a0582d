// mac_array: an ARRAY_M x ARRAY_N x K tile of the multiply-based (MAC)
// baseline: ARRAY_M x ARRAY_N DP-K dot units (mac_pe).
//
// Function: row m's K activations (a) are broadcast along N, column n's K
// weights (b) along M; unit (m, n) does, per accepted cycle,
//   acc[m][n] <- step(acc[m][n], a_m, b_n)
// with step = lutsim::mac_dot_fp16_step (DATA_FORMAT = 0: rounded FP16
// products, balanced fp16_add tree, FP16 accumulator) or mac_dot_int8_step
// (DATA_FORMAT = 1: exact INT8 products and sum, wrapping INT32 accumulator),
// core/lut/mac_dot_reference.hpp; the accumulators restart from +0 on in_first.
// One operand vector per cycle: M x N x K multiply-accumulates per cycle.
//
// Parameters: ARRAY_M, ARRAY_N (>= 1), K products per unit (1..16),
// DATA_FORMAT (0 FP16, 1 INT8).
// Ports (flat vectors; unit (m, n) at index m * ARRAY_N + n):
//   clk, rst       clock, synchronous active-high reset (accumulators and
//                  out_valid <- 0; wins over every input)
//   in_valid       an operand vector is presented (low: bubble; in_first,
//                  in_last and the operands are then ignored)
//   in_first, in_last   first / last vector of a dot product
//   a_flat         [ARRAY_M * K * IN_W]: row m at [m*K*IN_W +: K*IN_W],
//                  operand i of it at [i*IN_W +: IN_W] (IN_W 16 or 8)
//   b_flat         [ARRAY_N * K * IN_W]: column n at [n*K*IN_W +: K*IN_W]
//   out_valid      one-cycle pulse: out_acc holds finished dot products
//   out_acc        [ARRAY_M * ARRAY_N * ACC_W]: accumulator (m, n) at
//                  [(m*ARRAY_N + n)*ACC_W +: ACC_W], ACC_W 16 or 32
// Latency: 1 cycle, the protocol of mac_dot_unit / lut_array: a vector
// accepted in cycle t is in out_acc in cycle t + 1, out_valid follows in_last
// by one cycle; a dot product of G vectors every G cycles, no bubbles needed.
module mac_array #(
    parameter int ARRAY_M = 2,
    parameter int ARRAY_N = 64,
    parameter int K = 4,
    parameter int DATA_FORMAT = 0,
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8,
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32,
    localparam int VEC_W = K * IN_W
) (
    input  logic                             clk,
    input  logic                             rst,
    input  logic                             in_valid,
    input  logic                             in_first,
    input  logic                             in_last,
    input  logic [        ARRAY_M*VEC_W-1:0] a_flat,
    input  logic [        ARRAY_N*VEC_W-1:0] b_flat,
    output logic                             out_valid,
    output logic [ARRAY_M*ARRAY_N*ACC_W-1:0] out_acc
);
  for (genvar m = 0; m < ARRAY_M; m++) begin : g_row
    for (genvar n = 0; n < ARRAY_N; n++) begin : g_col
      mac_pe #(
          .K(K),
          .DATA_FORMAT(DATA_FORMAT)
      ) u_pe (
          .clk(clk),
          .rst(rst),
          .valid(in_valid),
          .first(in_first),
          .a_flat(a_flat[m*VEC_W+:VEC_W]),
          .b_flat(b_flat[n*VEC_W+:VEC_W]),
          .acc(out_acc[(m*ARRAY_N+n)*ACC_W+:ACC_W])
      );
    end
  end

  always_ff @(posedge clk) begin
    if (rst) out_valid <= 1'b0;
    else out_valid <= in_valid && in_last;
  end
endmodule
