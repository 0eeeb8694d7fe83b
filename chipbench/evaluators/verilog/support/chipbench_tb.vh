// chipbench testbench support: included *inside* the hidden `tb` module.
//
// The verdict travels on a line that carries a per-run nonce handed to the
// simulator as a plusarg; candidate code is forbidden from reading plusargs, so
// it cannot print a line the harness would believe.
integer cb_checks;
integer cb_errors;
reg [8*40-1:0] cb_nonce;

initial begin
  cb_checks = 0;
  cb_errors = 0;
  if (!$value$plusargs("chipbench_nonce=%s", cb_nonce)) cb_nonce = "missing";
end

// Don't-care bits: a testbench leaves an output bit open by expecting `x` there.
// `cb_dontcare64(expected)` gives the mask of those bits, on each simulator its own way:
// - four-state (Icarus): the x and z bits of `expected`;
// - two-state (Verilator), which has no `x`: the harness builds the model with every `x` of the
//   source left to run time (--x-assign unique --x-initial unique) and runs it twice with the
//   same seed, every `x` made 0 in the first run (+chipbench_xrecord, which writes each
//   expected value to chipbench_xtrace.hex) and 1 in the second (which reads them back, in the
//   same order): an expected bit that differs between the two runs depends on an `x`. Without
//   the first run's value (no file, fewer lines) the mask is empty: every bit is compared.
// Call it once per compared value, in the same order in every run.
`ifdef VERILATOR
integer cb_xfd = 0;
reg cb_xopened = 1'b0;
reg cb_xrecord = 1'b0;
function automatic [63:0] cb_dontcare64(input [63:0] expected);
  reg [63:0] first;
  begin
    if (!cb_xopened) begin
      cb_xopened = 1'b1;
      cb_xrecord = $test$plusargs("chipbench_xrecord");
      cb_xfd = $fopen("chipbench_xtrace.hex", cb_xrecord ? "w" : "r");
    end
    first = expected;
    if (cb_xrecord) begin
      if (cb_xfd != 0) $fdisplay(cb_xfd, "%h", expected);
    end else if (cb_xfd == 0 || $fscanf(cb_xfd, "%h\n", first) != 1) begin
      first = expected;
    end
    cb_dontcare64 = expected ^ first;
  end
endfunction
`else
function automatic [63:0] cb_dontcare64(input [63:0] expected);
  integer b;
  begin
    cb_dontcare64 = 64'd0;
    if (^expected === 1'bx)  // some bit is x or z: find which (rare, so the loop is cheap)
      for (b = 0; b < 64; b = b + 1) cb_dontcare64[b] = (expected[b] === 1'bx || expected[b] === 1'bz);
  end
endfunction
`endif

// Compare one observed value with the expected one. Don't-care bits of `expected` (above) are
// ignored; any other bit must match exactly, and an `x` or `z` the design drives there is a
// mismatch.
task cb_check(input [8*24-1:0] name, input [63:0] got, input [63:0] expected);
  reg [63:0] dc;
  begin
    cb_checks = cb_checks + 1;
    dc = cb_dontcare64(expected);
    if ((got & ~dc) !== (expected & ~dc)) begin
      cb_errors = cb_errors + 1;
      if (cb_errors <= 3)
        $display("CHIPBENCH_MISMATCH time=%0t signal=%0s expected=%0h got=%0h",
                 $time, name, expected, got);
    end
  end
endtask

// Print the verdict line and stop. Every testbench ends through this task.
task cb_done;
  begin
    $display("CHIPBENCH_RESULT %0s checks=%0d errors=%0d", cb_nonce, cb_checks, cb_errors);
    $finish;
  end
endtask
