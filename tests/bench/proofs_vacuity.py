#!/usr/bin/env python3
"""Vacuity on real CBMC proofs (../shared/bench/proofs: coreJSON, aws-c-common): which of a
proof's assertions no execution of its harness reaches, where vcov says it is safe.

  tests/bench/proofs_vacuity.py [--cli VCOV_CLI] [--only TEXT] [--timeout S]
                                [--vacuity-time S] [--jobs N] [--json OUT]

Each proof runs as vcov-cli bmc --cbmc-proof DIR --json (the proof's own bound, checks and
entry); after VERIFICATION SUCCESSFUL vcov decides every assertion of the program's own files
(violated, holds and reached, vacuous, unknown — README "Vacuity"). Printed per proof: the
verdict, the assertions by status, and each vacuous one with its proof; then the totals.
An assertion's status is a claim with its evidence (a replayed execution, or the proof that
none reaches it); the time is the machine's, not a verdict.
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
PROOFS = os.path.abspath(os.path.join(ROOT, "..", "shared", "bench", "proofs"))


def run(cli, row, timeout, vacuity_time):
    proof = os.path.join(PROOFS, row["set"], row["proof_dir"])
    with tempfile.TemporaryDirectory(dir=os.path.join(ROOT, "build")) as tmp:
        out = os.path.join(tmp, "r.json")
        start = time.monotonic()
        try:
            p = subprocess.run([cli, "bmc", "--cbmc-proof", proof, "--vacuity-time", str(vacuity_time),
                                "--json", out], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, timeout=timeout, errors="replace")
            code, text = p.returncode, p.stdout
        except subprocess.TimeoutExpired:
            code, text = None, "timeout"
        seconds = time.monotonic() - start
        report = {}
        if os.path.exists(out):
            with open(out) as f:
                report = json.load(f)
    verdict = {0: "true", 10: "false"}.get(code, "unknown" if code is not None else "timeout")
    return row["set"] + "/" + os.path.basename(row["proof_dir"]), verdict, seconds, report.get("assertions"), text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--vacuity-time", type=float, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args()
    with open(os.path.join(PROOFS, "PROOFS.tsv")) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if a.only in r["set"] + "/" + r["proof_dir"]]
    sys.stdout.reconfigure(line_buffering=True)
    print(f"{'proof':52} {'verdict':8} {'s':>6} {'asserts':>7} {'vacuous':>7} {'reached':>7} {'violated':>8} {'unknown':>7}")
    totals = {"proofs": 0, "safe": 0, "assertions": 0, "vacuous": 0, "reached": 0, "violated": 0, "unknown": 0}
    vacuous = []
    results = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for name, verdict, seconds, asserts, text in pool.map(lambda r: run(a.cli, r, a.timeout, a.vacuity_time), rows):
            totals["proofs"] += 1
            counts = {k: 0 for k in ("vacuous", "reached", "violated", "unknown")}
            n = 0
            if verdict == "true":
                totals["safe"] += 1
            if asserts:
                n = len(asserts["sites"])
                for k in counts:
                    counts[k] = asserts.get(k, 0)
                for s in asserts["sites"]:
                    if s["status"] == "vacuous":
                        vacuous.append((name, s))
            totals["assertions"] += n
            for k in counts:
                totals[k] += counts[k]
            print(f"{name:52} {verdict:8} {seconds:6.1f} {n:7} {counts['vacuous']:7} {counts['reached']:7} "
                  f"{counts['violated']:8} {counts['unknown']:7}")
            results.append({"proof": name, "verdict": verdict, "seconds": seconds, "assertions": asserts})
    print()
    print("Vacuous assertions (proved: no execution of the harness reaches them):")
    for name, s in vacuous:
        print(f"  {name}: {os.path.relpath(s['file'], PROOFS)}:{s['line']}: {s['assertion']}\n      {s['evidence']}")
    if not vacuous:
        print("  none")
    print()
    print(f"totals: {totals['proofs']} proofs, {totals['safe']} safe; their assertions: {totals['assertions']}: "
          f"{totals['vacuous']} vacuous, {totals['reached']} reached and holding, {totals['violated']} violated, "
          f"{totals['unknown']} unknown")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"totals": totals, "proofs": results}, f, indent=1)


if __name__ == "__main__":
    main()
