// vcov-cli validate: is the violation an SV-COMP witness claims real? Confirmed with an
// execution that follows it, refuted by a complete bounded proof, or unknown.
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int validateCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
