// lut_ctrl_pair: the sequencer of a LUT unit that does two canonical steps
// per cycle over passes of two table groups (lut_array_pair).
//
// A pass covers two groups of GROUP_K activations (ARRAY_K = 2 * GROUP_K);
// its canonical steps (lutsim::lut_mpgemm order) are s = g * W_BIT + j for
// group g in {0, 1}, plane j in 0 .. W_BIT-1, so a pass is 2 * W_BIT steps.
// Each accepted cycle does steps s and s + 1 (s even): slot q (0, 1) reads
// table group_q with plane plane_q. For even W_BIT both slots of a cycle are
// in the same group (planes j, j + 1); for W_BIT = 1 they are plane 0 of
// group 0 and of group 1; for other odd W_BIT the middle cycle straddles
// (plane W_BIT-1 of group 0, plane 0 of group 1). A pass takes W_BIT cycles.
// in_first marks the first cycle of a dot product (step 0 of its first pass),
// in_last its last cycle; in_valid low is a bubble.
// Ports:
//   clk, rst          clock, synchronous active-high reset
//   in_valid, in_first, in_last   as above
//   group0, plane0    table group and plane of slot 0 this cycle
//   group1, plane1    the same for slot 1
//   out_valid         high in cycle t + 1 for an in_last cycle t
// Latency: 1 cycle (in_last -> out_valid).
module lut_ctrl_pair #(
    parameter int W_BIT = 2,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int STEP_W = $clog2(2 * W_BIT)
) (
    input  logic               clk,
    input  logic               rst,
    input  logic               in_valid,
    input  logic               in_first,
    input  logic               in_last,
    output logic               group0,
    output logic [PLANE_W-1:0] plane0,
    output logic               group1,
    output logic [PLANE_W-1:0] plane1,
    output logic               out_valid
);
  // step: the even canonical step of slot 0 within the pass.
  logic [STEP_W-1:0] next_step, step, step1;
  assign step  = in_first ? '0 : next_step;
  assign step1 = step + STEP_W'(1);

  assign group0 = step >= STEP_W'(W_BIT);
  assign group1 = step1 >= STEP_W'(W_BIT);
  assign plane0 = PLANE_W'(group0 ? step - STEP_W'(W_BIT) : step);
  assign plane1 = PLANE_W'(group1 ? step1 - STEP_W'(W_BIT) : step1);

  always_ff @(posedge clk) begin
    if (rst) begin
      next_step <= '0;
      out_valid <= 1'b0;
    end else begin
      if (in_valid) begin
        next_step <= (step1 == STEP_W'(2 * W_BIT - 1)) ? '0 : step + STEP_W'(2);
      end
      out_valid <= in_valid && in_last;
    end
  end
endmodule
