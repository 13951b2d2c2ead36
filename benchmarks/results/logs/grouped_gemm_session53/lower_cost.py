"""Session 53: trace + lowering time of the benchmark timing jit (N input sets, one kernel call
each; with or without an inner jax.jit) for one grouped GEMM config, exported for cuda on CPU
under the abstract H200 mesh: python3 THIS from the repository root. Log: lower_cost.log."""
import sys, time; sys.path[:0] = [".", "tests"]
import jax, jax.numpy as jnp
from _testing import H200_MESH
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
S = jax.ShapeDtypeStruct
G, M, K, N = 4, 1024, 7168, 4096
args = (S((M, K), jnp.bfloat16), S((G, K, N), jnp.bfloat16), S((G,), jnp.int32))
cfg = C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups")
fn = lambda a, b, g: grouped_gemm_pallas(a, b, group_sizes=g, config=cfg)
for sets in (1, 3, 8):
  for inner in (False, True):
    f = jax.jit(fn) if inner else fn
    def all_sets(s, f=f): return [f(*a) for a in s]
    t = time.perf_counter()
    with jax.sharding.use_abstract_mesh(H200_MESH):
      e = jax.export.export(jax.jit(all_sets), platforms=["cuda"])([args] * sets)
    txt = e.mlir_module()
    print(f"sets={sets} inner_jit={inner}: {time.perf_counter()-t:.2f} s, module {len(txt)} chars, "
          f"mosaic calls {txt.count('mosaic_gpu')}", flush=True)
