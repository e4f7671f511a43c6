#include "GoalsRunner.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>

namespace vcov::app {

GoalsRunner::GoalsRunner(QObject *parent) : QObject(parent) {
    qRegisterMetaType<vcov::GoalReport>();
    qRegisterMetaType<vcov::GoalProgress>();
    qRegisterMetaType<vcov::VacuityReport>();
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
        if (!cancel->load() && !report.goals.empty()) {
            // Vacuity: which assertions a "safe" says something of. Its own budget, at most 30 s.
            const GoalProgress p{"assertions", report.kReached, report.count(GoalStatus::Unknown), report.seconds};
            QMetaObject::invokeMethod(
                self.data(),
                [self, report, p] {
                    if (self && self->m_running)
                        emit self->updated(report, p);
                },
                Qt::QueuedConnection);
            GoalOptions vo = options;
            vo.timeSeconds = options.timeSeconds > 0 ? std::min(options.timeSeconds, 30.0) : 30.0;
            VacuityReport v = decideVacuity(*program, vo, {Property::Assertion}, &report);
            if (!cancel->load())
                QMetaObject::invokeMethod(
                    self.data(),
                    [self, v] {
                        if (self)
                            emit self->assertionsDecided(v);
                    },
                    Qt::QueuedConnection);
        }
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
