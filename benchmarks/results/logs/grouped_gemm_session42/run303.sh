#!/bin/bash
# Review of session 42, call 1: the committed kernel after the review's mends (the fp8 step
# loop's wrapper flattened, names only), DS_G1_m1024_gu/fp8, checked, 2 rounds, its PTX dumped
# (SASS=1): whether the step loop of this build, not only run294's, has nothing that waits on a
# load between its QGMMAs. As run, ab_run.sh also put /usr/local/cuda/bin on PATH: nvdisasm is
# there (the listing below) but Mosaic GPU still failed to spawn it, so that line was dropped
# and the SASS was made from the PTX here as in run293.
ls -d /usr/local/cuda*/bin 2>/dev/null; which nvdisasm cuobjdump 2>/dev/null
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
SASS=1 bash $B 200 review_g1 2 DS_G1_m1024_gu/fp8 table
