// Graphviz layouts the views wait for without waiting on them: they run on Qt's global thread
// pool at a lower scheduling priority, so that on a machine with few cores (CI has two) the
// GUI thread gets a core the moment it has events. The application's own threading (engine
// jobs, results freed off the GUI thread) is app/BackgroundTask.h.
#pragma once

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace vcov::views {

// Lowers the calling thread's priority (Linux: nice 10; threads it creates inherit it).
void lowerThreadPriority();

template <typename F> auto layOutInBackground(F f) {
    return QtConcurrent::run([f = std::move(f)]() mutable {
        lowerThreadPriority();
        return f();
    });
}

} // namespace vcov::views
