#include "semantics/SampleInputs.h"

#include <climits>
#include <cstdint>
#include <iterator>
#include <random>

namespace vcov {

// Inputs for the executions before any solver call: values near the small numbers that
// sizes and indices take, moderate ones, the integer boundaries, and random 32-bit ones.
std::vector<ExecutionInput> sampleInputs(size_t count, long size, uint64_t seed) {
    std::mt19937_64 rng(seed);
    const int64_t boundaries[] = {0, 1, -1, 2, INT32_MIN, INT32_MAX, INT32_MIN + 1, INT32_MAX - 1, 255, -128, 127};
    auto value = [&]() -> int64_t {
        switch (rng() % 20) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 8:
            return int64_t(rng() % uint64_t(size + 5)) - 2;
        case 9: case 10: case 11: case 12: return int64_t(rng() % 201) - 100;
        case 13: case 14: case 15: return boundaries[rng() % std::size(boundaries)];
        default: return int64_t(int32_t(uint32_t(rng())));
        }
    };
    std::vector<ExecutionInput> out(count);
    for (auto &in : out) {
        in.nondet.resize(64);
        in.uninitialized.resize(32);
        for (auto &v : in.nondet)
            v = value();
        for (auto &v : in.uninitialized)
            v = value();
    }
    return out;
}

} // namespace vcov
