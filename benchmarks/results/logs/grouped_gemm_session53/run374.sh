#!/bin/bash
# Session 53, call 2 (one H100): the H200 table's config (--table_of) beside our XLA path on the
# bf16 shapes run373 did not reach (it measured every candidate on 4 and ran out of time), then
# the masked layout, --update-tuning; each step gets what is left of 580 s.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
T="--table_of=NVIDIA H200"
configs contiguous_rest $((580 - SECONDS)) "$T" --layouts contiguous \
  --only DS_G16_m64_gu,DS_G16_m32_dn,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn,Gm_decode_gu,Gm_decode_dn
configs masked $((580 - SECONDS)) "$T" --layouts masked
