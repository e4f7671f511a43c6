// vcov-cli bmc: bounded model checking (and k-induction) of the program and its mutants;
// counterexamples are replayed before they are shown, and written as witnesses and SARIF.
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"
#include "semantics/Execution.h"

#include <string>
#include <vector>

namespace vcov::cli {

struct CliOptions;

int bmcCommand(const std::vector<std::string> &args);
// The bounds and checks of a --cbmc-proof where the command line sets none; prints what the
// proof asks for and what of it vcov does not check. Nothing without a proof.
// `program` (may be null) lets it name the unwindset's loops the program does not have.
void applyCbmcProof(const CliOptions &opts, BmcOptions &bmc, const Program *program);
// An SV-COMP violation witness of a replayed violation: GraphML 1.0 for OUT.graphml, else
// YAML 2.0. False after a message when it cannot be written.
bool writeViolationWitness(const std::string &out, const Program &program, const Execution &violation);

} // namespace vcov::cli
