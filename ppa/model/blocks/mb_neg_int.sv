// mb_neg_int: W-bit two's complement negation (micro-block of the analytic PPA
// model: the -x_j terms of the integer table precompute).
// Ports: x (W bits), y = -x (W bits).
// Latency: combinational.
module mb_neg_int #(
    parameter int W = 11
) (
    input  logic [W-1:0] x,
    output logic [W-1:0] y
);
  assign y = -x;
endmodule
