"""Fingerprints of the Mosaic GPU kernels' traced programs, for refactors that must not change them.

Traces (on CPU, nothing runs) the jaxpr of every build in `_cases()` (the extend-attention and
grouped-GEMM kernels over their configs, interpret mode on and off, and the fused GEMM +
reduce-scatter kernel inside shard_map over an abstract mesh of tp devices), writes each as text under
--out/TAG/NAME.txt and prints its sha1. Identical text before and after a change means the same
traced kernel; compare two tags with --compare:

  python -m benchmarks.kernel_jaxprs --tag=before        # on the old code
  python -m benchmarks.kernel_jaxprs --tag=after         # on the new code
  python -m benchmarks.kernel_jaxprs --compare=before,after

With --lowered each build is fingerprinted as its CUDA export instead (jax.export under an
abstract H200 mesh, source locations off: the Mosaic GPU module as compiled, so it also shows a
config that does not lower, and that a refactor leaves the lowered kernel unchanged, not only its
jaxpr; sessions 31-32 wrote one-off scripts of this kind).

First used in session 24 (benchmarks/results/logs/review_session24/jaxpr_check.log); sessions 17
and 20 wrote one-off scripts of the same kind (their logs folders).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import pathlib
import re
from typing import Callable

import jax
import jax.numpy as jnp
from absl import app, flags

from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as A
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig as R
from pallas_kernels.gemm_rs.mosaic import gemm_reduce_scatter_fused
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as G
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm.support import signal_target

_TAG = flags.DEFINE_string("tag", "now", "name of this set of jaxprs")
_OUT = flags.DEFINE_string("out", "/tmp/kernel_jaxprs", "folder of the jaxpr texts")
_ONLY = flags.DEFINE_list("only", [], "case names to trace (default: all)")
_COMPARE = flags.DEFINE_list("compare", [], "two tags: report which cases differ")
_LOWERED = flags.DEFINE_bool("lowered", False, "fingerprint each build's CUDA export (Mosaic GPU "
                             "lowering included, source locations off) instead of its jaxpr")

S = jax.ShapeDtypeStruct
_BF, _F8, _I32, _F32 = jnp.bfloat16, jnp.float8_e4m3fn, jnp.int32, jnp.float32


def _attention(head_dim, num_q_heads, num_kv_heads, config, interpret, **kw) -> tuple:
  """8 sequences, T = 4096, prefixes of up to 512 in pages of 16, max_extend_len 512."""
  b, t, p = 8, 4096, 512
  args = (S((t, num_q_heads, head_dim), _BF), S((t, num_kv_heads, head_dim), _BF),
          S((t, num_kv_heads, head_dim), _BF),
          S((b * p // 16, 16, num_kv_heads, head_dim), _BF),
          S((b * p // 16, 16, num_kv_heads, head_dim), _BF),
          S((b, p // 16), _I32), S((b,), _I32), S((b + 1,), _I32))
  fn = functools.partial(extend_attention_pallas, max_extend_len=512, config=config,
                         interpret=interpret, **kw)
  return fn, args, interpret


_M, _K, _N = 4096, 2816, 1408   # Gemma's gate/up projection, contiguous


def _gemm(config, *, activation=None, rhs_layout="kn", dtype=_BF, groups=16) -> tuple:
  rhs = S((groups, _N, _K) if rhs_layout == "nk" else (groups, _K, _N), dtype)
  kw = dict(config=config, activation=activation, num_sms=132, rhs_layout=rhs_layout)
  args = [S((_M, _K), dtype), rhs, S((groups,), _I32)]
  if dtype == _F8:
    nb = -(-_N // 128)
    args += [S((_M, _K // 128), _F32),
             S((groups, nb, _K // 128) if rhs_layout == "nk" else (groups, _K // 128, nb), _F32)]
    fn = lambda x, w, gs, sx, sw: grouped_gemm_pallas(x, w, gs, lhs_scale=sx, rhs_scale=sw, **kw)
  else:
    fn = lambda x, w, gs: grouped_gemm_pallas(x, w, gs, **kw)
  return fn, args, False


def _signals(consumer: bool, interpret: bool) -> tuple:
  """Masked layout (8 groups of up to 512 rows) with completion signals, optionally a
  SignalConsumer copying each finished block (tests/_testing.snapshot_consumer)."""
  from tests import _testing
  config = G(block_m=128, block_n=256, num_stages=4)

  def fn(x, w, masked_m):
    side = (_testing.snapshot_consumer(
        num_ctas=4, num_blocks=8 * 512 // 128, block_m=128, n_out=_N,
        target=signal_target(config, n=_N, activation=None), dtype=_BF, interpret=interpret)
        if consumer else None)
    return grouped_gemm_pallas(x, w, masked_m=masked_m, config=config, num_sms=132,
                               return_signals=True, consumer=side, interpret=interpret)
  return fn, (S((8, 512, _K), _BF), S((8, _K, _N), _BF), S((8,), _I32)), interpret


def _gemm_rs(tp: int, config) -> tuple:
  """M 1024, K 512 per rank (a [1024, 512 tp] @ [512 tp, 768]), inside shard_map over an
  abstract mesh of tp H200s, which --lowered exports under (`fn.mesh`: the context mesh must be
  the shard_map's); no interpret build: its semaphores do not interpret."""
  from jax.sharding import PartitionSpec as P
  from jaxkern import _compat
  mesh = _compat.make_abstract_mesh((tp,), ("tp",), device_kind="NVIDIA H200")
  fn = jax.shard_map(functools.partial(gemm_reduce_scatter_fused, axis_name="tp", tp=tp,
                                       num_sms=132, config=config),
                     mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)), out_specs=P("tp"),
                     check_vma=False)
  fn.mesh = mesh
  return fn, (S((1024, 512 * tp), _BF), S((512 * tp, 768), _BF)), False


def _cases() -> dict[str, tuple[Callable, tuple, bool]]:
  """name -> (the build's function, its argument shapes, whether it is an interpret build)."""
  cases = {}
  attention = {
      "a0": (256, 8, 4, A(), dict(sliding_window=1000, logit_cap=30.0)),
      "a1": (256, 8, 4, A(overlap=True), {}),
      "a2": (256, 8, 4, A(persistent_ctas=132), dict(sliding_window=1000)),
      "a3": (256, 8, 4, A(overlap=True, persistent_ctas=132, tile_order="position"), {}),
      "a4": (256, 8, 4, A(persistent_ctas=7, tile_order="cost"), dict(logit_cap=30.0)),
      "a5": (128, 32, 8, A(block_kv=128, overlap=True), dict(sliding_window=777)),
      "a6": (128, 32, 8, A(tiles="sequence"), {}),
      "a7": (128, 32, 8, A(tiles="sequence", consumers=1, num_splits=4, overlap=True),
             dict(logit_cap=5.0)),
      "a8": (64, 8, 8, A(block_kv=128, consumers=1), {}),
      "a9": (256, 8, 4, A(tiles="sequence", consumers=1), dict(sliding_window=100)),
  }
  for name, (d, hq, hkv, config, kw) in attention.items():
    for interpret in (False, True):
      cases[f"{name}_{int(interpret)}"] = _attention(d, hq, hkv, config, interpret, **kw)
  groups4 = G(block_m=128, block_n=256, num_stages=4, tiles="groups")
  cases.update(
      g0=_gemm(groups4),
      g1=_gemm(groups4, activation="swiglu"),
      g2=_gemm(G(block_m=64, block_n=256, num_stages=4, split="n", tiles="groups")),
      g3=_gemm(G(block_m=128, block_n=256, num_stages=4)),
      g4=_gemm(G(block_m=64, block_n=256, num_stages=4, split="n"), activation="swiglu",
               rhs_layout="nk"),
      g5=_gemm(G(block_m=128, block_n=128, block_k=128, num_stages=4), rhs_layout="nk",
               dtype=_F8),
      g6=_gemm(G(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups"), dtype=_F8),
      g7=_gemm(groups4, groups=256),
      g8=_gemm(dataclasses.replace(groups4, stream_k=True)),
      g9=_gemm(dataclasses.replace(groups4, stream_k=True), activation="swiglu"),
      g10=_gemm(G(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups",
                  stream_k=True, sk_partials="lanes"), dtype=_F8),
      # 4 groups: the kernel computes its metadata from group_sizes (support.kernel_meta)
      g11=_gemm(groups4, groups=4),
      g12=_gemm(G(block_m=128, block_n=256, num_stages=4), groups=4),
      # session 62: fp8 128 x 128 group tiles (half tiles; the H200 table's fp8 decode and Gemma
      # rows), and configs that fit with one epilogue buffer per consumer (support.
      # epilogue_buffers): fp8 at 6 stages, bf16 128 x 192 group tiles (deferred stores) at 5
      g13=_gemm(G(block_m=128, block_n=128, block_k=128, num_stages=5, tiles="groups"),
                rhs_layout="nk", dtype=_F8),
      g14=_gemm(G(block_m=128, block_n=128, block_k=128, num_stages=6, tiles="groups"),
                rhs_layout="nk", dtype=_F8),
      g15=_gemm(G(block_m=128, block_n=192, num_stages=5, tiles="groups")),
      # session 65: group tiles storing every row by TMA (segment_stores="rows"), the H200
      # table's decode-size contiguous config
      g16=_gemm(G(block_m=64, block_n=128, split="n", num_stages=6, tiles="groups",
                  segment_stores="rows"), groups=128))
  for interpret in (False, True):
    for consumer in (False, True):
      cases[f"gs{int(consumer)}_{int(interpret)}"] = _signals(consumer, interpret)
  cases.update(
      r0=_gemm_rs(2, R(num_stages=4, accumulate="input")),
      r1=_gemm_rs(4, R(num_stages=4, accumulate="input", deferred=True)),
      r2=_gemm_rs(4, R()),
      r3=_gemm_rs(4, R(num_stages=4, accumulate="input", deferred=True, split_tail=True)),
      r4=_gemm_rs(2, R(num_stages=4, accumulate="input", deferred=True, tail_segments=4)),
      # session 78: 2-CTA clusters sharing b's box (the H200 table's K = 29568, tp 2 config)
      r5=_gemm_rs(2, R(num_stages=4, accumulate="input", deferred=True, split_tail=True,
                       cluster=2)))
  return cases


def _text(fn, args) -> str:
  """The build's jaxpr, or with --lowered its CUDA export's MLIR."""
  if not _LOWERED.value:   # a remote ref prints its traced peer as Var(id=<Python id>)
    return re.sub(r"Var\(id=\d+\)", "Var", str(jax.make_jaxpr(fn)(*args)))
  from jax import export
  from jaxkern import _compat
  jax.config.update("jax_traceback_in_locations_limit", 0)
  jax.config.update("jax_include_debug_info_in_dumps", False)
  mesh = getattr(fn, "mesh", None) or _compat.make_abstract_mesh((1,), ("x",),
                                                                  device_kind="NVIDIA H200")
  with jax.sharding.use_abstract_mesh(mesh):
    return export.export(jax.jit(fn), platforms=["cuda"])(*args).mlir_module()


def _digest(text: str) -> str:
  return hashlib.sha1(text.encode()).hexdigest()[:12]


def main(argv):
  del argv
  out = pathlib.Path(_OUT.value)
  if _COMPARE.value:
    if len(_COMPARE.value) != 2:
      raise app.UsageError("--compare takes two tags, e.g. --compare=before,after")
    old, new = (out / tag for tag in _COMPARE.value)
    names = sorted(p.name for p in old.glob("*.txt"))   # a folder per tag: until session 70
    differ = [n for n in names if not (new / n).exists()   # TAG_NAME.txt files, so tag x's
              or (old / n).read_text() != (new / n).read_text()]   # glob took tag x_l's too
    print(f"{len(names) - len(differ)} of {len(names)} identical"
          + (f"; differ or missing in {new.name}: "
             + ", ".join(n[:-len(".txt")] for n in differ) if differ else ""))
    return
  cases = _cases()
  unknown = set(_ONLY.value) - set(cases)
  if unknown:
    raise app.UsageError(f"--only: unknown cases {sorted(unknown)}; known: {sorted(cases)}")
  (out / _TAG.value).mkdir(parents=True, exist_ok=True)
  for name, (fn, args, interpret) in cases.items():
    if (_ONLY.value and name not in _ONLY.value) or (_LOWERED.value and interpret):
      continue          # (an interpret build runs on the CPU: it has no CUDA export)
    try:
      text = _text(fn, args)
    except Exception as e:  # noqa: BLE001  (a build that does not lower is a finding)
      print(name, "FAILED", type(e).__name__, str(e)[:200], flush=True)
      continue
    (out / _TAG.value / f"{name}.txt").write_text(text)
    print(name, _digest(text), len(text), flush=True)


if __name__ == "__main__":
  app.run(main)
