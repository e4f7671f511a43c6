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

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace vcov::goals {

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

// The vectors of a box one after another, the last value turning fastest: the first holds
// the least values; nextVector moves to the next, false after the last.
std::vector<int64_t> firstVector(const InputBox &box);
bool nextVector(const InputBox &box, std::vector<int64_t> &vector);

} // namespace vcov::goals
