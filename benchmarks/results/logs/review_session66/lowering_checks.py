"""Review of session 66 (no device): the CPU lowering facts session 66's notes state, as one
script (it printed them from scripts it did not commit). Each check exports for the cuda platform
on CPU and prints ok or the error's first line:

rows   the grouped GEMM with group tiles, K-major weights and N = 200 (not whole 64 columns), both
       segment_stores, under lane and warpgroup lowering semantics (passed to `pl.kernel` here
       by wrapping it; the kernel itself names none, so each JAX's default applies), with the
       kernel's refusal of row stores at such N (session 66's fix) switched off here;
attn   the extend-attention smem-estimate test's configs, inside and outside the tests' abstract
       H200 mesh;
fp8    session 66's stream_fp8.py variants.

  PYTHONPATH=$PWD:$PWD/tests:$PWD/tests/pallas_kernels PY \\
      benchmarks/results/logs/review_session66/lowering_checks.py [rows] [attn] [fp8]
PY: python3 (jax 0.10.2) or the jax 0.11.2 venv of session 66's jax011_lowering.sh.
"""
import functools
import sys

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.mosaic.gpu.core import LoweringSemantics
from jax.experimental.pallas import mosaic_gpu as plgpu

import _testing

S = jax.ShapeDtypeStruct


def export(f, *args, mesh=True):
  try:
    if mesh:
      with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
        jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
    else:
      jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
    return "ok"
  except Exception as e:  # noqa: BLE001  (the message is the result)
    return "FAIL " + str(e).splitlines()[0][:160]


def rows():
  from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig
  from pallas_kernels.grouped_gemm import mosaic
  from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
  kernel, refusal = pl.kernel, mosaic.unsupported_reason
  mosaic.unsupported_reason = lambda config, **kw: (
      None if config.segment_stores == "rows" else refusal(config, **kw))
  for semantics in (LoweringSemantics.Lane, LoweringSemantics.Warpgroup):
    pl.kernel = functools.partial(
        kernel, compiler_params=plgpu.CompilerParams(lowering_semantics=semantics))
    for stores in ("swizzled", "rows"):
      jax.clear_caches()
      config = GroupedGemmPallasConfig(block_m=64, block_n=128, split="n", num_stages=4,
                                       tiles="groups", segment_stores=stores)
      f = lambda x, w, c: grouped_gemm_pallas(x, w, c, config=config, num_sms=132,
                                              rhs_layout="nk")
      print(f"rows {semantics.name} N=200 {stores}:",
            export(f, S((512, 512), jnp.bfloat16), S((4, 200, 512), jnp.bfloat16),
                   S((4,), jnp.int32)), flush=True)
  pl.kernel, mosaic.unsupported_reason = kernel, refusal


def attn():
  import test_extend_attention_mosaic as t
  from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
  test = t.test_smem_estimate_admits_only_configs_that_compile
  params = next(m for m in test.pytestmark if m.name == "parametrize").args[1]
  seqs, pages = 4, 4
  for head_dim, config in params:
    cache = S((seqs * pages, 16, 4, head_dim), jnp.bfloat16)
    args = (S((seqs * 4, 8, head_dim), jnp.bfloat16), S((seqs * 4, 4, head_dim), jnp.bfloat16),
            S((seqs * 4, 4, head_dim), jnp.bfloat16), cache, cache, S((seqs, pages), jnp.int32),
            S((seqs,), jnp.int32), S((seqs + 1,), jnp.int32))
    f = lambda *a: extend_attention_pallas(*a, config=config, max_extend_len=4)
    for mesh in (True, False):
      print(f"attn hd{head_dim} {config.tiles} c{config.consumers} s{config.num_stages} "
            f"x{config.num_splits} p{config.persistent_ctas} mesh={mesh}:",
            export(f, *args, mesh=mesh), flush=True)


def fp8():
  from benchmarks.results.logs.session65.stream_probe import stream
  from benchmarks.results.logs.session66.stream_fp8 import G, K, N, VARIANTS
  for v in VARIANTS:
    print(f"fp8 {v.name}:", export(functools.partial(stream, v=v),
                                   S((G, N, K), jnp.float8_e4m3fn)), flush=True)


if __name__ == "__main__":
  print("jax", jax.__version__)
  for name in sys.argv[1:] or ["rows", "attn", "fp8"]:
    globals()[name]()
