// Proof by enumeration (beyond the paper): a program that draws every input before its
// first loop, each in a range the conditions before that loop bound (`if (n < 1 || n > 31)
// return 0;`), has only finitely many executions. The interpreter runs one per input
// vector of those ranges, and a goal none of them enters is unreachable — where no
// invariant of the inductive step exists in bit-vector arithmetic (a quadratic sum that
// decides a loop's exit) or a recursion is deeper than any bound.
//
// Why it covers every execution: the paths of the entry function from its start to its
// first loop head, to a call of a function with a body after which nothing draws an input,
// or to its end, are finitely many; each draws its inputs in a fixed order, and the ranges
// here hold every value its conditions admit. An execution that follows one of them draws
// a vector of that path's box and nothing after it, so the run of that vector is that
// execution — provided it reads no local declared without initializer
// (InterpreterOptions::indeterminateStops makes such a run stop, and the proof is refused).
#pragma once

#include "Cfa.h"
#include "semantics/Interpreter.h"

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace vcov::goals {

// Past this many input vectors the runs would not end within a budget (a run of a few
// hundred steps takes a microsecond or two: a million of them, seconds).
constexpr uint64_t MaxEnumeratedInputs = 4'000'000;
// Per run: a run longer than this (a deep recursion) ends the enumeration.
constexpr size_t EnumeratedRunSteps = 1'000'000;
// Up to this many input vectors (a program that reads no input has one), each run may go on
// for its share of the time budget instead: Mono6_1's one execution is 30 million steps.
constexpr uint64_t FewEnumeratedInputs = 16;
// ... and may make this many objects (InterpreterOptions::maxObjects: about 250 MB).
constexpr size_t LongRunObjects = 1'000'000;
// A counterexample's replay records its steps up to this many (a recorded step is a few
// hundred bytes); a longer one replays unrecorded, and its trace says so.
constexpr size_t RecordedReplaySteps = 1'000'000;
// For guessing and proving the affine summaries of recursive functions (CallSummaries.h):
// a margin, not a verdict — they take well under a second idle, but an enumeration that
// misses them (Ackermann's) runs into its step limit, so a loaded machine must not cut them.
constexpr double SummarySeconds = 60;

struct InputBox {
    // Per value drawn on the path, in call order: the least and the greatest it may be
    // (as the interpreter takes an input: the value, or an unsigned one's bits).
    std::vector<std::pair<int64_t, int64_t>> ranges;
    uint64_t points() const; // how many vectors, saturated at UINT64_MAX
};

struct InputDomain {
    // Every execution that leaves the entry function's paths before its first loop (at a
    // loop head or through a call of a function with a body) draws a vector of one of them.
    std::vector<InputBox> boxes;
    // The edges of those paths: goals on them are not decided by the runs (a path that
    // ends without leaving them is the bounded check's, and its inputs are not enumerated).
    std::set<EdgeId> prefix;
    uint64_t points = 0;         // together
    std::string refused;         // non-empty: no finite enumeration, and why
};

// The boxes of the program's entry function, refused past maxPoints input vectors.
InputDomain enumerableInputs(const Program &program, uint64_t maxPoints);

// A memo of the program's recursive functions whose integer arguments decide their calls
// (isCountingFunction): every answer is what a full run of the same call computed, so a
// memoized run is an execution of the program. `names` gets "hanoi, applyHanoi".
PureCallMemo countingMemo(const Program &program, std::string *names = nullptr);

// One run per vector of the domain, with `options` (isolation or selected properties, a
// step budget) plus indeterminateStops and a memo of the recursive functions whose
// arguments decide their calls (isCountingFunction): hanoi's 2^31 moves are 31 calls. An
// answered call skips its steps, but the same call ran them in full the first time, in
// this run or an earlier one — or a call summary (CallSummaries.h) proved for the function
// answers it. After each run, seen(input, run) may look at it (and at
// options.edgesTaken) and say stop; stop() is asked every few runs (a budget, a cancel).
struct EnumeratedRuns {
    bool complete = false; // every vector ran, and every run ended by exit, abort, a
                           // violation or an assumption that failed: it is every execution
                           // with its inputs (and more, where summaries answered calls)
    uint64_t runs = 0;
    std::string memoized;  // "hanoi, applyHanoi": whose calls were answered once per argument vector
    // "ackermann(2, n) = 2*n + 3, ...": the summaries that answered calls (CallSummaries.h).
    // A run that used one may go on where the execution's call never returns: the runs
    // then stand for every execution and more — enough for "no run enters it".
    std::string summaries;
    // The functions whose bodies a summarized call skipped (the summarized ones and what they
    // call): an edge there may be taken by an execution although no run took it.
    std::set<FunctionId> skipped;
    std::string why;       // not complete: the run that stands for nothing, a budget
};
EnumeratedRuns runEveryInput(const Program &program, const InputDomain &domain, InterpreterOptions options,
                             const std::function<bool(const ExecutionInput &, const Execution &)> &seen,
                             const std::function<bool()> &stop);

// The proof's words: "the 31 executions whose inputs lie in [1, 31] (all that pass the
// conditions before the first loop or call of main) run to their end"
std::string describeRuns(const Program &program, const InputDomain &domain, const EnumeratedRuns &runs);

// The vectors of a box one after another, the last value turning fastest: the first holds
// the least values; nextVector moves to the next, false after the last.
std::vector<int64_t> firstVector(const InputBox &box);
bool nextVector(const InputBox &box, std::vector<int64_t> &vector);

} // namespace vcov::goals
