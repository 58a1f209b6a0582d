// add_bitserial_unit_pipe: add_bitserial_unit (the "ADD" baseline) with
// pipeline registers in its chain of adders: the same plane sums from the same
// additions in the same order, and the same accumulation (add_bitserial_unit
// states the function and the golden order), 1 + PIPE_STAGES cycles after the
// index. PIPE_STAGES = 0 is the same logic as add_bitserial_unit; the studies
// synthesize add_bitserial_unit itself at depth 0 and this module at depths
// >= 1 (docs/rtl.md, "Pipelining").
//
// Parameters: K activations per group (2..6), W_BIT weight bits (1..8),
// DATA_FORMAT (0 FP16, 1 INT8), SYMMETRIC (1 digits +-1, 0 digits {0, 1}),
// PIPE_STAGES (0..K-1) pipeline registers.
// Ports:
//   clk, rst          clock, synchronous active-high reset (clears acc, plane
//                     counter, out_valid and the valid bits in flight)
//   in_valid          an index is presented this cycle (low: bubble)
//   in_first, in_last first / last index of a dot product (see lut_ctrl)
//   in_x              the group's K activations, activation i at
//                     [i*IN_W +: IN_W] (IN_W = 16 binary16, 8 two's complement),
//                     presented with every index of the group
//   in_idx            K-bit weight-plane index
//   out_valid         one-cycle pulse: out_acc holds a finished dot product
//   out_acc           the accumulator (FP16 bits or INT32)
// Pipelining: the chain's L = K - 1 adders (adder i adds t_i to the sum of
// t_0 .. t_{i-1}) are cut after adders ceil(s * L / PIPE_STAGES), s = 1 ..
// PIPE_STAGES, so the last cut registers the plane sum and adder i >= 1 runs
// in stage floor((i - 1) * PIPE_STAGES / L); the terms, the chain's partial
// sums and in_valid / in_first / in_last cross the cuts in pipe_reg instances
// (the `pipeline registers` component; the valid bits reset), and lut_ctrl
// and the accumulator work in the last stage. The accumulator loop is not
// cut: one index per cycle at any depth, results unchanged.
// Latency: 1 + PIPE_STAGES cycles (an index accepted in cycle t is in out_acc
// in cycle t + 1 + PIPE_STAGES), the protocol of lut_dot_unit without the
// table port.
module add_bitserial_unit_pipe #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int DATA_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int PIPE_STAGES = 0,
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8,
    localparam int SUM_W = (DATA_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32,
    localparam int S = PIPE_STAGES,
    localparam int L = K - 1
) (
    input  logic              clk,
    input  logic              rst,
    input  logic              in_valid,
    input  logic              in_first,
    input  logic              in_last,
    input  logic [K*IN_W-1:0] in_x,
    input  logic [     K-1:0] in_idx,
    output logic              out_valid,
    output logic [ACC_W-1:0]  out_acc
);
  if (PIPE_STAGES < 0 || PIPE_STAGES > K - 1) begin : g_unsupported
    add_bitserial_unit_pipe_error_stages_outside_0_to_k_minus_1 u_error ();
  end

  // The control bits, delayed to the last stage (the valid bit resets). Depth
  // 0 adds no register and no module boundary.
  logic valid_q, first_q, last_q;
  if (S > 0) begin : g_ctrl_regs
    pipe_reg #(
        .W(1),
        .STAGES(S),
        .RESET(1)
    ) u_valid_reg (
        .clk(clk),
        .rst(rst),
        .d(in_valid),
        .q(valid_q)
    );
    pipe_reg #(
        .W(2),
        .STAGES(S)
    ) u_mark_reg (
        .clk(clk),
        .rst(rst),
        .d({in_first, in_last}),
        .q({first_q, last_q})
    );
  end else begin : g_ctrl_wires
    assign {valid_q, first_q, last_q} = {in_valid, in_first, in_last};
  end

  logic [PLANE_W-1:0] plane;
  lut_ctrl #(
      .W_BIT(W_BIT)
  ) u_ctrl (
      .clk(clk),
      .rst(rst),
      .in_valid(valid_q),
      .in_first(first_q),
      .in_last(last_q),
      .step(plane),
      .out_valid(out_valid)
  );

  // Signed terms t_i with their index bit, {idx_i, t_i}, as seen in stage g:
  // term[g*K + i], carried to the stage of adder i.
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  logic [SUM_W:0] term[(S+1)*K]  /*verilator split_var*/;
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar i = 0; i < K; i++) begin : g_term
    if (DATA_FORMAT == 0) begin : g_fp16
      assign term[i] = {in_idx[i], in_x[i*16+15] ^ ~(in_idx[i] || SYMMETRIC == 0), in_x[i*16+:15]};
    end else begin : g_int
      logic [SUM_W-1:0] x;
      assign x = {{(SUM_W - 8) {in_x[i*8+7]}}, in_x[i*8+:8]};
      if (SYMMETRIC != 0) begin : g_sym
        assign term[i] = {in_idx[i], in_idx[i] ? x : -x};
      end else begin : g_uns
        assign term[i] = {in_idx[i], in_idx[i] ? x : {SUM_W{1'b0}}};
      end
    end
    localparam int LAST = (i < 1 || S == 0) ? 0 : (i - 1) * S / L;  // the stage of adder i
    for (genvar g = 0; g < LAST; g++) begin : g_carry
      // Ports on plain signals (yosys 0.23, see the chain below).
      logic [SUM_W:0] d, q;
      assign d = term[g*K+i];
      pipe_reg #(
          .W(SUM_W + 1),
          .STAGES(1)
      ) u_reg (
          .clk(clk),
          .rst(rst),
          .d(d),
          .q(q)
      );
      assign term[(g+1)*K+i] = q;
    end
  end

  // Left-to-right chain: part[g*K + i] = {started, sum} of terms 0..i as seen
  // in stage g, where started says whether any term 0..i was taken (the
  // unsigned FP16 form skips cleared bits); carried to the stage of adder
  // i + 1, the plane sum (i = K-1) to stage S.
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  logic [SUM_W:0] part[(S+1)*K]  /*verilator split_var*/;
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  assign part[0] = {term[0][SUM_W] || SYMMETRIC != 0,
                    (DATA_FORMAT == 0 && SYMMETRIC == 0 && !term[0][SUM_W]) ?
                        {SUM_W{1'b0}} : term[0][SUM_W-1:0]};
  for (genvar i = 1; i < K; i++) begin : g_chain
    localparam int HERE = (S == 0) ? 0 : (i - 1) * S / L;  // the stage of adder i
    logic [SUM_W-1:0] prev_sum, cur, sum;
    logic prev_started, taken;
    assign {prev_started, prev_sum} = part[HERE*K+i-1];
    assign {taken, cur} = term[HERE*K+i];
    if (DATA_FORMAT == 0) begin : g_fp16
      // fp16_add_scaled with the scale tied to 0 is fp16_add. Ports connect to
      // plain signals, not array elements: with array elements yosys 0.23
      // reprocesses this module after deriving fp16_add_scaled and asserts
      // (duplicate module) under hierarchy -chparam.
      logic [PLANE_W-1:0] zero_scale;
      assign zero_scale = '0;
      fp16_add_scaled #(
          .SCALE_W(PLANE_W)
      ) u_add (
          .a(prev_sum),
          .b(cur),
          .scale(zero_scale),
          .y(sum)
      );
    end else begin : g_int
      assign sum = prev_sum + cur;
    end
    logic [SUM_W-1:0] next;
    if (DATA_FORMAT == 0 && SYMMETRIC == 0) begin : g_skip
      assign next = !taken ? prev_sum : prev_started ? sum : cur;
    end else begin : g_add
      assign next = sum;
    end
    assign part[HERE*K+i] = {prev_started || taken, next};
  end
  for (genvar i = 0; i < K; i++) begin : g_part_carry
    // From the stage of adder i to that of adder i + 1 (the plane sum: to stage S).
    localparam int HERE = (i < 1 || S == 0) ? 0 : (i - 1) * S / L;
    localparam int UNTIL = (i == K - 1) ? S : (S == 0) ? 0 : i * S / L;
    for (genvar g = HERE; g < UNTIL; g++) begin : g_carry
      logic [SUM_W:0] d, q;
      assign d = part[g*K+i];
      pipe_reg #(
          .W(SUM_W + 1),
          .STAGES(1)
      ) u_reg (
          .clk(clk),
          .rst(rst),
          .d(d),
          .q(q)
      );
      assign part[(g+1)*K+i] = q;
    end
  end

  logic [SUM_W-1:0] plane_sum;
  /* verilator lint_off UNUSEDSIGNAL */
  logic plane_started;  // the plane sum's started bit: unused
  /* verilator lint_on UNUSEDSIGNAL */
  assign {plane_started, plane_sum} = part[S*K+K-1];
  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = first_q ? '0 : out_acc;
  if (DATA_FORMAT == 0) begin : g_acc_fp16
    fp16_add_scaled #(
        .SCALE_W(PLANE_W)
    ) u_acc_add (
        .a(acc_base),
        .b(plane_sum),
        .scale(plane),
        .y(acc_next)
    );
  end else begin : g_acc_int
    logic [ACC_W-1:0] scaled;
    assign scaled = {{(ACC_W - SUM_W) {plane_sum[SUM_W-1]}}, plane_sum} << plane;
    assign acc_next = acc_base + scaled;
  end

  always_ff @(posedge clk) begin
    if (rst) out_acc <= '0;
    else if (valid_q) out_acc <= acc_next;
  end
endmodule
