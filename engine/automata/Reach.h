// The Reach heuristic (paper 000, §5): on the product of the assumption automaton and the
// CFA, the least fixed point Reach((a, l)) = {l} ∪ ⋃ Reach(succ((a, l))) for a ≠ FALSE,
// ∅ for FALSE. An automaton state's score is the number of lines in its Reach set: how
// much an execution through it can still cover.
#pragma once

#include "analysis/ArtAnalysis.h"
#include "automata/AssumptionAutomaton.h"

#include <cstdint>
#include <vector>

namespace vcov {

// A set of coverable lines (positions in a LineIndex).
class LineSet {
public:
    explicit LineSet(size_t size = 0) : m_words((size + 63) / 64, 0) {}
    void insert(int i) { m_words[size_t(i) / 64] |= uint64_t(1) << (i % 64); }
    bool contains(int i) const { return (m_words[size_t(i) / 64] >> (i % 64)) & 1; }
    // this ∪= other; true when this grew.
    bool merge(const LineSet &other);
    size_t count() const;
    bool operator==(const LineSet &) const = default;

private:
    std::vector<uint64_t> m_words;
};

struct ReachScores {
    std::vector<uint32_t> ofState;     // per automaton state
    std::vector<uint32_t> ofLocation;  // TRUE × CFA: lines reachable from a location in the CFA
    std::vector<LineSet> reachOfState; // the fixed point itself, per state
    size_t iterations = 0;
    bool complete = true;              // false: the iteration stopped at its time limit

    // The score of a product state (automaton state or FALSE/TRUE, CFA location).
    uint32_t score(int aaState, NodeId location) const;
};

// maxSeconds > 0: the fixed point's iteration stops there and the scores are those of the
// sets so far (each a subset of its Reach: a weaker heuristic, never a claim). A Linux
// driver's automaton of millions of states took minutes and gigabytes here.
ReachScores computeReach(const Program &program, const LineIndex &lines, const AssumptionAutomaton &aa,
                         double maxSeconds = 0);

} // namespace vcov
