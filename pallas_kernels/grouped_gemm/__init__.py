from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig, GroupedGemmXlaConfig
from pallas_kernels.grouped_gemm.reference import (
    grouped_gemm_reference, grouped_gemm_xla, quantize_lhs_fp8, quantize_rhs_fp8, tile_work_items)

__all__ = ["GroupedGemmPallasConfig", "GroupedGemmXlaConfig", "grouped_gemm_reference",
           "grouped_gemm_xla", "quantize_lhs_fp8", "quantize_rhs_fp8", "tile_work_items"]
