#!/bin/bash
# Session 71's review: what backs two CPU-only claims of session 71, under the H200's jax 0.11.2
# on CPU (session 66's jax011_lowering.sh and its venv), from the repository root on a clean
# tree: the lowering tests as committed, then with each fix taken back (restored after):
# 1. `Static.tile_row` without its pl.multiple_of(row, 8) for aligned tiles, in the producer,
#    the consumers and the deferred stores alike ("You need to prove the divisibility of index
#    0 using pl.multiple_of");
# 2. extend attention's first key row as jnp.zeros_like(q_lo) again ("Shaped arrays must be
#    represented by ir.Values, got: 0").
set -u
run() {
  echo "== $1"
  bash benchmarks/results/logs/session66/jax011_lowering.sh -k "smem_estimate or partial_k_steps or lower" 2>&1 \
    | grep -E "^FAILED|^[0-9]+ (passed|failed)" | sed "s/ - .*//"
}
run "as committed"
sed -i 's/    return row if self.exact_starts else pl.multiple_of(row, 8)/    return row/' \
  pallas_kernels/grouped_gemm/static.py
run "no multiple-of-8 hint on aligned tile rows"
git checkout -q -- pallas_kernels/grouped_gemm/static.py
sed -i 's/  k_lo = q_lo \* 0 if window is None/  k_lo = jnp.zeros_like(q_lo) if window is None/' \
  pallas_kernels/extend_attention/plan.py
run "extend attention's first key row as jnp.zeros_like"
git checkout -q -- pallas_kernels/extend_attention/plan.py
/tmp/v011/bin/python -c "import jax, jax.numpy as jnp; print(jax.__version__, jax.make_jaxpr(jnp.zeros_like)(jnp.int32(3)))"
