#!/usr/bin/env python3
"""tests/bench/drivers_vs_cbmc.py [--bound K] [--timeout S] [--only TEXT] [--cli VCOV_CLI]
Run inside packaging/env.sh after a build.

Issue 41: the coverage paper's Linux driver tasks (../shared/bench/svcomp/paper000, the rows
of TABLES.tsv whose task is a driver), each expected to reach __VERIFIER_error. Per task:
  - vcov-cli bmc --task at bound K (verdict, wall time, peak memory);
  - vcov-cli verify --task --analysis value and --analysis auto within the time limit, and
    for a "false" its violation witness checked by vcov-cli validate;
  - CBMC 6.6 at the same bound with unwinding assertions (on a copy whose __VERIFIER_error
    fails an assertion), in the task's data model.
Verdicts: safe / unsafe (bmc: a replayed counterexample; CBMC: a failed assertion other than
an unwinding assertion) / bound (bmc: the bound is too small) / refused (bmc: unsupported) /
unknown / timeout. Speed depends on the machine: benchmark
figures, not test verdicts.
"""
import argparse
import csv
import os
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from breadth_vs_cbmc import BENCH, cbmc_copy, cbmc_verdict, run, task_source, vcov_verdict  # noqa: E402

ROOT = HERE.parents[1]


def verify(cli, yml, analysis, timeout, work):
    witness = pathlib.Path(work) / f"{yml.stem}.{analysis}.graphml"
    status, wall, mb, text = run([cli, "verify", "--task", str(yml), "--analysis", analysis, "--time", str(timeout),
                                  "--witness", str(witness)], timeout + 60)
    verdict = {0: "true", 10: "false"}.get(status, "timeout" if status == "timeout" else "unknown")
    confirmed = "-"
    if verdict == "false" and witness.exists():
        src, _ = task_source(yml)
        vs, _, _, _ = run([cli, "validate", "--witness", str(witness), str(src)], timeout + 60)
        confirmed = {10: "confirmed", 0: "refuted"}.get(vs, "unknown")
    return verdict, wall, confirmed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bound", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--only", default="")
    ap.add_argument("--cli", default=str(ROOT / "build" / "bin" / "vcov-cli"))
    a = ap.parse_args()
    with open(BENCH / "paper000" / "TABLES.tsv") as f:
        tasks = sorted({r["task"] for r in csv.DictReader(f, delimiter="\t") if "drivers" in r["task"]})
    tasks = [BENCH.parent / t for t in tasks if a.only in t]
    print(f"bound {a.bound}, time limit {a.timeout:.0f} s per run")
    print(f"{'task':34} {'bmc':8} {'s':>7} {'MB':>6} | {'value':7} {'s':>6} {'auto':7} {'s':>6} {'witness':10} |"
          f" {'cbmc':8} {'s':>7} {'MB':>6}")
    with tempfile.TemporaryDirectory() as work:
        for yml in tasks:
            src, model = task_source(yml)
            bs, bt, bm, bo = run([a.cli, "bmc", "--task", str(yml), "--unwind", str(a.bound), "--timeout",
                                  str(a.timeout)], a.timeout + 60)
            value, value_s, value_w = verify(a.cli, yml, "value", a.timeout, work)
            auto, auto_s, auto_w = verify(a.cli, yml, "auto", a.timeout, work)
            cs, ct, cm, co = run(["cbmc", str(cbmc_copy(src, work)), "--32" if model == "ILP32" else "--64",
                                  "--unwind", str(a.bound), "--unwinding-assertions", "--no-standard-checks"],
                                 a.timeout)
            name = yml.name.replace("module_get_put-drivers-", "").replace(".ko.cil.out.yml", "")
            witness = value_w if value == "false" else auto_w
            print(f"{name[-34:]:34} {vcov_verdict(bs, bo):8} {bt:7.1f} {bm:6.0f} | {value:7} {value_s:6.1f} "
                  f"{auto:7} {auto_s:6.1f} {witness:10} | {cbmc_verdict(cs, co):8} {ct:7.1f} {cm:6.0f}", flush=True)


if __name__ == "__main__":
    main()
