#!/bin/bash
# Review of session 69: each merge script re-run on the results and table its session started
# from (a copy of the working tree), compared with what its commit committed.
#   bash benchmarks/results/logs/review_session69/verify_merges.sh   (repository root)
set -u
root=$PWD
check() {  # SESSION_ARGS BEFORE AFTER
  local args=$1 before=$2 after=$3 dir
  dir=$(mktemp -d)
  (cd $root && git ls-files -z | xargs -0 cp --parents -t "$dir")
  cd "$dir"
  for f in benchmarks/results/h200/grouped_gemm.json jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json; do
    git -C $root show $before:$f > $f
  done
  python3 -m $args > /tmp/merge_out.log 2>&1 || { echo "$args: FAILED"; tail -5 /tmp/merge_out.log; }
  for f in benchmarks/results/h200/grouped_gemm.json jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json; do
    if git -C $root show $after:$f | cmp -s - $f; then echo "$args $f: identical to $after"; else echo "$args $f: DIFFERS from $after"; fi
  done
  cd /; rm -rf "$dir"
}
check "benchmarks.results.logs.session69.merge table" e2393a5 9833000
check "benchmarks.results.logs.session69.merge records" f650fac 04605e8
check "benchmarks.results.logs.session67.merge" d8be7cc^ d8be7cc
check "benchmarks.results.logs.session66.merge" 870b12a^ 870b12a
