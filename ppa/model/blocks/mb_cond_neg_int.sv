// mb_cond_neg_int: W-bit conditional two's complement negation (micro-block of
// the analytic PPA model: the half-table negation of integer lookups,
// lut_lookup's `positive ? stored : -stored`, and the +-x terms of the
// integer ADD unit).
// Ports: x (W bits), positive (1 keeps x), y = positive ? x : -x.
// Latency: combinational.
module mb_cond_neg_int #(
    parameter int W = 11
) (
    input  logic [W-1:0] x,
    input  logic         positive,
    output logic [W-1:0] y
);
  assign y = positive ? x : -x;
endmodule
