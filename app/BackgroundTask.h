// The application's threading: engine jobs the GUI waits for without waiting on them, and
// large results freed off the GUI thread (shareOffThread). Like the views' layouts
// (views/BackgroundLayout.h) they run on Qt's global thread pool at a lower scheduling
// priority, so that on a machine with few cores (CI has two) the GUI thread gets a core the
// moment it has events.
#pragma once

#include "BackgroundLayout.h"

#include <QCoreApplication>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <utility>

namespace vcov::app {

template <typename F> auto runInBackground(F f) {
    return QtConcurrent::run([f = std::move(f)]() mutable {
        views::lowerThreadPriority();
        return f();
    });
}

// Shares value; its destruction runs on a pool thread, never on the thread that drops the last
// reference. Dropped on the GUI thread, it waits a moment first: the GUI has just received
// the value's successor and is busy showing it, and freeing 100,000 nodes next to it holds
// the allocator's locks that the GUI thread's own frees then wait for.
template <typename T> std::shared_ptr<const T> shareOffThread(T &&value) {
    return std::shared_ptr<const T>(new T(std::move(value)), [](const T *p) {
        auto retire = [p] { runInBackground([p] { delete p; }); };
        QCoreApplication *app = QCoreApplication::instance();
        if (!app)
            delete p; // the application is gone
        else if (QThread::currentThread() == app->thread())
            QTimer::singleShot(250, app, retire);
        else
            retire();
    });
}

} // namespace vcov::app
