// Inputs for executions before any solver call (mutation campaigns, branch goals).
#pragma once

#include "semantics/Execution.h"
#include "semantics/Interpreter.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace vcov {

// `count` inputs of `length` nondet and 32 uninitialized values each: near the small numbers
// that sizes and indices take (0 .. size + 2), moderate ones, the integer boundaries, and
// random 32-bit ones; the same for the same seed.
std::vector<ExecutionInput> sampleInputs(size_t count, long size, uint64_t seed, size_t length = 64);

// Runs on `count` sampled inputs (the first: every input zero; every other one long enough
// for inputs drawn in loops of 100,000 rounds and arrays of as many elements declared
// without initializer, which would read zeros past the 64th and the 32nd) until one violates a check of
// `properties`, within `seconds`. That run is a counterexample as it stands — the
// interpreter ran it, no solver guessed it — returned with its steps recorded where it has
// at most `recordedSteps` of them (else unrecorded: its trace says so).
std::optional<Execution> violationOfSampledRuns(const Program &program, const PropertySet &properties, size_t count,
                                                double seconds, size_t recordedSteps,
                                                const std::atomic<bool> *cancel = nullptr);

} // namespace vcov
