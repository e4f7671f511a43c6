#!/usr/bin/env python3
# Benchmark (not a test): every statement-deletion mutant of the FDV paper's quicksort.c
# against fixharness.c, three ways in one run:
#   vcov, one encoding:  vcov-cli bmc --delete-each quicksort.c (each mutant one query)
#   vcov, one per file:  vcov-cli bmc on each mutant's source, written out
#   cbmc:                cbmc on each mutant's source (--no-standard-checks --unwinding-assertions)
# Array bounds and pointer checks are on for both (vcov: --property bounds,pointer; cbmc:
# --bounds-check --pointer-check): without them vcov leaves out executions with undefined
# behaviour and CBMC lets an out-of-bounds read return any value, so their kills differ.
# Prints each mutant's verdict from all three (killed / survived / bound: the bound is too
# small) and the total times with their ratios.
# usage: packaging/env.sh tests/bench/mutants_vs_cbmc.py [SIZE]   (default 3; unwind SIZE+1)
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
unwind = size + 1
if not os.access(cli, os.X_OK):
    sys.exit("build first (packaging/build.sh)")
if not shutil.which("cbmc"):
    sys.exit("cbmc is not installed")


def run(cmd):
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.monotonic() - start, p.returncode, p.stdout + p.stderr


def vcov_verdict(status, out):
    if status == 10:
        return "killed"
    if status == 0:
        return "survived"
    return "bound" if "bound too small" in out else "unknown"


def cbmc_verdict(status, out):
    if status == 0:
        return "survived"
    if status != 10:
        return "error"
    failed = [l for l in out.splitlines() if l.strip().endswith("FAILURE")]
    return "bound" if failed and all("unwinding assertion" in l for l in failed) else "killed"


work = tempfile.mkdtemp(prefix="vcov-mutants-")
try:
    report = os.path.join(work, "shared.json")
    flags = [f"-I{q}", f"-DSIZE={size}"]
    checks = ["--property", "bounds,pointer"]
    cbmc_checks = ["--bounds-check", "--pointer-check"]
    shared_s, status, out = run([cli, "bmc", f"{q}/fixharness.c", f"{q}/quicksort.c", *flags, "--unwind",
                                 str(unwind), *checks, "--delete-each", "quicksort.c", "--json", report])
    if status not in (0, 10):
        sys.exit(f"vcov-cli failed ({status}):\n{out}")
    mutants = json.load(open(report))["mutants"]
    source = open(f"{q}/quicksort.c").read().split("\n")
    separate_s = cbmc_s = 0.0
    disagreements = 0
    print(f"SIZE={size}, unwind {unwind}: {len(mutants)} mutants of quicksort.c against fixharness.c")
    print(f"{'mutant':28} | {'one encoding':12} | {'one per file':12} | {'cbmc':8} | s one file, cbmc")
    for m in mutants:
        where = m["name"].rsplit(":", 2)
        line, column = int(where[1]), int(where[2])
        text = source[line - 1]
        end = text.index(";", column - 1)
        # The deleted statement's text, as the source has it, must be the one vcov deleted.
        if "".join(text[column - 1:end].split()) != "".join(m["deleted"].split()):
            print(f"  skipped {m['name']}: '{text[column - 1:end]}' is not '{m['deleted']}'")
            continue
        mutated = source[:line - 1] + [text[:column - 1] + text[end:]] + source[line:]
        d = os.path.join(work, f"m{line}_{column}")
        os.makedirs(d)
        with open(os.path.join(d, "quicksort.c"), "w") as f:
            f.write("\n".join(mutated))
        t1, s1, o1 = run([cli, "bmc", f"{q}/fixharness.c", f"{d}/quicksort.c", *flags, "--unwind", str(unwind),
                          *checks])
        t2, s2, o2 = run(["cbmc", f"{q}/fixharness.c", f"{d}/quicksort.c", *flags, "--unwind", str(unwind),
                          "--unwinding-assertions", "--no-standard-checks", *cbmc_checks])
        separate_s += t1
        cbmc_s += t2
        shared = {"unsafe": "killed", "safe": "survived"}.get(m["verdict"], "bound" if "bound too small" in
                                                                m.get("reason", "") else "unknown")
        verdicts = [shared, vcov_verdict(s1, o1), cbmc_verdict(s2, o2)]
        mark = "" if len(set(verdicts)) == 1 else "  <-- differ"
        disagreements += bool(mark)
        label = f"{line}:{column} {m['deleted']}"[:28]
        print(f"{label:28} | {verdicts[0]:12} | {verdicts[1]:12} | {verdicts[2]:8} | {t1:5.2f} {t2:6.2f}{mark}")
    print(f"total: vcov one encoding {shared_s:.2f} s (program and every mutant), vcov one per file "
          f"{separate_s:.2f} s, cbmc {cbmc_s:.2f} s (mutants only)")
    print(f"ratio one encoding / cbmc: {shared_s / cbmc_s:.2f}x; one encoding / one per file: "
          f"{shared_s / separate_s:.2f}x; verdicts that differ: {disagreements}")
finally:
    shutil.rmtree(work)
