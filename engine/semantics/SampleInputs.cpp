#include "semantics/SampleInputs.h"

#include <chrono>
#include <climits>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>

namespace vcov {

// Inputs for the executions before any solver call: values near the small numbers that
// sizes and indices take, moderate ones, the integer boundaries, and random 32-bit ones.
std::vector<ExecutionInput> sampleInputs(size_t count, long size, uint64_t seed, size_t length) {
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
        in.nondet.resize(length);
        in.uninitialized.resize(32);
        for (auto &v : in.nondet)
            v = value();
        for (auto &v : in.uninitialized)
            v = value();
    }
    return out;
}

std::optional<Execution> violationOfSampledRuns(const Program &program, const PropertySet &properties, size_t count,
                                                double seconds, size_t recordedSteps, const std::atomic<bool> *cancel) {
    const auto start = std::chrono::steady_clock::now();
    auto left = [&] { return seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    // Made run by run: a long input is megabytes.
    auto input = [&](size_t i) {
        if (i == 0)
            return ExecutionInput{};
        constexpr size_t Long = size_t(1) << 19; // three arrays of 100,000 declared: their values
        ExecutionInput in = std::move(sampleInputs(1, 4, 0x5a3b1e + i, i % 2 ? Long : 64)[0]);
        if (i % 2)
            in.uninitialized = std::move(sampleInputs(1, 4, 0x7c11a + i, Long)[0].nondet);
        return in;
    };
    InterpreterOptions o;
    o.properties = properties;
    o.recordSteps = false;
    o.cancel = cancel;
    o.maxSteps = std::numeric_limits<size_t>::max();
    o.maxObjects = 1'000'000; // bounded by time, not steps: a local declared per round adds up
    auto violates = [&](const Execution &x) {
        return x.ending.kind == EndingKind::PropertyViolation && x.ending.property && properties.count(*x.ending.property);
    };
    for (size_t i = 0; i < count; ++i) {
        if (left() <= 0 || (cancel && cancel->load()))
            break;
        // A run may take a quarter of what is left (the first, half: of a program without
        // inputs it is the one execution): one long run does not starve the rest, and a run
        // of a few hundred thousand steps is not cut short by a fair share.
        o.maxSeconds = std::max(0.01, left() / double(i == 0 ? 2 : std::min<size_t>(4, count - i)));
        const ExecutionInput in = input(i);
        Execution x = runProgram(program, in, o);
        if (!violates(x))
            continue;
        InterpreterOptions recorded = o;
        recorded.recordSteps = true;
        recorded.maxSteps = recordedSteps;
        Execution traced = runProgram(program, in, recorded);
        return violates(traced) ? traced : x;
    }
    return std::nullopt;
}

} // namespace vcov
