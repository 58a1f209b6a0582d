// lut_ctrl: the bit-serial sequencer shared by every accumulator of a LUT
// unit: tracks the canonical step of the index (or indices) presented this
// cycle and flags finished dot products.
//
// A pass covers GROUPS_PER_PASS table groups (1 or 2); its canonical steps
// (lutsim::lut_mpgemm order, group major, plane minor) are s = g * W_BIT + j
// for group g in 0 .. GROUPS_PER_PASS-1 and plane j in 0 .. W_BIT-1. Each
// accepted cycle does GROUPS_PER_PASS consecutive steps, one per slot: slot q
// does step s + q (s a multiple of GROUPS_PER_PASS), which reads table group
// (s + q) / W_BIT with plane (s + q) % W_BIT. So a pass takes W_BIT cycles.
//   GROUPS_PER_PASS = 1: the step is the plane j: planes run 0 .. W_BIT-1 and
//     then start over for the next group (one index per cycle).
//   GROUPS_PER_PASS = 2 (lut_array's pair tile): two steps per cycle. For even
//     W_BIT both slots of a cycle are in the same group (planes j, j + 1); for
//     W_BIT = 1 they are plane 0 of group 0 and of group 1; for other odd
//     W_BIT the middle cycle straddles (plane W_BIT-1 of group 0, plane 0 of
//     group 1).
// in_first marks the first cycle of a dot product (step 0 of its first pass;
// the accumulators restart from +0); in_last marks its last cycle. in_valid
// low is a bubble: nothing advances.
// Ports:
//   clk, rst    clock, synchronous active-high reset
//   in_valid, in_first, in_last   as above
//   step        slot q's step at [q*STEP_W +: STEP_W] (0 for slot 0 on in_first);
//               with one group per pass this is the plane j
//   out_valid   high in cycle t + 1 for an in_last cycle t
// Latency: 1 cycle (in_last -> out_valid).
module lut_ctrl #(
    parameter int W_BIT = 2,
    parameter int GROUPS_PER_PASS = 1,
    localparam int STEPS = GROUPS_PER_PASS * W_BIT,
    localparam int STEP_W = (STEPS > 1) ? $clog2(STEPS) : 1
) (
    input  logic                              clk,
    input  logic                              rst,
    input  logic                              in_valid,
    input  logic                              in_first,
    input  logic                              in_last,
    output logic [GROUPS_PER_PASS*STEP_W-1:0] step,
    output logic                              out_valid
);
  // base: the step of slot 0, a multiple of GROUPS_PER_PASS.
  logic [STEP_W-1:0] next_step, base;
  assign base = in_first ? '0 : next_step;
  assign step[0+:STEP_W] = base;
  for (genvar q = 1; q < GROUPS_PER_PASS; q++) begin : g_slot
    assign step[q*STEP_W+:STEP_W] = base + STEP_W'(q);
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      next_step <= '0;
      out_valid <= 1'b0;
    end else begin
      if (in_valid) begin
        next_step <= (base == STEP_W'(STEPS - GROUPS_PER_PASS)) ? '0
                                                                 : base + STEP_W'(GROUPS_PER_PASS);
      end
      out_valid <= in_valid && in_last;
    end
  end
endmodule
