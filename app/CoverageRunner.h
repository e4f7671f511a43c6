// Runs an analysis and its coverage measurement on a worker thread (the engine thread of
// DESIGN.md §2): progress arrives throttled as value types, the result as an immutable
// snapshot. Stop ends the analysis and measures what it explored; a second Stop ends the
// measurement too. Either way a consistent partial result arrives.
#pragma once

#include "coverage/Coverage.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace vcov::app {

class CoverageRunner : public QObject {
    Q_OBJECT
public:
    explicit CoverageRunner(QObject *parent = nullptr);
    ~CoverageRunner() override;

    void start(std::shared_ptr<const Program> program, const CoverageOptions &options);
    void stop();
    bool isRunning() const { return m_running; }

signals:
    void progress(const vcov::CoveragePoint &point);
    void finished(std::shared_ptr<const vcov::CoverageResult> result);
    void failed(const QString &message); // an engine error: no result

private:
    QFutureWatcher<std::shared_ptr<const CoverageResult>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_stopAnalysis, m_stopMeasurement;
    std::shared_ptr<std::atomic<bool>> m_measuring;
    bool m_running = false;
};

} // namespace vcov::app
