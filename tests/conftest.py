"""8 forced host devices before jax initialises; `gpu`-marked tests fail loudly without a GPU."""

import os

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "")
                           + " --xla_force_host_platform_device_count=8").strip()

import jax  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def gpu():
  if jax.default_backend() != "gpu":
    pytest.fail("this test needs an NVIDIA GPU; CI deselects it with -m 'not gpu and not multi_gpu'")
  return jax.devices()[0]


@pytest.fixture
def rng(request):
  import numpy as np
  import zlib

  # A fresh stream per test, reproducible from the test's name.
  return np.random.default_rng(zlib.crc32(request.node.nodeid.encode()))
