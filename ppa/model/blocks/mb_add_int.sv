// mb_add_int: W-bit two's complement adder (micro-block of the analytic PPA
// model: the integer adders of the precompute, the ADD chain and the MAC tree).
// Ports: a, b (W-bit operands), y = a + b (W bits, wraps).
// Latency: combinational.
module mb_add_int #(
    parameter int W = 16
) (
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] y
);
  assign y = a + b;
endmodule
