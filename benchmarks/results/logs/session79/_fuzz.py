"""The check both lowering fuzzes run on each case (fuzz_*_lowering.py, run as scripts from the
repository root: this folder is then on sys.path)."""
import sys

import jax

sys.path.insert(0, "tests")
from _testing import H200_MESH   # noqa: E402


def export_failure(f, args, op: str):
  """f(*args) exported for cuda under the tests' abstract H200 mesh: None if it lowers or raises
  a ValueError / NotImplementedError naming `op` (or jaxkern), else (exception name, its first
  line)."""
  try:
    with jax.sharding.use_abstract_mesh(H200_MESH):
      jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
  except (ValueError, NotImplementedError) as e:
    msg = str(e).split("\n")[0]
    if op not in msg and "jaxkern" not in msg:
      return type(e).__name__, msg[:200]
  except Exception as e:   # noqa: BLE001 (any other failure is what the fuzz looks for)
    return type(e).__name__, str(e).split("\n")[0][:200]
  return None
