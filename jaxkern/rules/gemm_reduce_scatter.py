"""Fused or unfused GEMM + reduce-scatter, from static facts only.

1. A measured row (`jaxkern/tuning/<device>/gemm_reduce_scatter.json`, written by
   `python -m benchmarks.gemm_reduce_scatter --shapes sweep --update-tuning`) for the same dtype,
   tp, N, K and M bucket: the faster path of that run, and its fastest fused config.
2. Otherwise the row of a sibling kind (same SM count, compute capability and NVLink rate: the
   H100 SXM and the H200) for that key, where its faster path won by at least SIBLING_MARGIN
   and took at least SIBLING_MIN_US.
3. Otherwise a model of both paths from the device's ceilings (dense bf16 FLOP/s, NVLink bytes
   per second, HBM bandwidth), each mapped through the line measured = a * model + b of that path
   fitted on relative error over the device's measured rows at that tp (`calibration`; over all
   its rows at a tp with fewer than 2, so tp = 8 and unswept N, K extrapolate from the measured
   tps):
     unfused = GEMM + reduce-scatter of the bf16 partial product (nothing overlaps);
     fused   = max(GEMM, pushes of the accumulator dtype over NVLink) + zeroing the accumulator.
   Without measured rows the model is not trusted and the unfused path is kept.
"""

from __future__ import annotations

import dataclasses
import sys

import numpy as np

import sharding.gemm_rs as _grs
from jaxkern import tuning
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import decide
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig
from pallas_kernels.gemm_rs.mosaic import unsupported_reason as fused_unsupported

OP = "gemm_reduce_scatter"
IMPLS = ("unfused", "fused")
register_op(OP, IMPLS)

# The fused kernel's configs the benchmark sweeps (each fits the 227 KiB of shared memory).
CANDIDATES = (
    GemmRsFusedConfig(block_n=256, num_stages=3, accumulate="float32"),
    GemmRsFusedConfig(block_n=256, num_stages=3, accumulate="input"),
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input"),
    GemmRsFusedConfig(block_n=128, num_stages=4, accumulate="float32"),
    GemmRsFusedConfig(block_n=128, num_stages=5, accumulate="input"),
    # The same two input-dtype configs with each unit's pushes under the next unit's K steps.
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True),
    GemmRsFusedConfig(block_n=128, num_stages=5, accumulate="input", deferred=True),
    # The default with the units past the last whole wave cut along K (session 76): one run of
    # steps per CTA, or each unit in up to 4 K segments.
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True,
                      split_tail=True),
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True,
                      tail_segments=4),
    # The same three on 2-CTA clusters sharing b's box by TMA multicast (session 78; M/tp of an
    # even number of 128-row tiles only). On 2 H200s at tp 2, nine shapes timed twice, the
    # fused configs in either order (benchmarks/results/logs/session78/, run511-514: merge.py),
    # the best /c2 config against the best without: kernel time (CUPTI) 0.9-5.4% less on all
    # nine, span less on 7, wall clock less on 6 (whose table rows take it); 8192 x 8192 x 29568
    # /t/c2 2940.4 us by wall against /k4's 3012.8.
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True, cluster=2),
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True,
                      split_tail=True, cluster=2),
    GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True,
                      tail_segments=4, cluster=2),
)
# Unmeasured shapes: the fused config within 1% of the faster of the two timed on 36 of the 46
# (shape, tp) of session 49's sweep on 4 H100s (benchmarks/results/h100x4/
# gemm_reduce_scatter_sweep.json: n256/s4/in/d, geometric mean 1.015x the faster, worst 1.17x;
# n256/s4/in on 19, 1.025x, worst 1.15x). n128/s5/in ran level to 1.56x slower in session 48's
# run342, where configs were first really forced (session 9's comparison had timed the default
# under every name). Since session 50 spread the deferred pushes over the next unit, n256/s4/in/d
# is 6-12% faster than n256/s4/in on all four bar rows by wall (run358).
DEFAULT_FUSED = GemmRsFusedConfig(block_n=256, num_stages=4, accumulate="input", deferred=True)
_BY_NAME = {c.name: c for c in CANDIDATES}

# A sibling kind's measured row decides where its faster path won by at least SIBLING_MARGIN and
# took at least SIBLING_MIN_US (on calls under 500 us the wall clock runs 14-123 us over the
# devices' span in sessions 48-49's H100 sweeps, a cost that the two kinds' runs did not share).
# The bars were set on sessions 48-50's H100 rows against session 12's H200 rows (the earlier
# kernels): at a 150 us floor, M2048_N4096_K4096 (H100: unfused 162 vs fused 193 us, 1.19x)
# picked the path 1.11x slower on the H200; with no floor one 130-168 us H200 row
# (M1024_N4096_K4096) picked a path 1.30x slower on the H100. Since session 60 both tp=2 tables
# time the same kernels (H200: run409/run411, logs/session60/): the 6 rows of each kind passing
# both bars picked the other kind's faster path on all of them, and without the bars the worst
# pick was 1.055x slower (a near tie on either side). On session 77's H200 tp 2 rows (three fused
# configs, two runs each) 12 H100 and 15 H200 rows pass, their worst pick 1.01x slower on the
# other kind; without the bars 1.23x (the H100's M1024_N8192_K8192, a 1.01x margin). The bars
# are kept: the H200's tp=4 decisions come from H100 rows, which no H200 tp=4 row has checked on
# these kernels.
# tests/sharding/test_gemm_rs_fused.py::test_sibling_rows_pick_the_other_kinds_faster_path.
SIBLING_MARGIN = 1.15
SIBLING_MIN_US = 200.0


def candidate(name: str) -> GemmRsFusedConfig:
  """The candidate config called `name` (GemmRsFusedConfig.name); KeyError naming the others."""
  if name not in _BY_NAME:
    raise KeyError(f"no fused config {name!r}; candidates: {sorted(_BY_NAME)}")
  return _BY_NAME[name]


@dataclasses.dataclass(frozen=True)
class GemmReduceScatterProblem:
  m: int
  n: int
  k: int      # global K (the local shard is k / tp)
  dtype: str
  tp: int

  def table_key(self) -> dict:
    return {"dtype": self.dtype, "k": self.k, "m": tuning.bucket(self.m), "n": self.n,
            "tp": self.tp}


def model_us(p: GemmReduceScatterProblem, device: DeviceSpec,
             fused_config: GemmRsFusedConfig = DEFAULT_FUSED) -> dict[str, float]:
  """Uncalibrated microseconds of each path from the device's ceilings ({} without them)."""
  if not device.peak_bf16_flops or not device.link_bytes_per_s or not device.hbm_bytes_per_s:
    return {}
  itemsize = 4 if p.dtype == "float32" else 2
  acc_itemsize = 4 if fused_config.accumulate == "float32" else itemsize
  gemm = 1e6 * 2.0 * p.m * p.n * (p.k / p.tp) / device.peak_bf16_flops
  off_rank = p.m * p.n * (p.tp - 1) / p.tp      # elements each rank sends to the others
  rs = 1e6 * off_rank * itemsize / device.link_bytes_per_s
  push = 1e6 * off_rank * acc_itemsize / device.link_bytes_per_s
  zero = 1e6 * p.m / p.tp * p.n * acc_itemsize / device.hbm_bytes_per_s
  return {"unfused": gemm + rs, "fused": max(gemm, push) + zero}


def _measured_points(device: DeviceSpec, rows) -> dict[str, list[tuple[int, float, float]]]:
  """Per path: (tp, model_us, measured µs) over the device's measured `rows`."""
  points: dict[str, list[tuple[int, float, float]]] = {"unfused": [], "fused": []}
  for row in rows:
    key, times = row["key"], row["times_us"]
    p = GemmReduceScatterProblem(m=key["m"], n=key["n"], k=key["k"], dtype=key["dtype"],
                                 tp=key["tp"])
    if times.get("unfused"):
      points["unfused"].append((p.tp, model_us(p, device)["unfused"], times["unfused"]))
    fused = {name: us for name, us in times.items() if name in _BY_NAME and us}
    if fused:
      name = min(fused, key=fused.get)
      points["fused"].append((p.tp, model_us(p, device, _BY_NAME[name])["fused"], fused[name]))
  return points


@dataclasses.dataclass(frozen=True)
class _Fit:
  lines: dict[str, tuple[float, float]]   # per path (a, b): measured ≈ a * model_us + b
  rows: int                               # the measured rows the lines were fitted to
  at_tp: bool                             # whether those are the rows at the asked tp


_FITS: dict = {}   # (device, tp) -> (the table's rows tuple it was fitted to, its _Fit)


def _fit(device: DeviceSpec, tp: int | None) -> _Fit:
  """`calibration`'s lines and the rows they came from, fitted once per (device, tp) and table:
  a rule decides at every trace, and the fit over the table's rows (a model per row and a least
  squares per path) took ~0.5 ms of each. The cache holds the rows tuple it fitted
  (`tuning.rows`, itself cached per table) and refits when that is another object (a rewritten
  table, or a test's filtered rows)."""
  rows = tuning.rows(device.kind, OP)
  hit = _FITS.get((device, tp))
  if hit is not None and hit[0] is rows:
    return hit[1]
  lines, used, at_tp = {}, 0, False
  for path, pts in _measured_points(device, rows).items():
    here = [pt for pt in pts if pt[0] == tp]
    if len(here) >= 2:
      pts = here
    if len(pts) >= 2:
      _, x, y = np.asarray(pts, np.float64).T
      a, b = np.linalg.lstsq(np.stack([x / y, 1 / y], 1), np.ones_like(y), rcond=None)[0]
      lines[path] = (float(a), float(b))
      if path == "unfused":
        used, at_tp = len(pts), len(here) >= 2
  fit = _Fit(lines, used, at_tp)
  _FITS[(device, tp)] = (rows, fit)
  return fit


def calibration(device: DeviceSpec, tp: int | None = None) -> dict[str, tuple[float, float]]:
  """Per path, (a, b) of the line measured ≈ a * model_us + b over the device's measured rows at
  `tp` (all its rows where fewer than 2 are at that tp, or tp is None), fitted on relative error
  (least squares of (a * model + b) / measured - 1), so that the 100 µs calls weigh as much as
  the 6 ms ones: the pick turns on the ratio of the two estimates. b: the fixed cost of a call
  (e.g. the per-launch rendezvous of the local devices). Paths with fewer than 2 measured rows
  are left out. Session 51 (run361's tp 2 rows on session 50's kernel, 4 x H100): with each H100
  row held out in turn, the formula alone picks a path within 5% of the faster one on 43 of 46
  rows fitted this way, 39 with one absolute least-squares line over both tps
  (tests/sharding/test_gemm_rs_fused.py::test_rule_on_held_out_rows_stays_near_the_faster_path;
  benchmarks/results/logs/review_session51/rule_fits.py compares the fits)."""
  return _fit(device, tp).lines


def estimate(p: GemmReduceScatterProblem, device: DeviceSpec,
             fused_config: GemmRsFusedConfig | None = None) -> tuple[tuple[str, float], ...]:
  """Calibrated estimates of both paths (µs), as jaxkern.explain shows them."""
  fused_config = fused_config or config_for("fused", p, device)
  model, fit = model_us(p, device, fused_config), calibration(device, p.tp)
  return tuple((path, round(fit[path][0] * us + fit[path][1], 1)) for path, us in model.items()
               if path in fit)


def _row(p: GemmReduceScatterProblem, device: DeviceSpec) -> dict | None:
  return tuning.lookup(device.kind, OP, p.table_key())


def margin(row: dict) -> float:
  """How much faster a measured row's faster path was than its slower one (>= 1)."""
  times = row["times_us"]
  fused = min(us for name, us in times.items() if name != "unfused")
  return max(fused, times["unfused"]) / min(fused, times["unfused"])


def siblings(device: DeviceSpec) -> tuple[str, ...]:
  """Other kinds with a measured table whose SMs and NVLink are this device's."""
  same = lambda d: (d.compute_capability, d.num_sms, d.link_bytes_per_s)
  return tuple(k for k in tuning.device_kinds(OP) if k != device.kind and device.link_bytes_per_s
               and same(DeviceSpec.for_kind(k)) == same(device))


def decisive(row: dict) -> bool:
  """Whether a sibling kind's row may decide fused vs unfused here (SIBLING_MARGIN and
  SIBLING_MIN_US)."""
  return margin(row) >= SIBLING_MARGIN and min(row["times_us"].values()) >= SIBLING_MIN_US


def _measured(p: GemmReduceScatterProblem, device: DeviceSpec) -> tuple[dict | None, list]:
  """(this kind's row for p's key, else None; with none, [(kind, row)] of the sibling kinds'
  rows for it), looked up once per decision."""
  row = _row(p, device)
  if row is not None:
    return row, []
  found = ((kind, tuning.lookup(kind, OP, p.table_key())) for kind in siblings(device))
  return None, [(kind, r) for kind, r in found if r is not None and r.get("impl") in IMPLS]


def _config_origin(p: GemmReduceScatterProblem, row: dict | None, sibling_rows: list,
                   device: DeviceSpec) -> tuple[GemmRsFusedConfig, str]:
  """(the fused config, where it came from for the reason; "" for this kind's row's fastest):
  this kind's row's fastest fused config, or where that config cannot run p, the fastest of the
  row's configs that can (rows are bucketed by M: the M8192_N8192_K29568 row, whose fastest is
  a 2-CTA cluster config, also decides M = 4224, whose 2112 rows per block at tp 2 make 17 row
  tiles, an odd count no cluster can pair). Without a row, a sibling kind's row's fastest among
  the configs this kind's own table has timed and that run p (whatever that row's margin: which
  fused config is fastest is another question than fused or not; a config never run on this
  kind, such as split_tail and tail_segments on the H100s, is not lent to it), unless that row
  timed an earlier fused kernel (`fused_timed`). Else DEFAULT_FUSED."""
  if row is not None:
    own = row.get("fused_config")
    if own not in _BY_NAME:
      return DEFAULT_FUSED, ""
    why = _fused_reason(p, device, _BY_NAME[own])
    runs = _runnable_times(p, device, row["times_us"])
    if why is None or not runs:      # (none runs: `choose` falls back, saying why)
      return _BY_NAME[own], ""
    name = min(runs, key=runs.get)
    return _BY_NAME[name], (f"fused config {name}: the fastest of the row's configs that run "
                            f"here; its fastest, {own}, cannot ({why})")
  kind, sibling = next(((k, r) for k, r in sibling_rows if not r.get("fused_timed")), (None, None))
  if sibling is None:
    return DEFAULT_FUSED, (f"fused config {DEFAULT_FUSED.name}: the default (no measured row "
                           "of the current kernel)")
  lent = _runnable_times(p, device, sibling["times_us"], _timed_here(device))
  if not lent:
    return DEFAULT_FUSED, (f"fused config {DEFAULT_FUSED.name}: the default ({kind}'s row timed "
                           f"no config that {device.kind} has run and that runs here)")
  name = min(lent, key=lent.get)
  own = sibling.get("fused_config")
  unrun = f"; its fastest, {own}, has not run on {device.kind}" if own != name else ""
  return _BY_NAME[name], (f"fused config {name}: the fastest on {kind}'s "
                          f"{sibling.get('shape', '?')} of those {device.kind} has run{unrun}")


def _runnable_times(p: GemmReduceScatterProblem, device: DeviceSpec, times: dict[str, float],
                    allowed: set[str] | None = None) -> dict[str, float]:
  """A row's timed candidate configs (of `allowed`, if given) that can run p, with their µs."""
  return {name: us for name, us in times.items()
          if name in _BY_NAME and us and (allowed is None or name in allowed)
          and _fused_reason(p, device, _BY_NAME[name]) is None}


def _timed_here(device: DeviceSpec) -> set[str]:
  """The candidate fused configs timed in this kind's own table (any row, any tp)."""
  return {name for row in tuning.rows(device.kind, OP) for name in row["times_us"]
          if name in _BY_NAME}


def config_for(impl, problem, device):
  """The fused config `choose` would run (`_config_origin`); None for the unfused path."""
  if impl != "fused":
    return None
  return _config_origin(problem, *_measured(problem, device), device)[0]


def _fused_reason(p: GemmReduceScatterProblem, device: DeviceSpec,
                  config: GemmRsFusedConfig) -> str | None:
  """Why the fused kernel cannot run `p` with `config` on `device` (None when it can)."""
  if not device.has_mosaic_gpu:
    return f"the fused kernel is a Mosaic GPU kernel (Hopper); the device is {device.kind}"
  return fused_unsupported(config, m=p.m, n=p.n, k_local=p.k // p.tp, tp=p.tp, dtype=p.dtype)


def _stale(row: dict) -> str:
  """A table row timed with an earlier form of either path says so, for `jaxkern.explain`:
  `unfused_timed` (the H200's rows of sessions 9-12 took a float32 dot and a cast, which session
  49 replaced by a dot giving the input dtype: 1-9% less per call on 4 H100s) and `fused_timed`
  (rows not re-timed since session 50 spread the fused kernel's pushes: 6-11% less span on the
  H100s' bar shapes). Re-running the sweep with --update-tuning replaces a row and its marks."""
  how = [f"{path} timed as {row[f'{path}_timed']}" for path in ("unfused", "fused")
         if row.get(f"{path}_timed")]
  return f" [{'; '.join(how)}; re-measure]" if how else ""


def _span_note(row: dict) -> str:
  """A row's device span beside the wall clock its pick keys on (rows written since session 51
  carry `span_us`), saying so where the span would pick the other path: on short calls the host
  wall clock runs 15-136 us over the span (session 51's H100 sweep), and on 6 of its 46 rows
  (since session 52's K = 29568, tp 4 rows) the two disagree. The same for the time per call
  dispatched back to back (`sustained_us`, where a sweep ran with --sustain_s): under that load
  an H200 runs at its power cap, where the fused kernel's lead shrinks (session 64's run437)."""
  fused, note = row.get("fused_config"), ""
  for field, label, short in (("span_us", "device span", "span"),
                              ("sustained_us", "back to back (power cap)", "sustained time")):
    times = row.get(field) or {}
    if "unfused" not in times or fused not in times:
      continue
    by = "fused" if times[fused] < times["unfused"] else "unfused"
    note += f"; {label}: unfused {times['unfused']} us, fused[{fused}] {times[fused]} us"
    note += f" (the {short} favours {by})" if by != row.get("impl") else ""
  return note


def choose(problem: GemmReduceScatterProblem, device: DeviceSpec) -> Choice:
  p = problem
  row, sibling_rows = _measured(p, device)
  sibling = next(((kind, r) for kind, r in sibling_rows if decisive(r)), None)
  fused_config, origin = _config_origin(p, row, sibling_rows, device)
  est = estimate(p, device, fused_config)
  make = lambda impl, source, reason: Choice(
      op=OP, impl=impl, config=fused_config if impl == "fused" else None, source=source,
      problem=p, reason=reason + (f"; {origin}" if impl == "fused" and origin else ""),
      estimate=est)
  blocked = _fused_reason(p, device, fused_config)
  if blocked is not None:
    return make("unfused", "fallback", f"unfused: {blocked}")
  if row is not None and row.get("impl") in IMPLS:
    return make(row["impl"], "table", f"measured on {row.get('shape', '?')} at tp={p.tp}: "
                                      f"{row.get('why', '')}{_span_note(row)}{_stale(row)}")
  if sibling is not None:
    kind, srow = sibling
    return make(srow["impl"], "table", f"measured on {kind} (a sibling of {device.kind}), "
                                       f"{srow.get('shape', '?')} at tp={p.tp}: {srow.get('why', '')}"
                                       f" ({margin(srow):.2f}x >= {SIBLING_MARGIN}){_stale(srow)}")
  e = dict(est)
  if "fused" not in e or "unfused" not in e:
    return make("unfused", "fallback", f"tp={p.tp}: no measured rows for {device.kind}, so no "
                                       "calibrated model: dot + psum_scatter")
  fit = _fit(device, p.tp)
  fitted = (f"the {fit.rows} measured rows at tp={p.tp}" if fit.at_tp else
            f"all {fit.rows} measured rows, fewer than 2 at tp={p.tp}")
  model = (f"calibrated model: fused {e['fused']:.0f} us vs unfused {e['unfused']:.0f} us (GEMM "
           f"vs NVLink bytes, fitted to {fitted})")
  measured_tp = sorted({r["key"]["tp"] for r in tuning.rows(device.kind, OP)})
  if p.tp not in measured_tp:
    # The estimate extrapolates, but the fused kernel is only picked at a tp it has been run
    # (and checked) at on this device kind.
    return make("unfused", "formula", f"{model}; the fused kernel has not been measured at "
                                      f"tp={p.tp} on {device.kind} (only tp={measured_tp})")
  impl = "fused" if e["fused"] < e["unfused"] else "unfused"
  return make(impl, "formula", model)


def check(impl, config, problem, device) -> None:
  if impl == "unfused":
    if config is not None:
      raise ValueError(f"gemm_reduce_scatter: impl 'unfused' takes no config, got {config!r}")
    return
  if not isinstance(config, GemmRsFusedConfig):
    raise ValueError(f"gemm_reduce_scatter: impl 'fused' needs a GemmRsFusedConfig, got {config!r}")
  reason = _fused_reason(problem, device, config)
  if reason is not None:
    raise NotImplementedError(f"gemm_reduce_scatter(impl='fused'): {reason}")


def _choose_in_shard_map(a, b, tp, impl):
  problem = GemmReduceScatterProblem(m=a.shape[0], n=b.shape[1], k=a.shape[1] * tp,
                                     dtype=str(a.dtype), tp=tp)
  choice = decide(sys.modules[__name__], problem, DeviceSpec.current(), impl=impl)
  return choice.impl, choice.config


_grs.set_chooser(_choose_in_shard_map)
