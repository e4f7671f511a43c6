#!/usr/bin/env python3
"""Real CBMC proofs (../shared/bench/proofs: coreJSON, aws-c-common) with CBMC 6.6 and vcov.

  tests/bench/proofs_vs_cbmc.py [--cli VCOV_CLI] [--only TEXT] [--timeout S] [--campaign]
                                [--cbmc-mutants N] [--skip-listed-in EARLIER_OUTPUT]
                                [--campaign-timeout S] [--json OUT]

Each row of PROOFS.tsv is run as its Makefile runs it:
  - CBMC: goto-cc --function ENTRY with the proof's -D/-I and sources (a generated source, as
    coreJSON's core_json.c, written by the row's rewrite into a temporary folder), then
    goto-instrument --remove-function-body for the removed bodies and the starter kit's
    --add-library, --slice-global-inits, --drop-unused-functions, then cbmc with the proof's
    flags, CBMC 6's default checks and its unwindset;
  - vcov: vcov-cli bmc --cbmc-proof DIR (the same settings, read from the proof).
Printed per proof: both verdicts, both wall times and their ratio (vcov / CBMC), and where
vcov gives no verdict the first line of why. With --campaign also vcov's mutation campaign
of the proof (mutate --cbmc-proof --witnesses: mutants reached, killed by phase, survived and
their witnesses, not reached) and CBMC on N of its decided mutants (default 3, spread evenly),
each written out and checked as the proof is: the per-mutant time of both (vcov: campaign
seconds over reached mutants) and whether CBMC gives each mutant vcov's status.
The totals: proofs decided by vcov with CBMC's verdict, the time ratio over the proofs both
decided. Speed depends on the machine: benchmark figures, not test verdicts.
"""
import argparse
import csv
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
PROOFS = os.path.abspath(os.path.join(ROOT, "..", "shared", "bench", "proofs"))

CBMC6_DEFAULTS = ["--bounds-check", "--pointer-check", "--pointer-primitive-check", "--div-by-zero-check",
                  "--signed-overflow-check", "--undefined-shift-check", "--unwinding-assertions",
                  "--malloc-may-fail", "--malloc-fail-null"]


def verdict(code):
    return {0: "true", 10: "false"}.get(code, "unknown")


def timed(cmd, cwd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=timeout, errors="replace")
        return p.returncode, p.stdout, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, "timeout", time.monotonic() - start


def cbmc(row, tmp, timeout, mutant=None):
    """CBMC's verdict on the proof; with `mutant` (a file vcov wrote), on the proof with that
    file in place of the source of the same name (its own folder stays on the include path)."""
    root = os.path.join(PROOFS, row["set"])
    sources = shlex.split(row["proof_sources"]) + shlex.split(row["project_sources"])
    rewrite = row["source_rewrite"]
    if rewrite:
        command, target = rewrite.rsplit(" > ", 1)
        out = os.path.join(tmp, os.path.basename(target))
        with open(out, "w") as f:
            subprocess.run(command, shell=True, cwd=root, stdout=f, check=True)
        sources = [out if s == target else s for s in sources]
    seen = []
    for s in sources:
        if s not in seen:
            seen.append(s)
    includes = shlex.split(row["include_dirs"])
    if mutant:
        same = [s for s in seen if os.path.basename(s) == os.path.basename(mutant)]
        if len(same) != 1:
            return "error", 0.0, f"{len(same)} sources named {os.path.basename(mutant)}"
        includes.append("-I" + os.path.dirname(os.path.join(root, same[0])))
        seen = [mutant if s == same[0] else s for s in seen]
    goto = os.path.join(tmp, "proof.goto")
    compile_cmd = (["goto-cc", "--function", row["entry_function"], "--export-file-local-symbols"] +
                   shlex.split(row["defines"]) + includes + seen + ["-o", goto])
    code, out, compile_s = timed(compile_cmd, root, timeout)
    if code != 0:
        return "error", compile_s, "goto-cc: " + out.strip().splitlines()[-1] if out.strip() else "goto-cc failed"
    removed = shlex.split(row["remove_function_body"])
    if removed:
        instrumented = os.path.join(tmp, "removed.goto")
        args = ["goto-instrument"]
        for f in removed:
            args += ["--remove-function-body", f]
        code, out, s = timed(args + [goto, instrumented], root, timeout)
        compile_s += s
        if code != 0:
            return "error", compile_s, "goto-instrument failed"
        goto = instrumented
    # The starter kit's own passes before cbmc (Makefile.common): the library, then global
    # initializers and functions the harness does not use sliced away (without them the
    # aws-c-common proofs exceed --object-bits 8's 256 objects).
    for i, step in enumerate((["--add-library"], ["--slice-global-inits"], ["--drop-unused-functions"])):
        nxt = os.path.join(tmp, f"step{i}.goto")
        code, out, s = timed(["goto-instrument"] + step + [goto, nxt], root, timeout)
        compile_s += s
        if code != 0:
            return "error", compile_s, "goto-instrument " + step[0] + " failed"
        goto = nxt
    flags = shlex.split(row["cbmc_flags"]) + shlex.split(row["cbmc6_implicit_checks"])
    for f in CBMC6_DEFAULTS:
        if f not in flags:
            flags.append(f)
    if row["unwindset"]:
        flags += ["--unwindset", row["unwindset"]]
    code, out, s = timed(["cbmc", goto] + flags, root, timeout)
    # A failure: the first failed check (a mutant's kill may rest on a check vcov does not
    # model, such as --conversion-check).
    lines = [l for l in out.splitlines() if ": FAILURE" in l] or \
            [l for l in out.splitlines() if "VERIFICATION" in l or "error" in l.lower()]
    return verdict(code) if code is not None else "timeout", compile_s + s, lines[0].strip() if lines else ""


def vcov(cli, row, timeout):
    proof = os.path.join(PROOFS, row["set"], row["proof_dir"])
    code, out, s = timed([cli, "bmc", "--cbmc-proof", proof], ROOT, timeout)
    why = ""
    for l in out.splitlines():
        if l.startswith("VERIFICATION UNKNOWN") or ": error:" in l:
            why = l.strip()
            break
    return (verdict(code) if code is not None else "timeout"), s, why


def campaign(cli, row, timeout, sample, cbmc_timeout):
    """vcov's campaign of the proof (with a witness for each survivor), and CBMC on `sample`
    of its decided mutants, each written out and checked as the proof is: the per-mutant time
    of each tool and whether CBMC gives each the same status (killed = a failing check)."""
    proof = os.path.join(PROOFS, row["set"], row["proof_dir"])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "campaign.json")
        written = os.path.join(tmp, "mutants")
        code, text, s = timed([cli, "mutate", "--cbmc-proof", proof, "--json", out, "--write-mutants", written,
                               "--witnesses", "--witness-timeout", "5"], ROOT, timeout)
        if code is None or not os.path.exists(out):
            return {"error": text.strip().splitlines()[-1] if text.strip() else "no report", "seconds": s}
        with open(out) as f:
            report = json.load(f)
        summary = report["summary"]
        summary["wall_seconds"] = s
        mutants = report["mutants"]
        reached = [m for m in mutants if m["status"] in ("killed", "survived", "equivalent", "unknown")]
        summary["reached"] = len(reached)
        survivors = [m for m in mutants if m["status"] == "survived"]
        summary["witnesses"] = sum(1 for m in survivors if m.get("witness", {}).get("status") not in (None, "none"))
        # An even spread over the decided mutants, killed and survived alike.
        decided = sorted((m for m in mutants if m["status"] in ("killed", "survived")), key=lambda m: m["id"])
        step = max(1, len(decided) // max(1, sample))
        checked = []
        for m in decided[::step][:sample]:
            path = os.path.join(written, m["id"], os.path.basename(m["file"]))
            if not os.path.exists(path):
                continue
            with tempfile.TemporaryDirectory() as mtmp:
                theirs, their_s, note = cbmc(row, mtmp, cbmc_timeout, path)
            expected = "false" if m["status"] == "killed" else "true"
            checked.append({"id": m["id"], "vcov": m["status"], "cbmc": theirs, "cbmc_s": their_s,
                            "agree": theirs == expected, "note": note})
        summary["cbmc_checked"] = checked
        return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "vcov-cli"))
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--campaign", action="store_true")
    ap.add_argument("--campaign-timeout", type=float, default=3600)
    # CBMC on this many of each campaign's decided mutants: its per-mutant time, and a
    # cross-check of vcov's killed/survived.
    ap.add_argument("--cbmc-mutants", type=int, default=3)
    ap.add_argument("--json")
    # A long run resumed: the proofs an earlier output of this script lists are skipped.
    ap.add_argument("--skip-listed-in")
    a = ap.parse_args()
    listed = set()
    if a.skip_listed_in:
        with open(a.skip_listed_in) as f:
            listed = {line.split()[0] for line in f if line.strip()}
    with open(os.path.join(PROOFS, "PROOFS.tsv")) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if a.only in r["set"] + "/" + r["proof_dir"]
                and r["set"] + "/" + os.path.basename(r["proof_dir"]) not in listed]
    sys.stdout.reconfigure(line_buffering=True)
    print(f"{'proof':48} {'cbmc':8} {'s':>7} {'vcov':8} {'s':>7} {'ratio':>6}  note")
    results = []
    for row in rows:
        name = row["set"] + "/" + os.path.basename(row["proof_dir"])
        with tempfile.TemporaryDirectory() as tmp:
            theirs, their_s, their_note = cbmc(row, tmp, a.timeout)
        ours, our_s, why = vcov(a.cli, row, a.timeout)
        ratio = our_s / their_s if their_s > 0 else float("nan")
        note = why or (their_note if theirs in ("error", "unknown", "timeout") else "")
        if ours in ("true", "false") and theirs in ("true", "false") and ours != theirs:
            note = "DIFFERENT VERDICT " + note
        r = {"proof": name, "cbmc": theirs, "cbmc_s": their_s, "vcov": ours, "vcov_s": our_s, "note": note}
        line = f"{name:48} {theirs:8} {their_s:7.1f} {ours:8} {our_s:7.1f} {ratio:6.2f}  {note[:150]}"
        if a.campaign and ours in ("true", "false"):
            c = campaign(a.cli, row, a.campaign_timeout, a.cbmc_mutants, a.timeout)
            r["campaign"] = c
            if "error" in c:
                line += f"\n{'':48} campaign: {c['error'][:150]}"
            else:
                line += (f"\n{'':48} campaign: {c.get('mutants', 0)} mutants, reached {c['reached']}: killed "
                         f"{c.get('killed', 0)} {c.get('kills_by_phase', {})}, survived {c.get('survived', 0)} "
                         f"(witnesses {c['witnesses']}), equivalent {c.get('equivalent', 0)}, unknown "
                         f"{c.get('unknown', 0)}; invalid {c.get('invalid', 0)}, not reached {c.get('not-reached', 0)}; "
                         f"{c['seconds']:.0f} s ({c['wall_seconds']:.0f} s with witnesses)")
                timed_cbmc = [m for m in c["cbmc_checked"] if m["cbmc"] in ("true", "false")]
                if c["reached"] and timed_cbmc:
                    ours_per = c["seconds"] / c["reached"]
                    theirs_per = sum(m["cbmc_s"] for m in timed_cbmc) / len(timed_cbmc)
                    line += (f"\n{'':48} per mutant: vcov {ours_per:.2f} s, CBMC {theirs_per:.2f} s "
                             f"(over {len(timed_cbmc)}), ratio {ours_per / theirs_per:.3f} (target <= 0.1)")
                for m in c["cbmc_checked"]:
                    if not m["agree"]:
                        line += f"\n{'':48} mutant {m['id']}: vcov {m['vcov']}, CBMC {m['cbmc']}: {m['note'][:120]}"
        print(line)
        results.append(r)
    decided = [r for r in results if r["vcov"] in ("true", "false")]
    agree = [r for r in decided if r["vcov"] == r["cbmc"]]
    both = [r for r in agree if r["cbmc"] in ("true", "false")]
    ours_s = sum(r["vcov_s"] for r in both)
    theirs_s = sum(r["cbmc_s"] for r in both)
    print(f"\nProofs: {len(results)}; vcov decided {len(decided)}, with CBMC's verdict {len(agree)} "
          f"({100.0 * len(agree) / max(1, len(results)):.0f} %, target 95 %); different verdicts "
          f"{sum(1 for r in decided if r['cbmc'] in ('true', 'false') and r['vcov'] != r['cbmc'])}")
    if both:
        print(f"Time over the {len(both)} proofs both decided alike: vcov {ours_s:.1f} s, CBMC {theirs_s:.1f} s, "
              f"ratio {ours_s / theirs_s:.2f} (target <= 1)")
    camps = [r["campaign"] for r in results if "campaign" in r and "error" not in r["campaign"]]
    if camps:
        total = lambda k: sum(c.get(k, 0) for c in camps)
        checked = [m for c in camps for m in c["cbmc_checked"] if m["cbmc"] in ("true", "false")]
        print(f"Campaigns: {len(camps)} of {sum(1 for r in results if 'campaign' in r)}; {total('mutants')} mutants, "
              f"reached {total('reached')}: killed {total('killed')}, survived {total('survived')} (witnesses "
              f"{total('witnesses')}), equivalent {total('equivalent')}, unknown {total('unknown')}; not reached "
              f"{total('not-reached')}, invalid {total('invalid')}; {total('seconds'):.0f} s")
        if checked and total("reached"):
            ours_per = total("seconds") / total("reached")
            theirs_per = sum(m["cbmc_s"] for m in checked) / len(checked)
            print(f"Per mutant: vcov {ours_per:.2f} s, CBMC {theirs_per:.2f} s over {len(checked)} mutants it checked, "
                  f"ratio {ours_per / theirs_per:.3f} (target <= 0.1); CBMC gives vcov's status to "
                  f"{sum(1 for m in checked if m['agree'])} of {len(checked)}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
