// Outputs that carry the same net: y[0], y[2] and z are all a ^ b, and y[1] is
// a & b. Without buffers yosys writes `assign {y[2], z} = {y[0], y[0]}`, which
// Debian's OpenSTA 2.0.17 cannot parse.
module aliased_outputs (
    input  logic       a,
    input  logic       b,
    output logic [2:0] y,
    output logic       z
);
  assign y = {a ^ b, a & b, a ^ b};
  assign z = a ^ b;
endmodule
