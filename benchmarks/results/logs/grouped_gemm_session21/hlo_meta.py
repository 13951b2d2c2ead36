"""Session 21: the optimized HLO of the public op on small rows (which XLA kernels run beside
the Mosaic GPU kernel). python benchmarks/results/logs/grouped_gemm_session21/hlo_meta.py OUT shape,..."""
import sys
import jax
import jaxkern
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case

for full in sys.argv[2].split(","):
  sets, call, ref, cfg, flops = case(full)
  text = jax.jit(call(jaxkern.grouped_gemm)).lower(*sets[0]).compile().as_text()
  open(f"{sys.argv[1]}/hlo_{full.replace('/', '_')}.txt", "w").write(text)
  print(full, len(text), flush=True)
