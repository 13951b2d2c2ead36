#!/bin/bash
# Review of session 69: the CPU tests catch a Deal whose count and items disagree about the
# last round (count_in_cta_order), and one that ignores snake_last (the old deal; each mutation
# on a copy of the working tree; the deal and snake tests and the
# kernel's interpret test on such a deal).
#   bash benchmarks/results/logs/review_session69/snake_mutations.sh   (repository root)
set -u
root=$PWD
run() {  # NAME PYTHON-REPLACEMENT (old new)
  local dir; dir=$(mktemp -d)
  git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$dir")
  cp "$root/pallas_kernels/grouped_gemm/plan.py" "$dir/pallas_kernels/grouped_gemm/"
  cp "$root/tests/pallas_kernels/test_grouped_gemm_mosaic.py" "$dir/tests/pallas_kernels/"
  (cd "$dir" && python3 -c "
import sys; p='pallas_kernels/grouped_gemm/plan.py'; s=open(p).read()
old, new = sys.argv[1], sys.argv[2]
assert old in s, old; open(p, 'w').write(s.replace(old, new))" "$2" "$3" &&
   timeout 300 python3 -m pytest -q -p no:cacheprovider tests/pallas_kernels/test_grouped_gemm_mosaic.py \
     -k "deal_runs_every_unit or snake" 2>&1 | grep -E "^FAILED|passed|failed" | sed "s/^/$1: /")
  rm -rf "$dir"
}
run count_in_cta_order "last + (self._place(cta, last) < used)" "last + (cta < used)"
run snake_last_ignored "    if not self.snake_last:                            # snake_last the last one too" \
    "    if True:                            # snake_last the last one too"
