// mb_acc_int: a 32-bit integer accumulator element (micro-block of the
// analytic PPA model): sign extension of the IN_W-bit term, left shift by the
// weight plane (SHIFT_W bits; 0: none), optional subtraction (NEG = 1:
// acc + (term ^ {32{negate}}) + negate, lut_pe's NEG_IN_ACC), the restart
// gating and the accumulator register with synchronous reset and enable, as in
// lut_pe, add_bitserial_unit (INT) and mac_dot_unit (INT8, SHIFT_W = 0).
// Ports: clk, rst, valid, first (onto 0), b (IN_W bits), negate (used when
// NEG = 1), plane (SHIFT_W bits; one unused bit when SHIFT_W = 0), acc.
// Latency: b accepted in cycle t is in acc from cycle t + 1.
module mb_acc_int #(
    parameter int IN_W = 11,
    parameter int SHIFT_W = 1,
    parameter int NEG = 0,
    localparam int SHIFT_PORT_W = (SHIFT_W > 0) ? SHIFT_W : 1
) (
    input  logic                    clk,
    input  logic                    rst,
    input  logic                    valid,
    input  logic                    first,
    input  logic [        IN_W-1:0] b,
    input  logic                    negate,
    input  logic [SHIFT_PORT_W-1:0] plane,
    output logic [            31:0] acc
);
  logic [31:0] acc_base, acc_next, term;
  assign acc_base = first ? '0 : acc;
  if (SHIFT_W > 0) begin : g_shift
    assign term = {{(32 - IN_W) {b[IN_W-1]}}, b} << plane;
  end else begin : g_plain
    assign term = {{(32 - IN_W) {b[IN_W-1]}}, b};
  end
  if (NEG != 0) begin : g_neg
    assign acc_next = acc_base + (term ^ {32{negate}}) + 32'(negate);
  end else begin : g_add
    assign acc_next = acc_base + term;
  end
  always_ff @(posedge clk) begin
    if (rst) acc <= '0;
    else if (valid) acc <= acc_next;
  end
endmodule
