// The exploration views against the engine, offscreen: models under
// QAbstractItemModelTester, trace stepping moves the source cursor, clicking an automaton
// node selects its line, sessions round-trip (and bad ones leave the window alone),
// pause / single step / stop, and exports.
#include "AnalysisSettingsDialog.h"
#include "MainWindow.h"

#include "ArtNodeView.h"
#include "AutomatonView.h"
#include "ExplanationView.h"
#include "FunctionCoverageModel.h"
#include "FunctionCoverageView.h"
#include "ScoresModel.h"
#include "ScoresView.h"
#include "SourceView.h"
#include "TeachingView.h"
#include "TraceModel.h"
#include "TraceView.h"

#include "formats/CoverageJson.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTableView>
#include <QTest>

using namespace vcov;

class ExplorationViewsTest : public QObject {
    Q_OBJECT

private:
    static QString example() { return QStringLiteral(VCOV_SOURCE_DIR "/resources/examples/example.c"); }

    // Opens the bundled example and runs coverage to the end.
    static bool openAndRun(app::MainWindow &w) {
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(example());
        if (!shown.wait(60000) || !w.startCoverage())
            return false;
        return covered.wait(120000) && w.coverage();
    }

    static void screenshot(QWidget *w, const QString &name) {
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QLatin1Char('/') + name);
    }

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("vcov-tests")); }

    void modelsMatchTheEngine() {
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QAbstractItemModelTester scoresTester(w.scoresView()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester traceTester(w.traceView()->traceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester varsTester(w.traceView()->variablesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester functionsTester(w.functionCoverageView()->coverageModel(),
                                                 QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(openAndRun(w));
        auto r = w.coverage();
        const nlohmann::json j = coverageToJson(*w.program(), *r);
        // Scores: one row per automaton state, the engine's Reach score in each.
        views::ScoresModel *scores = w.scoresView()->model();
        QCOMPARE(size_t(scores->rowCount()), j["automaton"]["states"].get<size_t>());
        uint32_t best = 0;
        for (int row = 0; row < scores->rowCount(); ++row) {
            uint32_t score = scores->data(scores->index(row, views::ScoresModel::Score), views::ScoresModel::SortRole).toUInt();
            QCOMPARE(score, r->reach.ofState[size_t(scores->stateOfRow(row))]);
            best = std::max(best, score);
        }
        QCOMPARE(best, j["automaton"]["max_reach_score"].get<uint32_t>());
        // The chart has the series of the run.
        QCOMPARE(w.scoresView()->pointCount(), r->series.size());
        // Functions: the rows add up to the JSON's line counts (example.c has no line in two functions).
        size_t coverable = 0, covered = 0;
        for (const FunctionCoverage &c : w.functionCoverageView()->coverageModel()->rows()) {
            coverable += c.coverable;
            covered += c.covered;
        }
        QCOMPARE(coverable, j["lines"]["coverable"].get<size_t>());
        QCOMPARE(covered, j["lines"]["covered"].get<size_t>());
        // Traces: one per execution (no bug in the example), each step a row.
        QCOMPARE(w.traceView()->traceCount(), j["executions"].size());
        QCOMPARE(size_t(w.traceView()->traceModel()->rowCount()), j["executions"][0]["steps"].size());
        // The Why? panel explains the line under the cursor with the engine's text.
        views::SourceView *src = w.sourceView(0);
        const auto &[line, ex] = *r->lines.begin();
        src->goToLine(line.line);
        QVERIFY(w.explanationView()->toPlainText().contains(QString::fromStdString(ex.text).left(40)));
        // The automaton view lays out the engine's automaton (the example's is small: no cut).
        QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
        QVERIFY(!w.automatonView()->isLayoutPending() || laid.wait(30000));
        QCOMPARE(w.automatonView()->totalNodes(), w.automatonView()->nodeItemCount());
        size_t sinks = 0;
        for (const AaState &st : r->automaton.states)
            for (const AaTransition &t : st.out)
                sinks += t.target < 0;
        QCOMPARE(w.automatonView()->nodeItemCount(), r->automaton.states.size() + sinks);
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window.png"));
        for (const char *name : {"exploration", "scores", "trace", "why", "functions"})
            screenshot(w.dock(QString::fromLatin1(name)), QStringLiteral("view-%1.png").arg(QString::fromLatin1(name)));
    }

    void traceSteppingMovesTheSourceCursor() {
        app::MainWindow w;
        w.show();
        QAbstractItemModelTester varsTester(w.traceView()->variablesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(openAndRun(w));
        views::TraceView *t = w.traceView();
        QVERIFY(t->traceCount() > 0);
        t->showTrace(0);
        const Execution &e = *t->traceModel()->execution();
        views::SourceView *src = w.sourceView(0);
        bool printed = false;
        for (int i = 0; i < t->stepCount(); ++i) {
            t->setStep(i);
            const CfaEdge &edge = w.program()->edge(e.steps[size_t(i)].edge);
            QCOMPARE(src->cursorLine(), edge.range.beginLine);
            if (!e.steps[size_t(i)].assigned.empty()) {
                QString name = QString::fromStdString(e.steps[size_t(i)].assigned);
                QCOMPARE(t->variablesModel()->valueOf(name), QString::fromStdString(e.steps[size_t(i)].value));
                QVERIFY(t->variablesModel()->changedAt(name));
            }
            printed |= !e.steps[size_t(i)].printed.empty();
        }
        // At the last step the output so far is the whole output.
        QCOMPARE(t->outputSoFar(), QString::fromStdString(e.output));
        QVERIFY(printed == !e.output.empty());
        t->first();
        QCOMPARE(t->step(), 0);
        t->next();
        QCOMPARE(t->step(), 1);
        t->last();
        QCOMPARE(t->step(), t->stepCount() - 1);
        t->previous();
        QCOMPARE(t->step(), t->stepCount() - 2);
    }

    void clickingAnAutomatonNodeSelectsItsLine() {
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(openAndRun(w));
        views::AutomatonView *a = w.automatonView();
        QSignalSpy laid(a, &views::AutomatonView::layoutReady);
        a->setGraph(ExplorationGraph::Art);
        // A layout of the automaton may still be on its way: wait for the ART's.
        while (!a->nodeInfo(QStringLiteral("n0")) || a->isLayoutPending())
            QVERIFY(laid.wait(30000));
        // An ART node whose location has an outgoing edge on a source line.
        const Art &art = *w.coverage()->art;
        QString name;
        unsigned expected = 0;
        for (const ArtNode &n : art.nodes) {
            const CfaNode &loc = w.program()->node(n.location);
            if (n.id > 3 && !loc.out.empty() && w.program()->edge(loc.out.front()).range.valid() &&
                !a->nodeCentre(QStringLiteral("n%1").arg(n.id)).isNull()) {
                name = QStringLiteral("n%1").arg(n.id);
                expected = w.program()->edge(loc.out.front()).range.beginLine;
                break;
            }
        }
        QVERIFY(!name.isEmpty());
        a->centerOn(a->nodeCentre(name));
        QPoint at = a->mapFromScene(a->nodeCentre(name));
        QTest::mouseClick(a->viewport(), Qt::LeftButton, {}, at);
        // The click selects the node's line, and the line selects its nodes: this one among them.
        QCOMPARE(w.currentSourceView()->cursorLine(), expected);
        QVERIFY(a->highlightedNodes().count(name));
        w.currentSourceView()->goToLine(1);
        QVERIFY(a->highlightedNodes().empty());
        a->setColouring(views::AutomatonView::Colouring::ReachHeat);
        screenshot(w.dock(QStringLiteral("exploration")), QStringLiteral("view-exploration-art-heat.png"));
    }

    void sessionsRoundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("example.vcov"));
        std::shared_ptr<const CoverageResult> before;
        std::map<unsigned, LineStatus> statuses;
        {
            app::MainWindow w;
            QVERIFY(openAndRun(w));
            before = w.coverage();
            statuses = w.sourceView(0)->lineStatuses();
            w.traceView()->setStep(5);
            w.sourceView(0)->goToLine(23);
            QString error;
            QVERIFY2(w.saveSession(path, &error), qPrintable(error));
        }
        app::MainWindow w;
        QSignalSpy restored(&w, &app::MainWindow::sessionShown);
        QString error;
        QVERIFY2(w.openSession(path, &error), qPrintable(error));
        QVERIFY(restored.wait(60000));
        auto after = w.coverage();
        QVERIFY(after);
        QCOMPARE(w.sourceView(0)->lineStatuses(), statuses);
        QCOMPARE(after->executions.size(), before->executions.size());
        for (size_t i = 0; i < after->executions.size(); ++i)
            QCOMPARE(after->executions[i].execution.steps.size(), before->executions[i].execution.steps.size());
        QCOMPARE(after->automaton.toText(*w.program()), before->automaton.toText(*w.program()));
        QCOMPARE(after->reach.ofState, before->reach.ofState);
        QCOMPARE(after->art->nodes.size(), before->art->nodes.size());
        QCOMPARE(w.traceView()->step(), 5);
        QCOMPARE(w.sourceView(0)->cursorLine(), 23u);

        // A damaged file and a newer one: a message, and the window keeps what it shows.
        const QString damaged = dir.filePath(QStringLiteral("damaged.vcov"));
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"vcov-session\", \"version\": 1, \"inputs\": ");
        f.close();
        QVERIFY(!w.openSession(damaged, &error));
        QVERIFY2(error.contains(QStringLiteral("damaged")), qPrintable(error));
        QFile newer(dir.filePath(QStringLiteral("newer.vcov")));
        QVERIFY(newer.open(QIODevice::WriteOnly));
        newer.write("{\"format\": \"vcov-session\", \"version\": 99}");
        newer.close();
        QVERIFY(!w.openSession(newer.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("newer vcov")), qPrintable(error));
        // Valid JSON with fields of the wrong type is damaged too, not an exception.
        for (const char *text : {"{\"format\": 5}", "{\"format\": \"vcov-session\", \"version\": \"one\"}"}) {
            QFile typed(dir.filePath(QStringLiteral("typed.vcov")));
            QVERIFY(typed.open(QIODevice::WriteOnly | QIODevice::Truncate));
            typed.write(text);
            typed.close();
            QVERIFY(!w.openSession(typed.fileName(), &error));
            QVERIFY2(error.contains(QStringLiteral("damaged")), qPrintable(error));
        }
        QCOMPARE(w.coverage(), after);
        QCOMPARE(w.sourceView(0)->lineStatuses(), statuses);

        // A session that claims a line covered by an execution that does not pass it:
        // the program opens, the claim is refused.
        QFile good(path);
        QVERIFY(good.open(QIODevice::ReadOnly));
        nlohmann::json j = nlohmann::json::parse(good.readAll().toStdString());
        bool forged = false;
        for (auto &line : j["exploration"]["lines"])
            if (line["status"] == "over-approximated" || line["status"] == "over_approximated") {
                line["status"] = "covered";
                line["execution"] = 0;
                forged = true;
                break;
            }
        QVERIFY(forged);
        const QString forgedPath = dir.filePath(QStringLiteral("forged.vcov"));
        QFile out(forgedPath);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(j.dump()));
        out.close();
        app::MainWindow w2;
        QSignalSpy restored2(&w2, &app::MainWindow::sessionShown);
        QVERIFY(w2.openSession(forgedPath, &error));
        QVERIFY(restored2.wait(60000));
        QVERIFY(w2.program());
        QVERIFY(!w2.coverage());
        QVERIFY2(w2.statusText().contains(QStringLiteral("does not pass it")), qPrintable(w2.statusText()));
    }

    // Teaching the predicate analysis (issue 40): from an empty ART to the proof of x == y,
    // each CEGAR step a step of its own — the target's check finds its path infeasible, the
    // refinement names the predicates it learned and where, the graph shows the cut before
    // it grows again — and the node panel shows each node's predicates.
    void teachingStepsThroughCegarToAProof() {
        app::MainWindow w;
        w.resize(1600, 1100);
        w.show();
        CoverageOptions o = w.coverageOptions();
        o.analysis.domain = AnalysisDomain::Predicate;
        o.execSeconds = 2;
        w.setCoverageOptions(o);
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/equal_counters.c"));
        QVERIFY(shown.wait(60000));
        auto *graphBox = w.findChild<QComboBox *>(QStringLiteral("graphBox"));
        QVERIFY(graphBox);
        graphBox->setCurrentIndex(1);
        emit graphBox->activated(1);
        auto settle = [&] {
            QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
            if (w.automatonView()->isLayoutPending())
                QVERIFY(laid.wait(30000));
            w.automatonView()->fit();
            QTest::qWait(100);
        };
        QString log;
        bool checkShot = false, cutShot = false;
        size_t before = 0;
        for (int i = 0; i < 200; ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
            const QString last = w.teachingView()->lastText();
            log += last + QLatin1Char('\n');
            const auto snapshot = w.automatonView()->snapshot();
            if (!checkShot && last.contains(QStringLiteral("the next step refines"))) {
                checkShot = true;
                settle();
                screenshot(&w, QStringLiteral("main-window-cegar-check.png"));
            }
            if (!cutShot && last.startsWith(QStringLiteral("Refinement"))) {
                cutShot = true;
                // The graph shows the cut tree, before it grows again.
                QVERIFY2(snapshot->art->nodes.size() < before, qPrintable(last));
                settle();
                screenshot(&w, QStringLiteral("main-window-cegar-refinement.png"));
            }
            before = snapshot->art->nodes.size();
            if (snapshot->stop != StopReason::Running)
                break;
        }
        QVERIFY2(checkShot && cutShot, qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("learned")), qPrintable(log));
        const auto snapshot = w.automatonView()->snapshot();
        QCOMPARE(snapshot->stop, StopReason::Finished);
        // The loop head's node knows x == y.
        int head = -1;
        for (const ArtNode &n : snapshot->art->nodes)
            if (n.state && n.state->describe(*w.program()).find("x == y") != std::string::npos && head < 0)
                head = n.id;
        QVERIFY(head >= 0);
        w.artNodeView()->showNode(head);
        const QString text = w.artNodeView()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("predicates")) && text.contains(QStringLiteral("x == y")), qPrintable(text));
        settle();
        screenshot(&w, QStringLiteral("main-window-cegar-proof.png"));
        const QString teaching = w.teachingView()->findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(teaching.contains(QStringLiteral("Predicates learned from the infeasible path")), qPrintable(teaching));
        QVERIFY2(teaching.contains(QStringLiteral("goes back on the waitlist")), qPrintable(teaching));
    }

    // Teaching merge-join (issue 40): in reverse postorder the two paths of an if meet at its
    // join; the second is merged into the first, which still waits, and the log and the node
    // panel say so. The analysis still proves the program.
    void teachingShowsAMergeInsideABlock() {
        app::MainWindow w;
        w.resize(1600, 1100);
        w.show();
        CoverageOptions o = w.coverageOptions();
        o.analysis.domain = AnalysisDomain::Predicate;
        o.analysis.order = TraversalOrder::ReversePostorder;
        o.execSeconds = 2;
        w.setCoverageOptions(o);
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/merged_branches.c"));
        QVERIFY(shown.wait(60000));
        auto *graphBox = w.findChild<QComboBox *>(QStringLiteral("graphBox"));
        QVERIFY(graphBox);
        graphBox->setCurrentIndex(1);
        emit graphBox->activated(1);
        QString log;
        int merged = -1;
        for (int i = 0; i < 400 && merged < 0; ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
            const QString last = w.teachingView()->lastText();
            log += last + QLatin1Char('\n');
            const auto snapshot = w.automatonView()->snapshot();
            if (last.contains(QStringLiteral("merged into a waiting node")))
                for (const ArtNode &n : snapshot->art->nodes)
                    if (n.merged)
                        merged = n.id;
            if (snapshot->stop != StopReason::Running)
                break;
        }
        QVERIFY2(merged >= 0, qPrintable(log));
        const auto snapshot = w.automatonView()->snapshot();
        const int into = snapshot->art->nodes[size_t(merged)].coveredBy;
        w.artNodeView()->showNode(merged);
        QVERIFY2(w.artNodeView()->toPlainText().contains(QStringLiteral("Merged into %1").arg(into)),
                 qPrintable(w.artNodeView()->toPlainText()));
        // The node it joined holds both paths.
        w.artNodeView()->showNode(into);
        QVERIFY2(w.artNodeView()->toPlainText().contains(QStringLiteral("merged paths")), qPrintable(w.artNodeView()->toPlainText()));
        {
            QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
            if (w.automatonView()->isLayoutPending())
                QVERIFY(laid.wait(30000));
            w.automatonView()->fit();
            QTest::qWait(100);
        }
        screenshot(&w, QStringLiteral("main-window-cegar-merge.png"));
        const QString teaching = w.teachingView()->findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(teaching.contains(QStringLiteral("merged into a waiting node's state")), qPrintable(teaching));
        // On to the end: the merged blocks still prove x == y.
        for (int i = 0; i < 2000 && w.automatonView()->snapshot()->stop == StopReason::Running; ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
        }
        QCOMPARE(w.automatonView()->snapshot()->stop, StopReason::Finished);
    }

    // Teaching: the abstract state of a node per call frame (⊤ for any value), the covering
    // with its reason, and each target's check as a step of its own, on the program whose
    // target hides behind a covering (issue 13).
    void teachingShowsAbstractStatesCoveringsAndTargetChecks() {
        app::MainWindow w;
        w.resize(1600, 1100);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/covering_join.c"));
        QVERIFY(shown.wait(60000));
        auto *graphBox = w.findChild<QComboBox *>(QStringLiteral("graphBox"));
        QVERIFY(graphBox);
        graphBox->setCurrentIndex(1);
        emit graphBox->activated(1); // as a click would
        w.dock(QStringLiteral("exploration"))->raise();
        QString checks;
        int covered = -1;
        bool shownCovering = false;
        for (int i = 0; i < 40 && !checks.contains(QStringLiteral("every ART path")); ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
            if (w.teachingView()->lastText().startsWith(QStringLiteral("Checked target")) ||
                w.teachingView()->lastText().contains(QStringLiteral("every ART path")))
                checks += w.teachingView()->lastText() + QLatin1Char('\n');
            const auto snapshot = w.automatonView()->snapshot();
            for (const ArtNode &n : snapshot->art->nodes)
                if (n.status == ArtNodeStatus::Covered && covered < 0)
                    covered = n.id;
            if (covered >= 0 && checks.contains(QStringLiteral("tree path")) && !checks.contains(QStringLiteral("every")) &&
                !shownCovering) {
                shownCovering = true;
                // The moment a teacher wants to show: a covering, and a target whose tree
                // path is infeasible.
                w.artNodeView()->showNode(covered);
                const QString text = w.artNodeView()->toPlainText();
                QVERIFY2(text.contains(QStringLiteral("\u2291")), qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("x = \u22a4")), qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("y = 1")), qPrintable(text));
                QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
                if (w.automatonView()->isLayoutPending())
                    QVERIFY(laid.wait(30000));
                // The view alone gets the right column for its picture.
                w.dock(QStringLiteral("scores"))->hide();
                w.dock(QStringLiteral("teaching"))->hide();
                QTest::qWait(100);
                w.automatonView()->fit();
                screenshot(w.dock(QStringLiteral("exploration")), QStringLiteral("view-exploration-teaching.png"));
                w.dock(QStringLiteral("scores"))->show();
                w.dock(QStringLiteral("teaching"))->show();
                w.dock(QStringLiteral("teaching"))->raise();
                QTest::qWait(100);
                w.automatonView()->fit();
                screenshot(&w, QStringLiteral("main-window-teaching.png"));
            }
        }
        QVERIFY2(shownCovering, "no covering met while stepping");
        QVERIFY2(checks.contains(QStringLiteral("along its tree path")), qPrintable(checks));
        QVERIFY2(checks.contains(QStringLiteral("every ART path")), qPrintable(checks));
        // The decision over every ART path found the bug behind the covering.
        QVERIFY2(checks.contains(QStringLiteral("violates the property")), qPrintable(checks));
        // A target node's panel tells its check.
        const auto snapshot = w.automatonView()->snapshot();
        for (const ArtNode &n : snapshot->art->nodes)
            if (n.status == ArtNodeStatus::Target) {
                const QString text = views::ArtNodeView::nodeText(*w.program(), *snapshot->art, n.id);
                QVERIFY2(text.contains(QStringLiteral("confirmed")) || text.contains(QStringLiteral("tree path")),
                         qPrintable(text));
            }
        w.stopCoverage();
        w.stopCoverage();
    }

    void aLargeArraysStateShowsItsKnownElementsAndTheRest() {
        // 100000 elements: the state panel names the known ones and the others at once.
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/large_array.c"));
        QVERIFY(shown.wait(60000));
        QVERIFY(w.startCoverage());
        QVERIFY(covered.wait(120000));
        const auto snapshot = w.automatonView()->snapshot();
        QVERIFY(snapshot && snapshot->art);
        int shownNode = -1;
        for (const ArtNode &n : snapshot->art->nodes)
            if (views::ArtNodeView::nodeText(*w.program(), *snapshot->art, n.id).contains(QStringLiteral("a[7] = ")))
                shownNode = n.id;
        QVERIFY2(shownNode >= 0, "no state knows a[7]");
        w.dock(QStringLiteral("exploration"))->raise();
        w.artNodeView()->showNode(shownNode);
        const QString text = w.artNodeView()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("a[2] = 2")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("a[\u2026] = 0")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("a[99999]")), qPrintable(text));
        // The reach_error() line is proved unreachable: a[2] and a[99999] are known.
        QCOMPARE(w.coverage()->count(LineStatus::Unreachable), size_t(1));
        QTest::qWait(100);
        screenshot(w.dock(QStringLiteral("exploration")), QStringLiteral("view-exploration-large-array.png"));
        w.stopCoverage();
    }

    void pauseStepAndStop() {
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        // Example 1's loop makes a million nodes; since the stop operator stopped comparing
        // each new node with every one at the loop head, 300 ms of resumed analysis can reach
        // the default 100,000-node budget before the pause. The test is about the stop.
        CoverageOptions o = w.coverageOptions();
        o.analysis.budget.maxNodes = 100'000'000;
        w.setCoverageOptions(o);
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/example1.c"));
        QVERIFY(shown.wait(60000));
        // Teaching mode: every F10 expands exactly one node.
        QVERIFY(w.stepAnalysis());
        QVERIFY(explored.wait(30000));
        QVERIFY(w.isPaused());
        QCOMPARE(w.teachingView()->expansionCount(), size_t(1));
        QVERIFY(w.stepAnalysis());
        QVERIFY(explored.wait(30000));
        QCOMPARE(w.teachingView()->expansionCount(), size_t(2));
        QVERIFY(w.teachingView()->lastText().startsWith(QStringLiteral("Expanded node")));
        // Resume, pause again: the analysis went on and stands still.
        w.resumeCoverage();
        QTest::qWait(300);
        w.pauseCoverage();
        QVERIFY(w.isPaused());
        explored.clear();
        QVERIFY(explored.wait(30000));
        size_t nodes = w.automatonView()->snapshot()->art->nodes.size();
        QVERIFY(nodes > 3);
        QTest::qWait(200);
        QCOMPARE(w.automatonView()->snapshot()->art->nodes.size(), nodes);
        // The paused exploration: the frontier goes to FALSE, the next node is outlined.
        QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
        if (w.automatonView()->isLayoutPending())
            QVERIFY(laid.wait(30000));
        screenshot(w.dock(QStringLiteral("exploration")), QStringLiteral("view-exploration-paused.png"));
        w.dock(QStringLiteral("teaching"))->raise();
        screenshot(&w, QStringLiteral("main-window-paused.png"));
        // Stop while paused: the measurement runs on what was explored.
        w.stopCoverage();
        w.stopCoverage();
        QVERIFY(covered.wait(60000));
        QVERIFY(w.coverage());
        QCOMPARE(int(w.coverage()->analysisStop), int(StopReason::Cancelled));
        QVERIFY(w.coverage()->art->nodes.size() >= nodes);
    }

    void settingsDialogKeepsEveryOption() {
        app::AnalysisSettingsDialog d;
        CoverageOptions o = app::AnalysisSettingsDialog::defaults();
        o.analysis.domain = AnalysisDomain::Predicate;
        o.analysis.order = TraversalOrder::ReversePostorder;
        o.analysis.scoreTieBreak = true;
        o.analysis.budget.maxNodes = 1234;
        o.analysis.budget.maxSeconds = 7.5;
        o.analysis.budget.maxMemoryMb = 512;
        o.execBudget = 3;
        o.execSeconds = 9;
        o.heuristic = false;
        o.solverCompletion = false;
        o.exact = true;
        o.exactSeconds = 11;
        o.exactMaxUnwind = 32;
        d.setOptions(o);
        CoverageOptions back = d.options();
        QCOMPARE(int(back.analysis.domain), int(AnalysisDomain::Predicate));
        QCOMPARE(int(back.analysis.order), int(o.analysis.order));
        QCOMPARE(back.analysis.scoreTieBreak, true);
        QCOMPARE(back.analysis.budget.maxNodes, size_t(1234));
        QCOMPARE(back.analysis.budget.maxSeconds, 7.5);
        QCOMPARE(back.analysis.budget.maxMemoryMb, size_t(512));
        QCOMPARE(back.execBudget, size_t(3));
        QCOMPARE(back.execSeconds, 9.0);
        QCOMPARE(back.heuristic, false);
        QCOMPARE(back.solverCompletion, false);
        QCOMPARE(back.exact, true);
        QCOMPARE(back.exactSeconds, 11.0);
        QCOMPARE(back.exactMaxUnwind, 32u);
        // Branch goals: k from 3 by 2 up to 9, 30 s, no sampled executions, no value or predicate
        // analysis, no auxiliary invariants, no runs over every input.
        GoalOptions g;
        g.kStart = 3;
        g.kStep = 2;
        g.kMax = 9;
        g.timeSeconds = 30;
        g.concrete = false;
        g.valueAnalysis = false;
        g.predicateAnalysis = false;
        g.invariants = false;
        g.enumeration = false;
        d.setGoalOptions(g);
        const GoalOptions gb = d.goalOptions();
        QCOMPARE(gb.kStart, 3u);
        QCOMPARE(gb.kStep, 2u);
        QCOMPARE(gb.kMax, 9u);
        QCOMPARE(gb.timeSeconds, 30.0);
        QCOMPARE(gb.concrete, false);
        QCOMPARE(gb.valueAnalysis, false);
        QCOMPARE(gb.predicateAnalysis, false);
        QCOMPARE(gb.induction, true);
        QCOMPARE(gb.invariants, false);
        QCOMPARE(gb.enumeration, false);
        d.show();
        screenshot(&d, QStringLiteral("settings-dialog.png"));
    }

    // The status backgrounds are painted for the lines on screen only (cheap at every cursor
    // move): a line scrolled into view must still get its colour.
    void statusBackgroundsFollowScrolling() {
        views::SourceView view;
        view.resize(600, 300);
        QStringList text;
        for (int i = 1; i <= 400; ++i)
            text << QStringLiteral("int x%1 = %1;").arg(i);
        view.setSource(QStringLiteral("long.c"), text.join(QLatin1Char('\n')));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setLineStatuses({{3, LineStatus::Covered}, {350, LineStatus::Uncovered}});
        auto colourAt = [&](unsigned line) {
            QTextCursor c(view.document()->findBlockByNumber(int(line) - 1));
            const QRect r = view.cursorRect(c);
            const QImage image = view.viewport()->grab().toImage();
            // Right of the text, inside the line's full-width background.
            return image.pixelColor(view.viewport()->width() - 5, r.center().y()).rgb();
        };
        const QRgb covered = views::SourceView::statusColor(LineStatus::Covered, view.palette()).rgb();
        const QRgb uncovered = views::SourceView::statusColor(LineStatus::Uncovered, view.palette()).rgb();
        QCOMPARE(colourAt(3), covered);
        view.verticalScrollBar()->setValue(340); // scrolled, the cursor stays on line 1
        QApplication::processEvents();
        QCOMPARE(colourAt(350), uncovered);
        QVERIFY(colourAt(349) != uncovered); // only line 350 has the status
    }

    void exportsWriteEveryFormat() {
        app::MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(openAndRun(w));
        QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
        QVERIFY(!w.automatonView()->isLayoutPending() || laid.wait(30000));
        QTemporaryDir dir;
        auto read = [&](const QString &name) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        QString error;
        for (auto [name, format] : {std::pair{"graph.png", "png"}, {"graph.svg", "svg"}, {"coverage.json", "json"},
                                    {"coverage.info", "lcov"}, {"automaton.spc", "automaton"}})
            QVERIFY2(w.exportResults(dir.filePath(QString::fromLatin1(name)), QString::fromLatin1(format), &error), qPrintable(error));
        QVERIFY(read(QStringLiteral("graph.png")).startsWith("\x89PNG"));
        QVERIFY(read(QStringLiteral("graph.svg")).contains("<svg"));
        QVERIFY(read(QStringLiteral("coverage.json")).contains("\"per_line\""));
        QVERIFY(read(QStringLiteral("coverage.info")).contains("end_of_record"));
        QVERIFY(read(QStringLiteral("automaton.spc")).startsWith("OBSERVER AUTOMATON"));
        QVERIFY(!w.exportResults(dir.filePath(QStringLiteral("x.bin")), QStringLiteral("bin"), &error));
    }

    // Perspectives (issue 44): each job shows the docks it uses; the user's changes to one
    // come back with it; a job switches to its perspective unless the user turned that off;
    // while stepping, the graph follows the node each step expands, at 100 %.
    void perspectivesShowTheDocksOfEachJob() {
        using P = app::MainWindow::Perspective;
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        auto visible = [&](const char *name) { return w.dock(QLatin1String(name))->isVisible(); };
        CoverageOptions o = w.coverageOptions();
        o.execSeconds = 3; // the generator's executions, for the picture
        w.setCoverageOptions(o);
        QVERIFY(openAndRun(w));
        QCOMPARE(w.perspective(), P::Coverage);
        QVERIFY(visible("cfa") && visible("exploration") && visible("scores") && visible("why") && visible("functions"));
        QVERIFY(!visible("goals") && !visible("mutants") && !visible("teaching"));
        auto settle = [&] {
            QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
            if (w.automatonView()->isLayoutPending())
                QVERIFY(laid.wait(30000));
            QTest::qWait(200);
        };
        settle();
        screenshot(&w, QStringLiteral("main-window-perspective-coverage.png"));

        // Step the predicate analysis on x == y: the Teaching perspective, the ART in front.
        o.analysis.domain = AnalysisDomain::Predicate;
        o.execSeconds = 1;
        w.setCoverageOptions(o);
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/equal_counters.c"));
        QVERIFY(shown.wait(60000));
        QVERIFY(w.stepAnalysis());
        QCOMPARE(w.perspective(), P::Teaching);
        QVERIFY(explored.wait(30000));
        QVERIFY(visible("exploration") && visible("teaching"));
        QVERIFY(!visible("scores") && !visible("why") && !visible("functions") && !visible("goals") && !visible("trace"));
        QCOMPARE(w.automatonView()->graph(), ExplorationGraph::Art);
        for (int i = 0; i < 12; ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
        }
        settle();
        // Follow the step: the node the last step expanded is highlighted and on screen, and
        // the graph is at its natural size (labels as readable as the source's).
        const auto snapshot = w.automatonView()->snapshot();
        QVERIFY(snapshot->expansion && snapshot->expansion->node >= 0);
        const QString expanded = QStringLiteral("n%1").arg(snapshot->expansion->node);
        QCOMPARE(w.automatonView()->highlightedNodes(), std::set<QString>{expanded});
        QCOMPARE(w.artNodeView()->shownNode(), snapshot->expansion->node); // its abstract state below
        const QPoint at = w.automatonView()->mapFromScene(w.automatonView()->nodeCentre(expanded));
        QVERIFY2(w.automatonView()->viewport()->rect().contains(at), qPrintable(expanded));
        QCOMPARE(w.automatonView()->transform().m11(), 1.0);
        // The Exploration dock has most of the window.
        QVERIFY(w.dock(QStringLiteral("exploration"))->width() > w.width() / 2);
        screenshot(&w, QStringLiteral("main-window-perspective-teaching.png"));
        // Zoom: the View menu's keys act on the graph in front.
        w.automatonView()->setFocus();
        QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
        QVERIFY(w.automatonView()->transform().m11() < 1.0);
        w.automatonView()->zoomIn();

        // What the user changes in a perspective is that perspective's.
        w.dock(QStringLiteral("cfa"))->hide();
        w.setPerspective(P::Coverage);
        QVERIFY(visible("cfa") && visible("scores") && !visible("teaching"));
        w.setPerspective(P::Teaching);
        QVERIFY(!visible("cfa") && visible("teaching"));
        w.stopCoverage();
        QTRY_VERIFY_WITH_TIMEOUT(!w.isAnalysing(), 60000);

        // Switching when a job starts is the user's choice.
        QSignalSpy goals(&w, &app::MainWindow::goalsFinished);
        w.setAutoPerspective(false);
        QVERIFY(w.startBranchGoals());
        QCOMPARE(w.perspective(), P::Teaching);
        QVERIFY(goals.wait(120000));
        w.setAutoPerspective(true);
        QVERIFY(w.startBranchGoals());
        QCOMPARE(w.perspective(), P::BranchGoals);
        QVERIFY(visible("goals") && visible("trace") && visible("cfa"));
        QVERIFY(!visible("exploration") && !visible("teaching") && !visible("scores"));
        QVERIFY(goals.wait(120000));
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window-perspective-goals.png"));
        // The toolbar's switcher and the menu say which one is on, and switch.
        auto *box = w.findChild<QComboBox *>(QStringLiteral("perspectiveBox"));
        QVERIFY(box);
        QCOMPARE(box->currentText(), app::MainWindow::perspectiveName(P::BranchGoals));
        auto *mutation = w.findChild<QAction *>(QStringLiteral("perspective-mutation"));
        QVERIFY(mutation && mutation->isChecked() == false);
        mutation->trigger();
        QCOMPARE(w.perspective(), P::Mutation);
        QVERIFY(visible("mutants") && visible("trace") && !visible("goals") && !visible("cfa"));
        QCOMPARE(box->currentText(), app::MainWindow::perspectiveName(P::Mutation));
    }

    // The Trace view says what the program says: a function pointer is the function it
    // points to, a union is each of its members (the values gcc prints: InterpreterTest).
    void traceShowsFunctionNamesAndUnionMembers() {
        app::MainWindow w;
        w.resize(1400, 900);
        w.show();
        CoverageOptions o = w.coverageOptions();
        o.execSeconds = 2;
        w.setCoverageOptions(o);
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/trace/values.c"));
        QVERIFY(shown.wait(60000));
        QVERIFY(w.startCoverage());
        QVERIFY(covered.wait(120000));
        views::TraceModel *m = w.traceView()->traceModel();
        QVERIFY(m->rowCount() > 0);
        QStringList writes;
        for (int row = 0; row < m->rowCount(); ++row)
            writes << m->data(m->index(row, views::TraceModel::Assigned)).toString();
        for (const char *expected : {"f = &inc", "f = &dec", "ops.apply = &inc", "table[1] = &dec",
                                     "n = {d = -2.25, u = 13835621005235585024, i = 0}"})
            QVERIFY2(writes.contains(QLatin1String(expected)), qPrintable(expected + QStringLiteral("\n") + writes.join(QLatin1Char('\n'))));
        // The picture: the step that writes the union, selected.
        w.traceView()->setStep(int(writes.indexOf(QStringLiteral("n = {d = -2.25, u = 13835621005235585024, i = 0}"))));
        QDockWidget *dock = w.dock(QStringLiteral("trace"));
        dock->setFloating(true);
        dock->resize(1100, 560);
        QTest::qWait(100);
        auto *steps = w.traceView()->findChild<QTableView *>();
        QVERIFY(steps);
        steps->resizeColumnToContents(views::TraceModel::Assigned); // as a user widens it
        QCOMPARE(m->data(m->index(w.traceView()->step(), views::TraceModel::Assigned), Qt::ToolTipRole).toString(),
                 QStringLiteral("n = {d = -2.25, u = 13835621005235585024, i = 0}"));
        QTest::qWait(200);
        screenshot(dock, QStringLiteral("view-trace-values.png"));
        dock->setFloating(false);
    }
};

QTEST_MAIN(ExplorationViewsTest)
#include "ExplorationViewsTest.moc"
