#!/usr/bin/env python3
# Benchmark (not a test): a mutation campaign on the FDV paper's quicksort.c beside CBMC.
#   vcov:  vcov-cli mutate HARNESS quicksort.c --mutate quicksort.c --size S (every operator,
#          one run: compiler equivalence, executions, the shared encoding; 2 jobs)
#   cbmc:  cbmc on each valid mutant's written-out source in turn (the paper's procedure),
#          equivalent ones included so that TCE is cross-checked
# Both check assertions, array bounds, pointers and division by zero with unwinding
# assertions on (vcov: its default; cbmc: --no-standard-checks --bounds-check
# --pointer-check --div-by-zero-check --unwinding-assertions), so a kill is the same thing
# for both: any failing check, an unwinding assertion included (the original passes them).
# Prints each mutant's status from both, the disagreements, and the time ratio
# vcov campaign / CBMC on the valid, non-equivalent mutants (the bar: <= 0.1).
# usage: packaging/env.sh tests/bench/mutants_vs_cbmc.py [SIZE] [HARNESS]
#        (default 3 and harness.c; unwind SIZE+1)
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
cli = os.path.join(root, "build", "bin", "vcov-cli")
q = os.path.normpath(os.path.join(root, "..", "shared", "bench", "harnesses", "qsortexample"))
size = int(sys.argv[1]) if len(sys.argv) > 1 else 3
harness = sys.argv[2] if len(sys.argv) > 2 else "harness.c"
unwind = size + 1
if not os.access(cli, os.X_OK):
    sys.exit("build first (packaging/build.sh)")
if not shutil.which("cbmc"):
    sys.exit("cbmc is not installed")


def run(cmd):
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.monotonic() - start, p.returncode, p.stdout + p.stderr


cbmc_flags = ["--unwind", str(unwind), "--no-standard-checks", "--bounds-check", "--pointer-check",
              "--div-by-zero-check", "--unwinding-assertions"]
work = tempfile.mkdtemp(prefix="vcov-mutants-")
try:
    report = os.path.join(work, "report.json")
    mutants_dir = os.path.join(work, "mutants")
    vcov_s, status, out = run([cli, "mutate", f"{q}/{harness}", f"{q}/quicksort.c", f"-I{q}", "--mutate",
                               "quicksort.c", "--size", str(size), "--json", report, "--write-mutants", mutants_dir])
    if status != 0:
        sys.exit(f"vcov-cli mutate failed ({status}):\n{out}")
    mutants = json.load(open(report))["mutants"]
    t, status, out = run(["cbmc", f"{q}/{harness}", f"{q}/quicksort.c", f"-I{q}", f"-DSIZE={size}", *cbmc_flags])
    print(f"{harness}, SIZE={size}, unwind {unwind}: {len(mutants)} mutants of quicksort.c; "
          f"cbmc on the original: {'VERIFICATION SUCCESSFUL' if status == 0 else 'status ' + str(status)} ({t:.1f} s)")
    cbmc_s = 0.0
    disagreements = 0
    print(f"{'id':11} {'operator':9} {'line':6} {'edit':28} | {'vcov':10} | {'cbmc':8} | s cbmc")
    for m in mutants:
        if m["status"] == "invalid":
            continue
        src = os.path.join(mutants_dir, m["id"], "quicksort.c")
        t, status, out = run(["cbmc", f"{q}/{harness}", src, f"-I{q}", f"-DSIZE={size}", *cbmc_flags])
        cbmc = {0: "survived", 10: "killed"}.get(status, f"error {status}")
        if m["status"] != "equivalent":
            cbmc_s += t
        expected = "survived" if m["status"] == "equivalent" else m["status"]
        mark = "" if cbmc == expected else "  <-- differ"
        disagreements += bool(mark)
        edit = f"{m['original']} -> {m['replacement']}".replace("\n", " ")[:28]
        print(f"{m['id']:11} {m['operator']:9} {m['line']:<6} {edit:28} | {m['status']:10} | {cbmc:8} | {t:6.2f}{mark}")
    print(f"vcov campaign {vcov_s:.1f} s (all {len(mutants)} mutants, one run); cbmc {cbmc_s:.1f} s (each valid, "
          f"non-equivalent mutant in turn)")
    print(f"ratio vcov / cbmc: {vcov_s / cbmc_s:.3f}x; statuses that differ: {disagreements}")
finally:
    shutil.rmtree(work)
