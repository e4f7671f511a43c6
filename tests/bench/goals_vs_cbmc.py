#!/usr/bin/env python3
"""Branch goals, vcov against CBMC 6.6 (--cover branch), on the public branch-goal tasks:
../shared/bench/svcomp/coverage/, loops/ and branches/ (BRANCHES.tsv).

  tests/bench/goals_vs_cbmc.py [VCOV_CLI] [--time S] [--unwind K] [--only NAME]

Per task: vcov's goals, how many it decides (covered + unreachable) and its share, the
gcov branch coverage of its Test-Comp suite (gcc-compiled, tests/goals/gcov_check.py); CBMC's
goals and how many it satisfies or fails at --unwind K, the gcov branch coverage of its test
suite, its time; and the time ratio. Target (issue 15): vcov decides >= 95 % of every task's
goals within 60 s, its suites reach at least CBMC's gcov branch coverage, and it takes less
time than CBMC in total.

CBMC's test suite (--show-test-suite) lists the values of __CPROVER_input only, so CBMC runs
with a second file that defines each __VERIFIER_nondet_T the task calls as an input of that
name (as Test-Comp's CBMC wrapper did); its tests, one value per call in call order, become a
Test-Comp suite that the same gcov_check.py replays. Goals in that file are not counted.
"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
BENCH = os.path.abspath(os.path.join(ROOT, "..", "shared", "bench", "svcomp"))


def tasks():
    out = []
    for folder in ("coverage", "loops"):
        for name in sorted(os.listdir(os.path.join(BENCH, folder))):
            if name.endswith((".c", ".i")):
                out.append(os.path.join(BENCH, folder, name))
    with open(os.path.join(BENCH, "BRANCHES.tsv")) as f:
        next(f)
        for line in f:
            out.append(os.path.join(BENCH, line.split("\t")[0]))
    return out


def data_model(task):
    yml = os.path.splitext(task)[0] + ".yml"
    try:
        text = open(yml).read()
    except OSError:
        return "LP64"
    return "ILP32" if "ILP32" in text else "LP64"


def run_vcov(cli, task, seconds, work):
    arch = ["--32"] if data_model(task) == "ILP32" else []
    start = time.time()
    r = subprocess.run([cli, "goals", task, *arch, "--time", str(seconds), "--json", f"{work}/goals.json",
                        "--test-suite", f"{work}/suite"], capture_output=True, text=True, timeout=seconds * 3 + 60)
    elapsed = time.time() - start
    try:
        summary = json.load(open(f"{work}/goals.json"))["summary"]
    except (OSError, ValueError, KeyError):
        return {"error": (r.stderr or r.stdout).strip().splitlines()[-1:] or ["no output"], "seconds": elapsed}
    gcov = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "goals", "gcov_check.py"), task, f"{work}/suite",
                           "--goals", f"{work}/goals.json", "--json", f"{work}/gcov.json",
                           *(["--32"] if arch else [])], capture_output=True, text=True)
    try:
        g = json.load(open(f"{work}/gcov.json"))
        branch = 100.0 * g["branches_taken"] / g["branches"] if g["branches"] else 100.0
        confirmed = not g.get("failures")
    except (OSError, ValueError, KeyError):
        branch, confirmed = None, False
    return {"goals": summary["goals"], "decided": summary["covered"] + summary["unreachable"],
            "covered": summary["covered"], "unreachable": summary["unreachable"], "seconds": elapsed,
            "gcov_branches": branch, "confirmed": confirmed, "gcov_output": gcov.stdout.strip()}


sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(ROOT, "tests", "goals"))
from gcov_check import NONDET  # noqa: E402  the nondet functions and their C types

HARNESS = "nondet_inputs.c"


def cbmc_harness(task, work):
    """Each __VERIFIER_nondet_T the task calls (and does not define) as a CBMC input."""
    text = open(task, errors="replace").read()
    defined = set(re.findall(r"__VERIFIER_nondet_(\w+)\s*\([^;{)]*\)\s*\{", text))
    lines = []
    for name in sorted(set(re.findall(r"__VERIFIER_nondet_(\w+)\s*\(", text)) - defined):
        ctype = NONDET.get(name)
        if ctype:
            lines.append(f'{ctype} __VERIFIER_nondet_{name}(void) {{ {ctype} x; __CPROVER_input("{name}", x); return x; }}')
    path = os.path.join(work, HARNESS)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def input_text(value):
    """A CBMC input value as a Test-Comp <input>: integers from their bits, floats as %.17g."""
    bits, width = value.get("binary", ""), int(value.get("width", 0) or 0)
    if not bits or not width:
        return value.get("data", "0")
    n = int(bits, 2)
    if value.get("name") == "float" or "float" in value.get("type", "") or "double" in value.get("type", ""):
        return repr(struct.unpack(">f" if width == 32 else ">d", n.to_bytes(width // 8, "big"))[0])
    if value.get("type", "").startswith(("signed", "int", "long", "short", "char")) and "unsigned" not in \
            value.get("type", "") and n >> (width - 1):
        n -= 1 << width
    return str(n)


def cbmc_gcov(task, tests, work):
    suite = os.path.join(work, "cbmc-suite")
    os.makedirs(suite, exist_ok=True)
    with open(os.path.join(suite, "metadata.xml"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<test-metadata><producer>CBMC</producer></test-metadata>\n')
    for k, t in enumerate(tests, 1):
        with open(os.path.join(suite, f"test{k}.xml"), "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<testcase>\n')
            for i in t.get("inputs", []):
                f.write(f"  <input>{input_text(i.get('value', {}))}</input>\n")
            f.write("</testcase>\n")
    arch = ["--32"] if data_model(task) == "ILP32" else []
    subprocess.run([sys.executable, os.path.join(ROOT, "tests", "goals", "gcov_check.py"), task, suite,
                    "--json", os.path.join(work, "cbmc-gcov.json"), *arch], capture_output=True, text=True)
    try:
        g = json.load(open(os.path.join(work, "cbmc-gcov.json")))
        return 100.0 * g["branches_taken"] / g["branches"] if g["branches"] else 100.0
    except (OSError, ValueError, KeyError):
        return None


def run_cbmc(task, unwind, seconds, work):
    arch = ["--32"] if data_model(task) == "ILP32" else ["--64"]
    harness = cbmc_harness(task, work)
    start = time.time()
    try:
        r = subprocess.run(["cbmc", task, harness, *arch, "--cover", "branch", "--unwind", str(unwind),
                            "--show-test-suite", "--json-ui"], capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": seconds, "gcov_branches": None}
    elapsed = time.time() - start
    try:
        messages = json.loads(r.stdout)
    except ValueError:
        return {"error": True, "seconds": elapsed, "gcov_branches": None}
    out = {"error": True, "seconds": elapsed, "gcov_branches": None}
    for m in messages:
        if "goals" in m:
            st = [g["status"] for g in m["goals"]
                  if not g.get("sourceLocation", {}).get("file", "").endswith(HARNESS)]
            out = {"goals": len(st), "satisfied": st.count("satisfied"), "failed": st.count("failed"),
                   "seconds": elapsed, "gcov_branches": None}
    for m in messages:
        if "tests" in m and "goals" in out:
            out["gcov_branches"] = cbmc_gcov(task, m["tests"], work)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli", nargs="?", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--time", type=float, default=60)
    ap.add_argument("--unwind", type=int, default=20)
    ap.add_argument("--only")
    args = ap.parse_args()
    rows = []
    print(f"{'task':34} {'goals':>5} {'vcov':>5} {'%':>6} {'gcov br%':>8} {'conf':>4} {'vcov s':>7} | "
          f"{'cbmc':>5} {'sat':>4} {'fail':>4} {'gcov br%':>8} {'cbmc s':>7} | {'ratio':>6}")
    for task in tasks():
        name = os.path.relpath(task, BENCH)
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory() as work:
            v = run_vcov(args.cli, task, args.time, work)
        with tempfile.TemporaryDirectory() as work:
            c = run_cbmc(task, args.unwind, args.time, work)
        rows.append((name, v, c))
        if "error" in v:
            print(f"{name:34} vcov error: {v['error']}")
            continue
        share = 100.0 * v["decided"] / v["goals"] if v["goals"] else 100.0
        cb = ("timeout" if c.get("timeout") else "error") if "goals" not in c else \
            f"{c['goals']:>5} {c['satisfied']:>4} {c['failed']:>4}"
        if "goals" not in c:
            cb = f"{cb:>15}"
        gb = f"{v['gcov_branches']:.1f}" if v["gcov_branches"] is not None else "-"
        cg = f"{c['gcov_branches']:.1f}" if c.get("gcov_branches") is not None else "-"
        print(f"{name:34} {v['goals']:>5} {v['decided']:>5} {share:>6.1f} {gb:>8} {'yes' if v['confirmed'] else 'NO':>4} "
              f"{v['seconds']:>7.1f} | {cb} {cg:>8} {c['seconds']:>7.1f} | {v['seconds'] / c['seconds']:>6.2f}")
        sys.stdout.flush()
    ok = [(n, v, c) for n, v, c in rows if "error" not in v]
    tv = sum(v["seconds"] for _, v, _ in ok)
    tc = sum(c["seconds"] for _, _, c in ok)
    goals = sum(v["goals"] for _, v, _ in ok)
    decided = sum(v["decided"] for _, v, _ in ok)
    full = sum(1 for _, v, _ in ok if v["goals"] == 0 or v["decided"] >= 0.95 * v["goals"])
    cbmc_decided = sum(c.get("satisfied", 0) + c.get("failed", 0) for _, _, c in ok)
    cbmc_goals = sum(c.get("goals", 0) for _, _, c in ok)
    # Where both suites were measured: vcov's gcov branch coverage at least CBMC's?
    both = [(v["gcov_branches"], c["gcov_branches"]) for _, v, c in ok
            if v.get("gcov_branches") is not None and c.get("gcov_branches") is not None]
    at_least = sum(1 for a, b in both if a >= b - 1e-9)
    print(f"gcov branch coverage: vcov's suite at least CBMC's on {at_least} of {len(both)} tasks where CBMC gave one")
    print(f"total: {len(ok)} tasks; vcov decides {decided} of {goals} goals ({100.0 * decided / max(goals, 1):.1f} %), "
          f">= 95 % on {full} of {len(ok)} tasks, {tv:.1f} s; CBMC satisfies or fails {cbmc_decided} of {cbmc_goals} "
          f"at --unwind {args.unwind}, {tc:.1f} s (timeouts count {args.time:.0f} s); time ratio vcov/CBMC "
          f"{tv / max(tc, 1e-9):.2f}")


if __name__ == "__main__":
    main()
