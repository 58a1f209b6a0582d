// Reference design for validating the power calculator (see README.md): a table of
// 16 x 16-bit registers with one write port, a synchronous reset and a combinational
// (multiplexer) read port. Written in the yosys 0.23 subset (flat ports, synchronous
// reset, internal unpacked array written per entry).
module ref_reg_table (
    input  logic        clk,
    input  logic        rst,    // synchronous, active high: clears every entry
    input  logic        we,     // write wdata into entry waddr this cycle
    input  logic [ 3:0] waddr,
    input  logic [15:0] wdata,
    input  logic [ 3:0] raddr,
    output logic [15:0] rdata   // entry raddr, combinationally
);
  logic [15:0] entries[16];

  for (genvar i = 0; i < 16; i++) begin : g_entry
    always_ff @(posedge clk) begin
      if (rst) begin
        entries[i] <= '0;
      end else if (we && waddr == i) begin
        entries[i] <= wdata;
      end
    end
  end

  assign rdata = entries[raddr];
endmodule
