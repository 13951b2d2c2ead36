"""Extend attention on the PEERS.md §1 shapes: our impls vs cuDNN (jax.nn.dot_product_attention)
and tokamax's Mosaic GPU kernel when importable, in the same process.

  python -m benchmarks.extend_attention [--shapes seed|small] [--page_sizes 16,1] [--out DIR]

Every output is checked against the float32 reference before it is timed; a peer whose output
disagrees is recorded with its error and no time.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

import jaxkern
from benchmarks import _report, _timing
from jaxkern.device import DeviceSpec
from jaxkern.rules import roofline_us
from jaxkern.shapes import AttentionShape, attention_shape_set
from pallas_kernels.extend_attention import extend_attention_reference

_SHAPES = flags.DEFINE_enum("shapes", "seed", ["seed", "hd128", "all", "small"],
                            "seed: PEERS.md §1 shapes; hd128: head_dim 128 shapes; all: both; "
                            "small: tiny shapes (CPU smoke run)")
_ONLY = flags.DEFINE_list("only", [], "shape names to run (default: all of the set)")
_PAGE_SIZES = flags.DEFINE_list("page_sizes", ["16", "1"], "page sizes to run our impls at")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")
_ITERS = flags.DEFINE_integer("iters", 20, "timed iterations (median)")

SMALL_SHAPES = (
    AttentionShape("small_prefill", 1, 64, 0, num_q_heads=4, num_kv_heads=2, head_dim=64),
    AttentionShape("small_verify", 4, 4, 48, 32, num_q_heads=4, num_kv_heads=2, head_dim=64),
    AttentionShape("small_chunk", 2, 32, 32, num_q_heads=4, num_kv_heads=2, head_dim=64),
)
DTYPE = jnp.bfloat16
TOL = 2e-2


def _dense_kv(args, shape: AttentionShape):
  """[B, prefix + extend, Hkv, D] keys and values gathered from the paged cache (outside timing:
  the dense peers get a contiguous cache, which favours them)."""
  q, k, v, k_cache, v_cache, page_table, _, _ = args
  b, p, e = shape.num_seqs, shape.prefix, shape.extend
  page_size = k_cache.shape[1]
  pos = np.arange(p)
  def dense(new, cache):
    prefix = cache[page_table[:, pos // page_size], pos % page_size] if p else cache[:b, :0]
    return jnp.concatenate([prefix.reshape(b, p, *cache.shape[2:]), new.reshape(b, e, *new.shape[1:])], 1)
  return q.reshape(b, e, *q.shape[1:]), dense(k, k_cache), dense(v, v_cache)


def _extend_mask(shape: AttentionShape):
  """[1, 1, extend, prefix + extend] visibility of DESIGN.md §2 (None when plain causal works)."""
  p, e, w = shape.prefix, shape.extend, shape.window
  if p == 0 and w is None:
    return None
  qpos = p + np.arange(e)[:, None]
  kpos = np.arange(p + e)[None, :]
  visible = kpos <= qpos
  if w is not None:
    visible &= kpos > qpos - w
  return jnp.asarray(visible[None, None])


def _peers(shape: AttentionShape):
  """name -> fn(q, k, v) on dense [B, T, H, D] inputs, for the peers importable here."""
  peers = {}
  if jax.default_backend() == "gpu":
    mask = _extend_mask(shape)
    peers["cudnn"] = lambda q, k, v: jax.nn.dot_product_attention(
        q, k, v, mask=mask, is_causal=mask is None, implementation="cudnn")
    try:
      import tokamax
    except ImportError:
      tokamax = None
    if tokamax is not None:
      p = shape.prefix
      # Query i sits at position p + i: keys j with j <= i + p, and j >= i + p - (W - 1).
      left = (shape.window - 1 - p) if shape.window else p + shape.extend
      peers["tokamax_mosaic"] = lambda q, k, v: tokamax.dot_product_attention(
          q, k, v, is_causal=False, local_window_size=(left, p), implementation="mosaic")
  return peers


def bench_shape(shape: AttentionShape, page_sizes, iters, floor_us) -> list[dict]:
  records = []
  base = dict(shape=shape.name, tp=1, flops=shape.causal_flops, floor_us=floor_us)
  kw = dict(sliding_window=shape.window, max_extend_len=shape.extend)
  peer_inputs = None
  for page_size in page_sizes:
    args, _ = shape.batch(page_size=page_size, dtype=DTYPE)
    ref = jax.jit(functools.partial(extend_attention_reference, **kw))(*args)
    fn = functools.partial(jaxkern.extend_attention, **kw)
    choice = jaxkern.explain(fn, *args)[0]
    name = shape.name if page_size == 16 else f"{shape.name}/ps{page_size}"
    sets = [args] + [shape.batch(page_size=page_size, dtype=DTYPE, seed=s)[0]
                     for s in range(1, _timing.rotations_for(args))]
    if peer_inputs is None:  # the peers see the same data, as dense tensors, rotated the same way
      peer_inputs = ([_dense_kv(s, shape) for s in sets], ref)
    # Ours as the rule picks it, and (page size 16) the XLA path as an in-run peer.
    runs = [("jaxkern:auto", fn, choice)]
    if page_size == 16:
      xla = functools.partial(jaxkern.extend_attention, impl="xla", **kw)
      runs.append(("xla-path", xla, jaxkern.explain(xla, *args)[0]))
    for impl, f, c in runs:
      rec = dict(base, shape=name, impl=impl, page_size=page_size, chosen=c.impl,
                 config=str(c.config), source=c.source)
      records.append(_timing.checked_time(rec, f, ref, sets, tol=TOL, iters=iters))
  dense_sets, ref = peer_inputs
  for name, peer in _peers(shape).items():
    peer_out = lambda *a, peer=peer: peer(*a).reshape(ref.shape)
    records.append(_timing.checked_time(dict(base, impl=name), peer_out, ref, dense_sets,
                                        tol=TOL, iters=iters))
  for r in records:
    r.setdefault("page_size", 16)
    if r.get("us"):
      r["tflops"] = r["flops"] / r["us"] / 1e6
      r["pct_of_floor"] = 100.0 * floor_us / r["us"] if floor_us else None
  return records


def main(argv):
  del argv
  device = DeviceSpec.current()
  shapes = _report.only(attention_shape_set(_SHAPES.value, SMALL_SHAPES), _ONLY.value)
  records = []
  for shape in shapes:
    floor = roofline_us(shape.causal_flops, shape.min_bytes(), device)
    records += bench_shape(shape, [int(p) for p in _PAGE_SIZES.value], _ITERS.value, floor)
    path = _report.write(_OUT.value, "extend_attention", records)   # after each shape: a run
    print(f"done {shape.name}", flush=True)                         # cut short keeps its rows
  _report.plot(records, path.with_suffix(".png"), title="extend attention (bf16, page 16)")
  impls = list(dict.fromkeys(r["impl"] for r in records))
  print(_report.table(records, rate_key="tflops", baseline="jaxkern:auto", columns=impls))
  print("\nfloors (us): " + ", ".join(f"{r['shape']}={r['floor_us']:.1f}" for r in records
                                      if r["impl"] == "jaxkern:auto" and r.get("floor_us")))
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
