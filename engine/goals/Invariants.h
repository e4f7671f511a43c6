// Auxiliary invariants for the inductive step (beyond the paper; CPAchecker's k-induction
// and ESBMC strengthen the step the same way). Candidates from templates over the integer
// variables at a loop's head (bounds, v == w, v <= w, v - w == c, u + v == w, parity) and
// the affine and polynomial equalities of the sampled states (PolynomialEqualities.h: 2*sum
// == i*i - i), kept where every state that concrete runs bring to the head satisfies them,
// then proved by Houdini: the first arrival at the head satisfies them (a bounded check of
// everything before the loop, every path complete), and one iteration from a state that
// satisfies them all (the loop's variables havocked, as in the step) keeps each; the
// candidates either check breaks are dropped and the rest asked again. What is left holds
// at every arrival of every execution, so the step may assume it where it enters the loop.
#pragma once

#include "goals/Induction.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace vcov {

struct LoopInvariants {
    std::vector<HeadInvariant> proved;
    size_t candidates = 0;      // after the concrete runs' filter
    std::string note;           // none proved: why (no run reached the head, a prefix too long, ...)
    bool prefixIncomplete = false; // a larger bound for the loops before it might help
    double seconds = 0;
    std::shared_ptr<TypeTable> types; // owns the types of the conditions
    std::string describe() const;  // "i == k, (x & 1) == 0"
};

// The states at the head of `loop` in runs of `inputs` (each at most maxSteps steps): per
// arrival, per variable of `vars`, its value (nullopt: not known there).
struct HeadSample {
    std::vector<VarId> vars;
    std::vector<std::vector<std::optional<int64_t>>> states;
};
HeadSample sampleHead(const Program &program, const InductionLoop &loop, const std::vector<ExecutionInput> &inputs,
                      size_t maxSteps, const std::atomic<bool> *cancel);
// The same for several loops in one pass over the runs.
std::vector<HeadSample> sampleHeads(const Program &program, const std::vector<InductionLoop> &loops,
                                    const std::vector<ExecutionInput> &inputs, size_t maxSteps,
                                    const std::atomic<bool> *cancel);

// Candidates from the sample, then Houdini. `bound`: the unwinding of the other loops
// (those before the head must be complete within it, as in the step), unless `others`
// takes them as their effect.
LoopInvariants inferInvariants(const Program &program, const InductionLoop &loop, const HeadSample &sample,
                               unsigned bound, double timeoutSeconds, const std::atomic<bool> *cancel,
                               const OtherLoops *others = nullptr);

} // namespace vcov
