"""Which extend-attention implementation and config, from static facts only."""

from __future__ import annotations

import dataclasses
import functools

from jaxkern import tuning
from jaxkern.choice import Choice
from jaxkern.device import DeviceSpec
from jaxkern.policy import register_op
from jaxkern.rules import roofline_us
from pallas_kernels.extend_attention import (ExtendAttentionPallasConfig, ExtendAttentionXlaConfig,
                                            num_query_blocks)
from pallas_kernels.extend_attention import plan, support

OP = "extend_attention"
IMPLS = ("xla", "pallas")
register_op(OP, IMPLS)

# Memory cap (not a speed threshold) on the XLA path's per-step float32 score block.
SCORE_SCRATCH_BYTES = 256 << 20
_VERIFY_MAX_EXTEND = 16  # SGLang's verify regime: batch of drafts of at most 16 tokens


@dataclasses.dataclass(frozen=True)
class ExtendAttentionProblem:
  num_tokens: int
  num_seqs: int
  num_q_heads: int
  num_kv_heads: int
  head_dim: int
  dtype: str
  page_size: int
  max_pages: int
  max_extend_len: int
  sliding_window: int | None
  logit_cap: bool
  # A mixed batch run as one launch (jaxkern.MixedBatch): its first `decode_seqs` sequences have
  # at most `max_decode_len` new tokens each. 0: nothing is known about the batch's make-up.
  decode_seqs: int = 0
  max_decode_len: int = 0

  @property
  def max_prefix(self) -> int:
    return self.max_pages * self.page_size

  @property
  def regime(self) -> str:
    if 0 < self.decode_seqs < self.num_seqs:
      return "mixed"
    if self.max_extend_len == 1:
      return "decode"
    if self.max_extend_len <= _VERIFY_MAX_EXTEND:
      return "verify"
    return "prefill" if self.max_prefix == 0 else "chunked_prefill"

  @property
  def table_key(self) -> dict:
    """Bucketed static facts a measured row is keyed by."""
    key = {"regime": self.regime, "dtype": self.dtype, "D": self.head_dim,
           "G": self.num_q_heads // self.num_kv_heads, "Hkv": self.num_kv_heads,
           "B": tuning.bucket(self.num_seqs), "T": tuning.bucket(self.num_tokens),
           "E": tuning.bucket(self.max_extend_len), "P": tuning.bucket(self.visible_prefix),
           "window": self.sliding_window is not None}
    if self.regime == "mixed":
      key.update(Bd=tuning.bucket(self.decode_seqs), Ed=tuning.bucket(self.max_decode_len))
    return key

  @property
  def visible_prefix(self) -> int:
    """Static bound on the prefix keys one sequence's queries can see."""
    return plan.visible_prefix(self.max_prefix, self.sliding_window, self.page_size)


_XLA_BLOCK_Q = 64  # query rows per block: decode/verify rows pad to their bucket, prefill to 64


def xla_query_rows(problem: ExtendAttentionProblem, block_q: int) -> int:
  """Query rows the XLA path computes: every sequence's tokens in blocks of block_q rows."""
  return block_q * num_query_blocks(num_tokens=problem.num_tokens, num_seqs=problem.num_seqs,
                                    max_extend_len=problem.max_extend_len, block_q=block_q)


def _xla_config(problem: ExtendAttentionProblem) -> ExtendAttentionXlaConfig:
  block_q = min(_XLA_BLOCK_Q, tuning.bucket(problem.max_extend_len))
  rows = xla_query_rows(problem, block_q) * problem.num_q_heads
  block_kv = 2048
  while block_kv > 16 and rows * block_kv * 4 > SCORE_SCRATCH_BYTES:
    block_kv //= 2
  return ExtendAttentionXlaConfig(block_q=block_q, block_kv=block_kv)


def unsupported(problem: ExtendAttentionProblem, config) -> str | None:
  p = problem
  return support.unsupported_reason(config, head_dim=p.head_dim, dtype=p.dtype,
                                    num_q_heads=p.num_q_heads, num_kv_heads=p.num_kv_heads)


def _tiles_of(problem: ExtendAttentionProblem, config) -> int:
  """CTAs of one KV head before splitting."""
  p = problem
  tokens = config.block_rows // (p.num_q_heads // p.num_kv_heads)
  if config.tiles == "global":
    return -(-p.num_tokens // tokens)
  return plan.sequence_tiling(num_tokens=p.num_tokens, num_seqs=p.num_seqs,
                              max_extend_len=p.max_extend_len, tile_tokens=tokens).num_tiles


def _max_splits(problem: ExtendAttentionProblem, block_kv: int) -> int:
  """Most key splits worth making: each split keeps at least two key blocks (so the pipeline has
  something to overlap)."""
  return max(1, (problem.visible_prefix + problem.max_extend_len) // (2 * block_kv))


def _splits_for(problem: ExtendAttentionProblem, config, device: DeviceSpec) -> int:
  """Flash-decoding split: enough CTAs for about one full wave, within `_max_splits`."""
  ctas = _tiles_of(problem, config) * problem.num_kv_heads
  sms = device.kernel_target.num_sms
  return int(max(1, min(_max_splits(problem, config.block_kv), sms // max(ctas, 1), 16)))


def candidates(problem: ExtendAttentionProblem, device: DeviceSpec) -> list:
  """The Pallas configs worth measuring for this problem (all supported by the kernel)."""
  C = ExtendAttentionPallasConfig
  out = []
  if problem.regime in ("decode", "verify"):
    base = [C(tiles="sequence", consumers=1, block_kv=bk, num_stages=st)
            for bk, st in ((64, 2), (64, 3), (128, 2))]
    for cfg in base:
      for splits in sorted({1, _splits_for(problem, cfg, device), 2, 4}):
        out.append(dataclasses.replace(cfg, num_splits=splits))
    out += [dataclasses.replace(cfg, overlap=True) for cfg in base]
  elif problem.regime == "mixed":    # one launch over decode and prefill rows
    for consumers, st in ((1, 2), (1, 3), (2, 2)):
      out.append(C(tiles="sequence", consumers=consumers, block_kv=64, num_stages=st))
    out.append(C(tiles="global", consumers=2, block_kv=64, num_stages=2))
  else:       # global tiles win every multi-sequence prefill measured; per-sequence tiles tie or
              # win a one-sequence prefill (no tile metadata at all; configs JSON)
    for consumers, bk, st in ((2, 64, 2), (2, 128, 2), (2, 64, 3), (1, 64, 2), (1, 64, 3),
                              (2, 128, 3)):
      # overlap (softmax under the previous block's P·V) with both consumer warpgroups
      for overlap in (False, True) if consumers == 2 else (False,):
        cfg = C(tiles="global", consumers=consumers, block_kv=bk, num_stages=st, overlap=overlap)
        out.append(cfg)
        if problem.num_seqs > 1:  # with one sequence the index order is the cost order
          out += [dataclasses.replace(cfg, tile_order=o) for o in ("cost", "position")]
    out.append(C(tiles="sequence", consumers=1, block_kv=64, num_stages=2))
    out.append(C(tiles="sequence", consumers=1, block_kv=64, num_stages=2, overlap=True))
  return [c for c in dict.fromkeys(out) if unsupported(problem, c) is None]


def formula_config(problem: ExtendAttentionProblem, device: DeviceSpec):
  """The Pallas config for an untuned shape: per-sequence tiles with a flash-decoding split for
  1-16 new tokens, global row tiles (2 consumer warpgroups) for prefill, with the overlapped
  softmax at head_dim <= 128 (one sequence too short for a wave of those: per-sequence tiles of
  one warpgroup, `_under_one_wave`); the deepest K/V ring of the largest key block that fits shared
  memory. A mixed batch in one launch gets per-sequence tiles: a global tile holding many
  decode rows would run each one's whole prefix in turn."""
  C = ExtendAttentionPallasConfig
  if problem.regime in ("decode", "verify"):
    order = [C(tiles="sequence", consumers=1, block_kv=64, num_stages=3),
             C(tiles="sequence", consumers=1, block_kv=64, num_stages=2)]
  elif problem.regime == "mixed":
    order = [C(tiles="sequence", consumers=1, block_kv=64, num_stages=2)]
  else:
    # 128-key blocks (head_dim <= 128 only, below) with the overlapped softmax: 7% faster on
    # one 8k prefill at head_dim 128, within 1% on a chunk over a prefix
    # (benchmarks/results/logs/extend_attention_session10/configs_verify_hd128.json).
    order = [C(tiles="global", consumers=2, block_kv=128, num_stages=2, overlap=True),
             C(tiles="global", consumers=2, block_kv=64, num_stages=2),
             C(tiles="global", consumers=1, block_kv=64, num_stages=2)]
  if problem.head_dim > 128:
    order = [c for c in order if c.block_kv == 64] or order
  for cfg in order:
    if unsupported(problem, cfg) is None:
      short = C(tiles="sequence", consumers=1, block_kv=64, num_stages=2)
      if (cfg.tiles == "global" and _under_one_wave(problem, cfg, device)
          and unsupported(problem, short) is None):
        return short
      if cfg.tiles == "sequence" and problem.regime != "mixed":
        cfg = dataclasses.replace(cfg, num_splits=_splits_for(problem, cfg, device))
      if cfg.tiles == "global" and _heaviest_first(problem, cfg, device):
        cfg = dataclasses.replace(cfg, tile_order="position")
      return cfg
  return None


def _under_one_wave(problem: ExtendAttentionProblem, config, device: DeviceSpec) -> bool:
  """One sequence whose global tiles (`config`) leave SMs idle: per-sequence tiles of one
  consumer warpgroup (half the rows, twice the CTAs) run it faster. Measured (plain c2/kv64/s2
  against sequence/c1/kv64/s2, head_dim 256): one 1000-token prefill (prefill_chat, 64 CTAs of
  c2 tiles, 0.48 waves) 35.4 against 26.9 us on the H200
  (logs/extend_attention_session10/configs_prefill.json) and, through the public op, 34.0
  against 23.9 on an H100 (logs/h100_tables_session57/run394 and run395). The same H200 run has
  the two-warpgroup tiles ahead on one 8192-token prefill (3.9 waves: 420.2 against 688.8) and
  on every shape of several sequences (1.25-1.57x). The line is drawn at one
  wave; a static prefix bound of more than one 64-key block (a chunk over a cache, whose
  half-height tiles would each read it) keeps the two-consumer tiles."""
  return (problem.num_seqs == 1 and problem.visible_prefix <= 64
          and _tiles_of(problem, config) * problem.num_kv_heads < device.kernel_target.num_sms)


# Global tiles of several sequences launch heaviest first ("position") when all CTAs fit in this
# many waves. Measured (table rows, H200, c2/kv64/s2): at 1.9-1.94 waves (prefill_multi 4x1000,
# chunks 8x512 with and without a prefix) the position order beat the index order by 8-21%; at
# 7.8 waves (chunks 16x1024 and 32x512) it lost 3-18%, as the cost order did (tiles of one
# sequence, which read the same keys, no longer run together).
_HEAVIEST_FIRST_WAVES = 2


def _heaviest_first(problem: ExtendAttentionProblem, config, device: DeviceSpec) -> bool:
  ctas = _tiles_of(problem, config) * problem.num_kv_heads
  return problem.num_seqs > 1 and ctas <= _HEAVIEST_FIRST_WAVES * device.kernel_target.num_sms


# Persistent global tiles (ExtendAttentionPallasConfig.persistent_ctas), from static facts: the
# kernel deals the items to the CTAs at trace time by a list schedule with estimated costs
# (plan.persistent_deal), which is as even as the estimate only where it is exact: every sequence
# max_extend_len long (T = B * max_extend_len) and a multiple of a tile (no tile runs two sequences'
# key loops, which the estimate does not price), and every item's prefix steps known. The estimate
# prices each item's prefix at the static bound (plan.visible_prefix), which is exact up to one key
# block of prefix. Past that, the real prefixes may differ from sequence to sequence; the deal, in
# launch order (a sequence's items next to each other), is then still even where every sequence has
# at least one item per CTA and its items run one after another (index order; `_even_share`): each
# CTA gets about the same share of every sequence, whatever its real prefix. Where a sequence has
# fewer items, each CTA runs those of a few sequences, and a static deal cannot know which are long.
# Session 55 (one H100, extend_attention_session55/, CUPTI kernel us, one CTA per item ->
# persistent): with 256 items per sequence (head_dim 128, 8 x 1024 tokens) uniform prefixes of 1024
# keys 406.6-430.4 -> 386.0-397.1 (run382, run384: 4.7-7.7%), mixed prefixes of 0-2048 keys
# 394.7-397.9 -> 389.8-391.2 (run383-384: 1.1-1.8%), one 8192-key prefix beside seven empty ones
# 420.3 / 421.7 -> 422.3 / 422.6 (run383: level); with 32-64 items per sequence (head_dim 256, 32 x
# 512 and 16 x 1024 tokens) uniform prefixes 1.8-4.9% faster but mixed prefixes 215.1-218.2 ->
# 240.2-247.9 and 372.7-378.0 -> 430.9-439.0 us (11.6-16.5% slower). A deal made at run time from
# the real prefixes, as runs of consecutive items of equal cost, was 6.6-44.6% slower than one CTA
# per item on every batch tried (run384, runtime_deal_experiment.patch), and its XLA added 11-15 us:
# CTAs on far-apart items lose the L2 reuse of neighbouring items, which read the same keys. Where
# the model holds, a persistent item saves plan.PERSISTENT_SAVES_US = 1.1 us (session 18: head_dim
# 128 prefill_long, one sequence, whose deal is even either way, 908-917 -> 890-902 us, 14-18 us
# over ~15.5 items per CTA; the next item's queries load while the output leaves through chunk
# buffers), and the launch model (plan.launch_makespans over plan.item_costs, the session-16 step
# and item costs) says whether that is worth having: more than _PERSISTENT_MIN_GAIN of the launch.
# The kernel deals exact costs on the own cost fitted to it instead (session 75:
# plan.PERSISTENT_EXACT_ITEM_STEPS; its deals measured 1.2-1.9% faster), and the model prices
# that deal with the saving above.
# It over-predicts the prefix-free chunks' gains (8-15% predicted; measured in three A/B runs:
# chunk 16x1024/0 4.1-5.0%, 32x512/0 8.0-9.2%, 8x512/0 3.6-5.7%) and under-predicts head_dim 128
# chunk 8x1024/1024's (4.3% predicted, 4.7-7.7% measured), but ranks them right.
# benchmarks/results/logs/extend_attention_session18/ (ab_tail_deal, ab_prefetch); session 17's
# deal without the chunk buffers in ../extend_attention_session17/ab_persistent_deal.json.
# The chunk buffers raise head_dim 256's shared memory to 225 KB, which leaves the overlapped
# loop's register spills (24 B stored / 44 B loaded per thread, ptxas in
# ../extend_attention_session16/ptxas_intmask.log; the plain loop spills none) little L1: there
# persistent CTAs measured 8.4% (prefill_long) and 4.6% (chunk 32x512/512) slower
# (extend_attention_session18/ab_chunked_out.log), so such configs are not made persistent.
_PERSISTENT_MIN_GAIN = 0.01


def _spills(config, head_dim: int) -> bool:
  """The config's step loop spills registers (ptxas): the overlapped loop at head_dim 256."""
  return config.overlap and head_dim == 256


def _even_share(problem: ExtendAttentionProblem, config, tile_tokens: int, ctas: int) -> bool:
  """Each of `ctas` persistent CTAs gets about the same share of every sequence's items: one
  sequence, or sequences launched one after another (index order) with at least an item (tile of
  `tile_tokens`, KV head) per CTA each."""
  items = problem.max_extend_len // tile_tokens * problem.num_kv_heads
  return problem.num_seqs == 1 or (config.tile_order == "index" and items >= ctas)


def persistent_estimate(problem: ExtendAttentionProblem, config,
                        device: DeviceSpec) -> tuple[float, float] | None:
  """(one CTA per item, persistent) modelled microseconds of a global-tile launch, or None where
  the model is not exact (per-sequence tiles; sequences of other lengths than max_extend_len, or
  not a whole number of tiles; the cost order, ranked at run time; a prefix of more than one key
  block, unless every sequence has an item for every CTA: see above)."""
  p = problem
  tile_tokens = config.block_rows // (p.num_q_heads // p.num_kv_heads)
  ctas = device.kernel_target.num_sms
  if (config.tiles != "global" or config.tile_order == "cost"
      or p.num_tokens != p.num_seqs * p.max_extend_len or p.max_extend_len % tile_tokens
      or (p.visible_prefix > config.block_kv and not _even_share(p, config, tile_tokens, ctas))):
    return None
  prefix_steps = -(-p.visible_prefix // config.block_kv)
  steps = plan.launch_steps(
      tile_order=config.tile_order if p.num_seqs > 1 else "index",
      num_tiles=_tiles_of(p, config), num_kv_heads=p.num_kv_heads, tile_tokens=tile_tokens,
      seq_tokens=p.max_extend_len, block_kv=config.block_kv, prefix_steps=prefix_steps,
      window=p.sliding_window)
  costs = functools.partial(plan.item_costs, steps, block_kv=config.block_kv,
                            head_dim=p.head_dim, consumers=config.consumers)
  # the kernel deals on its costs (exact: the fitted own cost); the launch is priced with the
  # measured saving of a persistent item (PERSISTENT_SAVES_US), which decides persistence
  one, persistent = plan.launch_makespans(
      costs(), costs(persistent=True), ctas=ctas,
      waves=plan.deal_waves(prefix_steps, config.deal_waves),
      deal_costs=costs(persistent=True, exact=plan.exact_costs(prefix_steps)))
  return one * plan.STEP_US_64, persistent * plan.STEP_US_64


def with_persistence(problem: ExtendAttentionProblem, config,
                     device: DeviceSpec) -> tuple[object, str]:
  """`config` launched persistently (on every SM) where the launch model is exact and predicts a
  gain of more than _PERSISTENT_MIN_GAIN, else one CTA per item; and the reason."""
  est = persistent_estimate(problem, config, device)
  if est is None:
    return config, ""
  model = f"; launch model: {est[0]:.0f} us one CTA per item vs {est[1]:.0f} us persistent -> "
  if _spills(config, problem.head_dim):
    return config, model + ("one CTA per item (the overlapped loop spills registers at head_dim "
                            "256, and persistent CTAs' chunk buffers leave them little L1: "
                            "measured 4.6-8.4% slower)")
  persistent = dataclasses.replace(config, persistent_ctas=device.kernel_target.num_sms)
  reason = support.unsupported_reason(persistent, head_dim=problem.head_dim, dtype=problem.dtype,
                                      num_q_heads=problem.num_q_heads,
                                      num_kv_heads=problem.num_kv_heads)
  if reason is not None:
    return config, model + f"one CTA per item (persistent CTAs do not fit: {reason})"
  if est[1] < (1 - _PERSISTENT_MIN_GAIN) * est[0]:
    return persistent, model + "persistent"
  return config, model + "one CTA per item"


def config_name(config) -> str:
  if isinstance(config, ExtendAttentionXlaConfig):
    return f"xla/q{config.block_q}/kv{config.block_kv}"
  return (f"pallas/{config.tiles}/c{config.consumers}/kv{config.block_kv}/s{config.num_stages}"
          f"/x{config.num_splits}"
          + ("" if config.tile_order == "index" else f"/{config.tile_order}")
          + ("/ov" if config.overlap else "")
          + (f"/p{config.persistent_ctas}" if config.persistent_ctas else "")
          + (f"/w{config.deal_waves}" if config.deal_waves is not None else ""))


def floor_us(problem: ExtendAttentionProblem, device: DeviceSpec) -> float | None:
  """max(useful FLOPs / peak, bytes that must move / HBM bandwidth): every query row sees its
  visible keys (about half of the extend part, causally), every visible key/value read once."""
  p = problem
  itemsize = 4 if p.dtype == "float32" else 2
  ext_keys = p.max_extend_len / 2 if p.sliding_window is None else min(
      p.max_extend_len / 2, p.sliding_window)
  keys = min(p.visible_prefix, p.sliding_window or p.visible_prefix) + ext_keys
  flops = 4.0 * p.num_tokens * p.num_q_heads * keys * p.head_dim
  kv_keys = p.num_seqs * (p.visible_prefix + p.max_extend_len)
  kv_bytes = 2.0 * min(kv_keys, p.num_seqs * p.visible_prefix + p.num_tokens) * p.num_kv_heads \
      * p.head_dim * itemsize
  qo_bytes = 2.0 * p.num_tokens * p.num_q_heads * p.head_dim * itemsize
  return roofline_us(flops, kv_bytes + qo_bytes, device)


def tuning_row(problem: ExtendAttentionProblem, results: list[dict],
               xla_us: float | None = None, replaced: dict | None = None) -> dict:
  """A table row from one shape's measured results (name, us, config) of the configs benchmark.
  `xla_us`: the XLA path's time from an earlier run, for results that did not time it (a
  kernel-only re-tune); the XLA path still wins the row where it was faster. `replaced`: the row
  this one replaces; its deal_waves, which no candidate varies (an A/B sets it), stays where the
  measured best is the same config otherwise (its A/B was on that config)."""
  ok = [r for r in results if r.get("us") is not None]
  xla = next((r["us"] for r in ok if r["name"].startswith("xla")), xla_us)
  best = min(ok, key=lambda r: r["us"])
  if xla is not None and xla < best["us"]:
    return {"key": problem.table_key, "impl": "xla", "config": None, "us": xla, "xla_us": xla}
  config = best.get("config")
  waves = ((replaced or {}).get("config") or {}).get("deal_waves")
  if (waves is not None and config is not None and replaced.get("impl") == "pallas"
      and ExtendAttentionPallasConfig(**dict(config, deal_waves=None))
      == ExtendAttentionPallasConfig(**dict(replaced["config"], deal_waves=None))):
    config = dict(config, deal_waves=waves)
  return {"key": problem.table_key, "impl": best["name"].split("/")[0],
          "config": config, "us": best["us"], "xla_us": xla}


def config_for(impl: str, problem: ExtendAttentionProblem, device: DeviceSpec):
  if impl == "xla":
    return _xla_config(problem)
  cfg = formula_config(problem, device)
  if cfg is None:
    raise NotImplementedError(f"extend_attention(impl='pallas'): "
                              f"{unsupported(problem, ExtendAttentionPallasConfig())}")
  return with_persistence(problem, cfg, device)[0]


def _table_row(problem: ExtendAttentionProblem, device: DeviceSpec) -> dict | None:
  return tuning.lookup(device.kind, OP, problem.table_key) if device.has_mosaic_gpu else None


def estimate(problem: ExtendAttentionProblem, device: DeviceSpec) -> tuple[tuple[str, float], ...]:
  """Microseconds per impl: the measured times of the table row for this shape bucket when there
  is one; otherwise rooflines (the XLA path's at the key range it really visits, the kernel's
  floor), which are lower bounds, not predictions of the kernel's efficiency."""
  p = problem
  row = _table_row(p, device)
  if row is not None:
    xla = () if row.get("xla_us") is None else (("xla", row["xla_us"]),)
    return xla + ((("pallas", row["us"]),) if row["impl"] == "pallas" else ())
  itemsize = 4 if p.dtype == "float32" else 2
  keys = p.visible_prefix + p.max_extend_len  # every query block visits the longest key range
  rows = xla_query_rows(p, _xla_config(p).block_q)
  flops = 4.0 * rows * p.num_q_heads * keys * p.head_dim
  kv_bytes = 2.0 * p.num_seqs * keys * p.num_kv_heads * p.head_dim * itemsize
  qo_bytes = 2.0 * p.num_tokens * p.num_q_heads * p.head_dim * itemsize
  us = roofline_us(flops, kv_bytes + qo_bytes, device)
  out = () if us is None else (("xla", us),)
  floor = floor_us(p, device)
  if floor is not None and device.has_mosaic_gpu and formula_config(p, device) is not None:
    out += (("pallas", floor),)
  return out


def _pallas_from_row(row: dict):
  if row.get("impl") != "pallas" or not row.get("config"):
    return None
  return ExtendAttentionPallasConfig(**row["config"])


def choose(problem: ExtendAttentionProblem, device: DeviceSpec) -> Choice:
  est = estimate(problem, device)
  row = _table_row(problem, device)
  if row is not None:
    cfg = _pallas_from_row(row)
    if cfg is not None and unsupported(problem, cfg) is None:
      if cfg.num_splits > 1:  # a bucket-mate with a shorter prefix may not have the key blocks
        cfg = dataclasses.replace(cfg, num_splits=min(cfg.num_splits,
                                                      _max_splits(problem, cfg.block_kv)))
      cfg, launch = with_persistence(problem, cfg, device)
      return Choice(op=OP, impl="pallas", config=cfg, source="table", problem=problem,
                    estimate=est, reason=(f"{problem.regime}: measured fastest on "
                                          f"{device.kind} ({row['us']:.1f} us vs XLA "
                                          f"{row.get('xla_us') or float('nan'):.1f} us){launch}"))
    if row.get("impl") == "xla":
      return Choice(op=OP, impl="xla", config=_xla_config(problem), source="table",
                    problem=problem, estimate=est,
                    reason=f"{problem.regime}: XLA measured fastest on {device.kind}")
  if device.has_mosaic_gpu:
    cfg = formula_config(problem, device)
    if cfg is not None:
      cfg, launch = with_persistence(problem, cfg, device)
      short = (" (one sequence under a wave of two-warpgroup global tiles)"
               if cfg.tiles == "sequence" and problem.regime in ("prefill", "chunked_prefill")
               else "")
      return Choice(op=OP, impl="pallas", config=cfg, source="formula", problem=problem,
                    estimate=est, reason=(f"{problem.regime}: untuned shape; {cfg.tiles} tiles "
                                          f"of {cfg.block_rows} packed rows{short}, "
                                          f"{cfg.num_splits} split(s) for ~one wave on "
                                          f"{device.num_sms} SMs, the deepest K/V ring that "
                                          f"fits shared memory{launch}"))
  config = _xla_config(problem)
  why = ("no Mosaic GPU on this device" if not device.has_mosaic_gpu else
         f"the kernel does not take {unsupported(problem, ExtendAttentionPallasConfig())}")
  reason = (f"{problem.regime}: XLA path ({why}); block_q={config.block_q}, block_kv="
            f"{config.block_kv} keeps the per-step scores under {SCORE_SCRATCH_BYTES >> 20} MiB")
  return Choice(op=OP, impl="xla", config=config, reason=reason, source="fallback",
                problem=problem, estimate=est)


def check(impl: str, config, problem: ExtendAttentionProblem, device: DeviceSpec) -> None:
  del device
  if impl == "xla" and not isinstance(config, ExtendAttentionXlaConfig):
    raise ValueError(f"extend_attention: impl='xla' needs an ExtendAttentionXlaConfig, got {config!r}")
  if impl == "pallas":
    if not isinstance(config, ExtendAttentionPallasConfig):
      raise ValueError(f"extend_attention: impl='pallas' needs an ExtendAttentionPallasConfig, "
                       f"got {config!r}")
    reason = unsupported(problem, config)
    if reason is not None:
      raise NotImplementedError(f"extend_attention(impl='pallas'): {reason}")
