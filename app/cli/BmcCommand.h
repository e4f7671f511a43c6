// vcov-cli bmc: bounded model checking (and k-induction) of the program and its mutants;
// counterexamples are replayed before they are shown, and written as witnesses and SARIF.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <string>
#include <vector>

namespace vcov::cli {

int bmcCommand(const std::vector<std::string> &args);
// An SV-COMP violation witness of a replayed violation: GraphML 1.0 for OUT.graphml, else
// YAML 2.0. False after a message when it cannot be written.
bool writeViolationWitness(const std::string &out, const Program &program, const Execution &violation);

} // namespace vcov::cli
