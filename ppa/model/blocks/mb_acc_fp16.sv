// mb_acc_fp16: an FP16 accumulator element (micro-block of the analytic PPA
// model): the adder, the restart gating and the 16-bit accumulator register
// with synchronous reset and enable, as in lut_pe / add_bitserial_unit
// (SCALE_W > 0: fp16_add_scaled, acc <- RNE(acc + 2^scale * b)) and
// mac_dot_unit (SCALE_W = 0: fp16_add, acc <- RNE(acc + b)). `negate` flips
// b's sign (the half-table negation of FP16 lookups, one XOR either way).
// Ports: clk, rst (synchronous), valid (accumulate), first (onto +0), b,
// negate, scale (SCALE_W bits; one unused bit when SCALE_W = 0), acc.
// Latency: b accepted in cycle t is in acc from cycle t + 1.
module mb_acc_fp16 #(
    parameter int SCALE_W = 1,
    localparam int SCALE_PORT_W = (SCALE_W > 0) ? SCALE_W : 1
) (
    input  logic                    clk,
    input  logic                    rst,
    input  logic                    valid,
    input  logic                    first,
    input  logic [            15:0] b,
    input  logic                    negate,
    input  logic [SCALE_PORT_W-1:0] scale,
    output logic [            15:0] acc
);
  logic [15:0] acc_base, acc_next, term;
  assign acc_base = first ? '0 : acc;
  assign term = {b[15] ^ negate, b[14:0]};
  if (SCALE_W > 0) begin : g_scaled
    fp16_add_scaled #(
        .SCALE_W(SCALE_W)
    ) u_add (
        .a(acc_base),
        .b(term),
        .scale(scale),
        .y(acc_next)
    );
  end else begin : g_plain
    fp16_add u_add (
        .a(acc_base),
        .b(term),
        .y(acc_next)
    );
  end
  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid) acc <= acc_next;
  end
endmodule
