#!/bin/bash
# Review of session 67 (no device, repository root): the interpret tests of fp8 deferred row
# stores must fail when a deferred store is dropped. Each mutation drops the flushes of one of
# the three places `scaled_steps` runs them (in a step of the K loop, in the last step, in a zero
# unit's branch with no steps), runs the fp8 deferral cases, and restores mosaic.py.
set -u
M=pallas_kernels/grouped_gemm/mosaic.py
K="fp8_half_tiles or (fp8_1d2d and (config7 or config8)) or fp8_stream_k"
cp $M /tmp/mosaic_unmutated.py
trap 'cp /tmp/mosaic_unmutated.py $M' EXIT
mutate() {   # NAME PYTHON-REPLACEMENT (old, new)
  python3 - "$2" "$3" <<'EOF'
import sys
p = "pallas_kernels/grouped_gemm/mosaic.py"
s = open(p).read()
old, new = sys.argv[1], sys.argv[2]
assert s.count(old) == 1, old
open(p, "w").write(s.replace(old, new))
EOF
  echo "== $1"
  python3 -m pytest -q -p no:cacheprovider tests/pallas_kernels/test_grouped_gemm_mosaic.py -k "$K" \
    2>&1 | grep -E "^FAILED|passed|failed"
  cp /tmp/mosaic_unmutated.py $M
}
echo "== unmutated"
python3 -m pytest -q -p no:cacheprovider tests/pallas_kernels/test_grouped_gemm_mosaic.py -k "$K" \
  2>&1 | grep -E "^FAILED|passed|failed"
mutate "loop step's flushes dropped" \
  "functools.partial(step, after=after)" "step"
mutate "last step's flushes dropped" \
  "              pl.when(i * FLUSH_SPACING >= looped)(after)" "              pass"
mutate "no-step branch's flushes dropped" \
  "          for after in flushes:
            after()
          return count, acc" "          return count, acc"
