#!/usr/bin/env python3
"""tests/bench/breadth_vs_cbmc.py [--bounds 4,6,8,10] [--array-bounds 2,4,8] [--timeout S]
Run inside packaging/env.sh after a build.

Issue 14's speed target: vcov-cli bmc against CBMC 6.6 at the same bound, on the systemc
tasks of ../shared/bench/svcomp/systemc and on the tasks with arrays of 100000 elements
(array-examples, array-industry-pattern in soundness/ and branches/). Per task and bound:
each tool's verdict, wall time and peak memory, and the ratios vcov/CBMC; then the total
time ratio and on how many rows vcov is at most CBMC's time.

Both tools run with unwinding assertions on (a "safe" is a complete proof). CBMC gets a copy
of the task whose reach_error() / __VERIFIER_error() fails an assertion (it does not treat
the call itself as a violation); vcov reads the task unchanged.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BENCH = ROOT.parent / "shared" / "bench" / "svcomp"
CLI = ROOT / "build" / "bin" / "vcov-cli"


def run(cmd, timeout):
    """(exit status or 'timeout', wall seconds, peak RSS in MB, output)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = start + timeout
        status = None
        while True:
            pid, st, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(st)
                break
            if time.monotonic() > deadline:
                proc.kill()
                pid, st, usage = os.wait4(proc.pid, 0)
                status = "timeout"
                break
            time.sleep(0.01)
        wall = time.monotonic() - start
        out.seek(0)
        text = out.read().decode(errors="replace")
    return status, wall, usage.ru_maxrss / 1024.0, text


def task_source(yml):
    text = yml.read_text()
    m = re.search(r"input_files:\s*'?([^'\n]+)'?", text)
    src = yml.parent / m.group(1).strip()
    model = "ILP32" if "ILP32" in text else "LP64"
    return src, model


def cbmc_copy(src, work):
    text = src.read_text(errors="replace")
    text = re.sub(r"void reach_error\(\) *\{ *\}", 'void reach_error() { __CPROVER_assert(0, "reach_error"); }', text)
    if "__VERIFIER_error" in text and not re.search(r"__VERIFIER_error\([^)]*\) *\{", text):
        text += '\nvoid __VERIFIER_error(void) { __CPROVER_assert(0, "__VERIFIER_error"); }\n'
    copy = pathlib.Path(work) / src.name
    copy.write_text(text)
    return copy


def vcov_verdict(status, text):
    if status == "timeout":
        return "timeout"
    if status == 0:
        return "safe"
    if status == 10:
        return "unsafe"
    # The verdict line, not a front-end warning that names an unsupported construct.
    if "VERIFICATION UNKNOWN: unsupported" in text:
        return "refused"
    if "VERIFICATION UNKNOWN: bound too small" in text:
        return "bound"
    return "unknown" if status == 1 else f"err{status}"


def cbmc_verdict(status, text):
    if status == "timeout":
        return "timeout"
    if "VERIFICATION SUCCESSFUL" in text:
        return "safe"
    if "VERIFICATION FAILED" in text:
        failures = [l for l in text.splitlines() if re.search(r"\] .*: FAILURE", l)]
        # An unwinding assertion says the bound is too small; "no body for callee" (CBMC
        # fails a call of a function it has no body for, malloc declared without its
        # library, say) says nothing about the property either.
        real = [l for l in failures if "unwinding assertion" not in l and "no body for callee" not in l]
        return "unsafe" if real else "unknown"
    return "refused"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bounds", default="4,6,8,10")
    ap.add_argument("--array-bounds", default="2,4,8")
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    if subprocess.run(["sh", "-c", "command -v cbmc"], capture_output=True).returncode:
        sys.exit("cbmc is not installed")

    rows = []
    systemc = sorted((BENCH / "systemc").glob("*.yml"))
    arrays = sorted(
        y
        for d in ("soundness", "branches")
        for sub in ("array-examples", "array-industry-pattern")
        for y in (BENCH / d / sub).glob("*.yml")
        if re.search(r"\[ *100000 *\]", task_source(y)[0].read_text(errors="replace"))
    )
    jobs = [(y, int(k), "systemc") for y in systemc for k in args.bounds.split(",")]
    jobs += [(y, int(k), "arrays") for y in arrays for k in args.array_bounds.split(",")]

    print(f"{'task':44} {'k':>3} {'vcov':9} {'s':>7} {'MB':>6} {'cbmc':9} {'s':>7} {'MB':>6} {'time':>6} {'mem':>5}")
    with tempfile.TemporaryDirectory() as work:
        for yml, k, group in jobs:
            src, model = task_source(yml)
            bits = "--32" if model == "ILP32" else "--64"
            vs, vt, vm, vo = run([str(CLI), "bmc", "--task", str(yml), "--unwind", str(k),
                                  "--timeout", str(args.timeout)], args.timeout + 30)
            cs, ct, cm, co = run(["cbmc", str(cbmc_copy(src, work)), bits, "--unwind", str(k),
                                  "--unwinding-assertions", "--no-standard-checks"], args.timeout)
            v, c = vcov_verdict(vs, vo), cbmc_verdict(cs, co)
            name = str(yml.relative_to(BENCH))[:-4]
            rows.append((group, name, k, v, vt, vm, c, ct, cm))
            print(f"{name[-44:]:44} {k:3} {v:9} {vt:7.2f} {vm:6.0f} {c:9} {ct:7.2f} {cm:6.0f} "
                  f"{vt / ct:6.2f} {vm / cm:5.2f}", flush=True)

    print()
    for group in ("systemc", "arrays"):
        g = [r for r in rows if r[0] == group]
        if not g:
            continue
        vt = sum(r[4] for r in g)
        ct = sum(r[7] for r in g)
        within = sum(1 for r in g if r[4] <= r[7])
        disagree = [r for r in g if {r[3], r[6]} == {"safe", "unsafe"}]
        print(f"{group}: {len(g)} runs, vcov {vt:.1f} s, CBMC {ct:.1f} s, ratio {vt / ct:.2f}; "
              f"vcov at most CBMC's time on {within}/{len(g)}; verdicts safe/unsafe disagree on {len(disagree)}")
        for r in disagree:
            print(f"  DISAGREE {r[1]} k={r[2]}: vcov {r[3]}, cbmc {r[6]}")


if __name__ == "__main__":
    main()
