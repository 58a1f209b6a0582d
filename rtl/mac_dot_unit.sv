// mac_dot_unit: DP-K dot-product unit of the multiply-based (MAC) baseline:
// K multipliers, a balanced adder tree and one accumulator.
//
// Function (golden: lutsim::mac_dot_fp16_step / mac_dot_int8_step,
// core/lut/mac_dot_reference.hpp), per accepted input vector (a, b):
//   DATA_FORMAT = 0 (FP16): p_i = fp16_mul(a_i, b_i); a balanced tree of
//     fp16_add, level by level, pairs (0,1), (2,3), ... of the level below, an
//     odd last node passing through unchanged; acc <- fp16_add(acc, root).
//     Every product and sum is rounded to binary16 (RNE, subnormals kept,
//     overflow to infinity, NaN = 0x7E00).
//   DATA_FORMAT = 1 (INT8): exact products and sum (two's complement),
//     acc <- acc + sum, a 32-bit accumulator that wraps modulo 2^32.
// The accumulator restarts from +0 (0) on in_first.
//
// Parameters: K products per cycle (1..16), DATA_FORMAT (0 FP16, 1 INT8),
// PIPE_STAGES (0..2) pipeline registers in mac_pe (after the adder tree, then
// after the multipliers; see mac_pe), with in_last delayed alike.
// Ports:
//   clk, rst          clock, synchronous active-high reset (clears acc and
//                     out_valid; wins over every input)
//   in_valid          an operand vector is presented (low: bubble; in_first,
//                     in_last and the operands are then ignored)
//   in_first          first vector of a dot product (acc restarts from +0)
//   in_last           last vector of a dot product
//   a_flat, b_flat    K operands each, operand i at [i*IN_W +: IN_W]
//                     (IN_W = 16 binary16 bits, or 8 two's complement bits)
//   out_valid         one-cycle pulse: out_acc holds a finished dot product
//   out_acc           the accumulator (FP16 bits or INT32), also the running
//                     partial sum between results
// Structure: one mac_pe and the out_valid register.
// Latency: 1 + PIPE_STAGES cycles: a vector accepted in cycle t is in out_acc
// in cycle t + 1 + PIPE_STAGES, and out_valid is high then for the in_last
// vector; one vector per cycle at any depth (the protocol of lut_dot_unit).
// Critical path: multiplier, clog2(K) adders, accumulator adder at depth 0; the
// longest of multiplier, tree, accumulator adder at depth 2.
module mac_dot_unit #(
    parameter int K = 4,
    parameter int DATA_FORMAT = 0,
    parameter int PIPE_STAGES = 0,
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8,
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32
) (
    input  logic              clk,
    input  logic              rst,
    input  logic              in_valid,
    input  logic              in_first,
    input  logic              in_last,
    input  logic [K*IN_W-1:0] a_flat,
    input  logic [K*IN_W-1:0] b_flat,
    output logic              out_valid,
    output logic [ ACC_W-1:0] out_acc
);
  mac_pe #(
      .K(K),
      .DATA_FORMAT(DATA_FORMAT),
      .PIPE_STAGES(PIPE_STAGES)
  ) u_pe (
      .clk(clk),
      .rst(rst),
      .valid(in_valid),
      .first(in_first),
      .a_flat(a_flat),
      .b_flat(b_flat),
      .acc(out_acc)
  );

  // in_valid && in_last, delayed with the operands it belongs to.
  logic last_q;
  if (PIPE_STAGES > 0) begin : g_last_reg
    pipe_reg #(
        .W(1),
        .STAGES(PIPE_STAGES),
        .RESET(1)
    ) u_last_reg (
        .clk(clk),
        .rst(rst),
        .d(in_valid && in_last),
        .q(last_q)
    );
  end else begin : g_no_last_reg
    assign last_q = in_valid && in_last;
  end

  always_ff @(posedge clk) begin
    if (rst) out_valid <= 1'b0;
    else out_valid <= last_q;
  end
endmodule
