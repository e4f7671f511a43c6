#!/usr/bin/env python3
"""manpage.py BINARY NAME VERSION OUT — a man page (section 1) made from the program's own
--help, and for vcov-cli from each command's --help, so that the page says what the
program says. The help texts are kept as preformatted blocks."""
import subprocess
import sys

binary, name, version, out = sys.argv[1:5]
SUMMARY = {
    "vcov": "explore the verification progress of C programs (the desktop application)",
    "vcov-cli": "verification coverage, bounded model checking, mutation, branch goals and witness "
                "validation of C programs, without the window",
}
COMMANDS = ["cfa", "run", "bmc", "coverage", "mutate", "witness", "goals", "validate"]


def helptext(args):
    r = subprocess.run([binary] + args, capture_output=True, text=True, timeout=60)
    return r.stdout


def roff(text):
    lines = []
    for line in text.rstrip("\n").split("\n"):
        line = line.replace("\\", "\\e")
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line)
    return ".nf\n" + "\n".join(lines) + "\n.fi\n"


page = [f'.TH {name.upper()} 1 "" "vcov {version}" "User Commands"',
        ".SH NAME", f"{name} \\- {SUMMARY[name]}",
        ".SH DESCRIPTION", roff(helptext(["--help"]))]
if name == "vcov-cli":
    page.append(".SH COMMANDS")
    for c in COMMANDS:
        text = helptext([c, "--help"])
        if text.strip():
            page += [f".SS {c}", roff(text)]
page += [".SH SEE ALSO", "cbmc(1)" if name == "vcov-cli" else "vcov-cli(1)"]
with open(out, "w") as f:
    f.write("\n".join(page) + "\n")
