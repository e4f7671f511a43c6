#!/bin/sh
# check_mutate_shards.sh VCOV_CLI Q — vcov-cli mutate on the FDV paper's quicksort at SIZE=2:
# two shards merged give exactly the single run's mutants and statuses; the written-out
# mutants of the single run compile with gcc (and the invalid ones do not); the Stryker
# report lists every mutant with a Stryker status.
set -u
cli=$1; q=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
run() { "$cli" mutate "$q/harness.c" "$q/quicksort.c" -I"$q" --mutate quicksort.c --size 2 "$@"; }
run --json "$work/all.json" --stryker "$work/stryker.json" --write-mutants "$work/mutants" >"$work/all.txt" 2>&1 \
  || { cat "$work/all.txt"; echo "FAIL: single run"; exit 1; }
run --shard 0/2 --json "$work/s0.json" >/dev/null 2>&1 || { echo "FAIL: shard 0"; exit 1; }
run --shard 1/2 --json "$work/s1.json" >/dev/null 2>&1 || { echo "FAIL: shard 1"; exit 1; }
"$cli" mutate --merge "$work/s0.json" "$work/s1.json" --json "$work/merged.json" >"$work/merged.txt" 2>&1 \
  || { cat "$work/merged.txt"; echo "FAIL: merge"; exit 1; }
python3 - "$work" "$q" <<'PY' || exit 1
import json, os, subprocess, sys
work, q = sys.argv[1], sys.argv[2]
single = json.load(open(f"{work}/all.json"))
merged = json.load(open(f"{work}/merged.json"))
s0 = json.load(open(f"{work}/s0.json"))["mutants"]
s1 = json.load(open(f"{work}/s1.json"))["mutants"]
ids = lambda ms: [m["id"] for m in ms]
assert s0 and s1, "a shard is empty"
assert not set(ids(s0)) & set(ids(s1)), "the shards overlap"
assert ids(merged["mutants"]) == ids(single["mutants"]), "the merge has other mutants"
assert [m["status"] for m in merged["mutants"]] == [m["status"] for m in single["mutants"]], "statuses differ"
for k in ("killed", "survived", "equivalent", "invalid", "unknown"):
    assert merged["summary"][k] == single["summary"][k], k
for m in single["mutants"]:
    for key in ("id", "operator", "file", "line", "column", "original", "replacement", "status", "phase", "seconds",
                "counterexample"):
        assert key in m, f"{m['id']}: no {key}"
    if m["status"] == "killed":
        assert m["counterexample"] and m["counterexample"]["steps"], f"{m['id']}: a kill without its execution"
# Written out, each valid mutant compiles with gcc; an invalid one is not written.
compiled = 0
for m in single["mutants"]:
    path = f"{work}/mutants/{m['id']}/quicksort.c"
    if m["status"] == "invalid":
        assert not os.path.exists(path), f"{m['id']} is invalid but written"
        continue
    # quicksort.c calls partition before declaring it, which gcc 14 rejects by default.
    r = subprocess.run(["gcc", "-c", "-o", "/dev/null", "-Wno-error=implicit-function-declaration", f"-I{q}",
                        "-DSIZE=2", path], capture_output=True, text=True)
    assert r.returncode == 0, f"{m['id']} does not compile:\n{r.stderr}"
    compiled += 1
stryker = json.load(open(f"{work}/stryker.json"))
assert stryker["schemaVersion"] == "2"
(path, file), = stryker["files"].items()
assert file["language"] == "c" and file["source"].startswith('#include "sort.h"')
assert len(file["mutants"]) == len(single["mutants"])
for m in file["mutants"]:
    assert m["status"] in ("Killed", "Survived", "Ignored", "CompileError", "Timeout"), m
    assert m["location"]["start"]["line"] >= 1 and m["location"]["end"]["column"] > m["location"]["start"]["column"] or \
        m["location"]["end"]["line"] > m["location"]["start"]["line"], m
print(f"ok: {len(s0)} + {len(s1)} mutants in two shards merge into the single run's {len(single['mutants'])}; "
      f"{compiled} written-out mutants compile with gcc")
PY
