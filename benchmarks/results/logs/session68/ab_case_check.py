"""Session 68: what ab_case gives the A/B tool's variants on rows whose rule picks the XLA path,
on CPU under the tests' abstract H200 mesh (nothing runs): the "table" variant's starting config
(now the kernel table's row, not the default kernel config) and the config of the "xla" variant
(now the rule's XLA pick, not the default GroupedGemmXlaConfig).

  PYTHONPATH=$PWD:$PWD/tests:benchmarks/results/logs/grouped_gemm_session20 \
    python3 benchmarks/results/logs/session68/ab_case_check.py
"""
import jax

import _testing
import ab_case
import jaxkern
from pallas_kernels.grouped_gemm import mosaic

with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
  for row in ("DS_G1_m1024_gu", "DS_G1_m1024_dn", "DS_G16_m64_gu/masked"):
    sets, call, ref, cfg, flops = ab_case.case(row)
    print(f"{row}: table variant starts from {cfg}", flush=True)
    xla = call(ab_case.config_runner(mosaic, None), config=cfg)
    for c in jaxkern.explain(xla, *sets[0]):
      print(f"{row}: xla variant runs {c.impl} {c.config}", flush=True)
