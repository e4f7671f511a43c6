#!/usr/bin/env python3
"""Branch goals, vcov against CBMC 6.6 (--cover branch), on the public branch-goal tasks:
../shared/bench/svcomp/coverage/, loops/ and branches/ (BRANCHES.tsv).

  tests/bench/goals_vs_cbmc.py [VCOV_CLI] [--time S] [--unwind K] [--only NAME]

Per task: vcov's goals, how many it decides (covered + unreachable) and its share, the
gcov branch coverage of its Test-Comp suite (gcc-compiled, tests/goals/gcov_check.py); CBMC's
goals and how many it satisfies or fails at --unwind K, its time; and the time ratio.
Target (issue 15): vcov decides >= 95 % of every task's goals within 60 s, in less time
than CBMC in total. CBMC 6.6 prints no test inputs for __VERIFIER_nondet_* calls (its test
suite lists __CPROVER_input values only), so its suites are not replayed through gcov here.
"""
import argparse
import json
import os
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


def run_cbmc(task, unwind, seconds):
    arch = ["--32"] if data_model(task) == "ILP32" else ["--64"]
    start = time.time()
    try:
        r = subprocess.run(["cbmc", task, *arch, "--cover", "branch", "--unwind", str(unwind), "--json-ui"],
                           capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": seconds}
    elapsed = time.time() - start
    try:
        for m in json.loads(r.stdout):
            if "goals" in m:
                st = [g["status"] for g in m["goals"]]
                return {"goals": len(st), "satisfied": st.count("satisfied"), "failed": st.count("failed"),
                        "seconds": elapsed}
    except ValueError:
        pass
    return {"error": True, "seconds": elapsed}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli", nargs="?", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--time", type=float, default=60)
    ap.add_argument("--unwind", type=int, default=20)
    ap.add_argument("--only")
    args = ap.parse_args()
    rows = []
    print(f"{'task':34} {'goals':>5} {'vcov':>5} {'%':>6} {'gcov br%':>8} {'conf':>4} {'vcov s':>7} | "
          f"{'cbmc':>5} {'sat':>4} {'fail':>4} {'cbmc s':>7} | {'ratio':>6}")
    for task in tasks():
        name = os.path.relpath(task, BENCH)
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory() as work:
            v = run_vcov(args.cli, task, args.time, work)
        c = run_cbmc(task, args.unwind, args.time)
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
        print(f"{name:34} {v['goals']:>5} {v['decided']:>5} {share:>6.1f} {gb:>8} {'yes' if v['confirmed'] else 'NO':>4} "
              f"{v['seconds']:>7.1f} | {cb} {c['seconds']:>7.1f} | {v['seconds'] / c['seconds']:>6.2f}")
        sys.stdout.flush()
    ok = [(n, v, c) for n, v, c in rows if "error" not in v]
    tv = sum(v["seconds"] for _, v, _ in ok)
    tc = sum(c["seconds"] for _, _, c in ok)
    goals = sum(v["goals"] for _, v, _ in ok)
    decided = sum(v["decided"] for _, v, _ in ok)
    full = sum(1 for _, v, _ in ok if v["goals"] == 0 or v["decided"] >= 0.95 * v["goals"])
    cbmc_decided = sum(c.get("satisfied", 0) + c.get("failed", 0) for _, _, c in ok)
    cbmc_goals = sum(c.get("goals", 0) for _, _, c in ok)
    print(f"total: {len(ok)} tasks; vcov decides {decided} of {goals} goals ({100.0 * decided / max(goals, 1):.1f} %), "
          f">= 95 % on {full} of {len(ok)} tasks, {tv:.1f} s; CBMC satisfies or fails {cbmc_decided} of {cbmc_goals} "
          f"at --unwind {args.unwind}, {tc:.1f} s (timeouts count {args.time:.0f} s); time ratio vcov/CBMC "
          f"{tv / max(tc, 1e-9):.2f}")


if __name__ == "__main__":
    main()
