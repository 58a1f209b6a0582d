// pipe_reg: a chain of STAGES registers, the delay line of a pipeline stage.
//
// Function: q is d delayed by STAGES rising edges; STAGES = 0 is a wire.
// RESET = 1: a synchronous reset clears every stage (the valid and control
// bits of a pipeline, so a reset flushes the work in flight); RESET = 0: no
// reset (data bits, meaningless while their valid bit is clear).
// Ports:
//   clk, rst  clock, synchronous active-high reset (RESET = 1 only)
//   d, q      W bits in, the same bits STAGES cycles later
// Latency: STAGES cycles.
module pipe_reg #(
    parameter int W = 1,
    parameter int STAGES = 1,
    parameter int RESET = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic         clk,  // unused when STAGES = 0
    input  logic         rst,  // unused unless RESET = 1 and STAGES > 0
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
  if (STAGES < 0) begin : g_unsupported
    pipe_reg_error_stages_must_be_non_negative u_error ();
  end

  // chain[s*W +: W]: d delayed by s edges.
  logic [(STAGES+1)*W-1:0] chain;
  assign chain[0+:W] = d;
  for (genvar s = 0; s < STAGES; s++) begin : g_stage
    logic [W-1:0] r;
    always_ff @(posedge clk) begin
      if (RESET != 0 && rst) r <= '0;
      else r <= chain[s*W+:W];
    end
    assign chain[(s+1)*W+:W] = r;
  end
  assign q = chain[STAGES*W+:W];
endmodule
