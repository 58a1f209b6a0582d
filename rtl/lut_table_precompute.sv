// lut_table_precompute: combinational table precompute of one group of K
// activations into a lookup table: the odd-symmetric half table
// (TableForm::kSymmetricHalf) or one of the two full tables (kSymmetricFull,
// kUnsignedFull).
//
// Function (golden: lutsim::precompute_table, core/lut/lut_table.hpp):
//   SYMMETRIC = 1 (half table, 2^(K-1) entries): entry i = T[i | 2^(K-1)],
//     T[idx] = ((d0 x0 + d1 x1) + d2 x2) + ... + d_{K-1} x_{K-1},
//     d_j = bit_j(idx) ? +1 : -1, summed left to right.
//   SYMMETRIC = 0, FULL_FORM = 1 (kSymmetricFull, 2^K entries): entry i = T[i],
//     the same signed sum for every index (the last digit too may be -1).
//   SYMMETRIC = 0, FULL_FORM = 0 (kUnsignedFull, the conventional LUT, 2^K
//     entries): entry i = sum of x_j over the set bits j of i, left to right,
//     cleared bits skipped (not added as +0); entry 0 is +0, an entry with
//     one set bit is x_j itself (a NaN x_j quieted: bit 9 set, sign and
//     payload kept, as the golden model's double round trip does).
// Number formats:
//   TABLE_FORMAT = 0: FP16 activations, every partial sum rounded to binary16
//     by fp16_add (RNE, subnormals kept, overflow to infinity, NaN = 0x7E00);
//     d_j x_j is a sign-bit flip (exact, also for NaN and zeros).
//   TABLE_FORMAT = 1: INT8 activations (two's complement), exact integer sums
//     in ENTRY_W = clog2(128*K + 1) + 1 bits (the lut_lookup entry width).
// Sharing: the signed prefix of the first m activations depends only on the m
// low digits, so level m (2 <= m <= K-1) holds 2^m adders and the last level
// ENTRIES (half: 2^K - 4 + 2^(K-1) adders; symmetric full: 2^(K+1) - 4). An
// unsigned entry with two or more set bits is the entry without its highest
// set bit plus that activation: 2^K - K - 1 adders, one per such entry. Each
// entry still sees exactly the golden order of additions.
//
// Parameters: K group size (2..6), TABLE_FORMAT (0 FP16, 1 INT8 -> integer),
// SYMMETRIC (1 half table, 0 full table), FULL_FORM (full tables only:
// 0 unsigned digits {0,1}, 1 signed digits {-1,+1}).
// Ports:
//   x_flat      K activations, activation j at [j*IN_W +: IN_W]
//               (IN_W = 16 binary16 bits, or 8 two's complement bits)
//   table_flat  ENTRIES * ENTRY_W bits, entry e at [e*ENTRY_W +: ENTRY_W]: the
//               layout of lut_table_reg / lut_lookup with the same SYMMETRIC
// Latency: combinational (0 cycles); K - 1 adders deep.
module lut_table_precompute #(
    parameter int K = 4,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int FULL_FORM = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8,
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1
) (
    input  logic [         K*IN_W-1:0] x_flat,
    output logic [ENTRIES*ENTRY_W-1:0] table_flat
);
  // term_pos[j] = +x_j in the entry width.
  logic [ENTRY_W-1:0] term_pos[K];
  for (genvar j = 0; j < K; j++) begin : g_terms
    if (TABLE_FORMAT == 0) begin : g_fp16
      assign term_pos[j] = x_flat[j*16+:16];
    end else begin : g_int
      assign term_pos[j] = {{(ENTRY_W - 8) {x_flat[j*8+7]}}, x_flat[j*8+:8]};
    end
  end

  if (SYMMETRIC != 0 || FULL_FORM != 0) begin : g_signed
    // term_neg[j] = -x_j: a sign-bit flip (FP16) or a two's complement negate.
    logic [ENTRY_W-1:0] term_neg[K];
    for (genvar j = 0; j < K; j++) begin : g_neg
      if (TABLE_FORMAT == 0) begin : g_fp16
        assign term_neg[j] = {~term_pos[j][15], term_pos[j][14:0]};
      end else begin : g_int
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

    // Last activation: digit +1 for the half table, bit K-1 of e for the full one.
    for (genvar e = 0; e < ENTRIES; e++) begin : g_entry
      localparam int PARENT = (1 << (K - 1)) + (e % (1 << (K - 1)));
      localparam int DIGIT = (SYMMETRIC != 0) ? 1 : (e >> (K - 1)) % 2;
      logic [ENTRY_W-1:0] term, entry;
      assign term = (DIGIT != 0) ? term_pos[K-1] : term_neg[K-1];
      if (TABLE_FORMAT == 0) begin : g_fp16
        fp16_add u_add (
            .a(prefix[PARENT]),
            .b(term),
            .y(entry)
        );
      end else begin : g_int
        assign entry = prefix[PARENT] + term;
      end
      assign table_flat[e*ENTRY_W+:ENTRY_W] = entry;
    end
  end else begin : g_unsigned
    // usum[e]: the subset sum of entry e; entries with >= 2 set bits add their
    // highest activation to the entry without it.
    logic [ENTRY_W-1:0] usum[ENTRIES]  /*verilator split_var*/;
    assign usum[0] = '0;
    for (genvar e = 1; e < ENTRIES; e++) begin : g_entry
      localparam int TOP = $clog2(e + 1) - 1;
      localparam int REST = e - (1 << TOP);
      if (REST == 0) begin : g_single
        if (TABLE_FORMAT == 0) begin : g_fp16
          logic is_nan;
          assign is_nan = (term_pos[TOP][14:10] == 5'h1F) && (term_pos[TOP][9:0] != 10'd0);
          assign usum[e] = {term_pos[TOP][15:10], term_pos[TOP][9] | is_nan, term_pos[TOP][8:0]};
        end else begin : g_int
          assign usum[e] = term_pos[TOP];
        end
      end else if (TABLE_FORMAT == 0) begin : g_fp16
        fp16_add u_add (
            .a(usum[REST]),
            .b(term_pos[TOP]),
            .y(usum[e])
        );
      end else begin : g_int
        assign usum[e] = usum[REST] + term_pos[TOP];
      end
    end
    for (genvar e = 0; e < ENTRIES; e++) begin : g_out
      assign table_flat[e*ENTRY_W+:ENTRY_W] = usum[e];
    end
  end
endmodule
