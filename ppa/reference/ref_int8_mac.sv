// Reference design for validating the power calculator (see README.md): a signed
// int8 x int8 multiply-accumulate into a 24-bit accumulator with synchronous reset,
// enable and clear. Written in the yosys 0.23 subset (flat ports, synchronous reset).
// `acc + a * b` is evaluated at the accumulator's 24-bit width (Verilog context
// sizing), which is how the reference values' design was written: it synthesizes to
// 993.5 um^2 on NanGate45, the area PPA_NOTES gives for this design.
module ref_int8_mac (
    input  logic               clk,
    input  logic               rst,  // synchronous, active high
    input  logic               en,   // accumulate a * b this cycle
    input  logic               clr,  // zero the accumulator (wins over en)
    input  logic signed [ 7:0] a,
    input  logic signed [ 7:0] b,
    output logic signed [23:0] acc
);
  always_ff @(posedge clk) begin
    if (rst || clr) begin
      acc <= '0;
    end else if (en) begin
      acc <= acc + a * b;
    end
  end
endmodule
