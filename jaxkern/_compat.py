"""The one place for JAX-version differences (CI: jax 0.10.2 / py3.11; H200: jax 0.11.2 / py3.12)."""

from __future__ import annotations

import functools

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


@functools.cache
def _mgpu_load_needs_index() -> bool:
  import inspect

  from jax.experimental.pallas import mosaic_gpu as plgpu
  return inspect.signature(plgpu.load).parameters["idx"].default is inspect.Parameter.empty


def mgpu_load(ref, *, layout):
  """`plgpu.load` of a whole ref in `layout`: jax 0.10 takes the index as a positional argument,
  jax 0.11 deprecates passing it (the ref is indexed with `.at` instead)."""
  from jax.experimental.pallas import mosaic_gpu as plgpu
  if _mgpu_load_needs_index():
    return plgpu.load(ref, (), layout=layout)
  return plgpu.load(ref, layout=layout)


make_user_context = jax.make_user_context
shard_map = jax.shard_map


def patch_mosaic_gpu_interpreter() -> None:
  """Teach the Mosaic GPU interpreter's wgmma two operand forms that compiled kernels use and that
  jax 0.10's interpreter rejects: a transposed shared-memory operand (`plgpu.transpose_ref`, e.g.
  attention's Q @ K^T) and a register (array) A operand (attention's P @ V). Idempotent; a no-op
  where the interpreter is absent. Reads, writes and race bookkeeping go through the interpreter's
  own shared-memory calls, so race detection still sees every access."""
  try:
    from jax._src.pallas.mosaic.interpret import utils as interpret_utils
    from jax._src.pallas.mosaic_gpu.interpret import gpu_callbacks as cb
    from jax._src.state.types import TransposeTransform
  except ImportError:
    return
  if getattr(cb.wgmma, "_jaxkern_patched", False):
    return
  import numpy as np

  def split(transforms):
    """(slicing transforms, permutation applied after them or None)."""
    kept, perm = [], None
    for t in cb._remove_noop_transforms(transforms):
      if isinstance(t, TransposeTransform):
        perm = tuple(t.permutation) if perm is None else tuple(perm[i] for i in t.permutation)
      else:
        if perm is not None:
          raise NotImplementedError("slicing after a transpose in an interpreted wgmma operand")
        kept.append(t)
    return tuple(kept), perm

  def wgmma(*, token, device_id, grid_point_coords, thread_id, acc_allocation_key_as_array,
            acc_transforms, acc_dtype, a_allocation_key_as_array, a_transforms,
            b_allocation_key_as_array, b_transforms, source_info=None):
    device_id = int(device_id)
    thread_id = int(thread_id)
    grid_point_coords = tuple(int(x) for x in grid_point_coords)
    shared_memory = cb._get_shared_memory()
    global_thread_id = shared_memory.get_global_thread_id(device_id, thread_id)
    info = interpret_utils.GPULoggingInfo(device_id=device_id, grid_point_coords=grid_point_coords,
                                          thread_id=thread_id, source_info=source_info)

    def read(key_or_value, transforms):
      arr = np.asarray(key_or_value)
      if not np.issubdtype(arr.dtype, np.integer):
        return arr                                  # a register operand: its value
      kept, perm = split(jax.tree.map(int, transforms))
      key = cb.HostAllocationKey.from_array(arr)
      value, _, _ = shared_memory.get_buffer_content(key, interpret_utils.to_range(kept),
                                                     global_thread_id, logging_info=info)
      return value if perm is None else np.transpose(value, perm)

    a = read(a_allocation_key_as_array, a_transforms)
    b = read(b_allocation_key_as_array, b_transforms)
    acc_key = cb.HostAllocationKey.from_array(acc_allocation_key_as_array)
    acc_range = interpret_utils.to_range(jax.tree.map(int, cb._remove_noop_transforms(acc_transforms)))
    acc, _, _ = shared_memory.get_buffer_content(acc_key, acc_range, global_thread_id,
                                                 logging_info=info)
    res = acc + np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(acc_dtype)
    shared_memory.store_buffer_content(acc_key, acc_range, res, global_thread_id,
                                       logging_info=info)
    return token

  wgmma._jaxkern_patched = True
  cb.wgmma = wgmma

  # Register-layout hints are no-ops off the GPU.
  from jax._src.interpreters import mlir
  from jax._src.pallas.mosaic_gpu import core as gpu_core
  mlir.register_lowering(gpu_core.layout_cast_p, lambda ctx, x, **_: [x], platform="cpu")
  _share_thread_compiles()


_THREAD_EXECUTABLES = 64    # interpreted thread bodies kept compiled (least recently used dropped)


def _share_thread_compiles() -> None:
  """The interpreter runs each warpgroup of a CTA on its own Python thread, and each thread
  traces, lowers and compiles the kernel body for itself (`thread_map._run_jaxpr`: a new jit
  each time, so JAX's caches miss): one kernel launch compiled the same body once per thread,
  12 times on 4 CTAs x 3 warpgroups (a grouped GEMM interpret test: 83 s of compiles, 4.7 s
  shared; benchmarks/results/logs/grouped_gemm_session46/compile_count.log). Here the threads
  of a body share one executable, compiled by the first thread to ask
  (the others wait for it), keyed on the body's jaxpr and its arguments' shapes and dtypes.
  Each thread still runs the body with its own thread index; nothing the kernel sees changes."""
  try:
    from jax._src.pallas.mosaic.interpret import thread_map
  except ImportError:
    return
  original = getattr(thread_map, "_run_jaxpr", None)
  if original is None or getattr(original, "_jaxkern_patched", False):
    return
  import collections
  import concurrent.futures
  import threading

  import numpy as np
  from jax import core as jax_core

  lock = threading.Lock()
  cache: collections.OrderedDict = collections.OrderedDict()

  def run_jaxpr(jaxpr, consts, *args):
    key = (id(jaxpr), tuple((np.shape(x), str(getattr(x, "dtype", type(x).__name__)))
                            for x in jax.tree.leaves((consts, args))))
    with lock:
      entry = cache.get(key)
      owner = entry is None or entry[0] is not jaxpr   # (a dropped jaxpr's id reused)
      if owner:
        entry = cache[key] = (jaxpr, concurrent.futures.Future())
        run_jaxpr.compiles += 1
      cache.move_to_end(key)
      while len(cache) > _THREAD_EXECUTABLES:
        cache.popitem(last=False)
    future = entry[1]
    if owner:
      try:
        run = lambda consts, *args: jax_core.eval_jaxpr(jaxpr, consts, *args)
        future.set_result(jax.jit(run).trace(consts, *args).lower().compile())
      except BaseException as e:
        future.set_exception(e)
        with lock:
          if cache.get(key) is entry:
            del cache[key]
        raise
    future.result()(consts, *args)

  run_jaxpr._jaxkern_patched = True
  run_jaxpr.compiles = 0     # bodies compiled so far (tests check that threads share them)
  thread_map._run_jaxpr = run_jaxpr
