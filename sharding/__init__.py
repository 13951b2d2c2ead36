"""shard_map collectives and the index math behind them (no imports from jaxkern except DeviceSpec)."""

from sharding.gemm_rs import gemm_reduce_scatter, gemm_reduce_scatter_unfused
from sharding.reduce_scatter import reduce_scatter

__all__ = ["gemm_reduce_scatter", "gemm_reduce_scatter_unfused", "reduce_scatter"]
