#!/bin/bash
# Session 15 review: the tiles="groups" metadata, bare reductions vs plain helpers (XLA kernels).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD:$PWD/tests
timeout 200 python out/meta_probe.py 2>&1 | grep -v "^[IW]11" | tee $OUT/meta_probe.log | tail -12
