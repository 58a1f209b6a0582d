// lut_lookup: combinational read of one lookup table by a K-bit weight-plane
// index, with the negation of the odd-symmetric half table.
//
// Function (golden: lutsim::table_lookup, core/lut/lut_table.hpp):
//   SYMMETRIC = 0: full table of 2^K entries, entry = T[idx].
//   SYMMETRIC = 1: half table of 2^(K-1) entries H[i] = T[i | 2^(K-1)]:
//     entry = idx[K-1] ? H[idx & m] : -H[~idx & m],  m = 2^(K-1) - 1.
// Negation is a sign-bit flip for FP16 entries (TABLE_FORMAT = 0) and a two's
// complement negate for integer entries (TABLE_FORMAT = 1, INT8 activations:
// entries are exact sums within +-128*K, ENTRY_W = clog2(128*K + 1) + 1 bits;
// TABLE_FORMAT = 2, INT8 codes of quantized tables within +-127, 8 bits).
// NEG_IN_ACC = 1 removes the negation circuit: entry is the stored H[...]
// unnegated and `negate` tells the accumulator to subtract it (lut_pe);
// NEG_IN_ACC = 0 negates here and ties `negate` to 0.
// Ports:
//   table_flat  ENTRIES * ENTRY_W bits, entry e at [e*ENTRY_W +: ENTRY_W]
//   idx         K-bit index: bit i is the plane bit meeting activation i
//   entry       the signed entry (FP16 bits, or a two's complement integer);
//               with NEG_IN_ACC = 1 the stored entry, to be negated if `negate`
//   negate      NEG_IN_ACC = 1 and a half-table lookup with idx[K-1] = 0
// Latency: combinational (0 cycles).
module lut_lookup #(
    parameter int K = 4,
    parameter int SYMMETRIC = 1,
    parameter int TABLE_FORMAT = 0,
    parameter int NEG_IN_ACC = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 :
                             (TABLE_FORMAT == 2) ? 8 : $clog2(128 * K + 1) + 1
) (
    input  logic [ENTRIES*ENTRY_W-1:0] table_flat,
    input  logic [              K-1:0] idx,
    output logic [        ENTRY_W-1:0] entry,
    output logic                       negate
);
  logic [ENTRY_W-1:0] entries[ENTRIES];
  for (genvar e = 0; e < ENTRIES; e++) begin : g_unpack
    assign entries[e] = table_flat[e*ENTRY_W+:ENTRY_W];
  end

  if (SYMMETRIC != 0) begin : g_half
    logic positive;
    logic [K-2:0] addr;
    logic [ENTRY_W-1:0] stored;
    assign positive = idx[K-1];
    assign addr = positive ? idx[K-2:0] : ~idx[K-2:0];
    assign stored = entries[addr];
    if (NEG_IN_ACC != 0) begin : g_neg_in_acc
      assign entry  = stored;
      assign negate = ~positive;
    end else if (TABLE_FORMAT == 0) begin : g_fp16
      assign negate = 1'b0;
      assign entry = {stored[ENTRY_W-1] ^ ~positive, stored[ENTRY_W-2:0]};
    end else begin : g_int
      assign negate = 1'b0;
      assign entry = positive ? stored : -stored;
    end
  end else begin : g_full
    assign entry  = entries[idx];
    assign negate = 1'b0;
  end
endmodule
