#!/bin/bash
# Session 15, probe: the epilogue's share of the group-tile kernel (stores disabled).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python out/epi_probe.py 2>&1 | grep -v "^[IW]11" | tee $OUT/epi_probe.log | tail -8
