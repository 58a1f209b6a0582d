// add_bitserial_unit: the "ADD" baseline of prior bit-serial work: no table;
// per weight bit plane the K activations selected by the plane's bits are
// added (digit 1) or subtracted (digit 0, symmetric form) by a chain of K - 1
// adders, and the plane sum is accumulated with the plane's weight 2^j.
//
// Golden order (the canonical accumulation of lutsim::lut_mpgemm,
// core/lut/lut_mpgemm.hpp, with the plane sum in place of the table entry):
// for each accepted index idx_j (plane j of the group's weight codes; bit i
// meets activation i):
//   s_j = ((t_0 + t_1) + t_2) + ... + t_{K-1}, summed left to right,
//     SYMMETRIC = 1: t_i = idx_j[i] ? +x_i : -x_i
//     SYMMETRIC = 0: t_i = x_i for the set bits only (cleared bits are
//                    skipped, not added as 0; no set bit: s_j = +0)
//   i.e. s_j = T[idx_j] of lutsim::precompute_table (full table of the form);
//   FP16 (DATA_FORMAT = 0): every partial sum rounded by fp16_add, then
//     acc <- fp16_round(acc + 2^j * s_j) (fp16_add_scaled, one rounding);
//   INT8 (DATA_FORMAT = 1): exact sums, INT32 accumulator (wraps).
// The accumulator restarts from +0 on in_first; planes run 0 .. W_BIT-1 and
// restart for the next group (lut_ctrl). So out_acc equals
// LutGemmResult::accumulators of lut_mpgemm bit for bit, like lut_dot_unit.
//
// Parameters: K activations per group (2..6), W_BIT weight bits (1..8),
// DATA_FORMAT (0 FP16, 1 INT8), SYMMETRIC (1 digits +-1, 0 digits {0, 1}).
// Ports:
//   clk, rst          clock, synchronous active-high reset (clears acc, plane
//                     counter and out_valid)
//   in_valid          an index is presented this cycle (low: bubble)
//   in_first, in_last first / last index of a dot product (see lut_ctrl)
//   in_x              the group's K activations, activation i at
//                     [i*IN_W +: IN_W] (IN_W = 16 binary16, 8 two's complement),
//                     presented with every index of the group
//   in_idx            K-bit weight-plane index
//   out_valid         one-cycle pulse: out_acc holds a finished dot product
//   out_acc           the accumulator (FP16 bits or INT32)
// Latency: 1 cycle (index accepted in cycle t is in out_acc in cycle t + 1),
// the protocol of lut_dot_unit without the table port.
module add_bitserial_unit #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int DATA_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8,
    localparam int SUM_W = (DATA_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32
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
  logic [PLANE_W-1:0] plane;
  lut_ctrl #(
      .W_BIT(W_BIT)
  ) u_ctrl (
      .clk(clk),
      .rst(rst),
      .in_valid(in_valid),
      .in_first(in_first),
      .in_last(in_last),
      .step(plane),
      .out_valid(out_valid)
  );

  // Signed terms t_i.
  logic [SUM_W-1:0] term[K];
  for (genvar i = 0; i < K; i++) begin : g_term
    if (DATA_FORMAT == 0) begin : g_fp16
      assign term[i] = {in_x[i*16+15] ^ ~(in_idx[i] || SYMMETRIC == 0), in_x[i*16+:15]};
    end else begin : g_int
      logic [SUM_W-1:0] x;
      assign x = {{(SUM_W - 8) {in_x[i*8+7]}}, in_x[i*8+:8]};
      if (SYMMETRIC != 0) begin : g_sym
        assign term[i] = in_idx[i] ? x : -x;
      end else begin : g_uns
        assign term[i] = in_idx[i] ? x : '0;
      end
    end
  end

  // Left-to-right chain: part[i] is the sum of terms 0..i; started[i] whether
  // any term 0..i was taken (unsigned FP16 form skips cleared bits).
  logic [SUM_W-1:0] part[K]  /*verilator split_var*/;
  // (started[K-1] and, for the other forms, all of started are unused.)
  /* verilator lint_off UNUSEDSIGNAL */
  logic started[K]  /*verilator split_var*/;
  /* verilator lint_on UNUSEDSIGNAL */
  assign part[0] = (DATA_FORMAT == 0 && SYMMETRIC == 0 && !in_idx[0]) ? '0 : term[0];
  assign started[0] = in_idx[0] || SYMMETRIC != 0;
  for (genvar i = 1; i < K; i++) begin : g_chain
    if (DATA_FORMAT == 0) begin : g_fp16
      // fp16_add_scaled with the scale tied to 0 is fp16_add. Ports connect to
      // plain signals, not array elements: with array elements yosys 0.23
      // reprocesses this module after deriving fp16_add_scaled and asserts
      // (duplicate module) under hierarchy -chparam.
      logic [15:0] sum, prev, cur;
      assign prev = part[i-1];
      assign cur = term[i];
      logic [PLANE_W-1:0] zero_scale;
      assign zero_scale = '0;
      fp16_add_scaled #(
          .SCALE_W(PLANE_W)
      ) u_add (
          .a(prev),
          .b(cur),
          .scale(zero_scale),
          .y(sum)
      );
      if (SYMMETRIC != 0) begin : g_sym
        assign part[i] = sum;
      end else begin : g_uns
        assign part[i] = !in_idx[i] ? part[i-1] : started[i-1] ? sum : term[i];
      end
    end else begin : g_int
      assign part[i] = part[i-1] + term[i];
    end
    assign started[i] = started[i-1] || in_idx[i];
  end

  logic [SUM_W-1:0] plane_sum;
  assign plane_sum = part[K-1];
  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = in_first ? '0 : out_acc;
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
    else if (in_valid) out_acc <= acc_next;
  end
endmodule
