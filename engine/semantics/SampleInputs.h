// Inputs for executions before any solver call (mutation campaigns, branch goals).
#pragma once

#include "semantics/Execution.h"

#include <cstdint>
#include <vector>

namespace vcov {

// `count` inputs of 64 nondet and 32 uninitialized values each: near the small numbers that
// sizes and indices take (0 .. size + 2), moderate ones, the integer boundaries, and random
// 32-bit ones; the same for the same seed.
std::vector<ExecutionInput> sampleInputs(size_t count, long size, uint64_t seed);

} // namespace vcov
