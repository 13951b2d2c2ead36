"""Session 29: the XLA path for one group (DS_G1 contiguous rows): a dot plus a select of the
rows past the group (working tree) vs lax.ragged_dot after an lhs select (":old", the module of
commit 3654761, OLD_REFERENCE names a file holding it: `git show
3654761:pallas_kernels/grouped_gemm/reference.py`), beside the peer lax.ragged_dot. One process,
interleaved over rows and rounds, every output checked against the float32 reference; the
records carry each call's CUPTI kernels.
python benchmarks/results/logs/grouped_gemm_session29/ab_one_group.py OUT rounds shape,... [variant,...]
(variants: xla, xla:old, peer; all three by default; the review's run194 compares the masked
rows too, where only the first two apply)"""
import os, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
import jax
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import GroupedGemmXlaConfig, reference

RAGGED = GroupedGemmXlaConfig(method="ragged_dot")
_old = []


def xla(module):
  def prepare():
    mod = module()
    return lambda *a, config, **kw: mod.grouped_gemm_xla(*a, config=RAGGED, **kw)
  return prepare


def old():
  if not _old:
    _old.append(load_module("reference_old", os.environ["OLD_REFERENCE"]))
  return _old[0]


def peer():
  return lambda lhs, rhs, group_sizes, activation, config: jax.lax.ragged_dot(
      lhs, rhs, group_sizes)


out, rounds, names, *chosen = args
VARIANTS = {"xla": xla(lambda: reference), "xla:old": xla(old), "peer": peer}
labels = chosen[0].split(",") if chosen else list(VARIANTS)
interleaved(f"{out}/ab_one_group.json", names.split(","), int(rounds),
            [(v, VARIANTS[v]) for v in labels], width=24)
