"""Session 38: Gemma prefill configs against the table's (run262): on the down projection (N =
2816, K = 704: 11 K steps a unit) stages and bands of the table's 128 x 256 group tiles and 128 x
128 tiles; on the gate/up, bands and stages around run260's 128 x 128 / 6 stages / band 1 (run262);
"Gm_prefill_gu/3": the earlier 128 x 192 row against 128 x 128 with 5 and 6 stages, band 1 (run263).
One process per row, variants interleaved (grouped_gemm_session20/ab_case: checked against the
float32 reference, CUPTI).
python .../gm_configs.py OUT ROW ROUNDS NAME"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

out, row, rounds, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
G = dict(tiles="groups", split="m", block_m=128)
W, N = dict(G, block_n=256), dict(G, block_n=128)
VARIANTS = {
    "Gm_prefill_dn": {"table": {}, "256s3b8": dict(W, num_stages=3, band=8),
                      "256s4b1": dict(W, num_stages=4, band=1),
                      "256s4b2": dict(W, num_stages=4, band=2),
                      "256s4b4": dict(W, num_stages=4, band=4),
                      "128s6b1": dict(N, num_stages=6, band=1)},
    "Gm_prefill_gu": {"table": {}, "128s6b2": dict(N, num_stages=6, band=2),
                      "128s6b4": dict(N, num_stages=6, band=4),
                      "128s5b1": dict(N, num_stages=5, band=1)},
    "Gm_prefill_gu/3": {"192s4b1": dict(G, block_n=192, num_stages=4, band=1),
                        "128s5b1": dict(N, num_stages=5, band=1),
                        "128s6b1": dict(N, num_stages=6, band=1)}}[row]
interleaved(f"{out}/{name}.json", [row.split("/")[0]], rounds,
            [(label, lambda o=o: config_runner(mosaic, o)) for label, o in VARIANTS.items()])
