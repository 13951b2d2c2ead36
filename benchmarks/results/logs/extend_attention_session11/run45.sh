#!/usr/bin/env bash
# Session 11: (1) the signal helpers on jax 0.11.2; (2) attention GPU tests after review commit
# 7d84be6 (producer rewrite); (3) configs A/B vs session-10 numbers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
python -c "import jax; print(jax.__version__, jax.devices())" 2>&1 | grep -v "$F"
timeout 120 python out/sig_proto.py gpu 2>&1 | grep -v "$F" | tail -5 | tee $OUT/sig_proto.log
timeout 330 python -m pytest -q -x -m gpu tests/gpu/test_gpu_ops.py -k "extend_attention" 2>&1 | grep -v "$F" | tail -15 | tee $OUT/attn_gpu_tests.log
timeout 200 python -m benchmarks.extend_attention_configs --shapes all --noxla --iters 10 --only prefill_long,verify_chat,chunk_32x512_p0,hd128_prefill_long --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1,sequence/c1/kv64/s2/x1 --out $OUT/ab 2>&1 | grep -v "$F" | tail -30 | tee $OUT/configs_ab.log
