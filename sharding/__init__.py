"""shard_map collectives and the index math behind them (no imports from jaxkern except DeviceSpec)."""

from sharding.gemm_rs import gemm_reduce_scatter, gemm_reduce_scatter_unfused

__all__ = ["gemm_reduce_scatter", "gemm_reduce_scatter_unfused"]
