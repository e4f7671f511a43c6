// vcov-cli run: run the program on given inputs (or the inputs of a CBMC trace) with the
// concrete interpreter.
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int runCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
