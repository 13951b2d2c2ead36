"""What the Mosaic GPU extend-attention kernel (mosaic.py) supports: pure functions of a config and
static shapes, used by the kernel's wrapper and by the rule (jaxkern/rules/extend_attention.py)."""

from __future__ import annotations

from pallas_kernels import _mgpu
from pallas_kernels.extend_attention.config import WG_ROWS as _WG_ROWS
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig

__all__ = ["SUPPORTED_DTYPES", "SUPPORTED_HEAD_DIMS", "smem_bytes", "unsupported_reason"]

SUPPORTED_HEAD_DIMS = (64, 128, 256)
SUPPORTED_DTYPES = ("bfloat16", "float16")


def smem_bytes(config: ExtendAttentionPallasConfig, head_dim: int, itemsize: int = 2) -> int:
  """Shared memory the kernel allocates (query/output tiles, the output staging buffer of
  unsplit sequence tiles or the output chunk buffers of persistent CTAs, the K and V rings,
  softmax stats of split tiles; the softmax's row reductions take Pallas' reduction scratch).
  Each buffer counts from a 1 KB boundary: split tiles' 256-byte stats made s3/x2 at head_dim 256
  pass a plain sum (230656 bytes) and fail to compile (232552 > 232448)."""
  qo = config.block_rows * head_dim * itemsize
  stage = qo if config.staged_output else 0
  if config.persistent_ctas:
    stage = config.consumers * 2 * _WG_ROWS * _mgpu.EPI_COLS * itemsize
  ring = config.num_stages * config.block_kv * head_dim * itemsize     # K's, and V's
  lse = config.block_rows * 4 if config.packed_output else 0
  return _mgpu.scoped_smem_bytes(qo, stage, ring, ring, lse, reductions=True)


def unsupported_reason(config: ExtendAttentionPallasConfig, *, head_dim: int, dtype: str,
                       num_q_heads: int, num_kv_heads: int) -> str | None:
  """Why the kernel cannot run this problem with this config (None when it can)."""
  if dtype not in SUPPORTED_DTYPES:
    return f"dtype {dtype} (the kernel takes {'/'.join(SUPPORTED_DTYPES)})"
  if head_dim not in SUPPORTED_HEAD_DIMS:
    return (f"head_dim {head_dim} (the kernel takes {SUPPORTED_HEAD_DIMS}; 512 would need "
            "256 accumulator registers per thread)")
  group = num_q_heads // num_kv_heads
  if _WG_ROWS % group or _WG_ROWS // group < 8:
    return (f"GQA group {group} (a warpgroup packs 64 / G tokens of each head, which must be a "
            "multiple of 8: G in 1, 2, 4, 8)")
  return _mgpu.smem_reason(smem_bytes(config, head_dim), f" for head_dim {head_dim}")
