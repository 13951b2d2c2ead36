"""The fused GEMM + reduce-scatter kernel: its index math as pure functions, its Mosaic GPU
lowering for tp 2 and 4 (on CPU, through jax.export for the cuda platform: host-side TMA
descriptors of the remote refs included), the rule around it, and (multi_gpu) its result against
the unfused path on the local GPUs."""

import functools
import itertools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import NamedSharding, PartitionSpec as P

import jaxkern
from _testing import cpu_mesh, rel_err
from jaxkern.rules import gemm_reduce_scatter as rs_rule
from pallas_kernels.gemm_rs.mosaic import (GemmRsFusedConfig, gemm_reduce_scatter_fused,
                                           step_owner, unit_coords, unsupported_reason,
                                           zero_chunks)


@pytest.mark.parametrize("tp,m_tiles,n_tiles", [(2, 3, 2), (4, 1, 5), (8, 2, 3)])
def test_unit_order_visits_every_tile_once_and_ends_on_the_own_block(tp, m_tiles, n_tiles):
  per_block = m_tiles * n_tiles
  units = tp * per_block
  coords = [tuple(int(x) for x in unit_coords(u, m_tiles=m_tiles, n_tiles=n_tiles))
            for u in range(units)]
  for rank in range(tp):
    got = [(int(step_owner(rank, s, tp)), m, n) for s, m, n in coords]
    assert sorted(got) == list(itertools.product(range(tp), range(m_tiles), range(n_tiles)))
    assert {b for b, _, _ in got[-per_block:]} == {rank}       # the own block last
    assert got[0][0] == (rank + 1) % tp                        # the next rank's block first
  for s in range(tp):   # at every step the ranks push to tp different owners
    assert len({int(step_owner(r, s, tp)) for r in range(tp)}) == tp
  # Traced scalars give the same answer as Python ints.
  traced = jax.jit(lambda u: unit_coords(u, m_tiles=m_tiles, n_tiles=n_tiles))
  assert tuple(int(x) for x in traced(units - 1)) == coords[-1]


def test_zero_chunks_cover_the_accumulator():
  assert zero_chunks(2048, 8192) == (32, 128)
  assert zero_chunks(72, 100) == (2, 2)


def test_config_and_unsupported_inputs():
  assert unsupported_reason(GemmRsFusedConfig(), m=4096, n=4096, k_local=2048, tp=4,
                            dtype="bfloat16") is None
  assert "float32" in unsupported_reason(GemmRsFusedConfig(), m=4096, n=4096, k_local=2048,
                                         tp=4, dtype="float32")
  assert "multiple of 8" in unsupported_reason(GemmRsFusedConfig(), m=4 * 12, n=64, k_local=64,
                                               tp=4, dtype="bfloat16")
  assert "shared memory" in unsupported_reason(GemmRsFusedConfig(num_stages=6), m=256, n=256,
                                               k_local=64, tp=2, dtype="bfloat16")
  with pytest.raises(ValueError, match="block_m"):
    GemmRsFusedConfig(block_m=64)
  with pytest.raises(ValueError, match="block_n"):
    GemmRsFusedConfig(block_n=96)


@pytest.mark.parametrize("tp", [2, 4])
def test_fused_kernel_lowers_for_cuda(tp):
  """Mosaic GPU lowering on CPU (jax.export for the cuda platform): the pipeline, the TMA
  reduce-adds into remote refs (peer ids recomputed on the host) and the semaphores. Running it
  needs the multi_gpu test below."""
  mesh = cpu_mesh((tp,), ("tp",))
  f = functools.partial(gemm_reduce_scatter_fused, axis_name="tp", tp=tp, num_sms=132)
  g = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)),
                            out_specs=P("tp"), check_vma=False))
  a = jax.ShapeDtypeStruct((1024, 512 * tp), jnp.bfloat16,
                           sharding=NamedSharding(mesh, P(None, "tp")))
  b = jax.ShapeDtypeStruct((512 * tp, 768), jnp.bfloat16,
                           sharding=NamedSharding(mesh, P("tp", None)))
  exported = jax.export.export(g, platforms=["cuda"])(a, b)
  assert "mosaic_gpu" in exported.mlir_module()


def test_rule_keeps_unfused_until_a_crossover_is_measured():
  from jaxkern.device import DeviceSpec
  h200 = DeviceSpec.for_kind("NVIDIA H200")
  p = rs_rule.GemmReduceScatterProblem(m=8192, n=8192, k=29568, dtype="bfloat16", tp=4)
  choice = rs_rule.choose(p, h200)
  assert choice.impl == "unfused" and "no measured crossover" in choice.reason
  assert rs_rule.config_for("fused", p, h200) == GemmRsFusedConfig()
  rs_rule.check("fused", GemmRsFusedConfig(), p, h200)
  with pytest.raises(NotImplementedError, match="cpu"):
    rs_rule.check("fused", GemmRsFusedConfig(), p, DeviceSpec.for_kind("cpu"))
  with pytest.raises(ValueError, match="GemmRsFusedConfig"):
    rs_rule.check("fused", None, p, h200)


# Every swept (N, K) of issue 5 at two M, plus the PEERS.md §2 seed rows.
_FUSED_SHAPES = [(m, n, k) for m in (1024, 8192) for n, k in ((4096, 4096), (8192, 8192),
                                                              (8192, 29568))] + [(4096, 4096, 8192)]


@pytest.mark.multi_gpu
@pytest.mark.parametrize("m,n,k", _FUSED_SHAPES)
def test_fused_matches_unfused_on_local_gpus(m, n, k):
  tp = jax.device_count()
  if jax.default_backend() != "gpu" or tp < 2:
    pytest.fail("needs >= 2 GPUs; CI deselects multi_gpu tests")
  mesh = jax.make_mesh((tp,), ("tp",))
  rng = np.random.default_rng(m + n + k)
  a = jnp.asarray(rng.standard_normal((m, k), np.float32), jnp.bfloat16)
  b = jnp.asarray(rng.standard_normal((k, n), np.float32) / np.sqrt(k), jnp.bfloat16)
  fused = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")
  unfused = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="unfused")
  ref = jnp.dot(a.astype(jnp.float32), b.astype(jnp.float32), precision="highest")
  assert rel_err(fused, ref) < 1e-2
  assert rel_err(fused, unfused) < 2e-2
  again = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")   # semaphores start afresh
  assert rel_err(again, fused) < 1e-3
