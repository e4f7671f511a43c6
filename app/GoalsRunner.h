// The engine thread of a branch-goal job: decideBranchGoals on a worker thread; the report
// reaches the GUI thread as a value after each change (at most every 200 ms while it runs)
// and once more at the end. Stop cancels: goals not decided stay unknown ("cancelled").
// After the goals, the program's assertions are decided (vacuity) within their own budget.
#pragma once

#include "goals/BranchGoals.h"
#include "goals/Vacuity.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace vcov::app {

class GoalsRunner : public QObject {
    Q_OBJECT
public:
    explicit GoalsRunner(QObject *parent = nullptr);
    ~GoalsRunner() override;

    void start(std::shared_ptr<const Program> program, GoalOptions options);
    void stop();
    bool isRunning() const { return m_running; }

signals:
    void updated(const vcov::GoalReport &report, const vcov::GoalProgress &progress);
    void assertionsDecided(const vcov::VacuityReport &report); // before finished, unless stopped
    void finished(const vcov::GoalReport &report);

private:
    QFutureWatcher<void> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace vcov::app

Q_DECLARE_METATYPE(vcov::GoalReport)
Q_DECLARE_METATYPE(vcov::GoalProgress)
Q_DECLARE_METATYPE(vcov::VacuityReport)
