#include "GoalsRunner.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace vcov::app {

GoalsRunner::GoalsRunner(QObject *parent) : QObject(parent) {
    qRegisterMetaType<vcov::GoalReport>();
    qRegisterMetaType<vcov::GoalProgress>();
}

GoalsRunner::~GoalsRunner() {
    stop();
    m_watcher.waitForFinished();
}

void GoalsRunner::start(std::shared_ptr<const Program> program, GoalOptions options) {
    if (m_running || !program)
        return;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    options.cancel = cancel.get();
    QPointer<GoalsRunner> self(this);
    m_watcher.setFuture(QtConcurrent::run([self, program, options, cancel]() {
        auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
        GoalReport report = decideBranchGoals(*program, options, [&](const GoalReport &r, const GoalProgress &p) {
            // Live rows without flooding the GUI thread with copies of the report.
            const auto now = std::chrono::steady_clock::now();
            if (now - last < std::chrono::milliseconds(200))
                return;
            last = now;
            QMetaObject::invokeMethod(
                self.data(),
                [self, r, p] {
                    if (self && self->m_running)
                        emit self->updated(r, p);
                },
                Qt::QueuedConnection);
        });
        QMetaObject::invokeMethod(
            self.data(),
            [self, report] {
                if (!self)
                    return;
                self->m_running = false;
                emit self->finished(report);
            },
            Qt::QueuedConnection);
    }));
}

void GoalsRunner::stop() {
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace vcov::app
