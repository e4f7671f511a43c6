#include "CoverageRunner.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace vcov::app {

CoverageRunner::CoverageRunner(QObject *parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const CoverageResult>>::finished, this, [this] {
        m_running = false;
        if (auto r = m_watcher.result())
            emit finished(r);
    });
}

CoverageRunner::~CoverageRunner() {
    if (m_stopAnalysis)
        m_stopAnalysis->store(true);
    if (m_stopMeasurement)
        m_stopMeasurement->store(true);
    m_watcher.waitForFinished();
}

void CoverageRunner::start(std::shared_ptr<const Program> program, const CoverageOptions &options) {
    if (m_running || !program)
        return;
    m_stopAnalysis = std::make_shared<std::atomic<bool>>(false);
    m_stopMeasurement = std::make_shared<std::atomic<bool>>(false);
    m_measuring = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    auto stopAnalysis = m_stopAnalysis, stopMeasurement = m_stopMeasurement, measuring = m_measuring;
    QPointer<CoverageRunner> self(this);
    m_watcher.setFuture(QtConcurrent::run([program, options, stopAnalysis, stopMeasurement, measuring, self] {
        auto report = [self, measuring](const CoveragePoint &p) {
            if (p.phase != "analysis")
                measuring->store(true);
            // Emitted on the GUI thread; the analysis throttles to ~20 reports a second.
            QMetaObject::invokeMethod(
                self, [self, p] { if (self) emit self->progress(p); }, Qt::QueuedConnection);
        };
        try {
            return std::make_shared<const CoverageResult>(
                runCoverage(*program, options, stopAnalysis.get(), report, stopMeasurement.get()));
        } catch (const std::exception &ex) {
            // Never lose the window to an engine failure: the GUI says what happened.
            std::string what = ex.what();
            QMetaObject::invokeMethod(
                self, [self, what] { if (self) emit self->failed(QString::fromStdString(what)); }, Qt::QueuedConnection);
            return std::shared_ptr<const CoverageResult>();
        }
    }));
}

void CoverageRunner::stop() {
    if (!m_running)
        return;
    if (m_stopAnalysis->load() || m_measuring->load())
        m_stopMeasurement->store(true);
    m_stopAnalysis->store(true);
}

} // namespace vcov::app
