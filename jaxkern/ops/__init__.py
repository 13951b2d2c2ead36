from jaxkern.ops.extend_attention import MixedBatch, extend_attention
from jaxkern.ops.gemm_reduce_scatter import gemm_reduce_scatter
from jaxkern.ops.grouped_gemm import grouped_gemm, grouped_gemm_signal_target

__all__ = ["MixedBatch", "extend_attention", "gemm_reduce_scatter", "grouped_gemm",
           "grouped_gemm_signal_target"]
