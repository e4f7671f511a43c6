#include "CoverageRunner.h"

#include "BackgroundTask.h"

#include <QPointer>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace vcov::app {

// Shared by the GUI thread (requests) and the worker (obeys them).
struct RunControl {
    std::mutex mutex;
    std::condition_variable wake;
    bool paused = false;
    int steps = 0;                       // single steps requested while paused
    std::atomic<bool> interrupt{false};  // ends the current run() slice: pause or stop
    std::atomic<bool> stopAnalysis{false};
    std::atomic<bool> stopMeasurement{false};
    std::atomic<bool> measuring{false};
};

namespace {

using Clock = std::chrono::steady_clock;

// Posts f to the runner on the GUI thread (dropped when the runner is gone).
template <typename F> void post(const QPointer<CoverageRunner> &self, F f) {
    QMetaObject::invokeMethod(self, [self, f] { if (self) f(self.data()); }, Qt::QueuedConnection);
}

std::shared_ptr<const PreparedCoverage> work(std::shared_ptr<const Program> program, CoverageOptions options,
                                           std::shared_ptr<RunControl> c, QPointer<CoverageRunner> self) {
    std::unique_ptr<ArtAnalysis> analysis = coverageAnalysis(*program, options);
    LineIndex lines(*program);
    std::vector<CoveragePoint> series;
    // Snapshots cost a copy of the ART and a Reach fixed point: at most every half second,
    // and never more than a fifth of the engine's time.
    Clock::time_point lastSnapshot = Clock::now() - std::chrono::hours(1);
    double snapshotCost = 0;
    auto sendSnapshot = [&](std::optional<ArtExpansion> expansion) {
        auto t0 = Clock::now();
        ExplorationSnapshot s = snapshotOf(*program, *analysis, lines);
        s.expansion = std::move(expansion);
        lastSnapshot = Clock::now();
        snapshotCost = std::chrono::duration<double>(lastSnapshot - t0).count();
        std::shared_ptr<const ExplorationSnapshot> frozen = shareOffThread(std::move(s));
        post(self, [frozen](CoverageRunner *r) { emit r->snapshot(frozen); });
    };
    auto report = [&](const CoveragePoint &p) {
        if (p.phase != "analysis")
            c->measuring.store(true);
        post(self, [p](CoverageRunner *r) { emit r->progress(p); });
    };
    auto record = [&](const ArtProgress &p) {
        CoveragePoint pt{p.seconds, p.exploredLines, 0, "analysis"};
        series.push_back(pt);
        report(pt);
    };
    auto analysisProgress = [&](const ArtProgress &p) {
        record(p);
        double since = std::chrono::duration<double>(Clock::now() - lastSnapshot).count();
        if (since >= std::max(0.5, 4 * snapshotCost))
            sendSnapshot({});
    };
    while (true) {
        bool single = false;
        {
            std::unique_lock lock(c->mutex);
            c->wake.wait(lock, [&] { return !c->paused || c->steps > 0 || c->stopAnalysis.load(); });
            if (c->stopAnalysis)
                break;
            if (c->paused) {
                --c->steps;
                single = true;
            }
        }
        if (single) {
            if (analysis->budgetExhausted())
                break;
            const bool more = analysis->step();
            const ArtExpansion &did = analysis->lastExpansion();
            record(analysis->progress());
            // One snapshot per step, with what it did (the last one too: the decision over
            // every ART path may end the analysis at a violation).
            if (did.node >= 0 || !did.checked.empty())
                sendSnapshot(did);
            if (!more)
                break;
            continue;
        }
        analysis->run(&c->interrupt, analysisProgress);
        if (analysis->stopReason() != StopReason::Cancelled || c->stopAnalysis)
            break;
        sendSnapshot({}); // paused: show where it stands
    }
    if (c->stopAnalysis)
        analysis->cancel();
    sendSnapshot({});
    c->measuring.store(true);
    CoverageResult result = measureCoverage(*program, *analysis, options, &c->stopMeasurement, report, std::move(series));
    return std::make_shared<const PreparedCoverage>(prepareCoverage(*program, std::move(result)));
}

} // namespace

CoverageRunner::CoverageRunner(QObject *parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const PreparedCoverage>>::finished, this, [this] {
        m_running = false;
        if (auto r = m_watcher.result())
            emit finished(r);
    });
}

CoverageRunner::~CoverageRunner() {
    if (m_control) {
        m_control->stopMeasurement.store(true);
        stop();
    }
    m_watcher.waitForFinished();
}

void CoverageRunner::start(std::shared_ptr<const Program> program, const CoverageOptions &options, bool paused) {
    if (m_running || !program)
        return;
    m_control = std::make_shared<RunControl>();
    m_control->paused = paused;
    m_control->interrupt = paused;
    m_running = true;
    auto control = m_control;
    QPointer<CoverageRunner> self(this);
    m_watcher.setFuture(runInBackground([program, options, control, self]() -> std::shared_ptr<const PreparedCoverage> {
        try {
            return work(program, options, control, self);
        } catch (const std::exception &ex) {
            // Never lose the window to an engine failure: the GUI says what happened.
            QString what = QString::fromStdString(ex.what());
            post(self, [what](CoverageRunner *r) { emit r->failed(what); });
            return {};
        }
    }));
    if (paused)
        emit pausedChanged(true);
}

bool CoverageRunner::isPaused() const {
    if (!m_running)
        return false;
    std::lock_guard lock(m_control->mutex);
    return m_control->paused;
}

bool CoverageRunner::isMeasuring() const { return m_running && m_control->measuring.load(); }

void CoverageRunner::pause() {
    if (!m_running || isMeasuring())
        return;
    {
        std::lock_guard lock(m_control->mutex);
        if (m_control->paused)
            return;
        m_control->paused = true;
        m_control->interrupt = true;
    }
    emit pausedChanged(true);
}

void CoverageRunner::resume() {
    if (!m_running)
        return;
    {
        std::lock_guard lock(m_control->mutex);
        if (!m_control->paused)
            return;
        m_control->paused = false;
        m_control->steps = 0;
        m_control->interrupt = false;
    }
    m_control->wake.notify_all();
    emit pausedChanged(false);
}

void CoverageRunner::step() {
    if (!m_running)
        return;
    {
        std::lock_guard lock(m_control->mutex);
        if (!m_control->paused)
            return;
        ++m_control->steps;
    }
    m_control->wake.notify_all();
}

void CoverageRunner::stop() {
    if (!m_running)
        return;
    if (m_control->stopAnalysis.load() || m_control->measuring.load())
        m_control->stopMeasurement.store(true);
    {
        std::lock_guard lock(m_control->mutex);
        m_control->stopAnalysis = true;
        m_control->interrupt = true;
    }
    m_control->wake.notify_all();
}

} // namespace vcov::app
