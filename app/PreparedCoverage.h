// A finished coverage run on its way to the GUI thread. Deriving the views' data from a
// 100,000-node ART takes tens of milliseconds, so it happens on the worker: the run arrives
// with everything its views show already computed (and freed off the GUI thread, see
// shareOffThread).
#pragma once

#include "coverage/Coverage.h"
#include "coverage/Exploration.h"

#include "BackgroundTask.h"

#include <memory>
#include <vector>

namespace vcov::app {

// A coverage result with what its views show, derived on a worker thread.
struct PreparedCoverage {
    std::shared_ptr<const CoverageResult> result;
    std::shared_ptr<const ExplorationSnapshot> exploration; // the final automaton, Reach, ART
    std::vector<FunctionCoverage> functions;
    // Per trace — the counterexample first, then the executions in order: the ART node of
    // each step's automaton state (-1 where the step leaves the explored region).
    std::vector<std::vector<int>> traceArtNodes;
};

PreparedCoverage prepareCoverage(const Program &program, CoverageResult &&result);

} // namespace vcov::app
