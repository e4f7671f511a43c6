// A seeded, deterministic generator of small C programs in the subset every analysis of
// vcov takes: nondet inputs, branches on relational and arithmetic conditions (and the
// join pattern whose two arms end in the same state), bounded loops, calls (some falling
// off their end), arrays, globals, assumptions and reach_error() at random places.
// The same seed gives the same program on every machine (its own generator, not <random>'s
// distributions, whose results the standard leaves to the library).
#pragma once

#include <cstdint>
#include <string>

namespace vcov::test {

struct GeneratedProgram {
    uint64_t seed = 0;
    std::string source;
    unsigned unwind = 0; // a bound that unwinds every loop of the program completely
    bool unbounded = false; // ... but for the loops no bound unwinds (unboundedLoops)
};

// unboundedLoops: some loops run while a nondet value says so and end in a call; no claim
// that needs a complete unwinding is asked of those programs.
GeneratedProgram generateProgram(uint64_t seed, bool unboundedLoops = false);

} // namespace vcov::test
