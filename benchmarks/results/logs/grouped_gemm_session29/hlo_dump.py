"""Session 29: the compiled HLO of the XLA path (device) on DS_G1_m1024_gu, contiguous (one
group) and masked, written whole to OUT/hlo_{contiguous,masked}.txt."""
import os, jax, jax.numpy as jnp
from pallas_kernels.grouped_gemm import GroupedGemmXlaConfig, grouped_gemm_xla

rhs = jax.ShapeDtypeStruct((1, 7168, 4096), jnp.bfloat16)
g = jax.ShapeDtypeStruct((1,), jnp.int32)
cases = {"contiguous": (jax.ShapeDtypeStruct((1112, 7168), jnp.bfloat16), dict(group_sizes=g),
                        "ragged_dot"),
         "masked": (jax.ShapeDtypeStruct((1, 1408, 7168), jnp.bfloat16), dict(masked_m=g),
                    "batched")}
for name, (lhs, sizes, method) in cases.items():
  f = jax.jit(lambda a, b, s, method=method, key=next(iter(sizes)): grouped_gemm_xla(
      a, b, config=GroupedGemmXlaConfig(method=method), **{key: s}))
  text = f.lower(lhs, rhs, next(iter(sizes.values()))).compile().as_text()
  open(os.path.join(os.environ["OUT"], f"hlo_{name}.txt"), "w").write(text)
  print(name, len(text))
