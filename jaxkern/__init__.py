"""jaxkern: JAX / Pallas Mosaic GPU kernels for LLM serving on NVIDIA Hopper.

Public ops pick their implementation at trace time through the cost model (`jaxkern.rules`);
`jaxkern.explain` shows every choice, `jaxkern.policy` overrides them.
"""

from jaxkern.choice import Choice, explain
from jaxkern.device import DeviceSpec
from jaxkern.ops import (MixedBatch, extend_attention, gemm_reduce_scatter, grouped_gemm,
                         grouped_gemm_signal_target)
from jaxkern.policy import policy
from pallas_kernels.extend_attention import ExtendAttentionXlaConfig
from pallas_kernels.grouped_gemm import GroupedGemmXlaConfig, quantize_lhs_fp8, quantize_rhs_fp8

__version__ = "0.1.0"

__all__ = [
    "Choice", "DeviceSpec", "ExtendAttentionXlaConfig", "GroupedGemmXlaConfig", "MixedBatch",
    "explain",
    "extend_attention", "gemm_reduce_scatter", "grouped_gemm", "grouped_gemm_signal_target",
    "policy", "quantize_lhs_fp8", "quantize_rhs_fp8",
]
