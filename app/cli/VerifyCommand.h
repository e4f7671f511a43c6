// vcov-cli verify: a verdict for users who want a proof, not coverage — true, false (with
// the replayed counterexample) or unknown, as SV-COMP reports them — by the value or the
// predicate analysis, k-induction, or `auto` (the predicate analysis, then k-induction).
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int verifyCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
