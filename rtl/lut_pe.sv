// lut_pe: one lookup-accumulate element: reads GROUPS_PER_PASS tables (one
// per slot) with K-bit weight-plane indices and accumulates the entries
// scaled by 2^plane, GROUPS_PER_PASS consecutive canonical steps per cycle.
//
// Function (golden: the canonical order of lutsim::lut_mpgemm,
// core/lut/lut_mpgemm.hpp, steps acc <- round(acc + 2^j * lookup(T_g, idx_{g,j})),
// g major, j minor), for each accepted cycle, with e_q = lookup(table q,
// idx[q*K +: K]) (lut_lookup) at plane_q = plane[q*PLANE_W +: PLANE_W], slot 1
// doing the step after slot 0's, and acc taken as +0 on `first`:
//   TABLE_FORMAT = 0 (FP16 entries, FP16 accumulator): one fp16_add_scaled per
//     slot, chained, ONE rounding per step:
//     acc <- fp16_round(... fp16_round(acc + 2^plane_0 * e_0) ... + 2^plane_q * e_q)
//   TABLE_FORMAT = 1 (integer entries, INT32 accumulator): the lookups added
//     before accumulation (exact, so equal to one step at a time):
//     acc <- acc + sum_q (e_q << plane_q)   (two's complement, wraps mod 2^32;
//     the golden model rejects problems that overflow INT32).
//   TABLE_FORMAT = 2 (INT8-quantized FP16 tables, TableEntryFormat::kInt8Quantized;
//     GROUPS_PER_PASS = 1): a table is ENTRIES INT8 codes and one FP16 scale; the
//     planes of a group are summed exactly, p = sum_j 2^j * code_j (the half
//     table negating the code), and at the group's last plane
//     acc <- fp16_round(acc + fp16_round(scale * p))   (fp16_mul_int: one
//     rounding; fp16_add: one rounding); the accumulator reads +0 until the
//     first group of a dot product ends. |p| <= 127 * (2^W_BIT - 1), so
//     PSUM_W = W_BIT + 8 bits hold it exactly.
// NEG_IN_ACC = 1 (half tables, TABLE_FORMAT 0 or 1): lut_lookup returns the
// stored entry unnegated with a `negate` flag and the accumulator adder
// subtracts: integer tables acc + (term XOR {32{negate}}) + negate (an
// adder/subtractor, carry-in = negate); FP16 tables the flag flips the sign of
// the adder's b operand, which feeds only the adder's effective-operation XOR
// (sign_a ^ sign_b), so FP16 negation costs one XOR either way. NEG_IN_ACC = 0:
// negate is tied to 0 and the same expressions reduce to the plain adder.
// Ports:
//   clk, rst    clock, synchronous active-high reset (acc and group sum <- 0)
//   table_flat  slot q's table at [q*TABLE_W +: TABLE_W] (lut_table_reg layout;
//               TABLE_FORMAT 2: code e at [e*8 +: 8], the scale at [ENTRIES*8 +: 16])
//   idx         slot q's K-bit weight-plane index at [q*K +: K]
//   valid       accumulate this cycle
//   first       restart: accumulate onto +0 instead of acc
//   plane       slot q's weight plane j, 0 .. W_BIT-1, at [q*PLANE_W +: PLANE_W]
//               (lut_ctrl); TABLE_FORMAT 2: plane 0 starts a group's sum
//   acc         the accumulator register (FP16 bits or INT32)
// LOOKUP_REG = 1 (lut_array PIPE_STAGES >= 1): the lookup result (entry,
// negate flag and, TABLE_FORMAT 2, the table's scale) is registered between
// the lookup mux and the accumulator adder; valid, first and plane must then
// come one cycle after idx (lut_array delays them once for all its elements).
// Latency: a cycle accepted in cycle t is included in acc from cycle
// t + 1 + LOOKUP_REG (TABLE_FORMAT 2: a group's last index).
module lut_pe #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    parameter int GROUPS_PER_PASS = 1,
    parameter int LOOKUP_REG = 0, parameter int INT_ACC_W = 32,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 :
                             (TABLE_FORMAT == 2) ? 8 : $clog2(128 * K + 1) + 1,
    localparam int TABLE_W = ENTRIES * ENTRY_W + ((TABLE_FORMAT == 2) ? 16 : 0),
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 1) ? INT_ACC_W : 16
) (
    input  logic                               clk,
    input  logic                               rst,
    input  logic [GROUPS_PER_PASS*TABLE_W-1:0] table_flat,
    input  logic [      GROUPS_PER_PASS*K-1:0] idx,
    input  logic                               valid,
    input  logic                               first,
    input  logic [GROUPS_PER_PASS*PLANE_W-1:0] plane,
    output logic [                  ACC_W-1:0] acc
);
  // Unsupported parameters stop elaboration: the instance names a module that does not
  // exist, which yosys 0.23, Verilator and iverilog all report (they share no $error).
  if (TABLE_FORMAT == 2 && (GROUPS_PER_PASS != 1 || NEG_IN_ACC != 0)) begin : g_unsupported
    lut_pe_error_quantized_tables_need_groups_per_pass_1_and_neg_in_acc_0 u_error ();
  end
  if (GROUPS_PER_PASS < 1 || GROUPS_PER_PASS > 2) begin : g_unsupported_groups
    lut_pe_error_groups_per_pass_must_be_1_or_2 u_error ();
  end
  if (LOOKUP_REG < 0 || LOOKUP_REG > 1) begin : g_unsupported_lookup_reg
    lut_pe_error_lookup_reg_must_be_0_or_1 u_error ();
  end

  // Slot q's entry at entry[q*ENTRY_W +: ENTRY_W], its negate flag at negate[q]:
  // the lookup mux's outputs (entry_mux, negate_mux), registered if LOOKUP_REG.
  logic [GROUPS_PER_PASS*ENTRY_W-1:0] entry_mux, entry;
  logic [GROUPS_PER_PASS-1:0] negate_mux, negate;
  for (genvar q = 0; q < GROUPS_PER_PASS; q++) begin : g_slot
    lut_lookup #(
        .K(K),
        .SYMMETRIC(SYMMETRIC),
        .TABLE_FORMAT(TABLE_FORMAT),
        .NEG_IN_ACC(NEG_IN_ACC)
    ) u_lookup (
        .table_flat(table_flat[q*TABLE_W+:ENTRIES*ENTRY_W]),
        .idx(idx[q*K+:K]),
        .entry(entry_mux[q*ENTRY_W+:ENTRY_W]),
        .negate(negate_mux[q])
    );
  end
  // Quantized tables: the scale is read with the codes (a table written in the
  // lookup cycle must not change it).
  // Bit 0 is padding so that the vector is never empty.
  localparam int SCALE_W = (TABLE_FORMAT == 2) ? 16 : 0;
  logic [SCALE_W:0] scale_mux;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [SCALE_W:0] scale_reg;
  /* verilator lint_on UNUSEDSIGNAL */
  if (TABLE_FORMAT == 2) begin : g_scale
    assign scale_mux = {table_flat[ENTRIES*8+:16], 1'b0};
  end else begin : g_no_scale
    assign scale_mux = 1'b0;
  end
  pipe_reg #(
      .W(GROUPS_PER_PASS * (ENTRY_W + 1) + SCALE_W + 1),
      .STAGES(LOOKUP_REG)
  ) u_lookup_reg (
      .clk(clk),
      .rst(rst),
      .d({entry_mux, negate_mux, scale_mux}),
      .q({entry, negate, scale_reg})
  );

  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = first ? '0 : acc;

  if (TABLE_FORMAT == 0) begin : g_fp16
    // partial[q*ACC_W +: ACC_W]: the accumulator after the steps of slots 0 .. q-1.
    logic [(GROUPS_PER_PASS+1)*ACC_W-1:0] partial;
    assign partial[0+:ACC_W] = acc_base;
    for (genvar q = 0; q < GROUPS_PER_PASS; q++) begin : g_step
      fp16_add_scaled #(
          .SCALE_W(PLANE_W)
      ) u_add (
          .a(partial[q*ACC_W+:ACC_W]),
          .b({entry[q*ENTRY_W+ENTRY_W-1] ^ negate[q], entry[q*ENTRY_W+:ENTRY_W-1]}),
          .scale(plane[q*PLANE_W+:PLANE_W]),
          .y(partial[(q+1)*ACC_W+:ACC_W])
      );
    end
    assign acc_next = partial[GROUPS_PER_PASS*ACC_W+:ACC_W];
  end else if (TABLE_FORMAT == 1) begin : g_int
    // Slot q's term (entry << plane_q, conditionally complemented) at
    // terms[q*ACC_W +: ACC_W]; acc_base plus the terms, then plus the negate
    // carry-ins, added one at a time.
    logic [GROUPS_PER_PASS*ACC_W-1:0] terms;
    for (genvar q = 0; q < GROUPS_PER_PASS; q++) begin : g_term
      logic signed [ACC_W-1:0] term;
      assign term = {{(ACC_W - ENTRY_W) {entry[q*ENTRY_W+ENTRY_W-1]}}, entry[q*ENTRY_W+:ENTRY_W]}
                    << plane[q*PLANE_W+:PLANE_W];
      assign terms[q*ACC_W+:ACC_W] = term ^ {ACC_W{negate[q]}};
    end
    always_comb begin
      acc_next = acc_base;
      for (int q = 0; q < GROUPS_PER_PASS; q++) acc_next = acc_next + terms[q*ACC_W+:ACC_W];
      for (int q = 0; q < GROUPS_PER_PASS; q++) acc_next = acc_next + ACC_W'(negate[q]);
    end
  end else begin : g_quant
    localparam int PSUM_W = W_BIT + 8;
    logic unused_negate;
    assign unused_negate = negate[0];
    logic [15:0] scale;
    assign scale = scale_reg[SCALE_W:1];

    // Exact group sum: psum holds the planes before this one.
    logic [PSUM_W-1:0] psum, psum_next, term;
    assign term = {{(PSUM_W - 8) {entry[7]}}, entry} << plane;
    assign psum_next = ((plane == '0) ? '0 : psum) + term;

    logic group_end;
    assign group_end = plane == PLANE_W'(W_BIT - 1);

    logic [15:0] dequant, acc_sum;
    fp16_mul_int #(
        .INT_W(PSUM_W)
    ) u_dequant (
        .a(scale),
        .b(psum_next),
        .y(dequant)
    );
    fp16_add u_add (
        .a(acc_base),
        .b(dequant),
        .y(acc_sum)
    );
    assign acc_next = group_end ? acc_sum : acc_base;

    always_ff @(posedge clk) begin
      if (rst) psum <= '0;
      else if (valid) psum <= psum_next;
    end
  end

  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid) acc <= acc_next;
  end
  // INT_ACC_W (integer tables only): the accumulator's width, 16..32 bits; it
  // wraps modulo 2^INT_ACC_W (exact while every partial sum of a dot product
  // fits: an accumulator that drains into wider registers).
  if (TABLE_FORMAT == 1 && (INT_ACC_W < 16 || INT_ACC_W > 32)) begin : g_unsupported_acc
    lut_pe_error_int_acc_w_must_be_16_to_32 u_error ();
  end
endmodule
