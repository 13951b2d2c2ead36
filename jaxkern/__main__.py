"""`python -m jaxkern`: the demo serving step (see jaxkern/demo.py)."""

import os

# On a CPU-only machine, give the demo 8 host devices for its tensor-parallel projection; this
# must happen before jax initialises and changes nothing on GPUs.
if "xla_force_host_platform_device_count" not in os.environ.get("XLA_FLAGS", ""):
  os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "")
                             + " --xla_force_host_platform_device_count=8").strip()

from absl import app  # noqa: E402

from jaxkern import demo  # noqa: E402

if __name__ == "__main__":
  app.run(demo.main)
