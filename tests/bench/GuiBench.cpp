// GUI benchmarks (not tests; tests/bench/*.sh run them and print the figures):
//   stall FILE SECONDS  — the main window analyses FILE (GUI budgets, SECONDS of time); a 5 ms timer
//                         on the GUI thread records the longest gap between its ticks
//                         (the event loop's longest stall). Goal: < 50 ms.
//   layout FILE NODES   — an ART of about NODES nodes of FILE shown by the automaton view
//                         (ART and automaton): time from the snapshot to the items on
//                         screen. Goal: 2,000 nodes in < 2 s.
#include "AutomatonView.h"
#include "MainWindow.h"

#include "coverage/Coverage.h"
#include "coverage/Exploration.h"
#include "frontend/FrontEnd.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSignalSpy>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

using namespace vcov;

static int stall(const QString &file, double seconds) {
    app::MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QSignalSpy shown(&w, &app::MainWindow::programShown);
    QSignalSpy covered(&w, &app::MainWindow::coverageShown);
    w.openPath(file);
    if (!shown.wait(120000))
        return 1;
    CoverageOptions o = w.coverageOptions();
    o.analysis.budget.maxSeconds = seconds;
    o.execSeconds = seconds;
    w.setCoverageOptions(o);
    QElapsedTimer clock;
    qint64 last = 0, worst = 0, ticks = 0;
    QTimer timer;
    timer.setInterval(5);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        qint64 now = clock.elapsed();
        worst = std::max(worst, now - last - 5);
        if (now - last - 5 > 20 && qEnvironmentVariableIsSet("VCOV_BENCH_SLOW_EVENTS"))
            std::fprintf(stderr, "stall of %lld ms at %.2f s\n", now - last - 5, now / 1000.0);
        last = now;
        ++ticks;
    });
    clock.start();
    timer.start();
    if (!w.startCoverage())
        return 1;
    if (!covered.wait(int(seconds * 4 * 1000) + 120000))
        return 1;
    // The signal comes from inside the handler that fills the views: keep measuring what follows
    // (that handler's own duration, the final layout and the first paint).
    QEventLoop settle;
    QTimer::singleShot(1500, &settle, &QEventLoop::quit);
    settle.exec();
    timer.stop();
    auto r = w.coverage();
    std::printf("stall: %s, %.1f s run, %lld timer ticks, ART %zu nodes, automaton %zu states; longest event-loop stall %lld ms "
                "(goal < 50 ms)\n",
                qPrintable(file.section(QLatin1Char('/'), -1)), clock.elapsed() / 1000.0, ticks, r ? r->art->nodes.size() : 0,
                r ? r->automaton.states.size() : 0, worst);
    return 0;
}

static int layout(const QString &file, size_t nodes) {
    FrontEndOptions fe;
    fe.files = {file.toStdString()};
    std::shared_ptr<const Program> program = parseProgram(fe);
    if (program->diagnostics.hasErrors())
        return 1;
    CoverageOptions o;
    o.analysis.budget.maxNodes = nodes;
    std::unique_ptr<ArtAnalysis> analysis = coverageAnalysis(*program, o);
    analysis->run();
    LineIndex lines(*program);
    auto snapshot = std::make_shared<const ExplorationSnapshot>(snapshotOf(*program, *analysis, lines));
    for (ExplorationGraph g : {ExplorationGraph::Art, ExplorationGraph::Automaton}) {
        views::AutomatonView view;
        view.resize(1200, 900);
        view.show();
        view.setMaxNodes(nodes);
        view.setProgram(program);
        view.setGraph(g);
        QSignalSpy laid(&view, &views::AutomatonView::layoutReady);
        QElapsedTimer clock;
        clock.start();
        view.setSnapshot(snapshot);
        if (!laid.wait(120000))
            return 1;
        QApplication::processEvents(); // the first paint
        std::printf("layout: %s, %s: %zu nodes shown of %zu; Graphviz %.2f s, shown after %.2f s (goal: 2,000 nodes < 2 s)\n",
                    qPrintable(file.section(QLatin1Char('/'), -1)), g == ExplorationGraph::Art ? "ART" : "assumption automaton",
                    view.nodeItemCount(), view.totalNodes(), view.lastLayoutSeconds(), clock.elapsed() / 1000.0);
    }
    return 0;
}

// CPU time of the calling thread: a slow event that was mostly off the CPU waited (for a core or a lock).
static double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// With VCOV_BENCH_SLOW_EVENTS=MS (a diagnosis aid, off by default): every GUI-thread event whose
// dispatch takes at least MS ms, nested dispatches indented, the nested event kinds it spent its
// time in, and at the end the event kinds that took the most time in all. VCOV_BENCH_TIMELINE=1
// adds every nested event of a slow one with its start: gaps are time spent outside events.
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;

    bool notify(QObject *receiver, QEvent *event) override {
        if (m_threshold <= 0 || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        // The receiver may be gone after its event (DeferredDelete): name it first.
        const QString kind = QStringLiteral("event %1 to %2").arg(int(event->type())).arg(QString::fromLatin1(receiver->metaObject()->className()));
        const QString where = receiver->objectName() + QStringLiteral(" in ") +
                              QString::fromLatin1(receiver->parent() ? receiver->parent()->metaObject()->className() : "-");
        QElapsedTimer t;
        t.start();
        if (m_depth == 0)
            m_outer.start();
        const qint64 startNs = m_outer.nsecsElapsed();
        const double cpu0 = threadCpuMs();
        ++m_depth;
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        if (m_depth == 0) {
            auto &[count, ns] = m_totals[kind];
            ++count;
            ns += t.nsecsElapsed();
        } else {
            auto &[count, ns] = m_nested[kind];
            ++count;
            ns += t.nsecsElapsed();
            if (m_timelineWanted)
                m_timeline.push_back(QStringLiteral("%1 +%2 ms %3 ms %4 (%5)")
                                         .arg(QString(2 * m_depth, QLatin1Char(' ')))
                                         .arg(startNs / 1e6, 0, 'f', 1)
                                         .arg(t.nsecsElapsed() / 1e6, 0, 'f', 1)
                                         .arg(kind, where));
        }
        if (t.elapsed() >= m_threshold) {
            std::fprintf(stderr, "%*sslow: %lld ms (on a core %.0f ms), %s (%s)\n", 2 * m_depth, "", t.elapsed(), threadCpuMs() - cpu0,
                         qPrintable(kind), qPrintable(where));
            if (m_depth == 0) {
                printLargest(m_nested, 6, "    within:"); // where a slow event's time went, even in quick parts
                for (const QString &line : m_timeline)
                    std::fprintf(stderr, "%s\n", qPrintable(line));
            }
        }
        if (m_depth == 0) {
            m_nested.clear();
            m_timeline.clear();
        }
        return r;
    }

    void printTotals() const {
        if (m_threshold > 0)
            printLargest(m_totals, 15, "GUI thread total");
    }

private:
    using TimeByKind = std::map<QString, std::pair<long, qint64>>; // kind → (count, ns)

    static void printLargest(const TimeByKind &times, size_t n, const char *prefix) {
        std::vector<std::pair<qint64, QString>> byTime;
        for (const auto &[kind, c] : times)
            byTime.push_back({c.second, kind + QStringLiteral(" ×%1").arg(c.first)});
        std::sort(byTime.rbegin(), byTime.rend());
        for (size_t i = 0; i < byTime.size() && i < n; ++i)
            std::fprintf(stderr, "%s %8.1f ms  %s\n", prefix, byTime[i].first / 1e6, qPrintable(byTime[i].second));
    }

    const int m_threshold = qEnvironmentVariableIntValue("VCOV_BENCH_SLOW_EVENTS");
    int m_depth = 0;
    TimeByKind m_totals;
    TimeByKind m_nested; // within the current top-level event
    const bool m_timelineWanted = qEnvironmentVariableIsSet("VCOV_BENCH_TIMELINE");
    QElapsedTimer m_outer;
    QStringList m_timeline;
};

int main(int argc, char **argv) {
    TimedApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("vcov-bench"));
    const QStringList args = app.arguments();
    if (args.size() == 4 && args[1] == QLatin1String("stall")) {
        int r = stall(args[2], args[3].toDouble());
        app.printTotals();
        return r;
    }
    if (args.size() == 4 && args[1] == QLatin1String("layout"))
        return layout(args[2], args[3].toULong());
    std::fprintf(stderr, "usage: vcov-gui-bench stall FILE SECONDS | layout FILE NODES\n");
    return 2;
}
