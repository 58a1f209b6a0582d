// mac_pe: the datapath of one DP-K dot unit of the multiply-based (MAC)
// baseline: K multipliers, a balanced adder tree and the accumulator register.
// Shared by mac_dot_unit (one unit) and mac_array (M x N units).
//
// Function (golden: lutsim::mac_dot_fp16_step / mac_dot_int8_step,
// core/lut/mac_dot_reference.hpp), per accepted operand vector (a, b):
//   DATA_FORMAT = 0 (FP16): p_i = fp16_mul(a_i, b_i); a balanced tree of
//     fp16_add, level by level, pairs (0,1), (2,3), ... of the level below, an
//     odd last node passing through unchanged; acc <- fp16_add(acc, root).
//   DATA_FORMAT = 1 (INT8): exact products and sum (two's complement),
//     acc <- acc + sum, a 32-bit accumulator that wraps modulo 2^32.
// The accumulator restarts from +0 (0) on `first`.
//
// Parameters: K products per cycle (1..16), DATA_FORMAT (0 FP16, 1 INT8),
// PIPE_STAGES (0..2) pipeline registers, placed by this rule:
//   stage 1 (PIPE_STAGES >= 1): the adder tree's root, with valid and first;
//   stage 2 (PIPE_STAGES >= 2): the K products, with valid and first;
//   the accumulator loop (acc -> adder -> acc) is never cut, so every accepted
//   vector is still one accumulation step, in order, and the result is
//   unchanged. The valid and first flops reset (a reset flushes the work in
//   flight); the data flops do not.
// Ports:
//   clk, rst          clock, synchronous active-high reset (acc <- 0)
//   valid             accumulate this cycle
//   first             restart: accumulate onto +0 instead of acc
//   a_flat, b_flat    K operands each, operand i at [i*IN_W +: IN_W]
//   acc               the accumulator register (FP16 bits or INT32)
// Latency: a vector accepted in cycle t is included in acc from cycle
// t + 1 + PIPE_STAGES.
module mac_pe #(
    parameter int K = 4,
    parameter int DATA_FORMAT = 0,
    parameter int PIPE_STAGES = 0,
    localparam int IN_W = (DATA_FORMAT == 0) ? 16 : 8,
    localparam int ACC_W = (DATA_FORMAT == 0) ? 16 : 32,
    localparam int LEVELS = $clog2(K),
    // Tree node width: binary16, or the exact integer sum of up to 2^LEVELS products.
    localparam int NODE_W = (DATA_FORMAT == 0) ? 16 : 16 + LEVELS
) (
    input  logic              clk,
    input  logic              rst,
    input  logic              valid,
    input  logic              first,
    input  logic [K*IN_W-1:0] a_flat,
    input  logic [K*IN_W-1:0] b_flat,
    output logic [ ACC_W-1:0] acc
);
  // Unsupported parameters stop elaboration (a missing module, as in lut_pe).
  if (PIPE_STAGES < 0 || PIPE_STAGES > 2) begin : g_unsupported
    mac_pe_error_pipe_stages_must_be_0_to_2 u_error ();
  end
  localparam int PRODUCT_STAGES = PIPE_STAGES >= 2 ? 1 : 0;
  localparam int ROOT_STAGES = PIPE_STAGES >= 1 ? 1 : 0;

  // node[l*K + j]: node j of tree level l (level 0: the products, after their
  // pipeline register when there is one). Level l has (K + 2^l - 1) >> l
  // nodes; the remaining slots of a level are tied to 0.
  logic [NODE_W-1:0] node[(LEVELS+1)*K]  /*verilator split_var*/;
  logic [K*NODE_W-1:0] products, products_q;

  for (genvar i = 0; i < K; i++) begin : g_mul
    if (DATA_FORMAT == 0) begin : g_fp16
      fp16_mul u_mul (
          .a(a_flat[i*16+:16]),
          .b(b_flat[i*16+:16]),
          .y(products[i*NODE_W+:NODE_W])
      );
    end else begin : g_int
      logic signed [15:0] prod;
      assign prod = $signed(a_flat[i*8+:8]) * $signed(b_flat[i*8+:8]);
      assign products[i*NODE_W+:NODE_W] = NODE_W'(prod);
    end
    assign node[i] = products_q[i*NODE_W+:NODE_W];
  end

  // Stage 2: the products, and the sequencing with them. Without the stage
  // no module boundary either: abc still maps the INT8 products and their sum
  // together, as before the parameter existed.
  logic valid_p, first_p;
  if (PRODUCT_STAGES > 0) begin : g_product_reg
    pipe_reg #(
        .W(K * NODE_W),
        .STAGES(PRODUCT_STAGES)
    ) u_product_reg (
        .clk(clk),
        .rst(rst),
        .d(products),
        .q(products_q)
    );
    pipe_reg #(
        .W(2),
        .STAGES(PRODUCT_STAGES),
        .RESET(1)
    ) u_product_ctl_reg (
        .clk(clk),
        .rst(rst),
        .d({valid, first}),
        .q({valid_p, first_p})
    );
  end else begin : g_no_product_reg
    assign products_q = products;
    assign {valid_p, first_p} = {valid, first};
  end

  for (genvar l = 1; l <= LEVELS; l++) begin : g_level
    localparam int N_BELOW = (K + (1 << (l - 1)) - 1) >> (l - 1);
    localparam int N_HERE = (K + (1 << l) - 1) >> l;
    for (genvar j = 0; j < K; j++) begin : g_node
      if (j >= N_HERE) begin : g_unused
        assign node[l*K+j] = '0;
      end else if (2 * j + 1 >= N_BELOW) begin : g_pass
        assign node[l*K+j] = node[(l-1)*K+2*j];
      end else if (DATA_FORMAT == 0) begin : g_fp16
        fp16_add u_add (
            .a(node[(l-1)*K+2*j]),
            .b(node[(l-1)*K+2*j+1]),
            .y(node[l*K+j])
        );
      end else begin : g_int
        assign node[l*K+j] = node[(l-1)*K+2*j] + node[(l-1)*K+2*j+1];
      end
    end
  end

  // Stage 1: the tree's root, and the sequencing with it.
  logic [NODE_W-1:0] root;
  logic valid_r, first_r;
  if (ROOT_STAGES > 0) begin : g_root_reg
    pipe_reg #(
        .W(NODE_W),
        .STAGES(ROOT_STAGES)
    ) u_root_reg (
        .clk(clk),
        .rst(rst),
        .d(node[LEVELS*K]),
        .q(root)
    );
    pipe_reg #(
        .W(2),
        .STAGES(ROOT_STAGES),
        .RESET(1)
    ) u_root_ctl_reg (
        .clk(clk),
        .rst(rst),
        .d({valid_p, first_p}),
        .q({valid_r, first_r})
    );
  end else begin : g_no_root_reg
    assign root = node[LEVELS*K];
    assign {valid_r, first_r} = {valid_p, first_p};
  end

  logic [ACC_W-1:0] acc_base, acc_next;
  assign acc_base = first_r ? '0 : acc;
  if (DATA_FORMAT == 0) begin : g_acc_fp16
    fp16_add u_acc_add (
        .a(acc_base),
        .b(root),
        .y(acc_next)
    );
  end else begin : g_acc_int
    assign acc_next = acc_base + {{(ACC_W - NODE_W) {root[NODE_W-1]}}, root};
  end

  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid_r) acc <= acc_next;
  end
endmodule
