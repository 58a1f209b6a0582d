// lut_table_precompute: combinational table precompute of one group of K
// activations into the odd-symmetric half table (TableForm::kSymmetricHalf).
//
// Function (golden: lutsim::precompute_table, core/lut/lut_table.hpp): entry
// i (i < 2^(K-1)) is T[i | 2^(K-1)], the signed sum
//   H[i] = ((d0 x0 + d1 x1) + d2 x2) + ... + d_{K-1} x_{K-1},
//   d_j = bit_j(i) ? +1 : -1 for j < K-1,  d_{K-1} = +1,
// summed left to right:
//   TABLE_FORMAT = 0: FP16 activations, every partial sum rounded to binary16
//     by fp16_add (RNE, subnormals kept, overflow to infinity, NaN = 0x7E00);
//     d_j x_j is a sign-bit flip (exact, also for NaN and zeros).
//   TABLE_FORMAT = 1: INT8 activations (two's complement), exact integer sums
//     in ENTRY_W = clog2(128*K + 1) + 1 bits (the lut_lookup entry width).
// Partial sums of equal prefixes are shared: the prefix of the first m
// activations depends only on the m low digits, so level m (2 <= m <= K-1)
// holds 2^m adders and the last level 2^(K-1) (adding +x_{K-1}):
// 2^K - 4 + 2^(K-1) adders instead of (K-1) 2^(K-1). Each entry still sees
// exactly the golden order of additions.
//
// Parameters: K group size (2..6), TABLE_FORMAT (0 FP16, 1 INT8 -> integer).
// Ports:
//   x_flat      K activations, activation j at [j*IN_W +: IN_W]
//               (IN_W = 16 binary16 bits, or 8 two's complement bits)
//   table_flat  ENTRIES * ENTRY_W bits, entry e at [e*ENTRY_W +: ENTRY_W]: the
//               layout of lut_table_reg / lut_lookup (SYMMETRIC = 1)
// Latency: combinational (0 cycles); K - 1 adders deep.
module lut_table_precompute #(
    parameter int K = 4,
    parameter int TABLE_FORMAT = 0,
    localparam int ENTRIES = 1 << (K - 1),
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8,
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1
) (
    input  logic [     K*IN_W-1:0] x_flat,
    output logic [ENTRIES*ENTRY_W-1:0] table_flat
);
  // Signed terms: term_pos[j] = +x_j, term_neg[j] = -x_j (entry width).
  logic [ENTRY_W-1:0] term_pos[K];
  logic [ENTRY_W-1:0] term_neg[K];
  for (genvar j = 0; j < K; j++) begin : g_terms
    if (TABLE_FORMAT == 0) begin : g_fp16
      assign term_pos[j] = x_flat[j*16+:16];
      assign term_neg[j] = {~x_flat[j*16+15], x_flat[j*16+:15]};
    end else begin : g_int
      assign term_pos[j] = {{(ENTRY_W - 8) {x_flat[j*8+7]}}, x_flat[j*8+:8]};
      assign term_neg[j] = -term_pos[j];
    end
  end

  // Prefix sums: node (1 << m) + p is the sum of the first m activations with
  // digits d_j = bit_j(p) ? +1 : -1 (m = 1 .. K-1, p < 2^m). Node 0 and 1 unused.
  logic [ENTRY_W-1:0] prefix[1 << K]  /*verilator split_var*/;
  assign prefix[0] = '0;
  assign prefix[1] = '0;
  assign prefix[2] = term_neg[0];
  assign prefix[3] = term_pos[0];
  for (genvar m = 2; m < K; m++) begin : g_level
    for (genvar p = 0; p < (1 << m); p++) begin : g_node
      localparam int PARENT = (1 << (m - 1)) + (p % (1 << (m - 1)));
      localparam int DIGIT = (p >> (m - 1)) % 2;
      logic [ENTRY_W-1:0] term;
      assign term = (DIGIT != 0) ? term_pos[m-1] : term_neg[m-1];
      if (TABLE_FORMAT == 0) begin : g_fp16
        fp16_add u_add (
            .a(prefix[PARENT]),
            .b(term),
            .y(prefix[(1<<m)+p])
        );
      end else begin : g_int
        assign prefix[(1<<m)+p] = prefix[PARENT] + term;
      end
    end
  end

  // Last activation, digit +1.
  for (genvar e = 0; e < ENTRIES; e++) begin : g_entry
    logic [ENTRY_W-1:0] entry;
    if (TABLE_FORMAT == 0) begin : g_fp16
      fp16_add u_add (
          .a(prefix[ENTRIES+e]),
          .b(term_pos[K-1]),
          .y(entry)
      );
    end else begin : g_int
      assign entry = prefix[ENTRIES+e] + term_pos[K-1];
    end
    assign table_flat[e*ENTRY_W+:ENTRY_W] = entry;
  end
endmodule
