#!/bin/bash
# Session 63, one H200 (repository root). Gemma's decode down projection: contiguous 3.96 TB/s
# through the public op (bar 4.0; its kernel alone ~4.04, the call adds two XLA metadata
# kernels), masked with zeros 3.58. Their 64 x 128 tiles (24 KB a stage) fit 7 and 8 stages
# beside two epilogue buffers; session 33 timed 4-6 only. 3 rounds, one process.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 300 gm_dn_stages 3 Gm_decode_dn,Gm_decode_dn/masked table s7=num_stages:7 \
  s8=num_stages:8
