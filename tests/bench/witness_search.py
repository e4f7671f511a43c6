#!/usr/bin/env python3
# Benchmark (not a test): the two ways to find a maximally covering mutant witness.
#   raise:  the FDV paper's Algorithm 4 — a witness, then one covering at least one goal
#           more, until none does (each query bit-blasted by Z3, searched by MiniSat)
#   maxsat: one query to Z3's Optimize with a soft constraint per coverage goal
# on every mutant of quicksort.c that the weak harness lets survive (and, with
# HARNESS=fixharness.c, the mutants it kills), at one size. Prints per mutant the time and
# coverage of both and whether they agree on the maximum, then the total time ratio
# maxsat / raise. The paper's modified CBMC is not available, so the peer here is the
# other formulation.
# usage: packaging/env.sh tests/bench/witness_search.py [SIZE] [HARNESS] [TIMEOUT]
#        (default 3, harness.c, 300 s per search)
import json
import os
import subprocess
import sys
import tempfile
import time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
cli = os.path.join(root, "build", "bin", "vcov-cli")
q = os.path.normpath(os.path.join(root, "..", "shared", "bench", "harnesses", "qsortexample"))
size = sys.argv[1] if len(sys.argv) > 1 else "3"
harness = sys.argv[2] if len(sys.argv) > 2 else "harness.c"
timeout = sys.argv[3] if len(sys.argv) > 3 else "300"
if not os.access(cli, os.X_OK):
    sys.exit("build first (packaging/build.sh)")
program = [os.path.join(q, harness), os.path.join(q, "quicksort.c"), "-I" + q]

with tempfile.TemporaryDirectory() as work:
    report = os.path.join(work, "campaign.json")
    subprocess.run([cli, "mutate", *program, "--mutate", os.path.join(q, "quicksort.c"), "--size", size,
                    "--json", report], capture_output=True)
    mutants = json.load(open(report))["mutants"]
    chosen = [m for m in mutants if m["status"] == "survived" or
              (harness != "harness.c" and m["status"] == "killed" and m["operator"] == "del_stmt")]
    print(f"{harness} SIZE={size}: {len(chosen)} mutants")
    print(f"{'mutant':<11} {'operator':<9} {'line':>4}  {'raise s':>8} {'cov':>7} {'T asked':>8}  "
          f"{'maxsat s':>8} {'cov':>7}  agree")
    totals = {"raise": 0.0, "maxsat": 0.0}
    disagreements = 0
    for m in chosen:
        row = {}
        for how in ("raise", "maxsat"):
            out = os.path.join(work, f"{m['id']}-{how}.json")
            start = time.monotonic()
            subprocess.run([cli, "witness", *program, "--mutant", m["id"], "--size", size, "--search", how,
                            "--timeout", timeout, "--json", out], capture_output=True)
            seconds = time.monotonic() - start
            totals[how] += seconds
            w = json.load(open(out))["witness"] if os.path.exists(out) else {"status": "error"}
            row[how] = (seconds, w)
        (rs, r), (ms, x) = row["raise"], row["maxsat"]
        def cov(w):
            return f"{w.get('coverage', 0)}/{w.get('coverable', 0)}" if w["status"] == "found" else w["status"]
        agree = r["status"] == x["status"] and (r["status"] != "found" or
                                                (r["maximal"] and x["maximal"] and r["coverage"] == x["coverage"]))
        disagreements += not agree
        print(f"{m['id']:<11} {m['operator']:<9} {m['line']:>4}  {rs:8.1f} {cov(r):>7} "
              f"{len(r.get('targets', [])):>8}  {ms:8.1f} {cov(x):>7}  {'yes' if agree else 'NO'}")
    print(f"total: raise {totals['raise']:.1f} s, maxsat {totals['maxsat']:.1f} s; "
          f"maxsat/raise = {totals['maxsat'] / max(totals['raise'], 1e-9):.2f}x; {disagreements} disagreement(s)")
