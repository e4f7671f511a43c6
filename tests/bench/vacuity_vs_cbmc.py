#!/usr/bin/env python3
"""vcov's vacuity claims on real CBMC proofs beside CBMC 6.6's own reachability.

  tests/bench/vacuity_vs_cbmc.py [--cli VCOV_CLI] [--only TEXT] [--timeout S] PROOF...

For each proof (a folder name under ../shared/bench/proofs, as in PROOFS.tsv): vcov-cli bmc
--cbmc-proof DIR --json decides its assertions (README "Vacuity"); CBMC builds the proof as its
Makefile does (tests/bench/proofs_vs_cbmc.py) and runs with --cover location (unwinding
assertions off), which reports each basic block as satisfied (some execution within the
bound reaches it) or failed (none does). Per assertion: vcov's status and CBMC's for the
blocks of its line — *agree* when a vacuous one lies in failed blocks only and a reached one in
some satisfied block; *DISAGREE* otherwise; *no block* when CBMC lists none for that line
(merged into another line's block). The bound is the proof's own, and every one of these
proofs passes its unwinding assertions, so CBMC's "failed" is complete there.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import proofs_vs_cbmc as P  # noqa: E402


def cbmc_cover(row, timeout):
    """{(file basename, line): set of statuses} from CBMC's --cover location."""
    captured = {}
    original = P.timed

    def timed(cmd, cwd, t):
        if cmd[0] == "cbmc":
            cmd = [c for c in cmd if c != "--unwinding-assertions"] + ["--cover", "location", "--json-ui"]
            code, out, s = original(cmd, cwd, t)
            captured["out"] = out
            return code, out, s
        return original(cmd, cwd, t)

    P.timed = timed
    try:
        with tempfile.TemporaryDirectory(dir=os.path.join(P.ROOT, "build")) as tmp:
            P.cbmc(row, tmp, timeout)
    finally:
        P.timed = original
    blocks = {}
    try:
        messages = json.loads(captured.get("out", ""))
    except ValueError:
        return None
    for m in messages:
        for g in m.get("goals", []):
            desc = g.get("description", "")
            # "block 14 (lines FILE:FUNCTION:35,36)": every line the block spans
            if "(lines " not in desc:
                continue
            for part in desc.split("(lines ", 1)[1].rstrip(")").split(";"):
                path, _, lines = part.strip().rpartition(":")
                path = path.rsplit(":", 1)[0]
                for piece in lines.split(","):
                    for ln in (range(int(piece.split("-")[0]), int(piece.split("-")[-1]) + 1)
                               if piece.strip() else []):
                        blocks.setdefault((os.path.basename(path), ln), set()).add(g.get("status"))
    return blocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(P.ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("proofs", nargs="+")
    a = ap.parse_args()
    with open(os.path.join(P.PROOFS, "PROOFS.tsv")) as f:
        rows = {os.path.basename(r["proof_dir"]): r for r in csv.DictReader(f, delimiter="\t")}
    sys.stdout.reconfigure(line_buffering=True)
    totals = {"agree": 0, "DISAGREE": 0, "no block": 0}
    for name in a.proofs:
        row = rows[name]
        proof = os.path.join(P.PROOFS, row["set"], row["proof_dir"])
        with tempfile.TemporaryDirectory(dir=os.path.join(P.ROOT, "build")) as tmp:
            out = os.path.join(tmp, "r.json")
            subprocess.run([a.cli, "bmc", "--cbmc-proof", proof, "--vacuity-time", "20", "--json", out], cwd=P.ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=a.timeout)
            report = json.load(open(out)) if os.path.exists(out) else {}
        sites = (report.get("assertions") or {}).get("sites", [])
        blocks = cbmc_cover(row, a.timeout)
        if blocks is None:
            print(f"{name}: CBMC gave no coverage report")
            continue
        for s in sites:
            if s["status"] not in ("vacuous", "holds, reached"):
                continue
            statuses = blocks.get((os.path.basename(s["file"]), s["line"]))
            if not statuses:
                verdict = "no block"
            elif s["status"] == "vacuous":
                verdict = "agree" if statuses == {"failed"} else "DISAGREE"
            else:
                verdict = "agree" if "satisfied" in statuses else "DISAGREE"
            totals[verdict] += 1
            if s["status"] == "vacuous" or verdict != "agree":
                print(f"{name}: {os.path.basename(s['file'])}:{s['line']} vcov {s['status']}, "
                      f"CBMC {'/'.join(sorted(statuses or ['-']))}: {verdict}")
    print(f"totals: {totals['agree']} agree, {totals['DISAGREE']} disagree, {totals['no block']} without a block of "
          f"their own in CBMC's report")


if __name__ == "__main__":
    main()
