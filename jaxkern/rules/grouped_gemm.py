"""Which grouped-GEMM implementation and config, from static facts only."""

from __future__ import annotations

import dataclasses
import math

from jaxkern import tuning
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import roofline_us
from pallas_kernels.grouped_gemm import GroupedGemmXlaConfig
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.support import (FP8, signals_reason,
                                                 unsupported_reason as pallas_unsupported)

OP = "grouped_gemm"
IMPLS = ("xla", "pallas")
PALLAS_TABLE = "grouped_gemm_pallas"   # kernel configs measured by benchmarks.grouped_gemm_configs
register_op(OP, IMPLS)

# Memory cap (not a speed threshold) on the weights one step of the tiled path gathers.
GATHER_SCRATCH_BYTES = 256 << 20
_BLOCK_MS = (16, 32, 64, 128, 256)


@dataclasses.dataclass(frozen=True)
class GroupedGemmProblem:
  layout: str          # "contiguous" or "masked"
  num_groups: int
  m: int               # M (contiguous) or M_max (masked)
  k: int
  n: int
  dtype: str
  out_dtype: str
  activation: str | None
  signals: bool = False   # return_signals=True: only the kernel publishes completion
  rhs_layout: str = "kn"  # "nk": K-major weights [G, N, K]

  @property
  def fp8(self) -> bool:
    return self.dtype.startswith("float8")

  def table_key(self) -> dict:
    # M to the nearest power of two, not the next: a decode batch has exactly tokens x top_k
    # rows (Gemma's 128 tokens: 1024), and the rows measured for it were taken on group sizes
    # that sum a little over that (1056): rounding up put the two in different buckets, and the
    # batch got the formula (session 65).
    key = {"layout": self.layout, "dtype": self.dtype, "G": tuning.bucket(self.num_groups),
           "M": tuning.bucket_nearest(self.m), "K": tuning.bucket(self.k),
           "N": tuning.bucket(self.n)}
    if self.activation is not None:    # a fused epilogue is measured as its own row
      key["activation"] = self.activation
    if self.rhs_layout != "kn":        # so are K-major weights (fp8: no transpose in the time)
      key["rhs_layout"] = self.rhs_layout
    return key


def _itemsize(p: GroupedGemmProblem) -> int:
  return 1 if p.fp8 else (4 if p.dtype == "float32" else 2)


def _items_per_step(p: GroupedGemmProblem, block_m: int) -> int:
  num_items = -(-p.m // block_m) + p.num_groups - 1
  per_item = p.k * p.n * (_itemsize(p) + (2 if p.fp8 else 0))
  return max(1, min(num_items, GATHER_SCRATCH_BYTES // per_item))


def _costs(p: GroupedGemmProblem, device: DeviceSpec) -> dict[GroupedGemmXlaConfig, float]:
  """Modelled cost per XLA variant: microseconds from the measured ceilings, or plain FLOPs where
  the device has none (min() keeps the first of equal entries: ragged_dot, then smaller tiles)."""
  isz = _itemsize(p)
  io_bytes = p.m * p.k * isz + p.m * p.n * 4
  out = {}
  dense_flops = 2.0 * p.num_groups * p.m * p.k * p.n  # ragged_dot expands to a masked dense dot
  cfg = GroupedGemmXlaConfig(method="ragged_dot")
  us = roofline_us(dense_flops, io_bytes + p.num_groups * p.k * p.n * isz, device, fp8=p.fp8)
  out[cfg] = dense_flops if us is None else us
  for bm in _BLOCK_MS:
    items = -(-p.m // bm) + p.num_groups - 1
    flops = 2.0 * items * bm * p.k * p.n
    weight_bytes = 3.0 * items * p.k * p.n * isz  # gather: read, write, read again
    cfg = GroupedGemmXlaConfig(method="tiled", block_m=bm, items_per_step=_items_per_step(p, bm))
    us = roofline_us(flops, io_bytes + weight_bytes, device, fp8=p.fp8)
    out[cfg] = flops if us is None else us
  return out


def config_name(cfg: GroupedGemmPallasConfig) -> str:
  """The kernel config's name in benchmark records
  ("pallas/m128/n256/s4/m/b8[/groups][/sk[l]][/k128][/exact][/rows]")."""
  return (f"pallas/m{cfg.block_m}/n{cfg.block_n}/s{cfg.num_stages}/{cfg.split}/b{cfg.band}"
          + ("/groups" if cfg.tiles == "groups" else "")
          + ("/sk" if cfg.stream_k else "") + ("l" if cfg.sk_partials == "lanes" else "")
          + (f"/k{cfg.block_k}" if cfg.block_k != 64 else "")
          + ("/exact" if cfg.lhs_boxes == "exact" else "")
          + ("/rows" if cfg.segment_stores == "rows" else ""))


def pallas_unsupported_reason(problem: GroupedGemmProblem, config: GroupedGemmPallasConfig):
  p = problem
  rows = p.m * (p.num_groups if p.layout == "masked" else 1)    # the flat lhs's
  reason = pallas_unsupported(config, k=p.k, n=p.n, dtype=p.dtype, out_dtype=p.out_dtype,
                              activation=p.activation, k_major=p.rhs_layout == "nk", rows=rows)
  if reason is None and p.signals:
    reason = signals_reason(config, m_max=p.m)
  return reason


def pallas_candidates(problem: GroupedGemmProblem) -> list[GroupedGemmPallasConfig]:
  """The Mosaic GPU configs worth measuring: CUTLASS-like 128x256 tiles (prefill) with a 4- or
  3-deep ring, 128x128 tiles, and 64-row tiles whose consumers split the columns (small groups);
  128 x 256 tiles inside one group (tiles="groups": each weight tile read once per tile of its
  group, no tile runs two groups' K loops; since session 14 they write exactly their group's
  rows, so large groups are candidates too) on every layout (one contiguous group since session
  63), and for contiguous layouts of several groups more group tiles; for the masked layout also
  stream-K group tiles and 64 x 128 row tiles with a 5-deep ring (session 33).
  256x128 and 64x128 row tiles (3-deep) lost on all 6 shapes of their first H200 run (NOTES.md,
  session 7)."""
  C = GroupedGemmPallasConfig
  if problem.fp8:   # each consumer scales 64 x 128 or 64 x 192; K steps of 128 (a scale block)
    F = dict(block_k=128)
    out = [C(block_m=128, block_n=128, num_stages=4, **F),
           C(block_m=64, block_n=256, split="n", num_stages=4, **F),
           C(block_m=128, block_n=192, num_stages=4, **F)]
    if problem.layout == "contiguous" and problem.num_groups > 1:
      out += [C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups", **F),
              C(block_m=128, block_n=128, num_stages=4, tiles="groups", **F),
              C(block_m=128, block_n=192, num_stages=4, tiles="groups", **F)]
    # (masked fp8: 128 x 192 group tiles lost to row tiles on all three rows, 2.9-4.7%: session
    # 29, benchmarks/results/logs/grouped_gemm_session29/masked_fp8_configs_run186.json)
    # Group tiles whose units left after the whole rounds are split along K (session 32, any
    # layout and G; benchmarks/results/logs/grouped_gemm_session32/fp8_sk_configs_run213.json,
    # fp8_sk_masked_configs_run214.json: DS_G1_m1024_gu 74.0 -> 70.1 us, masked 72.2 -> 70.8;
    # slower than the table's configs on DS_G4_m256_gu, 77.4-87.4 vs 69.0 / 77.4)
    out += [C(block_m=128, block_n=192, num_stages=4, tiles="groups", stream_k=True, **F),
            C(block_m=128, block_n=192, num_stages=4, tiles="groups", stream_k=True,
              sk_partials="lanes", **F),
            C(block_m=128, block_n=128, num_stages=4, tiles="groups", stream_k=True, **F)]
    return [c for c in out if pallas_unsupported_reason(problem, c) is None]
  out = [C(block_m=128, block_n=256, num_stages=4), C(block_m=128, block_n=256, num_stages=3),
         C(block_m=128, block_n=128, num_stages=4),
         C(block_m=64, block_n=256, split="n", num_stages=4),
         # 128 x 256 tiles inside one group (tiles="groups"), for every layout and group count:
         # - masked: the rows past masked_m as zero units dealt after the work (session 28,
         #   run178: DS_G1_m1024_dn/masked 50.9 us vs 68.9 with the table's 128 x 128 row tiles;
         #   on the four decode rows 64 x 256 group tiles lost 1.4-34%, so not a candidate);
         # - one contiguous group: each unit's stores deferred into the next unit's K steps
         #   (session 63, one process each, call us: logs/session63/run429/g1_dn.json,
         #   DS_G1_m1024_dn 45.6-45.8 against 48.7-49.0 on 128 x 256 row tiles at 3 stages,
         #   DS_G1_m1024_gu 118.0 against 146.7; run430's configs run: 45.8 against 46.7 at 4
         #   stages and 45.6 for our XLA path, cuBLAS's dot and a select, which the table
         #   keeps; stream-K lost there, 82.6-82.9 in run429, why not profiled);
         # - several contiguous groups (since session 14), beside the others below.
         C(block_m=128, block_n=256, num_stages=4, tiles="groups")]
  if problem.layout == "contiguous" and problem.num_groups > 1:
    out += [C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups"),
            C(block_m=64, block_n=128, split="n", num_stages=6, tiles="groups"),
            # Gm_prefill_gu's fastest in session 27 (with band 1: N = 1408 in 8 column tiles)
            C(block_m=128, block_n=192, num_stages=4, tiles="groups"),
            # ... and since session 38 (band 1: 11 column tiles, none partial, half tiles; run263:
            # 843.3 vs 861.6 us of kernel, 861.7 with 6 stages; level in run265, 843.4 vs 844.1;
            # session 29's run187 had 4 and 6 stages behind 128 x 192)
            C(block_m=128, block_n=128, num_stages=5, tiles="groups")]
  elif problem.layout == "masked":
    # The group tiles with the units left after the whole rounds split along K (session 30,
    # benchmarks/results/logs/grouped_gemm_session30/masked_gu_configs_run20[24].json:
    # DS_G4_m256_gu/masked 117.9 us vs 131.8 with column pieces, DS_G1 116.0 vs 121.6)
    out.append(C(block_m=128, block_n=256, num_stages=4, tiles="groups", stream_k=True))
    # ... with the partials thread-interleaved (session 31, logs/grouped_gemm_session31/
    # sk_exchange_run20[67].json: 3.1-3.7 us faster on DS_G1_m1024_gu/masked, slower on DS_G4;
    # session 36, logs/grouped_gemm_session36/masked_g4_configs_run244.json: faster on DS_G4 too)
    out.append(C(block_m=128, block_n=256, num_stages=4, tiles="groups", stream_k=True,
                 sk_partials="lanes"))
    # Narrower column tiles, a deeper ring: the Gemma decode rows' table configs (session 33,
    # benchmarks/results/logs/grouped_gemm_session33/ab_decode_{dn_run219,gu_run220}.json:
    # 143.1-143.5 us vs 150.7-150.9 for 64 x 256, 268.0 / 267.4 vs 274.7), measured beside the
    # table's configs by A/B, so that a configs run with --update-tuning weighs them too
    out.append(C(block_m=64, block_n=128, split="n", num_stages=5))
  return [c for c in out if pallas_unsupported_reason(problem, c) is None]


# The formula's group tiles for contiguous shapes of several groups (16-bit): 64 x 256 with the
# columns split, and 128 x 256 with the rows split (`group_tile_rounds_us` picks).
_GROUP_TILES = (GroupedGemmPallasConfig(block_m=64, block_n=256, split="n", num_stages=4,
                                        tiles="groups"),
                GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=4, tiles="groups"))


def pallas_formula_config(problem: GroupedGemmProblem,
                          device: DeviceSpec | None = None) -> GroupedGemmPallasConfig | None:
  """`_formula`'s config."""
  return _formula(problem, device)[0]


def _formula(problem: GroupedGemmProblem, device: DeviceSpec | None = None):
  """(config, note): an untuned shape's kernel config, and "" or why it takes row stores
  (`_first_runnable`). Contiguous, several groups: tiles inside one group, 64 x 256
  (columns split) or 128 x 256 with a 4-deep ring, whichever `group_tile_rounds_us` models faster
  on `device`'s `kernel_target` (default: the H200). That model picks the faster of the two on
  every contiguous shape of several groups where both were timed (the H200's configs runs of
  sessions 14-15 and the SwiGLU one, the H100's runs 373 and 378, the gpt-oss N-edge rows of
  session 54's run379-380 and sessions 55-56's run385-388: tests/jaxkern/test_cost_model.py); the
  rows-per-group threshold it replaced (64 x 256 up to 256 rows per group) missed 11 of those 28,
  by 18-25%. The masked layout with more than 128 rows per group (M_max): 128 x 256 group tiles,
  the rows past masked_m as zero units after the work (session 28,
  benchmarks/results/h200/grouped_gemm_configs.json: the fastest kernel config on all four such
  rows, DS_G1 and DS_G4, by 3-36%). One group, or the masked layout of <= 128 rows per group
  (whose row tiles lie inside one group's slab when M_max is a multiple of block_m, as on every
  measured shape): 128 x 256 row tiles from 128 rows per group (within 4.1% of the fastest on the
  four masked decode rows), else 64-row tiles split by columns. None if the kernel cannot run it."""
  C = GroupedGemmPallasConfig
  rows_per_group = problem.m if problem.layout == "masked" else problem.m / problem.num_groups
  order = []
  if problem.fp8:
    return _first_runnable(problem, _fp8_formula_order(problem, rows_per_group))
  if problem.layout == "contiguous" and problem.num_groups > 1:
    order += sorted(_GROUP_TILES, key=lambda c: group_tile_rounds_us(problem, c, device))
  if problem.layout == "masked" and rows_per_group > 128:
    order.append(C(block_m=128, block_n=256, num_stages=4, tiles="groups"))
  if rows_per_group >= 128:
    order.append(C(block_m=128, block_n=256, num_stages=4))
  order += [C(block_m=64, block_n=256, split="n", num_stages=4),
            C(block_m=128, block_n=128, num_stages=4)]
  return _first_runnable(problem, order)


def _first_runnable(problem: GroupedGemmProblem, order: list):
  """(config, note): the first config of `order` that can run the problem (note ""), else the
  first row-store variant of one (`_row_stores_variant`: a row count not a multiple of 8; the
  note says so), else (None, "")."""
  for c in order:
    if pallas_unsupported_reason(problem, c) is None:
      return c, ""
  for c in order:
    if (v := _row_stores_variant(problem, c)) is not None:
      return v, _row_stores_note(problem, c)
  return None, ""


def _row_stores_note(problem: GroupedGemmProblem, config: GroupedGemmPallasConfig) -> str:
  return (f"; with segment_stores='rows', since {config_name(config)} cannot run it: "
          f"{pallas_unsupported_reason(problem, config)}")


def group_tile_reason(problem: GroupedGemmProblem, config: GroupedGemmPallasConfig,
                      device: DeviceSpec) -> str:
  """What `pallas_formula_config` weighed for the tile height of group tiles (contiguous, several
  groups, 16-bit): each height's `group_tile_rounds_us`; "" where it weighed nothing."""
  if problem.fp8 or problem.layout != "contiguous" or config not in _GROUP_TILES:
    return ""
  est = ", ".join(f"{c.block_m} x 256 {group_tile_rounds_us(problem, c, device):.0f} us"
                  for c in _GROUP_TILES)
  return (f"; group tiles {config.block_m} x 256 by the wave model (rounds of one unit per SM "
          f"at its share of the roofline, no L2 reuse: {est}; relative, not a forecast)")


def group_tile_rounds_us(problem: GroupedGemmProblem, config: GroupedGemmPallasConfig,
                         device: DeviceSpec | None = None) -> float:
  """Modelled time of a contiguous problem on group tiles of `config` (persistent, one CTA per
  SM): rounds of num_sms units, each unit at one SM's share of the device's roofline (FLOPs of
  its block_m x block_n x K; bytes of its lhs and rhs tiles, no L2 reuse). A group of r rows
  takes r / block_m + 1/2 row tiles on average (its ragged end: half a tile), at least one.
  What it sees: tall tiles halve the units, so at prefill sizes, or wherever they save a whole
  round, they win; where both make the same rounds (decode rows, one tile per group either way)
  the shorter tile reads fewer bytes a unit. Equal group sizes assumed (M / G rows each).
  device: its `kernel_target` (default: the H200)."""
  spec = (device or DeviceSpec.for_kind("NVIDIA H200")).kernel_target
  parts = 2 if problem.activation == "swiglu" else 1
  rows_per_group = problem.m / problem.num_groups
  row_tiles = problem.num_groups * max(1.0, rows_per_group / config.block_m + 0.5)
  col_tiles = -(-(problem.n // parts) // (config.block_n // parts))
  rounds = math.ceil(row_tiles * col_tiles / spec.num_sms)
  tile_bytes = (config.block_m + config.block_n) * problem.k * _itemsize(problem)
  unit = spec.num_sms * roofline_us(2.0 * config.block_m * config.block_n * problem.k,
                                    tile_bytes, spec, fp8=problem.fp8)
  return rounds * unit


def _fp8_formula_order(problem: GroupedGemmProblem, rows_per_group: float):
  """fp8 configs in order of preference, from the 8 K-major rows of
  benchmarks/results/h200/grouped_gemm_configs_fp8_nk.json (session 12; its two prefill rows
  re-run in session 27 with 128 x 192 group tiles among the candidates): contiguous groups of <= 128 rows on average take 128 x 128 tiles inside a group
  (DS_G16_m64: 164.1 us vs 179.4 for 64 x 256), of <= 256 rows 64 x 256 ones (DS_G4_m256: 75.7
  vs 102.5), of more rows (several groups) 128 x 192 ones (DS prefill 857.6 us vs 893.0 for
  128 x 128 group tiles and 1003.6 for 128 x 192 row tiles; Gm prefill 549.7 vs 554.8); then
  128 x 192 row tiles where N is at least the 4096 of the DeepSeek rows they won on (DS_G1 both
  layouts, DS_G4 masked; 1% behind 128 x 128 on DS_G16 masked), else 128 x 128."""
  C, F = GroupedGemmPallasConfig, dict(block_k=128)
  order = []
  if problem.layout == "contiguous" and rows_per_group <= 128:
    order.append(C(block_m=128, block_n=128, num_stages=4, tiles="groups", **F))
  elif problem.layout == "contiguous" and rows_per_group <= 256:
    order.append(C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups", **F))
  elif problem.layout == "contiguous" and problem.num_groups > 1:
    order.append(C(block_m=128, block_n=192, num_stages=4, tiles="groups", **F))
  if problem.n >= 4096:
    order.append(C(block_m=128, block_n=192, num_stages=4, **F))
  return order + [C(block_m=128, block_n=128, num_stages=4, **F),
                  C(block_m=64, block_n=256, split="n", num_stages=4, **F)]


def measured_config(problem: GroupedGemmProblem, device: DeviceSpec):
  """(the kernel table's row for this problem's key on this device, its config), or (None,
  None): no row, or no Mosaic GPU on the device."""
  row = (tuning.lookup(device.kind, PALLAS_TABLE, problem.table_key())
         if device.has_mosaic_gpu else None)
  return (None, None) if row is None else (row, GroupedGemmPallasConfig(**row["config"]))


def measured_kernel_speedup(layout: str, one_group: bool, device: DeviceSpec,
                            activation: str | None = None,
                            dtype: str = "bfloat16") -> tuple[float, int] | None:
  """Geometric mean of XLA time / kernel time over the measured rows of this layout and
  epilogue with one group, or with several (benchmarks.grouped_gemm_configs, both in the same
  run each), and how many rows; None if none. One group is its own class: there the XLA path is
  one dense dot. A fused epilogue is its own class too (the XLA path runs it as a second pass),
  and so is fp8 (a different kernel loop; bf16 and fp16 share one). Both weight layouts share a
  class: K-major weights make the fp8 kernel faster (no transpose) and bf16 0-6% slower."""
  if not device.has_mosaic_gpu:
    return None
  ratios = [r["xla_us"] / r["us"] for r in tuning.rows(device.kind, PALLAS_TABLE)
            if r["key"]["layout"] == layout and (r["key"]["G"] == 1) == one_group
            and r["key"].get("activation") == activation and r.get("xla_us")
            and (r["key"]["dtype"] == FP8) == (dtype == FP8)]
  if not ratios:
    return None
  return math.exp(sum(math.log(x) for x in ratios) / len(ratios)), len(ratios)


def _row_stores_variant(problem: GroupedGemmProblem, config: GroupedGemmPallasConfig):
  """A 16-bit group-tile config that cannot run this problem for its row count alone (not a
  multiple of 8: its swizzled stores copy whole 8-row tiles) -> the same config with row stores
  (`support.exact_starts`: every copy untiled, any row count), where that can run it; else
  None. Not for stream-K, whose partial tiles' stores have never run with row stores."""
  if config.tiles != "groups" or config.segment_stores == "rows" or config.stream_k:
    return None
  rows = dataclasses.replace(config, segment_stores="rows")
  return rows if pallas_unsupported_reason(problem, rows) is None else None


def _measured_runnable(problem: GroupedGemmProblem, device: DeviceSpec):
  """(row, config, why): the measured row's config as `_first_runnable` takes it (itself, or
  its row-store variant, the note saying why), or config None and why it cannot run (row None:
  no row)."""
  row, config = measured_config(problem, device)
  if row is None:
    return None, None, ""
  runnable, note = _first_runnable(problem, [config])
  if runnable is None:
    return row, None, pallas_unsupported_reason(problem, config)
  return row, runnable, note


def _pallas_config(problem: GroupedGemmProblem, device: DeviceSpec):
  """(config, "table" or "formula", why): the measured row's config when it can run this
  problem (signals included; its row-store variant where only the row count stops it), else
  the formula's; NotImplementedError when no candidate can."""
  row, config, reason = _measured_runnable(problem, device)
  if row is not None:
    if config is not None:
      return config, "table", f"the config measured on {row['shape']}{reason}"
  config, note = _formula(problem, device)
  if config is None:
    raise NotImplementedError(
        f"grouped_gemm(impl='pallas'): "
        f"{pallas_unsupported_reason(problem, GroupedGemmPallasConfig())}")
  return config, "formula", "the formula's config" + note + (
      f" (the one measured on {row['shape']} cannot run it: {reason})" if row is not None else "")


def config_for(impl: str, problem: GroupedGemmProblem, device: DeviceSpec):
  if impl == "pallas":
    return _pallas_config(problem, device)[0]
  if problem.layout == "masked":
    return GroupedGemmXlaConfig(method="batched")
  costs = _costs(problem, device)
  return min(costs, key=costs.get)


def estimate(problem: GroupedGemmProblem, device: DeviceSpec) -> tuple[tuple[str, float], ...]:
  p = problem
  flops = 2.0 * p.m * p.k * p.n * (p.num_groups if p.layout == "masked" else 1)
  bytes_moved = (p.m * p.k * (p.num_groups if p.layout == "masked" else 1) * _itemsize(p)
                 + p.num_groups * p.k * p.n * _itemsize(p) + p.m * p.n * 2)
  us = roofline_us(flops, bytes_moved, device, fp8=p.fp8)
  return () if us is None else (("floor", us),)


def _kernel_choice(problem: GroupedGemmProblem, device: DeviceSpec) -> tuple[Choice | None, str]:
  """The kernel's Choice when a measurement says it is faster (the table row of this shape, or
  for a shape in neither table the measured speedup on its layout), else (None, why not)."""
  if not device.has_mosaic_gpu:
    return None, f"no Mosaic GPU kernel on {device.kind}"
  row, config, note = _measured_runnable(problem, device)
  if row is not None:
    if config is None:        # (note: why not)
      return None, f"kernel cannot run it: {note}"
    if row.get("xla_us") is not None and row["us"] >= row["xla_us"]:
      return None, f"kernel measured slower ({row['us']} vs {row['xla_us']} us, {row['shape']})"
    return Choice(op=OP, impl="pallas", config=config, source="table", problem=problem,
                  reason=(f"measured on {device.kind} ({row['date']}, {row['shape']}): kernel "
                          f"{row['us']} us vs XLA {row['xla_us']} us in the same run{note}"),
                  estimate=(("pallas", row["us"]),) + (
                      (("xla", row["xla_us"]),) if row.get("xla_us") else ())), ""
  if tuning.lookup(device.kind, OP, problem.table_key()) is not None:
    return None, "only the XLA variants were measured on this shape"
  config, note = _formula(problem, device)
  if config is None:
    return None, f"kernel cannot run it: {pallas_unsupported_reason(problem, GroupedGemmPallasConfig())}"
  one = problem.num_groups == 1
  kind = (f"{problem.layout} shapes with {'one group' if one else 'G >= 2'}"
          + (f" and activation={problem.activation!r}" if problem.activation else "")
          + (" in fp8" if problem.fp8 else ""))
  speedup = measured_kernel_speedup(problem.layout, one, device, problem.activation,
                                    problem.dtype)
  if speedup is None:
    return None, f"no {kind} measured with the kernel"
  ran = (f"the kernel ran {speedup[0]:.2f}x the XLA path (geometric mean) on the {speedup[1]} "
         f"measured {kind} on {device.kind}")
  if speedup[0] <= 1.0:
    return None, ran
  return Choice(op=OP, impl="pallas", config=config, source="formula", problem=problem,
                reason=(f"untuned {problem.layout} shape, G={problem.num_groups}: {ran}"
                        + group_tile_reason(problem, config, device) + note),
                estimate=estimate(problem, device)), ""


def _signals_choice(problem: GroupedGemmProblem, device: DeviceSpec) -> Choice:
  """return_signals=True: the kernel whatever it costs (only it publishes per-block completion)."""
  if not device.has_mosaic_gpu:
    raise NotImplementedError(
        f"grouped_gemm: return_signals=True needs the Mosaic GPU kernel, which {device.kind} "
        "does not run (on CPU: jaxkern.policy(interpret=True) under an H200 abstract mesh)")
  config, source, why = _pallas_config(problem, device)
  return Choice(op=OP, impl="pallas", config=config, problem=problem, source=source,
                reason=f"return_signals=True: only the kernel publishes per-block completion; "
                       f"{why}", estimate=estimate(problem, device))


def choose(problem: GroupedGemmProblem, device: DeviceSpec) -> Choice:
  if problem.signals:
    return _signals_choice(problem, device)
  kernel, why_not = _kernel_choice(problem, device)
  if kernel is not None:
    return kernel
  if problem.layout == "masked":
    config = GroupedGemmXlaConfig(method="batched")
    return Choice(op=OP, impl="xla", config=config, source="fallback", problem=problem,
                  reason=f"masked layout: one batched dot over [G, M_max, K] ({why_not})",
                  estimate=estimate(problem, device))
  row = tuning.lookup(device.kind, OP, problem.table_key())
  if row is not None:
    config = GroupedGemmXlaConfig(**row["config"])
    return Choice(op=OP, impl="xla", config=config, source="table", problem=problem,
                  reason=f"measured on {device.kind} ({row['date']}): {row['why']} ({why_not})",
                  estimate=tuple(sorted(row["us"].items())))
  costs = _costs(problem, device)
  config = min(costs, key=costs.get)
  unit = "us" if device.peak_bf16_flops else "FLOP-equivalents"
  reason = (f"contiguous, G={problem.num_groups}: cheapest modelled XLA variant ({unit}: "
            + ", ".join(f"{c.method}/{c.block_m}={v:.3g}" for c, v in sorted(
                costs.items(), key=lambda kv: kv[1])[:3]) + f"; {why_not})")
  return Choice(op=OP, impl="xla", config=config, source="formula", problem=problem,
                reason=reason, estimate=estimate(problem, device))


def check(impl: str, config, problem: GroupedGemmProblem, device: DeviceSpec) -> None:
  del device
  if impl == "pallas":
    if not isinstance(config, GroupedGemmPallasConfig):
      raise ValueError(f"grouped_gemm: impl='pallas' needs a GroupedGemmPallasConfig, got {config!r}")
    reason = pallas_unsupported_reason(problem, config)
    if reason is not None:
      raise NotImplementedError(f"grouped_gemm(impl='pallas'): {reason}")
    return
  if problem.signals:
    raise NotImplementedError("grouped_gemm: return_signals=True needs impl='pallas' (the XLA "
                              "path cannot publish per-block completion)")
  if not isinstance(config, GroupedGemmXlaConfig):
    raise ValueError(f"grouped_gemm: impl='xla' needs a GroupedGemmXlaConfig, got {config!r}")
  if problem.layout == "masked" and config.method != "batched":
    raise ValueError(f"grouped_gemm: the masked layout needs method='batched', got {config.method!r}")
  if problem.layout == "contiguous" and config.method == "batched":
    raise ValueError("grouped_gemm: method='batched' is for the masked layout (lhs [G, M_max, K])")
