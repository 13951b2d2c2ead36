"""Device time of a jitted function.

GPU: CUPTI kernel times (`jax.experimental.mosaic.gpu.profiler.measure`), summed per call; the call
is repeated over `rotations` distinct input sets inside one jit so that inputs come from HBM, not
L2. On several devices the per-call figure is the kernel time summed over all devices divided by
their number (mean per-device busy time); a kernel that waits for a peer (a collective, the fused
GEMM + reduce-scatter's semaphores) counts its waiting, so launch skew between devices inflates it:
`time_chained_wall` times such calls on the host clock instead. CPU: host wall time per call (block_until_ready), which is
all the CPU can honestly offer.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from typing import Any, Callable, Sequence

import jax
import jax.numpy as jnp
import numpy as np

from jaxkern import _compat
from jaxkern.checks import rel_err


@dataclasses.dataclass(frozen=True)
class Timing:
  us: float          # median per call
  p10: float
  p90: float
  method: str        # "cupti" or "host"
  samples: int
  kernels: dict[str, float] | None = None   # GPU: median µs per call of each kernel, by name


def _input_bytes(args) -> int:
  return sum(x.size * x.dtype.itemsize for x in jax.tree.leaves(args) if hasattr(x, "dtype"))


def rotations_for(args, l2_bytes: int = 60 << 20, most: int = 8) -> int:
  """How many input sets to cycle through so that together they are about 3x the L2."""
  size = max(_input_bytes(args), 1)
  return int(min(most, max(1, -(-3 * l2_bytes // size))))


def time_fn(fn: Callable[..., Any], arg_sets: Sequence[tuple], *, iters: int = 20,
            num_devices: int = 1) -> Timing:
  """Median time of one call of `fn`, cycling over `arg_sets` (each a tuple of arguments)."""
  if jax.default_backend() == "gpu":
    return _cupti(fn, arg_sets, iters=iters, num_devices=num_devices)
  return _host(fn, arg_sets, iters=iters)


def _cupti(fn, arg_sets, *, iters, num_devices) -> Timing:
  count = len(arg_sets)

  @jax.jit
  def all_sets(sets):
    return [fn(*args) for args in sets]

  _, timings = _compat.cupti_measure(all_sets, iterations=iters)(list(arg_sets))
  if timings is None:
    raise RuntimeError("CUPTI recorded no kernels")
  per_call = [sum(ms for _, ms in kernels) * 1e3 / count / num_devices for kernels in timings]
  by_name: dict[str, list[float]] = {}
  for kernels in timings:
    totals: dict[str, float] = {}
    for name, ms in kernels:
      totals[name] = totals.get(name, 0.0) + ms * 1e3 / count / num_devices
    for name, us in totals.items():
      by_name.setdefault(name, []).append(us)
  breakdown = {name: float(np.median(v)) for name, v in
               sorted(by_name.items(), key=lambda kv: -float(np.median(kv[1])))}
  return dataclasses.replace(_summary(per_call, "cupti"), kernels=breakdown)


def chained(fn: Callable[..., Any], arg_sets: Sequence[tuple], calls: int):
  """(jitted chain, its argument): `calls` calls of fn in one jit, call i on input set i (sets
  past len(arg_sets) are copies, so XLA cannot merge calls as common subexpressions; it looks
  through optimization_barrier), each waiting for the previous call's output, every output
  returned (so no call is dead code)."""
  count = len(arg_sets)
  sets = [tuple(arg_sets[i]) if i < count else
          tuple(jnp.copy(x) if hasattr(x, "dtype") else x for x in arg_sets[i % count])
          for i in range(calls)]

  @jax.jit
  def chain(sets):
    outs = []
    for args in sets:
      if outs:
        args, _ = jax.lax.optimization_barrier((args, outs[-1]))
      outs.append(fn(*args))
    return outs
  return chain, sets


def time_chained_wall(fn: Callable[..., Any], arg_sets: Sequence[tuple], *, iters: int = 10,
                      calls: int = 8) -> Timing:
  """Host wall time per call of `calls` calls of `fn` run back to back in one jit (`chained`:
  calls cannot overlap or merge); one dispatch's host overhead and any launch skew between
  devices are spread over `calls` calls. For collectives whose kernels wait on each other across devices, where summed
  kernel time counts those waits (see the module docstring)."""
  chain, sets = chained(fn, arg_sets, calls)
  jax.block_until_ready(chain(sets))
  per_call = []
  for _ in range(iters):
    start = time.perf_counter()
    jax.block_until_ready(chain(sets))
    per_call.append((time.perf_counter() - start) * 1e6 / calls)
  return _summary(per_call, f"wall, {calls} chained calls per dispatch")


def _host(fn, arg_sets, *, iters) -> Timing:
  jitted = jax.jit(fn)
  for args in arg_sets:
    jax.block_until_ready(jitted(*args))
  per_call = []
  for i in range(iters):
    args = arg_sets[i % len(arg_sets)]
    start = time.perf_counter()
    jax.block_until_ready(jitted(*args))
    per_call.append((time.perf_counter() - start) * 1e6)
  return _summary(per_call, "host")


def _summary(samples, method) -> Timing:
  arr = np.asarray(samples)
  return Timing(us=float(statistics.median(samples)), p10=float(np.percentile(arr, 10)),
                p90=float(np.percentile(arr, 90)), method=method, samples=len(samples))


def checked_time(rec: dict, fn: Callable[..., Any], ref, arg_sets: Sequence[tuple], *, tol: float,
                 iters: int, checked: Callable[..., Any] | None = None) -> dict:
  """Fill `rec` with fn's error vs `ref` on the first input set and, only if it is within `tol`,
  its time over all sets; a callable that fails or is wrong is recorded (us=None + note), since
  a peer or config that cannot run a shape is a finding, not a crash. checked(out, *args): the
  part of fn's result the check compares with `ref` (e.g. `ref`'s zeros where fn's contract
  leaves the result unspecified); it is not timed."""
  try:
    out = jax.jit(fn)(*arg_sets[0])
    if checked is not None:
      out = checked(out, *arg_sets[0])
    rec["err"] = err = float(rel_err(out, ref))
    if not err < tol:
      return dict(rec, us=None, note=f"wrong result (rel err {err:.3g})")
    t = time_fn(fn, arg_sets, iters=iters)
    return dict(rec, us=t.us, p10=t.p10, p90=t.p90, method=t.method,
                **({"kernels": t.kernels} if t.kernels else {}))
  except Exception as e:  # noqa: BLE001
    return dict(rec, us=None, note=f"{type(e).__name__}: {str(e)[:300]}")
