"""The one place for JAX-version differences (CI: jax 0.10.2 / py3.11; H200: jax 0.11.2 / py3.12)."""

from __future__ import annotations

import jax

JAX_VERSION: tuple[int, ...] = tuple(int(p) for p in jax.__version__.split(".")[:3] if p.isdigit())


def make_abstract_mesh(axis_sizes, axis_names, *, device_kind: str, platform: str = "gpu"):
  """An AbstractMesh whose device pretends to be `device_kind` (for interpret-mode tests on CPU)."""
  device = jax.sharding.AbstractDevice(device_kind=device_kind, num_cores=None, platform=platform)
  return jax.sharding.AbstractMesh(tuple(axis_sizes), tuple(axis_names), abstract_device=device)


def interpret_gpu_params(*, detect_races: bool = True):
  """Mosaic GPU interpret-mode parameters (public in newer JAX, private in 0.10)."""
  try:
    from jax.experimental.pallas.mosaic_gpu import InterpretGPUParams  # type: ignore[attr-defined]
  except ImportError:
    from jax._src.pallas.mosaic_gpu.interpret.params import InterpretGPUParams
  return InterpretGPUParams(detect_races=detect_races)


def cupti_measure(fn, *, iterations: int):
  """jax.experimental.mosaic.gpu.profiler.measure with per-iteration, per-kernel timings (ms)."""
  from jax.experimental.mosaic.gpu import profiler

  return profiler.measure(fn, aggregate=False, iterations=iterations)


make_user_context = jax.make_user_context
shard_map = jax.shard_map
