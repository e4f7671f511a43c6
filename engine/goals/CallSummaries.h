// Affine summaries of recursive integer functions (beyond the papers): ackermann(2, n) =
// 2n + 3 for every n, so a run of ackermann(3, 23) makes 24 calls of its own instead of
// 2^27. Guessed from the function's results on small arguments — one summary per value of
// a selector parameter (m = 0, 1, 2), or one for every call of a one-parameter function —
// then proved together by induction over the calls with Z3, in bit-vector arithmetic (so
// modulo the result's width, as the program computes): every path of the body, each call
// on it answered by the candidates where they apply and by an arbitrary value elsewhere,
// returns what its summary says. A candidate that fails is dropped and the rest checked
// again (Houdini). The induction runs over the depth of the call tree: a summary holds for
// every call that returns — partial correctness. A call that would never return (or end
// in undefined behaviour) is taken to return the summary's value, so a run that used one
// (PureCallMemo::summarized) stands for every execution with its inputs and more.
#pragma once

#include "Cfa.h"
#include "semantics/Interpreter.h"

#include <atomic>
#include <set>
#include <string>
#include <vector>

namespace vcov::goals {

// The proved summaries of those of `functions` that are pure (isCountingFunction without
// counters) with one or two integer parameters and an integer result, a loop-free body
// of at most a few hundred paths; within `seconds` (guessing and proving together).
std::vector<PureCallMemo::Affine> provedSummaries(const Program &program, const std::set<FunctionId> &functions,
                                                  double seconds, const std::atomic<bool> *cancel);

// "ackermann(2, n) = 2*n + 3"
std::string describeSummary(const Program &program, const PureCallMemo::Affine &summary);

} // namespace vcov::goals
