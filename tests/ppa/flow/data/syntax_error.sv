// Deliberately broken RTL: the PPA flow test expects yosys to reject it.
module syntax_error (
    input  logic a,
    output logic y
);
  assign y = a &;
endmodule
