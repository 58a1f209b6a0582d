// lut_table_reg: the register file holding one precomputed lookup table.
//
// Function: ENTRIES x ENTRY_W-bit entries, written all at once (the table
// precompute unit produces a whole table per cycle), read in full as a flat
// vector. Entry e lives in table_flat[e*ENTRY_W +: ENTRY_W].
// Ports:
//   clk         clock (rising edge)
//   wr_en       write the whole table this cycle
//   wr_data     ENTRIES * ENTRY_W bits, entry e at [e*ENTRY_W +: ENTRY_W]
//   table_flat  the stored entries, same layout
// Latency: a table written in cycle t is on table_flat from cycle t + 1; a read
// in cycle t sees the previous table. No reset: a table is written before it is
// read (its contents after reset are undefined).
module lut_table_reg #(
    parameter int ENTRIES = 8,
    parameter int ENTRY_W = 16
) (
    input  logic                       clk,
    input  logic                       wr_en,
    input  logic [ENTRIES*ENTRY_W-1:0] wr_data,
    output logic [ENTRIES*ENTRY_W-1:0] table_flat
);
  always_ff @(posedge clk) begin
    if (wr_en) table_flat <= wr_data;
  end
endmodule
