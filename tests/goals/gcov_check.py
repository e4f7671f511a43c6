#!/usr/bin/env python3
"""Replays a Test-Comp test suite on the gcc-compiled program and measures its coverage
with gcov, independently of vcov's interpreter (the way Test-Comp's validator TestCov does:
a harness feeds the __VERIFIER_nondet_* calls from the test's <input> values, in order,
and ends the run when they run out).

  gcov_check.py PROGRAM.c SUITE_DIR [--goals GOALS.json] [--32|--64] [--json OUT]

Prints gcov's own counters (gcov -b: lines executed, branches executed and taken at least
once) and, with --goals (vcov-cli goals --json), checks every goal vcov calls covered:
  - the line where the goal's half starts (arm_line, when it is a line of its own) must be
    executed by the compiled tests;
  - on each line, gcc's branch arcs taken must be at least the goals vcov covers there,
    when gcc compiled the line's conditions into as many arcs as vcov has goals.
Exit status 0 when every covered goal is confirmed, 1 otherwise, 2 on a usage or build error.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# The nondet functions of SV-COMP and Test-Comp, with the C type each returns.
NONDET = {
    "bool": "_Bool", "char": "char", "uchar": "unsigned char", "short": "short",
    "ushort": "unsigned short", "int": "int", "uint": "unsigned int", "unsigned": "unsigned int",
    "long": "long", "ulong": "unsigned long", "longlong": "long long",
    "ulonglong": "unsigned long long", "u32": "unsigned int", "size_t": "unsigned long",
    "loff_t": "long", "float": "float", "double": "double",
}

HARNESS_HEAD = r"""
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
extern void __gcov_dump(void);
static char line_[4096];
/* The next value of the test, or the end of the run when there is none (as TestCov). */
static const char *next_input(void) {
    if (!fgets(line_, sizeof line_, stdin)) {
        fprintf(stderr, "vcov harness: no more test inputs, exiting\n");
        exit(1);
    }
    line_[strcspn(line_, "\n")] = 0;
    return line_;
}
/* Keep gcov's counters when the program aborts, fails an assertion or is stopped. */
static void dump_and_exit(int code) { __gcov_dump(); _exit(code); }
static void on_signal(int s) { dump_and_exit(128 + s); }
__attribute__((constructor)) static void install_(void) {
    signal(SIGTERM, on_signal); signal(SIGSEGV, on_signal); signal(SIGFPE, on_signal);
    signal(SIGABRT, on_signal);
}
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {
    fprintf(stderr, "vcov harness: assertion %s failed\n", a); dump_and_exit(134);
}
void abort(void) { dump_and_exit(134); }
/* What SV-COMP programs declare and may not define (weak: a program's own definition wins). */
__attribute__((weak)) void __VERIFIER_error(void) { fprintf(stderr, "vcov harness: error reached\n"); dump_and_exit(134); }
__attribute__((weak)) void reach_error(void) { fprintf(stderr, "vcov harness: error reached\n"); dump_and_exit(134); }
__attribute__((weak)) void __VERIFIER_assume(int c) { if (!c) dump_and_exit(0); }
"""


def harness_source():
    out = [HARNESS_HEAD]
    for name, ctype in NONDET.items():
        if ctype in ("float", "double"):
            conv = "strtod(next_input(), 0)"
        elif ctype.startswith("unsigned") or ctype == "_Bool":
            conv = "strtoull(next_input(), 0, 0)"
        else:
            conv = "strtoll(next_input(), 0, 0)"
        out.append(f"__attribute__((weak)) {ctype} __VERIFIER_nondet_{name}(void) {{ return ({ctype}){conv}; }}")
    out.append("__attribute__((weak)) void *__VERIFIER_nondet_pointer(void) { return (void *)(unsigned long)strtoull(next_input(), 0, 0); }")
    return "\n".join(out) + "\n"


class BadInput(Exception):
    pass


def read_tests(suite):
    if not os.path.isfile(os.path.join(suite, "metadata.xml")):
        raise BadInput(f"{suite}: not a Test-Comp test suite (no metadata.xml)")
    tests = []
    for name in sorted(os.listdir(suite), key=lambda n: (len(n), n)):
        if not name.endswith(".xml") or name == "metadata.xml":
            continue
        try:
            root = ET.parse(os.path.join(suite, name)).getroot()
        except ET.ParseError as e:
            raise BadInput(f"{os.path.join(suite, name)}: not XML ({e})")
        if root.tag != "testcase":
            continue
        tests.append((name[:-4], [i.text or "" for i in root.findall("input")]))
    return tests


def gcov_json(workdir, program):
    base = os.path.splitext(os.path.basename(program))[0]
    gcda = [f for f in os.listdir(workdir) if f.endswith(".gcda") and base in f]
    if not gcda:
        return None
    subprocess.run(["gcov", "-b", "-c", "--json-format", gcda[0]], cwd=workdir, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import gzip
    for f in os.listdir(workdir):
        if f.endswith(".gcov.json.gz"):
            with gzip.open(os.path.join(workdir, f)) as z:
                data = json.load(z)
            for entry in data["files"]:
                if os.path.basename(entry["file"]) == os.path.basename(program):
                    return entry
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("suite")
    ap.add_argument("--goals")
    ap.add_argument("--32", dest="m32", action="store_true")
    ap.add_argument("--64", dest="m64", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--keep", help="work in this directory and keep it")
    args = ap.parse_args()

    if not os.path.isfile(args.program):
        print(f"gcov_check: {args.program}: no such file", file=sys.stderr)
        return 2
    try:
        read_tests(args.suite)
        goals = json.load(open(args.goals))["goals"] if args.goals else None
    except (BadInput, OSError, ValueError, KeyError) as e:
        print(f"gcov_check: {e}", file=sys.stderr)
        return 2
    workdir = args.keep or tempfile.mkdtemp(prefix="vcov-gcov-")
    os.makedirs(workdir, exist_ok=True)
    try:
        program = os.path.join(workdir, os.path.basename(args.program))
        shutil.copyfile(args.program, program)
        with open(os.path.join(workdir, "vcov_harness.c"), "w") as h:
            h.write(harness_source())
        def compile_tests(arch):
            return subprocess.run(
                ["gcc", "-std=gnu11", "-O0", "--coverage", "-w", "-D__alias__(x)=", *arch, "-o", "tests.bin",
                 os.path.basename(program), "vcov_harness.c", "-lm"],
                cwd=workdir, capture_output=True, text=True)
        model = "ILP32" if args.m32 else "LP64"
        build = compile_tests(["-m32"] if args.m32 else [])
        if build.returncode == 0 and args.m32:
            try:
                subprocess.run([os.path.join(workdir, "tests.bin")], input="", capture_output=True, timeout=10)
            except OSError:
                # A kernel without 32-bit support: the tests run as LP64 (said in the report).
                model = "LP64 (this machine runs no 32-bit programs)"
                for f in os.listdir(workdir):
                    if f.endswith((".gcda", ".gcno")):
                        os.remove(os.path.join(workdir, f))
                build = compile_tests([])
            else:
                for f in os.listdir(workdir):
                    if f.endswith(".gcda"):
                        os.remove(os.path.join(workdir, f))
        if build.returncode != 0:
            print("gcov_check: gcc failed:\n" + build.stderr, file=sys.stderr)
            return 2
        tests = read_tests(args.suite)
        runs = []
        for name, values in tests:
            try:
                r = subprocess.run([os.path.join(workdir, "tests.bin")], cwd=workdir, input="\n".join(values) + "\n",
                                   capture_output=True, text=True, timeout=args.timeout)
                runs.append({"test": name, "exit": r.returncode})
            except subprocess.TimeoutExpired:
                runs.append({"test": name, "exit": "timeout"})
        cov = gcov_json(workdir, program) or {"lines": []}
        lines = {l["line_number"]: l for l in cov["lines"]}
        executed = {n for n, l in lines.items() if l["count"] > 0}
        arcs = sum(len(l.get("branches", [])) for l in lines.values())
        arcs_run = sum(1 for l in lines.values() for b in l.get("branches", []) if l["count"] > 0)
        arcs_taken = sum(1 for l in lines.values() for b in l.get("branches", []) if b["count"] > 0)
        result = {
            "tests": len(tests), "runs": runs, "data_model": model,
            "lines": len(lines), "lines_executed": len(executed),
            "branches": arcs, "branches_executed": arcs_run, "branches_taken": arcs_taken,
        }
        pct = lambda a, b: 100.0 * a / b if b else 100.0
        print(f"gcov: {len(tests)} tests compiled {model}; lines executed {pct(len(executed), len(lines)):.2f}% of {len(lines)}; "
              f"branches executed {pct(arcs_run, arcs):.2f}% of {arcs}; taken at least once "
              f"{pct(arcs_taken, arcs):.2f}% of {arcs}")
        failures = []
        if goals is not None:
            mine = [g for g in goals if os.path.basename(g["file"]) == os.path.basename(args.program)]
            by_line = {}
            for g in mine:
                by_line.setdefault(g["line"], []).append(g)
            checked_arm = checked_count = 0
            for g in mine:
                if g["status"] != "covered":
                    continue
                arm = g.get("arm_line", 0)
                if arm and arm != g["line"]:
                    checked_arm += 1
                    if arm not in executed:
                        failures.append(f"{g['id']} ({g['condition']} {'holds' if g['polarity'] else 'fails'}, "
                                        f"line {g['line']}): vcov says covered, but line {arm} never runs")
            differences = []
            for line, gs in sorted(by_line.items()):
                branches = lines.get(line, {}).get("branches", [])
                covered = sum(1 for g in gs if g["status"] == "covered")
                if len(branches) != len(gs):
                    differences.append(f"line {line}: vcov {len(gs)} goals, gcc {len(branches)} branch arcs")
                    continue
                checked_count += 1
                taken = sum(1 for b in branches if b["count"] > 0)
                if taken < covered:
                    failures.append(f"line {line}: vcov covers {covered} goals, gcc's tests take {taken} arcs")
            result.update({"goals_covered": sum(1 for g in mine if g["status"] == "covered"),
                           "checked_by_arm_line": checked_arm, "lines_checked_by_arcs": checked_count,
                           "compilation_differences": differences, "failures": failures})
            print(f"goals: {result['goals_covered']} covered by vcov; {checked_arm} checked by their own line, "
                  f"{checked_count} lines by gcc's branch arcs; {len(failures)} not confirmed")
            for d in differences:
                print("  difference: " + d)
            for f in failures:
                print("  NOT CONFIRMED: " + f)
        if args.json:
            with open(args.json, "w") as out:
                json.dump(result, out, indent=2)
        return 1 if failures else 0
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
