"""Records, tables and plots shared by the benchmarks.

A record: {"shape": <PEERS.md row name>, "impl": "jaxkern:<impl>" or a peer name, "us": median,
"tflops" or "tbps": achieved, "tp": mesh size, ...extra fields (error vs reference, floor, method)}.
"""

from __future__ import annotations

import datetime
import json
import pathlib
import re
import statistics

import jax
from absl import app

from jaxkern import tuning

_ROOT = pathlib.Path(__file__).resolve().parent.parent
# ../shared/PEERS.md beside the checkout; on the device machine a carried copy in .peers/.
PEERS_MD = next((p for p in (_ROOT.parent / "shared" / "PEERS.md", _ROOT / ".peers" / "PEERS.md")
                 if p.exists()), _ROOT.parent / "shared" / "PEERS.md")


def device_dir(num_devices: int = 1) -> str:
  kind = jax.devices()[0].device_kind if jax.default_backend() != "cpu" else "cpu"
  return kind_dir(kind, num_devices)


def kind_dir(kind: str, num_devices: int = 1) -> str:
  """The results folder of a device kind: "NVIDIA H200" -> h200, "NVIDIA H100 80GB HBM3" x 4 ->
  h100x4 (the committed folders' names; a memory-size suffix is dropped)."""
  name = re.sub(r"^nvidia_", "", re.sub(r"[^a-z0-9]+", "_", kind.lower())).strip("_")
  name = re.sub(r"_\d+gb_hbm\d+e?$", "", name)
  return name + (f"x{num_devices}" if num_devices > 1 else "")


def only(shapes, names) -> list:
  """The shapes named by a benchmark's --only flag (all of them when it is empty); a name that is
  not one of `shapes` is a usage error, not a silently empty run."""
  if not names:
    return list(shapes)
  unknown = sorted(set(names) - {s.name for s in shapes})
  if unknown:
    raise app.UsageError(f"--only: no such shape {unknown}; these are: "
                         f"{', '.join(s.name for s in shapes)}")
  return [s for s in shapes if s.name in names]


def environment() -> dict:
  return {"date": datetime.date.today().isoformat(), "jax": jax.__version__,
          "backend": jax.default_backend(), "device_kind": jax.devices()[0].device_kind,
          "device_count": jax.device_count()}


def write(out_dir: str, op: str, records: list[dict], *, num_devices: int = 1) -> pathlib.Path:
  path = pathlib.Path(out_dir) / device_dir(num_devices) / f"{op}.json"
  path.parent.mkdir(parents=True, exist_ok=True)
  path.write_text(json.dumps({"environment": environment(), "records": records}, indent=1) + "\n")
  return path


_RUN_TABLES: set[pathlib.Path] = set()   # the run copies this process has started


def update_tuning(out_dir: str, device_kind: str, op: str, rows: list[dict]) -> pathlib.Path:
  """--update-tuning: merge `rows` into the device kind's table in this checkout and into the
  run's own copy, `<out_dir>/tuning/<kind>/<op>.json`, which holds exactly the rows this process
  wrote (its first write replaces a copy an earlier run left there; `python -m
  benchmarks.merge_tuning <out_dir>` merges them into another checkout's tables). Returns the
  checkout's table."""
  root = pathlib.Path(out_dir) / "tuning"
  copy = tuning.table_path(device_kind, op, root)
  if copy not in _RUN_TABLES:
    _RUN_TABLES.add(copy)
    copy.unlink(missing_ok=True)
  tuning.write_rows(device_kind, op, rows, root=root)
  return tuning.write_rows(device_kind, op, rows)


RECORD_KEY = ("shape", "tp", "layout", "dtype", "page_size", "impl")


def replace_records(json_path, records: list[dict], *, note: str | None = None,
                    title: str | None = None, key=RECORD_KEY,
                    group: tuple[str, ...] | None = None, order=None,
                    retimed: str | None = None) -> pathlib.Path:
  """Put a later run's `records` into a committed results JSON: each replaces the record with
  the same `key` fields in place (a record of a new key goes at the end), `note` (which run, why)
  is appended to the environment's note, and with `title` the PNG beside it is redrawn. With
  `group` (fields, e.g. ("tp", "shape")) the later run replaces whole groups instead: every
  record sharing those fields with one of `records` is dropped, also those of keys the later run
  did not time (another kernel's configs), and the run's records of the group go where the
  group's first record was. `order`: a sort key the merged records are then sorted by (e.g.
  `gemm_rs_sweep_order`). `retimed`: the run re-timed committed records, so each of `records`
  must replace one of the same `key` ("some"), and with "all" every committed record must be
  replaced (SystemExit naming the keys otherwise)."""
  path = pathlib.Path(json_path)
  data = json.loads(path.read_text())
  if retimed:
    ident = lambda r: tuple(r.get(f) for f in key)
    old, later = {ident(r) for r in data["records"]}, {ident(r) for r in records}
    missing = later - old if retimed == "some" else later ^ old
    if missing:
      raise SystemExit(f"{path}: the run's keys differ from the committed records' in "
                       f"{sorted(missing, key=str)}")
  if group:
    ident = lambda r: tuple(r.get(f) for f in group)
    new: dict = {}
    for r in records:
      new.setdefault(ident(r), []).append(r)
    out, placed = [], set()
    for r in data["records"]:
      g = ident(r)
      if g not in new:
        out.append(r)
      elif g not in placed:
        placed.add(g)
        out += new[g]
    data["records"] = out + [r for g, rs in new.items() if g not in placed for r in rs]
  else:
    ident = lambda r: tuple(r.get(f) for f in key)
    new = {ident(r): r for r in records}
    out = [new.pop(ident(r), r) for r in data["records"]]
    data["records"] = out + list(new.values())
  if order is not None:
    data["records"].sort(key=order)
  if note:
    env = data.setdefault("environment", {})
    env["note"] = f"{env['note']} | {note}" if env.get("note") else note
  path.write_text(json.dumps(data, indent=1) + "\n")
  if title is not None:
    replot(str(path), title=title)
  return path


def _best_peer(by_impl: dict[str, dict], baseline: str) -> tuple[dict, dict] | None:
  """(our `baseline` record, the fastest peer record) of one shape's records by impl, when both
  ran; peers are the impls not named "jaxkern:..."."""
  peers = [r for k, r in by_impl.items() if not k.startswith("jaxkern:") and r.get("us")]
  ours = by_impl.get(baseline)
  if not peers or not ours or not ours.get("us"):
    return None
  return ours, min(peers, key=lambda r: r["us"])


def vs_best_peer(records: list[dict], *, baseline: str = "jaxkern:auto",
                 page_size: int | None = None) -> list[tuple[str, dict, dict]]:
  """[(shape, our record, the fastest peer's record)] per shape (and tp) where both ran, in the
  records' order, as `table` pairs them (only `page_size`'s records, when given)."""
  by_shape: dict[tuple, dict[str, dict]] = {}
  for r in records:
    if page_size is None or r.get("page_size") == page_size:
      by_shape.setdefault((r["shape"], r.get("tp", 1)), {})[r["impl"]] = r
  return [(shape, *best) for (shape, _), rows in by_shape.items()
          if (best := _best_peer(rows, baseline)) is not None]


def table(records: list[dict], *, rate_key: str, baseline: str, columns: list[str]) -> str:
  """Markdown: one row per shape, one column per impl: 'us (rate)', plus our ratio vs the best
  peer measured in this run (>1: we are faster)."""
  shapes = list(dict.fromkeys((r["shape"], r.get("tp", 1)) for r in records))
  lines = ["| shape | tp | " + " | ".join(columns) + f" | best peer | {baseline} vs best peer |",
           "|---|---|" + "---|" * (len(columns) + 2)]
  for shape, tp in shapes:
    row = {r["impl"]: r for r in records if r["shape"] == shape and r.get("tp", 1) == tp}
    cells = []
    for c in columns:
      r = row.get(c)
      if r is None or r.get("us") is None:
        cells.append("-" if r is None else f"n/a ({r.get('note', '')[:40]})")
      else:
        rate = r.get(rate_key)
        cells.append(f"{r['us']:.1f}" + (f" ({rate:.0f})" if rate and rate_key == "tflops" else
                                         f" ({rate:.2f})" if rate else ""))
    best = _best_peer(row, baseline)
    if best is not None:
      ours, peer = best
      cells += [f"{peer['impl']} {peer['us']:.1f}", f"{peer['us'] / ours['us']:.2f}x"]
    else:
      cells += ["-", "-"]
    lines.append(f"| {shape} | {tp} | " + " | ".join(cells) + " |")
  return "\n".join(lines)


def replot(json_path: str, *, title: str) -> pathlib.Path | None:
  """Redraw the PNG beside a committed results JSON (no device needed): GEMM + reduce-scatter
  results as their crossover (`plot_gemm_rs`), others as bars of their configs' baseline records
  (per-config records, "impl[config]", left out)."""
  path = pathlib.Path(json_path)
  records = json.loads(path.read_text())["records"]
  if path.stem.startswith("gemm_reduce_scatter"):
    return plot_gemm_rs(records, path.with_suffix(".png"), title=title)
  return plot([r for r in records if "[" not in r["impl"]], path.with_suffix(".png"), title=title)


GEMM_RS_BAR = 1.15   # issue 5: the fused path at least this much faster on the bar shapes


def gemm_rs_speedups(records: list[dict], field: str = "us") -> dict:
  """{tp: {(N, K): [(M, unfused / fastest fused), ...] by M}} of one timing field ("us": the wall
  clock; "span_us"; "sustained_us"), over the shapes with both paths timed in it: the table rows
  of the records (`gemm_rs_tuning_rows`, which groups them by (tp, shape) and path)."""
  out: dict = {}
  order = lambda row: tuple(row["key"][f] for f in ("tp", "n", "k", "m"))
  for row in sorted(gemm_rs_tuning_rows(records), key=order):
    times = row["times_us"] if field == "us" else row.get(field, {})
    fused = [us for name, us in times.items() if name != "unfused"]
    if "unfused" in times and fused:
      key = row["key"]
      out.setdefault(key["tp"], {}).setdefault((key["n"], key["k"]), []).append(
          (key["m"], times["unfused"] / min(fused)))
  return out


def plot_gemm_rs(records: list[dict], path: pathlib.Path, *, title: str) -> pathlib.Path | None:
  """The GEMM + reduce-scatter crossover: a panel per tp, unfused time over the fastest fused
  config's against M for each (N, K), by wall clock (solid), device span (dashed) and, where
  timed, back to back (dotted); above 1 the fused path is faster, the grey line is issue 5's bar."""
  try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
  except ImportError:
    return None
  styles = (("us", "-", "wall"), ("span_us", "--", "span"), ("sustained_us", ":", "back to back"))
  curves = {field: gemm_rs_speedups(records, field) for field, _, _ in styles}
  tps = sorted(curves["us"])
  if not tps:     # one path only (e.g. the CPU smoke run): its times as bars
    return plot(records, path, title=title)
  fig, axes = plt.subplots(1, len(tps), figsize=(6.5 * len(tps), 4.5), sharey=True, squeeze=False)
  for ax, tp in zip(axes[0], tps):
    for i, nk in enumerate(sorted(curves["us"][tp])):
      for field, style, name in styles:
        points = curves[field].get(tp, {}).get(nk)
        if points:
          ms, ratio = zip(*points)
          ax.plot(ms, ratio, style, marker="o", ms=3, color=f"C{i}",
                  label=f"N={nk[0]} K={nk[1]}" if field == "us" else None)
    for field, style, name in styles:      # the line styles' key
      if curves[field].get(tp):
        ax.plot([], [], style, color="black", label=name)
    ax.axhline(1.0, color="black", lw=0.8)
    ax.axhline(GEMM_RS_BAR, color="gray", ls="--", lw=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("M")
    ax.set_title(f"{title}, tp={tp}")
    ax.legend(fontsize=7, loc="lower right")
  axes[0][0].set_ylabel("unfused / fused time (>1: fused faster)")
  fig.tight_layout()
  fig.savefig(path, dpi=110)
  plt.close(fig)
  return path


def plot(records: list[dict], path: pathlib.Path, *, title: str) -> pathlib.Path | None:
  """Grouped bar chart of microseconds per shape and impl (log scale)."""
  try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
  except ImportError:
    return None
  shapes = list(dict.fromkeys(f"{r['shape']} tp{r.get('tp', 1)}" for r in records))
  impls = list(dict.fromkeys(r["impl"] for r in records))
  fig, ax = plt.subplots(figsize=(min(20, max(8, 0.5 * len(shapes) + 2)), 6))
  width = 0.8 / max(1, len(impls))
  for i, impl in enumerate(impls):
    xs, ys = [], []
    for j, s in enumerate(shapes):
      for r in records:
        if r["impl"] == impl and f"{r['shape']} tp{r.get('tp', 1)}" == s and r.get("us"):
          xs.append(j + i * width)
          ys.append(r["us"])
    ax.bar(xs, ys, width, label=impl)
  ax.set_xticks([j + 0.4 - width / 2 for j in range(len(shapes))])
  ax.set_xticklabels(shapes, rotation=45, ha="right", fontsize=8)
  ax.set_yscale("log")
  ax.set_ylabel("microseconds (median, lower is better)")
  ax.set_title(title)
  ax.legend(fontsize=8)
  fig.tight_layout()
  fig.savefig(path, dpi=110)
  plt.close(fig)
  return path


def gemm_rs_peers_md_torch_ms() -> dict[tuple[int, int, int, int], float]:
  """(tp, M, N, K) -> ms of 'torch matmul + NCCL RS' in PEERS.md §2, when the file is there."""
  out = {}
  if not PEERS_MD.exists():
    return out
  section = PEERS_MD.read_text().split("## 2.")[1].split("## 3.")[0]
  for line in section.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 9 and re.fullmatch(r"\d+", cells[0]):
      tp, m, n, k = (int(c) for c in cells[:4])
      out[(tp, m, n, k)] = float(cells[8])
  return out


PEERS_MD_GEMM_RS_KIND = "NVIDIA H200"   # PEERS.md §2 was measured on 4 x H200


def attach_gemm_rs_peers_md(records: list[dict], device_kind: str) -> list[dict]:
  """Put PEERS.md's torch matmul + NCCL figure (another process, CUDA events; not re-measured
  here) beside each GEMM + reduce-scatter record of that (tp, M, N, K), when PEERS.md is
  readable on this machine (the lent GPUs cannot: `--annotate` adds them afterwards) and the
  records were measured on PEERS.md's kind of GPU (`device_kind`; an H100 run gets none)."""
  if device_kind != PEERS_MD_GEMM_RS_KIND:
    return records
  torch_ms = gemm_rs_peers_md_torch_ms()
  for r in records:
    torch = torch_ms.get((r["tp"], r["m"], r["n"], r["k"]))
    if torch is not None:
      r["peers_md_torch_nccl_us"] = torch * 1e3
  return records


def gemm_rs_sweep_order(record: dict) -> tuple:
  """The GEMM + reduce-scatter sweep JSON's record order (`replace_records`' order=): by tp, N,
  K, M and path, so that the PNG's bars run along M within each (tp, N, K)."""
  return record["tp"], record["n"], record["k"], record["m"], record["impl"]


MEANED = ("us", "span_us", "cupti_us", "sustained_us")   # `mean_of_runs`' averages


def mean_of_runs(runs: list[dict]) -> dict:
  """One GEMM + reduce-scatter record from several runs of the same (tp, shape, path): the mean
  of each timing in MEANED (the wall clock under 500 µs can differ by a third between two runs
  of one path, session 77), the rate (tflops) at the mean wall time, p10 / p90 the extremes, err
  the worst, and the runs' own wall and span times kept (`samples_us`, `samples_span_us`). A run
  that failed (no time) is returned as the record: the path did not run every time."""
  if len(runs) == 1:
    return runs[0]
  failed = next((r for r in runs if not r.get("us")), None)
  if failed is not None:
    return failed
  mean = {f: statistics.mean(r[f] for r in runs) for f in MEANED
          if all(r.get(f) is not None for r in runs)}
  if "tflops" in runs[0]:     # the same FLOPs each run: the rate at the mean time
    mean["tflops"] = runs[0]["tflops"] * runs[0]["us"] / mean["us"]
  return dict(runs[0], **mean, p10=min(r["p10"] for r in runs), p90=max(r["p90"] for r in runs),
              err=max(r["err"] for r in runs), samples_us=[round(r["us"], 1) for r in runs],
              **({"samples_span_us": [round(r["span_us"], 1) for r in runs]}
                 if "span_us" in mean else {}),
              method=f"{runs[0]['method']}, mean of {len(runs)} runs")


def round_order(runs: list, round_: int) -> list:
  """The (impl, fused config) paths of one round of the GEMM + reduce-scatter benchmark's
  --rounds: those with no forced config first (unfused, and fused on the rule's config), then
  the forced fused configs as given in even rounds and reversed in odd ones, so that no config
  always runs right after another (here rather than in that module: its absl flags clash with
  the other benchmarks' when tests import several)."""
  fused = [r for r in runs if r[1] is not None]
  return [r for r in runs if r[1] is None] + (fused[::-1] if round_ % 2 else fused)


def gemm_rs_tuning_rows(records: list[dict]) -> list[dict]:
  """One table row per (tp, shape) with both paths timed: the faster path, the fastest fused
  config, and every time (µs, chained wall clock; the devices' span beside it) of the run
  (`benchmarks.gemm_reduce_scatter --update-tuning`; here rather than in that module, whose absl
  flags clash with the other benchmarks' when tests import several in one process)."""
  from jaxkern.rules import gemm_reduce_scatter as rs_rule
  name_of = lambda r: "unfused" if r["impl"] == "jaxkern:unfused" else r["config"]
  rows = []
  for tp, name in dict.fromkeys((r["tp"], r["shape"]) for r in records):
    recs = [r for r in records if r["tp"] == tp and r["shape"] == name and r.get("us")]
    times = {name_of(r): round(r["us"], 1) for r in recs}
    # The devices' span beside the wall clock the pick keys on: on short calls the two can
    # disagree (session 52: 6 of 46 H100 rows), and `jaxkern.explain` shows both.
    spans = {name_of(r): round(r["span_us"], 1) for r in recs if r.get("span_us")}
    # And, where timed (--sustain_s, session 64), each path dispatched back to back: the GPUs at
    # their power cap, where the fused kernel's lead shrinks.
    held = {name_of(r): round(r["sustained_us"], 1) for r in recs if r.get("sustained_us")}
    if "unfused" not in times or len(times) < 2:
      continue
    impl, best_fused, why = gemm_rs_pick(times)
    r0 = recs[0]
    problem = rs_rule.GemmReduceScatterProblem(m=r0["m"], n=r0["n"], k=r0["k"],
                                               dtype="bfloat16", tp=tp)
    rows.append({"key": problem.table_key(), "impl": impl, "fused_config": best_fused,
                 "times_us": times, **({"span_us": spans} if spans else {}),
                 **({"sustained_us": held} if held else {}), "shape": name,
                 "why": why, "date": environment()["date"], "jax": jax.__version__})
  return rows


def gemm_rs_pick(times: dict[str, float]) -> tuple[str, str, str]:
  """(path, fastest fused config, reason) from a row's wall times ({"unfused": us, <fused config
  name>: us, ...}): fused only where it is faster; a tie keeps the unfused path and says so."""
  fused = {c: us for c, us in times.items() if c != "unfused"}
  best = min(fused, key=fused.get)
  both = f"unfused {times['unfused']} us, fused[{best}] {fused[best]} us"
  if fused[best] == times["unfused"]:
    return "unfused", best, f"level, unfused kept: {both}"
  impl = "fused" if fused[best] < times["unfused"] else "unfused"
  return impl, best, f"{impl} faster: {both}"
