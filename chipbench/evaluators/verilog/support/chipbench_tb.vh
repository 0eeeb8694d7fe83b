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

// Compare one observed value with the expected one. `!==` makes X/Z mismatches count.
task cb_check(input [8*24-1:0] name, input [63:0] got, input [63:0] expected);
  begin
    cb_checks = cb_checks + 1;
    if (got !== expected) begin
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
