"""DeviceSpec: every device fact a rule or kernel may use, in one place.

Kernel modules read no environment and never call `jax.devices()`; they take a DeviceSpec. This
module imports nothing from the rest of jaxkern so that `pallas_kernels/` and `sharding/` may use it.

Figures for the H200 are the ceilings measured on the lent machines (../shared/PEERS.md,
2026-11-21): bf16 dense matmul ~790 TFLOP/s, fp8 dense ~1509 TFLOP/s (DS prefill dense fp8,
638 us), HBM copy ~4.3 TB/s (read + write), padded all_to_all ~320 GB/s leaving one GPU over
NVLink. SM count, L2 and the opt-in shared memory per block are what the device reports.
"""

from __future__ import annotations

import dataclasses

import jax


@dataclasses.dataclass(frozen=True, kw_only=True)
class DeviceSpec:
  kind: str                      # jax device_kind, e.g. "NVIDIA H200" or "cpu"
  platform: str                  # "gpu" or "cpu"
  compute_capability: tuple[int, int] | None = None
  num_sms: int = 1
  smem_per_block: int = 0        # bytes of shared memory one thread block may opt into
  l2_bytes: int = 0
  peak_bf16_flops: float = 0.0   # dense, FLOP/s
  peak_fp8_flops: float = 0.0
  hbm_bytes_per_s: float = 0.0   # measured copy bandwidth, bytes read + written per second
  link_bytes_per_s: float = 0.0  # bytes leaving one device per second to its peers (0: none)
  source: str = ""               # where the figures come from

  @property
  def is_hopper(self) -> bool:
    return self.platform == "gpu" and self.compute_capability == (9, 0)

  @property
  def has_mosaic_gpu(self) -> bool:
    """Whether Pallas Mosaic GPU kernels (wgmma, TMA: sm_90a) can be compiled for this device."""
    return self.is_hopper

  @property
  def kernel_target(self) -> "DeviceSpec":
    """The device the Mosaic GPU kernels are sized and configured for: this one if it runs them,
    else the H200 (interpret mode on a CPU, a CUDA export from a CPU)."""
    return self if self.has_mosaic_gpu else _H200

  @staticmethod
  def for_kind(kind: str) -> "DeviceSpec":
    """The spec of a device kind by name (as jax reports `device_kind`)."""
    spec = _KNOWN.get(kind.strip().lower())
    if spec is not None:
      return spec
    if kind.lower().startswith("nvidia"):
      # An NVIDIA GPU we have never measured: rules must not assume Hopper features or speeds.
      return DeviceSpec(kind=kind, platform="gpu", source="unknown GPU: no measured figures")
    return dataclasses.replace(_CPU, kind=kind)

  @staticmethod
  def current() -> "DeviceSpec":
    """The abstract mesh's device if one is set (lets CPU tests pretend to be an H200), else the
    default backend's first local device."""
    mesh = jax.sharding.get_abstract_mesh()
    abstract_device = getattr(mesh, "abstract_device", None)
    if abstract_device is not None:
      return DeviceSpec.for_kind(abstract_device.device_kind)
    device = jax.local_devices()[0]
    if device.platform == "cpu":
      return _CPU
    return DeviceSpec.for_kind(device.device_kind)


_H200 = DeviceSpec(
    kind="NVIDIA H200",
    platform="gpu",
    compute_capability=(9, 0),
    num_sms=132,
    smem_per_block=227 * 1024,
    l2_bytes=60 * 1024 * 1024,
    peak_bf16_flops=790e12,
    peak_fp8_flops=1509e12,
    hbm_bytes_per_s=4.3e12,
    link_bytes_per_s=320e9,
    source="measured on the lent H200 machines (PEERS.md, 2026-11-21)",
)

# Same SM as the H200, HBM3 instead of HBM3e. The lent H100 machines' own figures (the device
# tool's KINDS.md, 2026-11-13): a device-to-device copy ~3.0 TB/s counting bytes read and written,
# 8192^3 bf16 matmul 798 TFLOP/s on random data (the H200's 790 kept: the same tensor cores);
# fp8 and NVLink as the H200's (same SMs and NVLink generation; not measured on the H100).
# The kernels' H100 runs agree: memory-bound grouped GEMM rows reach 2.86-3.01 TB/s of minimum
# bytes (benchmarks/results/logs/grouped_gemm_session53/run374).
_H100 = dataclasses.replace(
    _H200,
    kind="NVIDIA H100 80GB HBM3",
    l2_bytes=50 * 1024 * 1024,
    hbm_bytes_per_s=3.0e12,
    source="lent H100 machines (device tool's KINDS.md: copy ~3.0 TB/s, bf16 798 TFLOP/s); "
           "fp8 and NVLink as the H200's",
)

_CPU = DeviceSpec(kind="cpu", platform="cpu", source="host CPU: XLA paths only")

_KNOWN = {
    "nvidia h200": _H200,
    "nvidia h100 80gb hbm3": _H100,
    "nvidia h100": dataclasses.replace(_H100, kind="NVIDIA H100"),
    "cpu": _CPU,
}
