"""Session 29: the fusions XLA makes of the one-group XLA path on DS_G1_m1024_gu's shapes
(compiled on the device): each fused computation's name and root instruction."""
import jax, jax.numpy as jnp
from pallas_kernels.grouped_gemm import GroupedGemmXlaConfig, grouped_gemm_xla

args = (jax.ShapeDtypeStruct((1112, 7168), jnp.bfloat16),
        jax.ShapeDtypeStruct((1, 7168, 4096), jnp.bfloat16), jax.ShapeDtypeStruct((1,), jnp.int32))
f = jax.jit(lambda a, b, g: grouped_gemm_xla(a, b, g, config=GroupedGemmXlaConfig(method="ragged_dot")))
text = f.lower(*args).compile().as_text()
comp = None
for line in text.splitlines():
  s = line.strip()
  if s.startswith("%fused") or s.startswith("fused") or "_computation" in s.split(" ")[0]:
    comp = s.split(" ")[0]
  if s.startswith("ROOT") and comp:
    print(comp, "::", s[:300])
    comp = None
  if s.startswith("ENTRY"):
    comp = "ENTRY"
