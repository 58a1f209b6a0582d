// Two W-bit adders (instances of `adder`) whose low W sum bits are registered:
// 2*W flip-flops, synchronous reset (test design of the PPA flow).
module reg_adder_pair #(
    parameter int W = 8
) (
    input  logic           clk,
    input  logic           rst,
    input  logic [  W-1:0] a,
    input  logic [  W-1:0] b,
    input  logic [  W-1:0] c,
    input  logic [  W-1:0] d,
    output logic [2*W-1:0] q
);
  logic [W:0] sum_ab, sum_cd;
  adder #(.W(W)) u_ab (.a(a), .b(b), .sum(sum_ab));
  adder #(.W(W)) u_cd (.a(c), .b(d), .sum(sum_cd));
  always_ff @(posedge clk) begin
    if (rst) q <= '0;
    else q <= {sum_cd[W-1:0], sum_ab[W-1:0]};
  end
endmodule
