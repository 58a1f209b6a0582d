// fp16_add: combinational IEEE 754 binary16 adder.
//
// Function: y = RNE(a + b), bit-exact with lutsim::fp16_add
// (core/numerics/fp16.hpp): round to nearest even, subnormals kept, overflow
// to infinity, any NaN result = 0x7E00, x + (-x) = +0, (-0) + (-0) = -0.
// Ports: a, b (binary16 operands), y (binary16 sum).
// Latency: combinational (0 cycles).
// Implementation: fp16_add_scaled with the scale tied to 0 (synthesis removes
// the scaling logic).
module fp16_add (
    input  logic [15:0] a,
    input  logic [15:0] b,
    output logic [15:0] y
);
  fp16_add_scaled #(
      .SCALE_W(1)
  ) u_add (
      .a(a),
      .b(b),
      .scale(1'b0),
      .y(y)
  );
endmodule
