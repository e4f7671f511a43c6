// The engine thread's controller (DESIGN.md §2): runs an analysis and its coverage
// measurement on a worker thread, with run / pause / single step / stop. Progress and
// snapshots of the exploration arrive throttled, as immutable values, on the GUI thread;
// the result arrives the same way. Stop ends the analysis and measures what it explored;
// a second Stop ends the measurement too. Either way a consistent partial result arrives.
#pragma once

#include "PreparedCoverage.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace vcov::app {

struct RunControl;

class CoverageRunner : public QObject {
    Q_OBJECT
public:
    explicit CoverageRunner(QObject *parent = nullptr);
    ~CoverageRunner() override;

    // paused: the analysis waits for step() or resume() before its first expansion.
    void start(std::shared_ptr<const Program> program, const CoverageOptions &options, bool paused = false);
    void pause();
    void resume();
    void step(); // one expansion (only while paused)
    void stop();
    bool isRunning() const { return m_running; }
    bool isPaused() const;
    bool isMeasuring() const;

signals:
    void progress(const vcov::CoveragePoint &point);
    void snapshot(std::shared_ptr<const vcov::ExplorationSnapshot> snapshot);
    void pausedChanged(bool paused);
    void finished(std::shared_ptr<const vcov::app::PreparedCoverage> coverage);
    void failed(const QString &message); // an engine error: no result

private:
    QFutureWatcher<std::shared_ptr<const PreparedCoverage>> m_watcher;
    std::shared_ptr<RunControl> m_control;
    bool m_running = false;
};

} // namespace vcov::app
