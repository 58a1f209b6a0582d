// lut_ctrl: the bit-serial sequencer shared by every accumulator of a LUT
// unit: tracks the weight plane j of the index presented this cycle and flags
// finished dot products.
//
// Protocol: each cycle with in_valid presents the index of plane j of the
// current group; planes run 0 .. W_BIT-1 and then start over for the next
// group. in_first marks the first index of a dot product (plane 0 of its
// first group; the accumulators restart from +0); in_last marks its last
// index (plane W_BIT-1 of its last group). in_valid low is a bubble: nothing
// advances.
// Ports:
//   clk, rst    clock, synchronous active-high reset
//   in_valid, in_first, in_last   as above
//   plane       j for the index presented this cycle (0 on in_first)
//   out_valid   high in cycle t + 1 for an in_last index accepted in cycle t
// Latency: 1 cycle (in_last -> out_valid).
module lut_ctrl #(
    parameter int W_BIT = 2,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1
) (
    input  logic               clk,
    input  logic               rst,
    input  logic               in_valid,
    input  logic               in_first,
    input  logic               in_last,
    output logic [PLANE_W-1:0] plane,
    output logic               out_valid
);
  logic [PLANE_W-1:0] next_plane;
  assign plane = in_first ? '0 : next_plane;

  always_ff @(posedge clk) begin
    if (rst) begin
      next_plane <= '0;
      out_valid  <= 1'b0;
    end else begin
      if (in_valid) begin
        next_plane <= (plane == PLANE_W'(W_BIT - 1)) ? '0 : plane + PLANE_W'(1);
      end
      out_valid <= in_valid && in_last;
    end
  end
endmodule
