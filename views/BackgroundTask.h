// Work the GUI waits for without waiting on it: engine jobs, Graphviz layouts, freeing large
// results. It runs on Qt's global thread pool at a lower scheduling priority, so that on a
// machine with few cores (CI has two) the GUI thread gets a core the moment it has events.
#pragma once

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace vcov::views {

// Lowers the calling thread's priority (Linux: nice 10; threads it creates inherit it).
void lowerThreadPriority();

template <typename F> auto runInBackground(F f) {
    return QtConcurrent::run([f = std::move(f)]() mutable {
        lowerThreadPriority();
        return f();
    });
}

} // namespace vcov::views
