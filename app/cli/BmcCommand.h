// vcov-cli bmc: bounded model checking (and k-induction) of the program and its mutants;
// counterexamples are replayed before they are shown, and written as witnesses and SARIF.
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int bmcCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
