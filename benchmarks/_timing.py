"""Device time of a jitted function.

GPU: CUPTI kernel times (`jax.experimental.mosaic.gpu.profiler.measure`), summed per call; the call
is repeated over `rotations` distinct input sets inside one jit so that inputs come from HBM, not
L2. On several devices the per-call figure is the kernel time summed over all devices divided by
their number (mean per-device busy time); a kernel that waits for a peer (a collective, the fused
GEMM + reduce-scatter's semaphores) counts its waiting, so launch skew between devices inflates it:
`time_chained` times such calls on the host clock too (8 calls chained in one jit, so one
dispatch's host cost and the launch skew are spread over them), beside their CUPTI time and the
span of the devices' timeline in a profiler trace. CPU: host wall time per call
(block_until_ready), which is all the CPU can honestly offer.
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
  @jax.jit
  def all_sets(sets):
    return [fn(*args) for args in sets]

  return _cupti_of(all_sets, list(arg_sets), calls=len(arg_sets), iters=iters,
                   num_devices=num_devices)


def _cupti_of(jitted, arg, *, calls: int, iters: int, num_devices: int) -> Timing:
  """CUPTI time per call of `jitted(arg)`, which runs `calls` calls: every kernel of the run
  summed, over `calls` and the devices; with each kernel's share by name."""
  _, timings = _compat.cupti_measure(jitted, iterations=iters)(arg)
  if timings is None:
    raise RuntimeError("CUPTI recorded no kernels")
  per_call = [sum(ms for _, ms in kernels) * 1e3 / calls / num_devices for kernels in timings]
  by_name: dict[str, list[float]] = {}
  for kernels in timings:
    totals: dict[str, float] = {}
    for name, ms in kernels:
      totals[name] = totals.get(name, 0.0) + ms * 1e3 / calls / num_devices
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


def _dispatch_us(chain, sets, *, calls: int) -> float:
  """Host wall time per call of one dispatch of `chain` (`chained`: `calls` calls that cannot
  overlap or merge), waited for."""
  start = time.perf_counter()
  jax.block_until_ready(chain(sets))
  return (time.perf_counter() - start) * 1e6 / calls


def _wall(chain, sets, *, iters: int, calls: int) -> Timing:
  """Host wall time per call of `chain` over `iters` dispatches."""
  return _summary([_dispatch_us(chain, sets, calls=calls) for _ in range(iters)],
                  f"wall, {calls} chained calls per dispatch")


@dataclasses.dataclass(frozen=True)
class ChainedTimes:
  """Three views of one compiled chain of calls (`time_chained`), µs per call."""
  wall: Timing           # host clock around each dispatch of the chain
  cupti: Timing | None   # kernel time summed over the devices / their number, by kernel too
                         # (GPU only)
  span: Timing | None    # device timeline: first kernel start to last kernel end on any device
  busy: tuple[float, ...] | None   # per device: kernel time per call in the traced runs
  first: Any             # the first call's result (on input set 0), for checking
  sustained: Timing | None = None  # host clock per call, dispatched back to back (`sustained`)


def time_chained(fn: Callable[..., Any], arg_sets: Sequence[tuple], *, iters: int = 10,
                 calls: int = 8, num_devices: int = 1, trace_runs: int = 3,
                 sustain_s: float = 0.0) -> ChainedTimes:
  """`calls` chained calls of fn (`chained`), compiled once and timed three ways: host wall
  clock per dispatch; CUPTI kernel time (as `time_fn`: summed over devices and divided by their
  number, so a kernel waiting for a peer counts its wait); and, from a profiler trace of
  `trace_runs` dispatches, the device timeline's span from the first kernel start to the last
  kernel end over all devices, which holds every gap between kernels on the devices but none of
  the host's time before the first kernel or after the last. On CPU only the wall clock. With
  sustain_s > 0 also `sustained`, last (its load heats the GPUs for what follows)."""
  chain, sets = chained(fn, arg_sets, calls)
  first = jax.block_until_ready(chain(sets))[0]
  wall = _wall(chain, sets, iters=iters, calls=calls)
  hold = lambda: sustained(chain, sets, seconds=sustain_s, calls=calls) if sustain_s > 0 else None
  if jax.default_backend() != "gpu":
    return ChainedTimes(wall, None, None, None, first, hold())
  cupti = _cupti_of(chain, sets, calls=calls, iters=iters, num_devices=num_devices)
  try:
    spans, busy = trace_spans(chain, sets, runs=trace_runs) if trace_runs else ([], [])
  except Exception as e:   # a profiler that cannot trace here costs the span, not the record
    print(f"time_chained: no profiler span ({type(e).__name__}: {e})"[:300], flush=True)
    spans, busy = [], []
  span = _summary([s / calls for s in spans], "profiler span") if spans else None
  busy_per_call = tuple(b / calls / max(1, len(spans)) for b in busy) if spans else None
  # Last: a GPU that ran at its power cap stays warm a while.
  return ChainedTimes(wall, cupti, span, busy_per_call, first, hold())


SUSTAIN_REST_S = 2.0   # host sleep before a sustained loop, so one loop's heat does not carry over


def sustained(chain, sets, *, seconds: float, calls: int, rest_s: float | None = None) -> Timing:
  """Host time per call of `chain` dispatched back to back for `seconds` (after `rest_s` of
  sleep): each dispatch waited for, then the next. Under a long enough load an H200 reaches its
  700 W power cap and lowers its SM clock (session 64: 1440-1815 MHz against 1980, nvidia-smi,
  logs/session64/run435 and run437), which the other timings (ten dispatches; a trace with
  sleeps) barely see. The median is over the loop's second half, when the clock has settled."""
  time.sleep(SUSTAIN_REST_S if rest_s is None else rest_s)
  per_call, start = [], time.perf_counter()
  while not per_call or time.perf_counter() - start < seconds:
    per_call.append(_dispatch_us(chain, sets, calls=calls))
  return _summary(per_call[len(per_call) // 2:],
                  f"sustained {seconds:g} s, {calls} chained calls per dispatch")


RUN_GAP_S = 0.02   # host sleep between traced dispatches: far wider than any gap inside one


def trace_spans(chain, sets, *, runs: int) -> tuple[list[float], list[float]]:
  """(per run: µs from the first kernel start to the last kernel end on any device; per device:
  µs of kernels over all runs) from a jax.profiler trace of `runs` dispatches of `chain`, each
  waited for, then RUN_GAP_S of sleep, before the next. Kernels are the events on the device
  planes' "Stream" lines."""
  import glob
  import tempfile
  from jax.profiler import ProfileData
  with tempfile.TemporaryDirectory() as log_dir:
    with jax.profiler.trace(log_dir):
      for _ in range(runs):
        jax.block_until_ready(chain(sets))
        time.sleep(RUN_GAP_S)      # so that the runs are told apart by the widest gaps
    files = sorted(glob.glob(f"{log_dir}/**/*.xplane.pb", recursive=True))
    if not files:
      return [], []
    data = ProfileData.from_file(files[-1])
  kernels = []      # (device, start ns, end ns)
  for plane in data.planes:
    if not plane.name.startswith("/device:GPU:"):
      continue
    device = int(plane.name.rsplit(":", 1)[1])
    for line in plane.lines:
      if line.name.startswith("Stream"):
        kernels += [(device, e.start_ns, e.start_ns + e.duration_ns) for e in line.events]
  if not kernels:
    return [], []
  return _runs_of(kernels, runs)


def _runs_of(kernels: list[tuple[int, float, float]], runs: int):
  """Split kernel events (device, start, end; ns) into `runs` dispatches at the `runs - 1`
  widest gaps of the merged device timeline (each dispatch was waited for on the host, then
  RUN_GAP_S slept, before the next); (per run: span µs, per device: busy µs)."""
  events = sorted(kernels, key=lambda k: k[1])
  gaps, reach = [], events[0][2]
  for i in range(1, len(events)):
    gaps.append((events[i][1] - reach, i))
    reach = max(reach, events[i][2])
  cuts = sorted(i for _, i in sorted(gaps, reverse=True)[:runs - 1])
  groups = [events[a:b] for a, b in zip([0] + cuts, cuts + [len(events)])]
  spans = [(max(e for _, _, e in g) - min(s for _, s, _ in g)) / 1e3 for g in groups]
  devices = sorted({d for d, _, _ in kernels})
  busy = [sum(e - s for d, s, e in kernels if d == dev) / 1e3 for dev in devices]
  return spans, busy


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
