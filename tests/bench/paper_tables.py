#!/usr/bin/env python3
"""The coverage paper's Tables 1 and 2 (../shared/seeds/000_*.txt), reproduced with vcov.

  tests/bench/paper_tables.py --table 1|2 [--budget S] [--exec-time S] [--cli VCOV_CLI]
                              [--analysis value|predicate] [--cartesian] [--only TEXT]
                              [--order bfs|dfs|rpo] [--merge join|sep] [--jobs N]

Each row of ../shared/bench/svcomp/paper000/TABLES.tsv of the chosen table is run as the paper
did: phase 1 the ART analysis until the budget (the paper: 900 s; Table 1 the value analysis,
Table 2 the predicate analysis), phase 2 the execution generator within --exec-time, once as
the baseline (CFA postorder) and once with the Reach heuristic as tie-break, both over the same
phase 1 (vcov-cli coverage --baseline-json), without the solver's completion (the paper's
generator alone). CPU s is the whole run's (phase 1 and both phase 2s). Printed per row, vcov beside the paper:
# lines (coverable), Over A. (lines with an ART edge), Under A. (lines covered by replayed
terminating executions inside the region) baseline / heuristic, # exec. (executions that
added coverage), Bug? (a replayed violation), CPU time (s). "-" where there is none, as in
the paper. The summary counts the targets of issue 40 (Table 2) / 41 (Table 1):
  - rows with an under-approximation or a replayed bug,
  - rows where under and over are at least the paper's (where both have one),
  - rows where the heuristic is at least as good as the baseline.
Speed depends on the machine: these are benchmark figures, not test verdicts. --jobs runs that
many vcov-cli at once (each is single-threaded; budgets are wall-clock, so give it no more
than the machine's cores).
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
BENCH = os.path.abspath(os.path.join(ROOT, "..", "shared", "bench"))


def run(cli, task, analysis, budget, exec_time, cartesian, order=None, merge=None):
    """One phase 1, and phase 2 twice over it: the baseline and the heuristic."""
    with tempfile.TemporaryDirectory() as tmp:
        out, base_out = os.path.join(tmp, "coverage.json"), os.path.join(tmp, "baseline.json")
        cmd = [cli, "coverage", "--task", os.path.join(BENCH, task), "--analysis", analysis, "--time", str(budget),
               "--max-nodes", "100000000", "--exec-time", str(exec_time), "--exec-budget", "1000000",
               "--no-completion", "--json", out, "--baseline-json", base_out]
        if cartesian:
            cmd.append("--cartesian")
        if order:
            cmd += ["--order", order]
        if merge:
            cmd += ["--merge", merge]
        start = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=budget + 2 * exec_time + 600)
        seconds = time.monotonic() - start
        if p.returncode not in (0, 10) or not os.path.exists(out) or not os.path.exists(base_out):
            # The last line says what ended the run; the first are the front end's warnings.
            lines = [l for l in (p.stderr or p.stdout).strip().splitlines() if " warning: " not in l]
            error = {"error": "exit %d%s" % (p.returncode, ": " + lines[-1] if lines else ""), "seconds": seconds}
            return error, error
        return measured(json.load(open(base_out)), seconds), measured(json.load(open(out)), seconds)


def measured(j, seconds):
    over = sum(1 for e in j["per_line"] if e.get("art_nodes"))
    return {
        "lines": j["lines"]["coverable"],
        "over": over,
        "under": j["lines"]["covered"],
        "exec": sum(1 for x in j["executions"] if x.get("new_lines")),
        "bug": j["bug"] is not None,
        "stop": j["analysis"]["why"],
        "refinements": j["analysis"].get("refinements", 0),
        "seconds": seconds,
    }


def num(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def main():
    sys.stdout.reconfigure(line_buffering=True)  # a row as soon as it is measured
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", type=int, choices=(1, 2), required=True)
    ap.add_argument("--budget", type=float, default=900)
    ap.add_argument("--exec-time", type=float, default=None, help="default: the budget")
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--analysis", default=None)
    ap.add_argument("--cartesian", action="store_true")
    ap.add_argument("--only", default=None)
    ap.add_argument("--order", default=None, help="the ART analysis's traversal order (default: vcov-cli's)")
    ap.add_argument("--merge", default=None, help="predicate analysis: join or sep (default: vcov-cli's)")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    analysis = a.analysis or ("value" if a.table == 1 else "predicate")
    exec_time = a.exec_time if a.exec_time is not None else a.budget
    rows = [r for r in csv.DictReader(open(os.path.join(BENCH, "svcomp", "paper000", "TABLES.tsv")), delimiter="\t")
            if int(r["table"]) == a.table and (not a.only or a.only in r["paper_row"])]
    print("Table %d, %s analysis%s%s%s, budget %g s, generation %g s; vcov | paper" %
          (a.table, analysis, " (Cartesian)" if a.cartesian else "", ", order " + a.order if a.order else "",
           ", merge " + a.merge if a.merge else "", a.budget, exec_time))
    head = "%-22s %13s %13s %17s %13s %9s %19s" % ("program", "# lines", "Over A.", "Under A. b/h", "# exec b/h",
                                                 "Bug? b/h", "CPU s b/h")
    print(head)
    targets = {"rows": 0, "evidence": 0, "evidence_paper": 0, "at_least_paper": 0, "comparable": 0, "heur_ok": 0}
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs))
    futures = [pool.submit(run, a.cli, r["task"], analysis, a.budget, exec_time, a.cartesian, a.order, a.merge)
               for r in rows]
    for r, f in zip(rows, futures):
        base, heur = f.result()
        targets["rows"] += 1
        if "error" in base or "error" in heur:
            print("%-22s error: %s" % (r["paper_row"], (base.get("error") or heur.get("error"))))
            continue

        def under(x):
            return x["under"] if x["under"] else "-"

        def pair(x, y):
            return "%s/%s" % (x, y)

        print("%-22s %6s|%-6s %6s|%-6s %8s|%-8s %6s|%-6s %4s|%-4s %9s|%-9s" % (
            r["paper_row"], heur["lines"], r["lines"], heur["over"], r["over_a"],
            pair(under(base), under(heur)), pair(r["under_base"], r["under_heur"]),
            pair(base["exec"] or "-", heur["exec"] or "-"), pair(r["exec_base"], r["exec_heur"]),
            pair("yes" if base["bug"] else "-", "yes" if heur["bug"] else "-"), pair(r["bug_base"], r["bug_heur"]),
            pair("%.0f" % base["seconds"], "%.0f" % heur["seconds"]), pair(r["cpu_base_s"], r["cpu_heur_s"])))
        print("%-22s   analysis: %s%s" % ("", heur["stop"][:150],
                                           "; %d refinements" % heur["refinements"] if heur["refinements"] else ""))
        best_under = max(base["under"], heur["under"])
        if best_under or base["bug"] or heur["bug"]:
            targets["evidence"] += 1
        paper_under = max([v for v in (num(r["under_base"]), num(r["under_heur"])) if v is not None], default=None)
        if paper_under is not None or r["bug_base"] == "yes" or r["bug_heur"] == "yes":
            targets["evidence_paper"] += 1
        if paper_under is not None and num(r["over_a"]) is not None and best_under:
            targets["comparable"] += 1
            if best_under >= paper_under and heur["over"] >= num(r["over_a"]):
                targets["at_least_paper"] += 1
        if heur["under"] >= base["under"] and (heur["bug"] or not base["bug"]):
            targets["heur_ok"] += 1
    print("rows %d: with an under-approximation or a bug %d (paper %d); under and over at least the paper's on %d of "
          "%d rows where both have one; heuristic at least the baseline on %d" %
          (targets["rows"], targets["evidence"], targets["evidence_paper"], targets["at_least_paper"],
           targets["comparable"], targets["heur_ok"]))


if __name__ == "__main__":
    sys.exit(main())
