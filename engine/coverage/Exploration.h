// A snapshot of an exploration for live views (DESIGN.md §2): the ART as it stands, its
// assumption automaton and Reach scores, and what the analysis does next. Made on the
// engine thread, handed to views as an immutable value.
#pragma once

#include "analysis/ArtAnalysis.h"
#include "automata/AssumptionAutomaton.h"
#include "automata/Reach.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct CoverageResult;

struct ExplorationSnapshot {
    std::shared_ptr<const Art> art;
    AssumptionAutomaton automaton;
    ReachScores reach;
    std::vector<int> stateOfNode;          // per ART node: its automaton state (AaFalse if none)
    int nextNode = -1;                     // the waitlist node the analysis expands next
    std::optional<ArtExpansion> expansion; // the expansion just made (single-stepping)
    ArtProgress progress;
    StopReason stop = StopReason::Running;

    // The automaton state the next expansion leaves from (its parent's state), or AaFalse.
    int nextState() const;
};

ExplorationSnapshot snapshotOf(const Program &program, const ArtAnalysis &analysis, const LineIndex &lines);
ExplorationSnapshot snapshotOf(const CoverageResult &result);

} // namespace vcov
