// vcov-cli goals: decide every branch goal (covered by a test, unreachable by a proof, or
// unknown with the reason) and hand out the tests as a Test-Comp suite.
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int goalsCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
