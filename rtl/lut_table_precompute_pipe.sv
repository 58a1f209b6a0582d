// lut_table_precompute_pipe: lut_table_precompute with pipeline registers: the
// same tables from the same additions in the same order (lut_table_precompute
// states the function, the number formats and the sharing of the prefix
// sums), PIPE_STAGES cycles later. PIPE_STAGES = 0 is the same logic as
// lut_table_precompute; the studies synthesize lut_table_precompute itself at
// depth 0 and this module at depths >= 1 (docs/rtl.md, "Pipelining").
//
// Parameters: K, TABLE_FORMAT, SYMMETRIC, FULL_FORM as lut_table_precompute;
// PIPE_STAGES (0..K-1) pipeline registers.
// Ports:
//   clk         clock (unused when PIPE_STAGES = 0; no reset: data only)
//   x_flat, table_flat   as lut_table_precompute
// Pipelining: level l of the L = K - 1 adder levels holds the sums of l + 1
// activations (level 0: the activations themselves). The registers cut after
// levels ceil(s * L / (PIPE_STAGES + 1)), s = 1 .. PIPE_STAGES, so level l >= 1
// is computed in stage floor((l - 1) * (PIPE_STAGES + 1) / L) (<= PIPE_STAGES;
// level 0 in stage 0), and each value crosses the cuts it lives across in
// pipe_reg instances (the `pipeline registers` component): a sum until the
// level that adds to it (or the output), an activation until the last level
// that reads it. PIPE_STAGES = K - 1 also registers the table. Function and
// order of additions are those of PIPE_STAGES = 0.
// Latency: PIPE_STAGES cycles (0: combinational, K - 1 adders deep): the table
// of x_flat presented in cycle t is on table_flat in cycle t + PIPE_STAGES;
// one group per cycle.
module lut_table_precompute_pipe #(
    parameter int K = 4,
    parameter int TABLE_FORMAT = 0,
    parameter int SYMMETRIC = 1,
    parameter int FULL_FORM = 0,
    parameter int PIPE_STAGES = 0,
    localparam int ENTRIES = (SYMMETRIC != 0) ? (1 << (K - 1)) : (1 << K),
    localparam int IN_W = (TABLE_FORMAT == 0) ? 16 : 8,
    localparam int ENTRY_W = (TABLE_FORMAT == 0) ? 16 : $clog2(128 * K + 1) + 1,
    localparam int S = PIPE_STAGES,
    localparam int L = K - 1
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic                       clk,  // unused when PIPE_STAGES = 0
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [         K*IN_W-1:0] x_flat,
    output logic [ENTRIES*ENTRY_W-1:0] table_flat
);
  if (PIPE_STAGES < 0 || PIPE_STAGES > K - 1) begin : g_unsupported
    lut_table_precompute_pipe_error_stages_outside_0_to_k_minus_1 u_error ();
  end


  // term_pos[g*K + j] = +x_j in the entry width as seen in stage g, carried to
  // the stage of level j, the last level that reads x_j (signed tables: level
  // j adds d_j x_j; unsigned: the entries whose top bit is j, at levels <= j).
  // Elements of the stages a value does not reach are never driven nor read.
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  logic [ENTRY_W-1:0] term_pos[(S+1)*K]  /*verilator split_var*/;
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar j = 0; j < K; j++) begin : g_terms
    if (TABLE_FORMAT == 0) begin : g_fp16
      assign term_pos[j] = x_flat[j*16+:16];
    end else begin : g_int
      assign term_pos[j] = {{(ENTRY_W - 8) {x_flat[j*8+7]}}, x_flat[j*8+:8]};
    end
    localparam int LAST = (j < 1) ? 0 : (j - 1) * (S + 1) / L;  // the stage of level j
    for (genvar g = 0; g < LAST; g++) begin : g_carry
      // Ports on plain signals (yosys 0.23 and array elements on the ports of a
      // parameterized module: see add_bitserial_unit).
      logic [ENTRY_W-1:0] d, q;
      assign d = term_pos[g*K+j];
      pipe_reg #(
          .W(ENTRY_W),
          .STAGES(1)
      ) u_reg (
          .clk(clk),
          .rst(1'b0),
          .d(d),
          .q(q)
      );
      assign term_pos[(g+1)*K+j] = q;
    end
  end

  if (SYMMETRIC != 0 || FULL_FORM != 0) begin : g_signed
    // term_neg[g*K + j] = -x_j as seen in stage g: a sign-bit flip (FP16, exact
    // also for NaN and zeros) or a two's complement negate.
    /* verilator lint_off UNUSEDSIGNAL */
    /* verilator lint_off UNDRIVEN */
    logic [ENTRY_W-1:0] term_neg[(S+1)*K]  /*verilator split_var*/;
    /* verilator lint_on UNDRIVEN */
    /* verilator lint_on UNUSEDSIGNAL */
    for (genvar j = 0; j < K; j++) begin : g_neg
      localparam int LAST = (j < 1) ? 0 : (j - 1) * (S + 1) / L;
      for (genvar g = 0; g <= LAST; g++) begin : g_stage
        if (TABLE_FORMAT == 0) begin : g_fp16
          assign term_neg[g*K+j] = {~term_pos[g*K+j][15], term_pos[g*K+j][14:0]};
        end else begin : g_int
          assign term_neg[g*K+j] = -term_pos[g*K+j];
        end
      end
    end
    // Prefix sums: node (1 << m) + p is the sum of the first m activations with
    // digits d_j = bit_j(p) ? +1 : -1 (m = 1 .. K-1, p < 2^m), at level m - 1;
    // prefix[g*N + node] as seen in stage g (N = 2^K; nodes 0 and 1 unused).
    localparam int N = 1 << K;
    /* verilator lint_off UNUSEDSIGNAL */
    /* verilator lint_off UNDRIVEN */
    logic [ENTRY_W-1:0] prefix[(S+1)*N]  /*verilator split_var*/;
    /* verilator lint_on UNDRIVEN */
    /* verilator lint_on UNUSEDSIGNAL */
    for (genvar m = 1; m < K; m++) begin : g_level
      // Computed in stage HERE, read by level m in stage NEXT.
      localparam int HERE = (m < 2) ? 0 : (m - 2) * (S + 1) / L;
      localparam int NEXT = (m - 1) * (S + 1) / L;
      for (genvar p = 0; p < (1 << m); p++) begin : g_node
        localparam int NODE = (1 << m) + p;
        localparam int PARENT = (1 << (m - 1)) + (p % (1 << (m - 1)));
        localparam int DIGIT = (p >> (m - 1)) % 2;
        logic [ENTRY_W-1:0] term;
        assign term = (DIGIT != 0) ? term_pos[HERE*K+m-1] : term_neg[HERE*K+m-1];
        if (m == 1) begin : g_first
          assign prefix[NODE] = term;
        end else if (TABLE_FORMAT == 0) begin : g_fp16
          fp16_add u_add (
              .a(prefix[HERE*N+PARENT]),
              .b(term),
              .y(prefix[HERE*N+NODE])
          );
        end else begin : g_int
          assign prefix[HERE*N+NODE] = prefix[HERE*N+PARENT] + term;
        end
        for (genvar g = HERE; g < NEXT; g++) begin : g_carry
          logic [ENTRY_W-1:0] d, q;
          assign d = prefix[g*N+NODE];
          pipe_reg #(
              .W(ENTRY_W),
              .STAGES(1)
          ) u_reg (
              .clk(clk),
              .rst(1'b0),
              .d(d),
              .q(q)
          );
          assign prefix[(g+1)*N+NODE] = q;
        end
      end
    end

    // Last activation (level L, stage HERE): digit +1 for the half table, bit
    // K-1 of e for the full one; each entry carried to stage S.
    for (genvar e = 0; e < ENTRIES; e++) begin : g_entry
      localparam int HERE = (L - 1) * (S + 1) / L;
      localparam int PARENT = (1 << (K - 1)) + (e % (1 << (K - 1)));
      localparam int DIGIT = (SYMMETRIC != 0) ? 1 : (e >> (K - 1)) % 2;
      logic [ENTRY_W-1:0] term;
      logic [ENTRY_W-1:0] entry[S+1]  /*verilator split_var*/;
      assign term = (DIGIT != 0) ? term_pos[HERE*K+K-1] : term_neg[HERE*K+K-1];
      if (TABLE_FORMAT == 0) begin : g_fp16
        fp16_add u_add (
            .a(prefix[HERE*N+PARENT]),
            .b(term),
            .y(entry[HERE])
        );
      end else begin : g_int
        assign entry[HERE] = prefix[HERE*N+PARENT] + term;
      end
      for (genvar g = HERE; g < S; g++) begin : g_carry
        logic [ENTRY_W-1:0] d, q;
        assign d = entry[g];
        pipe_reg #(
            .W(ENTRY_W),
            .STAGES(1)
        ) u_reg (
            .clk(clk),
            .rst(1'b0),
            .d(d),
            .q(q)
        );
        assign entry[g+1] = q;
      end
      assign table_flat[e*ENTRY_W+:ENTRY_W] = entry[S];
    end
  end else begin : g_unsigned
    // usum[g*ENTRIES + e]: the subset sum of entry e (level popcount(e) - 1) as
    // seen in stage g; an entry with >= 2 set bits adds its highest activation
    // to the entry without it. Every entry is carried to stage S (the output).
    /* verilator lint_off UNUSEDSIGNAL */
    /* verilator lint_off UNDRIVEN */
    logic [ENTRY_W-1:0] usum[(S+1)*ENTRIES]  /*verilator split_var*/;
    /* verilator lint_on UNDRIVEN */
    /* verilator lint_on UNUSEDSIGNAL */
    assign usum[0] = '0;
    for (genvar e = 1; e < ENTRIES; e++) begin : g_entry
      localparam int TOP = $clog2(e + 1) - 1;
      localparam int REST = e - (1 << TOP);
      localparam int LEVEL = (e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1) + ((e >> 3) & 1) +
                             ((e >> 4) & 1) + ((e >> 5) & 1) - 1;
      localparam int HERE = (LEVEL < 1) ? 0 : (LEVEL - 1) * (S + 1) / L;
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
            .a(usum[HERE*ENTRIES+REST]),
            .b(term_pos[HERE*K+TOP]),
            .y(usum[HERE*ENTRIES+e])
        );
      end else begin : g_int
        assign usum[HERE*ENTRIES+e] = usum[HERE*ENTRIES+REST] + term_pos[HERE*K+TOP];
      end
    end
    for (genvar e = 0; e < ENTRIES; e++) begin : g_out
      localparam int LEVEL = (e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1) + ((e >> 3) & 1) +
                             ((e >> 4) & 1) + ((e >> 5) & 1) - 1;
      localparam int HERE = (LEVEL < 1) ? 0 : (LEVEL - 1) * (S + 1) / L;
      for (genvar g = HERE; g < S; g++) begin : g_carry
        logic [ENTRY_W-1:0] d, q;
        assign d = usum[g*ENTRIES+e];
        pipe_reg #(
            .W(ENTRY_W),
            .STAGES(1)
        ) u_reg (
            .clk(clk),
            .rst(1'b0),
            .d(d),
            .q(q)
        );
        assign usum[(g+1)*ENTRIES+e] = q;
      end
      assign table_flat[e*ENTRY_W+:ENTRY_W] = usum[S*ENTRIES+e];
    end
  end
endmodule
