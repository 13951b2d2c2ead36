"""What the Mosaic GPU grouped GEMM (mosaic.py) supports, and which of its features a config
turns on: pure functions of a config and static shapes, used by the kernel's wrapper and by the
rule (jaxkern/rules/grouped_gemm.py), which knows the kernel only through these."""

from __future__ import annotations

import dataclasses
from typing import Callable

from pallas_kernels import _mgpu
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig

__all__ = ["EXACT_STARTS", "FP8", "FP8_DEFERRED_COLS", "KERNEL_META_GROUPS", "SCALE_BLOCK",
           "SUPPORTED_DTYPES", "TILE_RING", "TILE_SLOT", "SignalConsumer", "column_parts",
           "deferred_stores", "epilogue_buffers", "exact_starts", "half_tiles", "kernel_meta",
           "reads_masked_m", "signal_target", "signals_reason", "smem_bytes", "tail_split",
           "unsupported_reason"]

SUPPORTED_DTYPES = ("bfloat16", "float16", "float8_e4m3fn")
FP8 = "float8_e4m3fn"
SCALE_BLOCK = 128        # fp8 1D2D scales: per 128 channels of K (lhs), per 128 x 128 block (rhs)
FP8_DEFERRED_COLS = 128  # the widest consumer share (columns) whose fp8 stores are deferred


# Units whose tiles (`plan.Meta.tile`: groups, first row) the producer may publish to the
# consumers ahead of them, through a ring in shared memory (mosaic.py's `_kernel`), each in a
# slot of TILE_SLOT int32 (16 bytes: the tile's three values, one spare).
TILE_RING = 4
TILE_SLOT = 4


def smem_bytes(config: GroupedGemmPallasConfig, itemsize: int = 2,
               epi_bufs: int | None = None) -> int:
  """The operand ring plus `epi_bufs` 64-column output buffers per consumer (whatever the
  epilogue: SwiGLU's gate and up parts share each ring slot's rhs columns; by default
  `epilogue_buffers`') and the ring of published tiles (TILE_RING x TILE_SLOT int32: 64 bytes, a
  whole 1 KB in Pallas' layout); fp8 (itemsize 1) also rings one float32 lhs scale per tile row
  and writes a 16-bit output."""
  if epi_bufs is None:
    epi_bufs = epilogue_buffers(config, itemsize)
  scales = (config.num_stages * config.block_m * 4,) if itemsize == 1 else ()
  return _mgpu.gemm_smem_bytes(block_m=config.block_m, block_n=config.block_n,
                               block_k=config.block_k, num_stages=config.num_stages,
                               itemsize=itemsize, epi_rows=config.wg_tile[0],
                               epi_itemsize=max(itemsize, 2), epi_bufs=epi_bufs,
                               extra=scales + (TILE_RING * TILE_SLOT * 4,))


def epilogue_buffers(config: GroupedGemmPallasConfig, itemsize: int = 2) -> int:
  """Output buffers per consumer (`_mgpu.store_chunk`): two, so that a chunk's registers go to
  one while the other's TMA store reads it, where shared memory holds them beside the operand
  ring; else one. The one-buffer form is what lets fp8's 128 x 128 tiles ring 6 stages and its
  128 x 192 tiles 5 (each 2 KB over the limit with two buffers)."""
  return 2 if _mgpu.smem_reason(smem_bytes(config, itemsize, epi_bufs=2)) is None else 1


def _fp8_reason(config: GroupedGemmPallasConfig, *, k: int, out_dtype: str,
                activation: str | None) -> str | None:
  """Why the fp8 (1D2D-scaled) kernel cannot run this config (None when it can)."""
  if activation is not None:
    return f"activation={activation!r} with fp8 operands (the fp8 kernel fuses no epilogue yet)"
  if out_dtype not in ("bfloat16", "float16"):
    return f"out_dtype {out_dtype} with fp8 operands (the kernel writes bfloat16 or float16)"
  if k % SCALE_BLOCK:
    return f"K={k}: fp8 with 1D2D scales needs K % {SCALE_BLOCK} == 0"
  if config.block_k != SCALE_BLOCK:
    return f"block_k={config.block_k} with fp8 (one K step per scale block: block_k=128)"
  if config.wg_tile not in ((64, 128), (64, 192)):
    return (f"a {config.wg_tile[0]} x {config.wg_tile[1]} consumer tile with fp8 (each consumer "
            f"keeps a step's product beside its running sum: 64 x 128 or 64 x 192, e.g. "
            f"128 x 128 or 128 x 192 split 'm', or 64 x 256 split 'n')")
  return None


def column_parts(activation: str | None) -> int:
  """Column parts of a tile's rhs: 2 (gate, up) for SwiGLU, else 1."""
  return 2 if activation == "swiglu" else 1


def unsupported_reason(config: GroupedGemmPallasConfig, *, k: int, n: int, dtype: str,
                       out_dtype: str, activation: str | None, k_major: bool = False,
                       rows: int | None = None) -> str | None:
  """Why the kernel cannot run this problem with this config (None when it can). k_major: the
  weights come K-major ([G, N, K], rhs_layout="nk"; fp8 weights always reach the kernel so).
  rows: the flat lhs's rows (M, or G x M_max for the masked layout), when known."""
  if dtype not in SUPPORTED_DTYPES:
    return f"dtype {dtype} (the kernel takes {'/'.join(SUPPORTED_DTYPES)} so far)"
  if rows is not None and rows % 8 and not exact_starts(config, fp8=dtype == FP8):
    # Mosaic GPU describes a tiled TMA copy's global array as whole 8-row tiles (the lhs loads,
    # the swizzled stores): M = 4100 does not lower ("dimension 0 must have size smaller or a
    # multiple of its tiling 8"; session 79). 16-bit row-store group tiles copy through untiled
    # views and take any M.
    return (f"{rows} lhs rows (M, or G x M_max for the masked layout): this config's tiled TMA "
            f"copies need a multiple of 8 (16-bit group tiles with segment_stores='rows' take "
            f"any)")
  n_out = n // column_parts(activation)
  n_name = "N/2" if activation == "swiglu" else "N"
  if n_out % 64 and not (k_major or dtype == FP8):
    # [G, K, N] weights go through swizzled TMA tiles of 64 columns, and Mosaic GPU describes a
    # tiled copy's global array as whole tiles: N = 1000 does not lower. K-major weights have N
    # as their rows, and the output goes out through an untiled view (`_mgpu.untiled_copies`).
    return (f"N={n} with rhs_layout='kn': [G, K, N] weights are read in tiles of 64 columns, "
            f"so {n_name} must be a multiple of 64; "
            f"store the weights K-major (rhs_layout='nk', [G, N, K]) for this N")
  if config.segment_stores == "rows" and n_out % _mgpu.EPI_COLS:
    # jax 0.11 lowers the kernels with Mosaic GPU's warpgroup semantics (Pallas's default there;
    # jax 0.10's is lane), whose inference gives the row stores' buffers (allocated without
    # transforms) (1, 64) tiles and the 128-byte swizzle, and describes the output's global
    # array as whole tiles of them (session 66, H200: gpt-oss's N/2 = 1440 did not lower; jax
    # 0.10 lowers it; logs/review_session66/inferred_transforms.log).
    return (f"segment_stores='rows' with {n_name}={n_out}: the row stores write the output in "
            f"tiles of {_mgpu.EPI_COLS} columns, so it must be a multiple of {_mgpu.EPI_COLS} "
            f"(segment_stores='swizzled' takes any N)")
  if dtype == FP8:
    reason = _fp8_reason(config, k=k, out_dtype=out_dtype, activation=activation)
    if reason is not None:
      return reason
    if n % 8:
      return f"N={n}: TMA needs output rows of whole 16-byte units (N a multiple of 8)"
    return _mgpu.smem_reason(smem_bytes(config, itemsize=1))
  if config.block_k != 64:
    return f"block_k={config.block_k} with {dtype} (64: one 128-byte swizzle row)"
  if out_dtype != dtype:
    return f"out_dtype {out_dtype} (the kernel writes the operand dtype {dtype})"
  if activation not in (None, "swiglu"):
    return f"activation={activation!r} (the kernel fuses None or 'swiglu')"
  parts = column_parts(activation)
  if k % 8 or n % (8 * parts):
    return (f"K={k}, N={n}: TMA needs rows of whole 16-byte units (K and "
            f"{'N/2' if parts == 2 else 'N'} multiples of 8)")
  part_cols = config.wg_tile[1] // parts
  if part_cols % 64:
    return (f"activation='swiglu' with {config.wg_tile[1]} columns per consumer: its gate and up "
            f"shares ({part_cols} columns) must be multiples of 64")
  return _mgpu.smem_reason(smem_bytes(config))


def signals_reason(config: GroupedGemmPallasConfig, *, m_max: int) -> str | None:
  """Why this config cannot publish completion signals for a masked lhs of M_max rows per group
  (None when it can): a signal block is one row tile, which must lie inside one group."""
  if config.tiles != "rows":
    return f"return_signals=True needs tiles='rows' (config has tiles={config.tiles!r})"
  if m_max % config.block_m:
    return (f"return_signals=True needs M_max (lhs.shape[1] = {m_max}) to be a multiple of "
            f"block_m = {config.block_m} (one signal per row tile of one group)")
  return None


# Up to this many groups a contiguous launch computes its metadata itself (`kernel_meta`).
# H200, one process, XLA's metadata -> the kernel's (logs/grouped_gemm_session36/, run240, two
# rounds, us of the call): DS_G1_m1024_gu/fp8 69.2 / 69.1 -> 66.4 / 66.4, DS_G4_m256_gu/fp8
# 64.9 / 66.3 -> 62.5 / 62.9, DS_G4_m256_dn 54.0 / 55.4 -> 51.9 / 51.7, DS_G4_m256_gu 100.6 /
# 100.7 -> 98.8 / 99.2; at 16 groups the kernel's selects ate the gain (DS_G16_m32_dn 117.0 /
# 117.5 -> 117.3 / 117.5, its kernel 2.4-2.7 us slower).
KERNEL_META_GROUPS = 4


def kernel_meta(num_groups: int, *, masked: bool) -> bool:
  """Whether the kernel computes a launch's segment bounds and running tile counts from the G
  group sizes where it reads them (`plan.Meta.sizes`) instead of XLA computing them before the
  launch (masked row tiles that read masked_m directly need neither): a lookup by a traced index
  is a chain of O(G) selects over values computed from G loads, so only for a few groups. Not
  for the masked layout: there it ran DS_G1_m1024_gu/masked's stream-K table config 18-19 us
  slower (run239-241; 3.6 us faster with stream-K off, DS_G4_m256_gu/masked 0.8-2.5 us faster),
  a cause not found; `plan.sizes_meta` has no masked form since (session 36's review removed
  the one those runs timed)."""
  return not masked and num_groups <= KERNEL_META_GROUPS


def reads_masked_m(config: GroupedGemmPallasConfig, *, m_max: int) -> bool:
  """Whether a masked launch reads masked_m itself instead of XLA's segment bounds (`plan.Meta`):
  row tiles with M_max a multiple of block_m, so each row tile lies inside one group's slab (as
  completion signals also need); it then also loads only each group's lhs rows up to masked_m."""
  return config.tiles == "rows" and m_max % config.block_m == 0


def signal_target(config: GroupedGemmPallasConfig, *, n: int, activation: str | None) -> int:
  """The count at which a block's signal says every column tile of it is final."""
  part_n = config.block_n // column_parts(activation)
  return -(-(n // column_parts(activation)) // part_n)


@dataclasses.dataclass(frozen=True)
class SignalConsumer:
  """Code that runs beside the GEMM in the same launch, on `num_ctas` extra CTAs (one warpgroup
  each; the GEMM keeps the other SMs), while the GEMM publishes its signals.

  body(cta, signals, out, *results): cta in [0, num_ctas); signals the int32 [G * M_max / block_m]
  counters in global memory (wait on one with `_mgpu.signal_wait(signals.at[pl.ds(i, 1)],
  target, interpret=...)`); out the GEMM output [G * M_max, N_out] in global memory; results the
  refs of `out_type` (a tuple of jax.ShapeDtypeStruct), returned after the GEMM's outputs. Under
  the interpreter the extra CTAs run after the GEMM's."""
  num_ctas: int
  body: Callable[..., None]
  out_type: tuple = ()


def half_tiles(config: GroupedGemmPallasConfig, *, activation: str | None) -> bool:
  """Whether a segment's last tile that holds at most block_m / 2 of its rows runs as a half
  tile: the consumers split its columns over those rows only, so a group's ragged end costs half
  a tile rather than a whole one (tiles="groups", rows split, 128-row tiles, each consumer's
  share of every rhs part a whole number of 64 columns; fp8 too since session 62: a 64 x 64
  consumer promotes one 64-column piece. H200, one process, kernel us: Gemma gate/up fp8
  515.5-516.1 -> 511.9-513.8, DS_G16_m64_gu/fp8 level; benchmarks/results/logs/session62/)."""
  return (config.tiles == "groups" and config.split == "m" and config.block_m == 128
          and (config.block_n // 2 // column_parts(activation)) % 64 == 0)


def tail_split(config: GroupedGemmPallasConfig, *, activation: str | None, fp8: bool) -> int:
  """Into how many column pieces the last units of a tiles="groups" launch may be cut
  (`tail_pieces`): the most of 4 and 2 for which each consumer's share of a piece is still a
  whole number of 64 columns of every rhs part (16-bit operands), else 1 (also with stream_k,
  which splits them along K instead)."""
  if config.tiles != "groups" or fp8 or config.stream_k:
    return 1
  cols = config.wg_tile[1] // column_parts(activation)
  return next((p for p in (4, 2) if cols // p and (cols // p) % 64 == 0), 1)


# 16-bit row-store group tiles start at their segment's first row (`exact_starts`); False: at
# that rounded down to 8, as the swizzled stores need (the switch an A/B flips).
EXACT_STARTS = True


def exact_starts(config: GroupedGemmPallasConfig, *, fp8: bool) -> bool:
  """Whether a segment's tiles start at its first row (`plan.segment_first_row`) rather than
  that rounded down to 8: 16-bit group tiles whose every row goes out by TMA boxes from a
  buffer without transforms (config.segment_stores="rows"), which may start at any row. A
  segment then has cdiv(rows, block_m) tiles, never one more for the up to 7 rows of its
  neighbour before it, and no tile reads those rows; the lhs loads through its ring's untiled
  view (a tiled copy's rows start at whole 8-row tiles: jax 0.11 refuses the build). H200, one
  process, 2 rounds, checked (session 71, logs/session71/run476): Gm_prefill_gu 834.2-835.3 us
  -> 830.2-830.7. Gm_prefill_dn's kernel with row stores and exact starts against its swizzled
  stores, 3 rounds in 3 processes (run476, session 72's run479 / run481 on another H200): 404.8 /
  384.2 / 384.7 against 409.3 / 387.9 / 388.1, so its H200 table row takes row stores. Not
  fp8: DS_G16_m64_gu/fp8's build stopped at an illegal instruction on the H200 (run476; it
  passes the interpret tests), the cause not found."""
  return (EXACT_STARTS and not fp8 and config.tiles == "groups"
          and config.segment_stores == "rows")


def deferred_stores(config: GroupedGemmPallasConfig, *, fp8: bool, signals: bool) -> bool:
  """Whether a unit's stores are issued during the next unit's first K steps (`Pending`), so
  the tensor cores work through the epilogue: group tiles without signals (a signalled tile
  must be stored before its signal). fp8 only with row stores (`segment_stores="rows"`) and
  where a consumer's share of the tile has at most FP8_DEFERRED_COLS columns: the waiting
  chunks sit in registers beside the step's product and the running sum. Session 67 (H200,
  benchmarks/results/logs/session67/run454-455): deferred row stores at 128 columns built
  without spills; deferred swizzled segment stores spilled (116-500 bytes at 128 columns,
  1456-2436 at 192) and ran 1.04-1.27x (128 columns) and 1.45-2.75x (192) the time; row stores
  at 192 columns were not built."""
  if config.tiles != "groups" or signals:
    return False
  return not fp8 or (config.segment_stores == "rows" and config.wg_tile[1] <= FP8_DEFERRED_COLS)
