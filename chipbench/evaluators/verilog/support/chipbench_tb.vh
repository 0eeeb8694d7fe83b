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
// `cb_agree64(got, expected)` says whether `got` matches `expected` on every bit that is not
// don't-care, each simulator finding those bits its own way:
// - four-state (Icarus): the x and z bits of `expected`; an `x` or `z` the design drives on
//   any other bit is a mismatch;
// - two-state (Verilator), which has no `x`: the harness builds the model with every `x` of the
//   source left to run time (--x-assign unique --x-initial unique) and runs it twice with the
//   same seed, every `x` made 0 in the first run (+chipbench_xrecord: it writes each pair
//   compared to chipbench_xtrace.hex) and 1 in the second (which reads them back, in the same
//   order, and gives the verdict). A bit of `expected` that differs between the runs depends
//   on an `x`: don't-care. Any other bit must match, and must be the same in both runs (a
//   design bit that follows an `x` would be `x` on a four-state simulator). Without the first
//   run's values (no file, fewer lines) nothing is don't-care: every bit is compared.
//   Two points miss some `x`s (an unwritten 2-bit state compared with 1 is false at 00 and at
//   11), so the bits a four-state run of the same testbench found `x` are don't-care too
//   (chipbench_xmask.hex, one mask per compared value, which the harness writes only when
//   that run's trace lines up with the first run's, value by value).
// - the four-state run writes each expected value, x bits and all, to chipbench_itrace.txt.
// Call it once per compared value, in the same order in every run.
`ifdef VERILATOR
integer cb_xfd = 0;
integer cb_mfd = 0;
reg cb_xopened = 1'b0;
reg cb_xrecord = 1'b0;
function automatic bit cb_agree64(input [63:0] got, input [63:0] expected);
  reg [63:0] got0, expected0, four_state, dc;
  begin
    if (!cb_xopened) begin
      cb_xopened = 1'b1;
      cb_xrecord = $test$plusargs("chipbench_xrecord");
      cb_xfd = $fopen("chipbench_xtrace.hex", cb_xrecord ? "w" : "r");
      if (!cb_xrecord) cb_mfd = $fopen("chipbench_xmask.hex", "r");
    end
    got0 = got;
    expected0 = expected;
    four_state = 64'd0;
    if (cb_xrecord) begin
      if (cb_xfd != 0) $fdisplay(cb_xfd, "%h %h", got, expected);
    end else begin
      if (cb_xfd == 0 || $fscanf(cb_xfd, "%h %h\n", got0, expected0) != 2) begin
        got0 = got;
        expected0 = expected;
      end
      if (cb_mfd == 0 || $fscanf(cb_mfd, "%h\n", four_state) != 1) four_state = 64'd0;
    end
    dc = (expected ^ expected0) | four_state;
    cb_agree64 = ((got ^ expected) & ~dc) == 64'd0 && ((got ^ got0) & ~dc) == 64'd0;
  end
endfunction
`else
integer cb_ifd = 0;
integer cb_itraced = 0;
reg cb_iopened = 1'b0;
// Writes `expected` to the four-state trace, the first 2**20 values only (the harness reads a
// prefix; a file past the sandbox's size limit would end the run); 1 (a function, so a
// function can call it).
function automatic bit cb_trace64(input [63:0] expected);
  begin
    if (!cb_iopened) begin
      cb_iopened = 1'b1;
      cb_ifd = $fopen("chipbench_itrace.txt", "w");
    end
    if (cb_ifd != 0 && cb_itraced < 1048576) $fdisplay(cb_ifd, "%b", expected);
    cb_itraced = cb_itraced + 1;
    cb_trace64 = 1'b1;
  end
endfunction
function automatic bit cb_agree64(input [63:0] got, input [63:0] expected);
  reg [63:0] dc;
  reg traced;
  integer b;
  begin
    traced = cb_trace64(expected);
    dc = 64'd0;
    if (^expected === 1'bx)  // some bit is x or z: find which (rare, so the loop is cheap)
      for (b = 0; b < 64; b = b + 1) dc[b] = (expected[b] === 1'bx || expected[b] === 1'bz);
    cb_agree64 = (got & ~dc) === (expected & ~dc);
  end
endfunction
`endif

// Compare one observed value with the expected one (don't-care bits as above).
task cb_check(input [8*24-1:0] name, input [63:0] got, input [63:0] expected);
  begin
    cb_checks = cb_checks + 1;
    if (!cb_agree64(got, expected)) begin
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
