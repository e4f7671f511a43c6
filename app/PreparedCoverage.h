// Engine values on their way to the GUI thread. A 100,000-node ART takes tens of
// milliseconds to derive from and to destroy, so both happen on worker threads: a
// finished run arrives with everything its views show already computed, and the last
// reference to a large value, wherever it drops, frees it on a pool thread.
#pragma once

#include "coverage/Coverage.h"
#include "coverage/Exploration.h"

#include "BackgroundTask.h"

#include <QCoreApplication>
#include <QThread>
#include <QTimer>

#include <memory>
#include <vector>

namespace vcov::app {

// Shares value; its destruction runs on a pool thread, never on the thread that drops the last
// reference. Dropped on the GUI thread, it waits a moment first: the GUI has just received
// the value's successor and is busy showing it, and freeing 100,000 nodes next to it holds
// the allocator's locks that the GUI thread's own frees then wait for.
template <typename T> std::shared_ptr<const T> shareOffThread(T &&value) {
    return std::shared_ptr<const T>(new T(std::move(value)), [](const T *p) {
        auto retire = [p] { views::runInBackground([p] { delete p; }); };
        QCoreApplication *app = QCoreApplication::instance();
        if (!app)
            delete p; // the application is gone
        else if (QThread::currentThread() == app->thread())
            QTimer::singleShot(250, app, retire);
        else
            retire();
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
