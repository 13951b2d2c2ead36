"""Review of session 67: the kernel candidates of session 67's g1_sk.sh (128 x 256 group tiles,
4 stages, with and without stream-K, tile and lanes partials) on DS_G1_m1024_dn and
DS_G1_m1024_gu (one group of 1024 rows, bf16), each exported for cuda on CPU under the tests'
abstract H200 mesh; prints ok or the first line of the error.

  PYTHONPATH=$PWD:$PWD/tests PY benchmarks/results/logs/review_session67/g1_sk_lower.py
PY: python3 (jax 0.10.2) or the jax 0.11.2 venv of session 66's jax011_lowering.sh.
"""
import sys

import jax
import jax.numpy as jnp

import _testing
from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

S = jax.ShapeDtypeStruct
GROUPS = dict(block_m=128, block_n=256, num_stages=4, split="m", tiles="groups")
CANDIDATES = {"groups": {}, "sk": dict(stream_k=True),
              "skl": dict(stream_k=True, sk_partials="lanes")}


def main():
  print("jax", jax.__version__, "python", sys.version.split()[0])
  for name, (n, k) in (("DS_G1_m1024_dn", (7168, 2048)), ("DS_G1_m1024_gu", (4096, 7168))):
    for label, extra in CANDIDATES.items():
      config = GroupedGemmPallasConfig(**GROUPS, **extra)
      f = lambda x, w, g, c=config: grouped_gemm_pallas(x, w, g, config=c, num_sms=132)
      try:
        with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
          jax.export.export(jax.jit(f), platforms=["cuda"])(
              S((1024, k), jnp.bfloat16), S((1, k, n), jnp.bfloat16), S((1,), jnp.int32))
        print(name, label, "ok", flush=True)
      except Exception as e:  # noqa: BLE001  (the message is the result)
        print(name, label, "FAIL", str(e).splitlines()[0][:200], flush=True)


if __name__ == "__main__":
  main()
