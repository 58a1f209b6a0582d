// mb_mul_int8: signed 8 x 8 -> 16-bit multiplier (micro-block of the analytic
// PPA model: the INT8 products of mac_dot_unit).
// Ports: a, b (two's complement), y = a * b (exact, 16 bits).
// Latency: combinational.
module mb_mul_int8 (
    input  logic [ 7:0] a,
    input  logic [ 7:0] b,
    output logic [15:0] y
);
  logic signed [15:0] prod;
  assign prod = $signed(a) * $signed(b);
  assign y = prod;
endmodule
