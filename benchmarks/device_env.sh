# The device machine's environment, sourced from the repository root by the device-side tools
# (benchmarks/gpu_tests.sh, the A/B tool's ab_run.sh, the run scripts' lib.sh): no NVLink
# multicast anywhere (NCCL, torch symmetric memory, NVSHMEM: multicast can take shared GPUs out
# of service), unbuffered Python, the repository and its tests importable.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests${PYTHONPATH:+:$PYTHONPATH}
