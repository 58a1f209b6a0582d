// Combinational W-bit adder with carry out (test design of the PPA flow).
module adder #(
    parameter int W = 8
) (
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [  W:0] sum
);
  assign sum = {1'b0, a} + {1'b0, b};
endmodule
