// Outputs tied to constants (test design of the PPA flow): synthesis must map
// them to the library's tie cells.
module constant_out (
    input  logic       a,
    output logic [3:0] y
);
  assign y = {1'b1, 1'b0, a, ~a};
endmodule
