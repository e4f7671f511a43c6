// Engine values on their way to the GUI thread. A 100,000-node ART takes tens of
// milliseconds to derive from and to destroy, so both happen on worker threads: a
// finished run arrives with everything its views show already computed, and the last
// reference to a large value, wherever it drops, frees it on a pool thread.
#pragma once

#include "coverage/Coverage.h"
#include "coverage/Exploration.h"

#include "BackgroundTask.h"

#include <QThreadPool>

#include <memory>
#include <vector>

namespace vcov::app {

// Shares value; its destruction runs on a pool thread, never on the thread that drops the last reference.
template <typename T> std::shared_ptr<const T> shareOffThread(T &&value) {
    return std::shared_ptr<const T>(new T(std::move(value)), [](const T *p) {
        if (QThreadPool *pool = QThreadPool::globalInstance())
            pool->start([p] {
                views::lowerThreadPriority();
                delete p;
            });
        else
            delete p; // the application is going away
    });
}

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
