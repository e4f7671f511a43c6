#!/usr/bin/env python3
"""Does the under-approximation hold as programs grow? token_ring.NN beyond the paper's sizes.

  tests/bench/token_ring_scaled.py [--sizes 4,8,14,16,20,24] [--budget S] [--exec-time S]
                                   [--cli VCOV_CLI] [--jobs N] [--keep DIR]

SV-COMP's token_ring.NN (the SystemC family of the coverage paper's Tables 1 and 2) is one
master and NN-1 transmitters passing a token round a ring under a SystemC-like scheduler whose
every pass runs any subset of the runnable threads; the master checks that the token came back
incremented once per transmitter. The public set stops at 15 threads; this script writes the
same model for any number of transmitters (its own C, one statement per line, safe: the check
holds), runs phase 1 (the predicate analysis until --budget) and phase 2 (the generator within
--exec-time, baseline and Reach heuristic over the same phase 1, as paper_tables.py does) and
prints per size: coverable lines, over-approximation, under-approximation baseline/heuristic,
executions, and why the analysis stopped. Figures depend on the machine: benchmark output.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from paper_tables import measured  # noqa: E402  (the same columns as Tables 1 and 2)


def token_ring(transmitters):
    """The C text of a token ring with one master and `transmitters` transmitters."""
    n = transmitters
    ids = range(1, n + 1)
    out = ["extern void reach_error(void);", "extern int __VERIFIER_nondet_int(void);", ""]
    # Thread state: pc (0 entry, 1 waiting), st (0 runnable, 1 running, 2 waiting), i
    # (initially runnable); events E_* (0 delta, 1 fired, 2 idle) and their mirrors *_E.
    out += ["int m_pc = 0;", "int m_st;", "int m_i;", "int M_E = 2;", "int E_M = 2;"]
    for i in ids:
        out += [f"int t{i}_pc = 0;", f"int t{i}_st;", f"int t{i}_i;", f"int T{i}_E = 2;", f"int E_{i} = 2;"]
    out += ["int token;", "int local;", "void immediate_notify(void);", ""]
    out += ["void master(void) {", "  if (m_pc == 1) {", "    goto wait;", "  }", "  while (1) {",
            "    token = __VERIFIER_nondet_int();", "    local = token;", "    E_1 = 1;", "    immediate_notify();",
            "    E_1 = 2;", "    m_pc = 1;", "    m_st = 2;", "    return;", "  wait:",
            f"    if (token != local + {n}) {{", "      reach_error();", "    }", "  }", "}", ""]
    for i in ids:
        nxt = "E_M" if i == n else f"E_{i + 1}"
        out += [f"void transmit{i}(void) {{", f"  if (t{i}_pc == 1) {{", "    goto wait;", "  }", "  while (1) {",
                f"    t{i}_pc = 1;", f"    t{i}_st = 2;", "    return;", "  wait:", "    token = token + 1;",
                f"    {nxt} = 1;", "    immediate_notify();", f"    {nxt} = 2;", "  }", "}", ""]
    def triggered(name, pc, event):
        return [f"int is_{name}_triggered(void) {{", f"  if ({pc} == 1) {{", f"    if ({event} == 1) {{",
                "      return 1;", "    }", "  }", "  return 0;", "}", ""]
    out += triggered("master", "m_pc", "E_M")
    for i in ids:
        out += triggered(f"transmit{i}", f"t{i}_pc", f"E_{i}")
    threads = [("m", "master", "is_master_triggered")] + [(f"t{i}", f"transmit{i}", f"is_transmit{i}_triggered") for i in ids]
    out += ["void init_threads(void) {"]
    for t, _, _ in threads:
        out += [f"  if ({t}_i == 1) {{", f"    {t}_st = 0;", "  } else {", f"    {t}_st = 2;", "  }"]
    out += ["}", "", "int exists_runnable_thread(void) {"]
    for t, _, _ in threads:
        out += [f"  if ({t}_st == 0) {{", "    return 1;", "  }"]
    out += ["  return 0;", "}", "", "void eval(void) {", "  while (1) {", "    if (!exists_runnable_thread()) {",
            "      break;", "    }"]
    for t, body, _ in threads:
        out += [f"    if ({t}_st == 0) {{", "      int run = __VERIFIER_nondet_int();", "      if (run) {",
                f"        {t}_st = 1;", f"        {body}();", "      }", "    }"]
    out += ["  }", "}", ""]
    events = ["M_E"] + [f"T{i}_E" for i in ids] + ["E_M"] + [f"E_{i}" for i in ids]
    out += ["void fire_delta_events(void) {"]
    for e in events:
        out += [f"  if ({e} == 0) {{", f"    {e} = 1;", "  }"]
    out += ["}", "", "void reset_events(void) {"]
    for e in events:
        out += [f"  if ({e} == 1) {{", f"    {e} = 2;", "  }"]
    out += ["}", "", "void activate_threads(void) {"]
    for t, _, trig in threads:
        out += [f"  if ({trig}()) {{", f"    {t}_st = 0;", "  }"]
    out += ["}", "", "void immediate_notify(void) {", "  activate_threads();", "}", ""]
    out += ["void init_model(void) {"] + [f"  {t}_i = 1;" for t, _, _ in threads] + ["}", ""]
    out += ["void start_simulation(void) {", "  init_threads();", "  fire_delta_events();", "  activate_threads();",
            "  reset_events();", "  while (1) {", "    eval();", "    fire_delta_events();", "    activate_threads();",
            "    reset_events();", "    if (!exists_runnable_thread()) {", "      M_E = 1;", "      activate_threads();",
            "      reset_events();", "    }", "    if (!exists_runnable_thread()) {", "      break;", "    }", "  }", "}", ""]
    out += ["int main(void) {", "  init_model();", "  start_simulation();", "  return 0;", "}"]
    return "\n".join(out) + "\n"


def run(cli, path, budget, exec_time):
    with tempfile.TemporaryDirectory() as tmp:
        out, base_out = os.path.join(tmp, "coverage.json"), os.path.join(tmp, "baseline.json")
        cmd = [cli, "coverage", path, "--analysis", "predicate", "--time", str(budget), "--max-nodes", "100000000",
               "--exec-time", str(exec_time), "--exec-budget", "1000000", "--no-completion", "--json", out,
               "--baseline-json", base_out]
        start = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=budget + 2 * exec_time + 600)
        seconds = time.monotonic() - start
        if p.returncode not in (0, 10) or not os.path.exists(out) or not os.path.exists(base_out):
            first = (p.stderr or p.stdout).strip().splitlines()
            raise SystemExit("%s: %s" % (path, first[0] if first else "exit %d" % p.returncode))
        return measured(json.load(open(base_out)), seconds), measured(json.load(open(out)), seconds)


def main():
    sys.stdout.reconfigure(line_buffering=True)
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="4,8,14,16,20,24", help="transmitters per ring (the ring has one thread more)")
    ap.add_argument("--budget", type=float, default=45)
    ap.add_argument("--exec-time", type=float, default=60)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep", default=None, help="write the generated programs here (else a temporary directory)")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    directory = a.keep or tempfile.mkdtemp(prefix="token_rings.")
    os.makedirs(directory, exist_ok=True)
    paths = {}
    for n in sizes:
        paths[n] = os.path.join(directory, "token_ring_gen.%02d.c" % (n + 1))
        with open(paths[n], "w") as f:
            f.write(token_ring(n))
    print("token_ring (threads), predicate analysis %g s, generation %g s; programs in %s" % (a.budget, a.exec_time, directory))
    print("%-22s %7s %7s %15s %10s  %s" % ("program", "# lines", "Over A.", "Under A. b/h", "# exec b/h", "analysis"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futures = {n: pool.submit(run, a.cli, paths[n], a.budget, a.exec_time) for n in sizes}
        for n in sizes:
            base, heur = futures[n].result()
            under = "%s/%s" % (base["under"] or "-", heur["under"] or "-")
            print("%-22s %7d %7d %15s %10s  %s; %d refinements" % (os.path.basename(paths[n]), heur["lines"], heur["over"], under,
                                                               "%d/%d" % (base["exec"], heur["exec"]), heur["stop"][:70],
                                                               heur["refinements"]))


if __name__ == "__main__":
    main()
