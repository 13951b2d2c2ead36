"""Session 21: compile one PEERS.md §3 row's grouped-GEMM kernel (table config) once, so that
MOSAIC_GPU_DUMP_SASS=1 / MOSAIC_GPU_DUMP_PTXAS=1 set by the caller print its SASS / ptxas report.
python benchmarks/results/logs/grouped_gemm_session21/sass_dump.py shape[/masked][/swiglu]"""
import sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case
from pallas_kernels.grouped_gemm import mosaic

sets, call, ref, cfg, flops = case(sys.argv[1])
print("=== config", cfg, file=sys.stderr, flush=True)
jax.jit(call(mosaic.grouped_gemm_pallas, config=cfg)).lower(*sets[0]).compile()
