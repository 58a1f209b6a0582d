// lut_pe_pair: a lookup-accumulate element that does two consecutive
// canonical steps per cycle (two lookups, lut_array_pair).
//
// Function (golden: lutsim::lut_mpgemm's canonical order, whose steps are
// acc <- round(acc + 2^j * lookup(T_g, idx_{g,j})), g major, j minor), per
// accepted cycle with the steps of slot 0 and slot 1 (slot 1 = the next step):
//   TABLE_FORMAT = 0 (FP16): two chained fp16_add_scaled, one rounding each:
//     acc <- fp16_round(fp16_round(acc + 2^plane0 * e0) + 2^plane1 * e1)
//   TABLE_FORMAT = 1 (integer): the two lookups added before accumulation:
//     acc <- acc + (e0 << plane0) + (e1 << plane1)   (INT32, wraps; exact, so
//     equal to two steps)
// with e_q = lookup(table q, idx[q*K +: K]) (lut_lookup, negation as
// NEG_IN_ACC selects), acc taken as +0 on `first`.
// Ports:
//   clk, rst            clock, synchronous active-high reset (acc <- 0)
//   table0_flat         the table slot 0 reads (lut_table_reg layout)
//   table1_flat         the table slot 1 reads
//   idx                 2*K bits: slot q's index at [q*K +: K]
//   valid, first        accumulate this cycle; restart from +0
//   plane0, plane1      the planes of the two slots (lut_ctrl_pair)
//   acc                 the accumulator register (FP16 bits or INT32)
// Latency: a cycle accepted in cycle t is included in acc from cycle t + 1.
module lut_pe_pair #(
    parameter int K = 4,
    parameter int W_BIT = 2,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int NEG_IN_ACC = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int PLANE_W = (W_BIT > 1) ? $clog2(W_BIT) : 1,
    localparam int ACC_W = (TABLE_FORMAT == 0) ? 16 : 32
) (
    input  logic                       clk,
    input  logic                       rst,
    input  logic [ENTRIES*ENTRY_W-1:0] table0_flat,
    input  logic [ENTRIES*ENTRY_W-1:0] table1_flat,
    input  logic [            2*K-1:0] idx,
    input  logic                       valid,
    input  logic                       first,
    input  logic [        PLANE_W-1:0] plane0,
    input  logic [        PLANE_W-1:0] plane1,
    output logic [          ACC_W-1:0] acc
);
  logic [ENTRY_W-1:0] entry0, entry1;
  logic negate0, negate1;
  lut_lookup #(
      .K(K),
      .SYMMETRIC(SYMMETRIC),
      .TABLE_FORMAT(TABLE_FORMAT),
      .NEG_IN_ACC(NEG_IN_ACC)
  ) u_lookup0 (
      .table_flat(table0_flat),
      .idx(idx[K-1:0]),
      .entry(entry0),
      .negate(negate0)
  );
  lut_lookup #(
      .K(K),
      .SYMMETRIC(SYMMETRIC),
      .TABLE_FORMAT(TABLE_FORMAT),
      .NEG_IN_ACC(NEG_IN_ACC)
  ) u_lookup1 (
      .table_flat(table1_flat),
      .idx(idx[2*K-1:K]),
      .entry(entry1),
      .negate(negate1)
  );

  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = first ? '0 : acc;

  if (TABLE_FORMAT == 0) begin : g_fp16
    logic [15:0] b0, b1, acc_mid;
    assign b0 = {entry0[15] ^ negate0, entry0[14:0]};
    assign b1 = {entry1[15] ^ negate1, entry1[14:0]};
    fp16_add_scaled #(
        .SCALE_W(PLANE_W)
    ) u_add0 (
        .a(acc_base),
        .b(b0),
        .scale(plane0),
        .y(acc_mid)
    );
    fp16_add_scaled #(
        .SCALE_W(PLANE_W)
    ) u_add1 (
        .a(acc_mid),
        .b(b1),
        .scale(plane1),
        .y(acc_next)
    );
  end else begin : g_int
    logic signed [ACC_W-1:0] term0, term1;
    assign term0 = {{(ACC_W - ENTRY_W) {entry0[ENTRY_W-1]}}, entry0} << plane0;
    assign term1 = {{(ACC_W - ENTRY_W) {entry1[ENTRY_W-1]}}, entry1} << plane1;
    assign acc_next = acc_base + (term0 ^ {ACC_W{negate0}}) + (term1 ^ {ACC_W{negate1}})
                    + ACC_W'(negate0) + ACC_W'(negate1);
  end

  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid) acc <= acc_next;
  end
endmodule
