#!/usr/bin/env bash
# Validate chipbench's GPU paths on a machine with an NVIDIA GPU, in one command, and write one
# summary. No machine of the project's CI has a GPU, so this is how the `cuda` and `triton`
# backends, the GPU-marked tests and the kernel timing protocol get checked for real: run it
# wherever a GPU is (chipbench and a CUDA build of torch installed in the Python it finds) and
# keep its summary (docs/gpu-validation.md holds the latest one of record).
#
#   scripts/gpu-validate.sh [OUT_DIR]      # default OUT_DIR: gpu-validation/
#
# Environment: PYTHON (default: .venv/bin/python if present, else python3), JOBS (tasks check
# concurrency, default 4), STABILITY_TASKS (timing-stability tasks, default "softmax_rows"),
# GPU_TESTS (where pytest looks for GPU-marked tests, default tests/), COMMIT (the commit named
# in the summary, where the checkout is no git repository).
# The exit status is 0 only when every step passed.
set -uo pipefail
cd "$(dirname "$0")/.."

OUT_DIR="${1:-gpu-validation}"
mkdir -p "$OUT_DIR"
if [ -z "${PYTHON:-}" ]; then
  if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
JOBS="${JOBS:-4}"
STABILITY_TASKS="${STABILITY_TASKS-softmax_rows}"
SUMMARY="$OUT_DIR/summary.md"
CHIPBENCH=("$PYTHON" -m chipbench)
failed=0

if ! "$PYTHON" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
  echo "gpu-validate: no CUDA GPU visible to $PYTHON's torch; nothing to validate" >&2
  exit 2
fi

step() {  # step NAME LOG COMMAND...: run one step, time it, record its outcome in the summary
  local name="$1" log="$2"; shift 2
  local start end rc
  start=$(date +%s)
  "$@" >"$OUT_DIR/$log" 2>&1
  rc=$?
  end=$(date +%s)
  [ "$rc" -eq 0 ] || failed=1
  local outcome="PASS"; [ "$rc" -eq 0 ] || outcome="FAIL (exit $rc)"
  printf '| %s | %s | %ss | `%s` |\n' "$name" "$outcome" "$((end - start))" "$log" >>"$SUMMARY"
  echo "gpu-validate: $name: $outcome ($((end - start)) s)"
}

{
  echo "# GPU validation"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "- commit: ${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "- GPU: $(nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -1)"
  echo "- $("$PYTHON" -c 'import sys, torch; print(f"python {sys.version.split()[0]}, torch {torch.__version__} (CUDA {torch.version.cuda})")')"
  echo "- triton: $("$PYTHON" -c 'import triton; print(triton.__version__)' 2>/dev/null || echo 'not installed')"
  echo "- nvcc: $(nvcc --version 2>/dev/null | tail -2 | head -1 || echo 'not on PATH')"
  echo
  echo "| step | outcome | time | log |"
  echo "|---|---|---|---|"
} >"$SUMMARY"

check() {  # every case's verdict as JSON, for the problems section of the summary
  "${CHIPBENCH[@]}" tasks check --suite "cuda-kernels:$1" --jobs "$JOBS" --json >"$OUT_DIR/tasks-check-$1.json"
}
for backend in triton cuda; do
  step "tasks check, cuda-kernels:$backend" "tasks-check-$backend.log" check "$backend"
done
step "GPU-marked tests" pytest-gpu.log \
  "$PYTHON" -m pytest -m gpu -q -rs -p no:cacheprovider ${GPU_TESTS:-tests}
for task in $STABILITY_TASKS; do
  for backend in triton cuda; do
    step "timing stability, $backend/$task" "stability-$backend-$task.log" \
      "$PYTHON" benchmarks/kernel_timing_stability.py --suite "cuda-kernels:$backend" --task "$task" --runs 5
  done
done

read -r -d '' PROBLEMS <<'PY'
import json, sys
from pathlib import Path
for path in sorted(Path(sys.argv[1]).glob("tasks-check-*.json")):
    try:
        cases = json.loads(path.read_text() or "[]")
    except ValueError:
        print(f"\n## {path.stem}: no JSON (see its log)")
        continue
    bad = [c for c in cases if not c["ok"]]
    print(f"\n## {path.stem}: {len(cases) - len(bad)} of {len(cases)} cases as expected")
    for c in bad:
        v = c["verdict"]
        print(f"\n- {c['task']} / {c['case']}: expected {'pass' if c['expect_pass'] else 'fail'}, "
              f"got {v['status']} {v['category']}: {v['reason']}")
        print("```\n" + (v["logs"] or v["feedback"])[-1500:] + "\n```")
PY
"$PYTHON" -c "$PROBLEMS" "$OUT_DIR" >>"$SUMMARY"

{
  echo
  echo "## Step outputs (last lines)"
  for log in "$OUT_DIR"/*.log; do
    echo
    echo "### $(basename "$log")"
    echo '```'
    tail -n 25 "$log"
    echo '```'
  done
} >>"$SUMMARY"
echo "gpu-validate: summary in $SUMMARY"
exit "$failed"
