// The Branch Goals view: Analysis ▸ Run Branch Goals on a program with goals of every kind,
// live rows, the filter, the gutter's two-halves marks, a covered goal's test stepped in
// the Trace view at the step that enters it, and the proof or reason of the others.
#include "BranchGoalsView.h"
#include "MainWindow.h"
#include "SourceView.h"
#include "TraceView.h"

#include <QComboBox>
#include <QFile>
#include <QDockWidget>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace vcov;

class BranchGoalsViewTest : public QObject {
    Q_OBJECT

    static std::string readAll(const QString &path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
    }
    static void writeAll(const QString &path, const std::string &text) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.data(), qint64(text.size()));
    }
    static void screenshot(QWidget *w, const QString &name) {
        QCoreApplication::processEvents(); // the layout the new detail text asks for, as a user sees it
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QLatin1Char('/') + name);
    }

private slots:
    void goalsFromTheMainWindow() {
        app::MainWindow w;
        w.resize(1500, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {VCOV_SOURCE_DIR "/tests/data/goals/counter.c"};
        w.openInputs(inputs);
        QVERIFY(shown.wait(60000));
        GoalOptions o;
        o.kMax = 4;
        o.timeSeconds = 600; // a margin, not a verdict: decided in seconds when the machine is idle
        // The predicate analysis proves quad == 6 unreachable ((quad & 3) == 0 from two
        // refinements): without it one goal stays unknown, which this view test is about.
        o.predicateAnalysis = false;
        w.setGoalOptions(o);
        QSignalSpy done(&w, &app::MainWindow::goalsFinished);
        QVERIFY(w.startBranchGoals());
        QVERIFY(w.isDecidingGoals());
        QVERIFY(!w.startBranchGoals()); // one job at a time
        QVERIFY(done.wait(900000));
        QVERIFY(!w.isDecidingGoals());

        views::BranchGoalsView *v = w.branchGoalsView();
        const GoalReport &r = v->model()->report();
        QCOMPARE(v->model()->rowCount(), 12); // six branches (the return's ?: is an expression)
        QCOMPARE(r.count(GoalStatus::Unreachable), size_t(2));
        QCOMPARE(r.count(GoalStatus::Unknown), size_t(1));
        QCOMPARE(r.count(GoalStatus::Covered), size_t(9));

        // The gutter: one pair of halves per branch line.
        views::SourceView *src = w.sourceView(0);
        QVERIFY(src);
        QCOMPARE(src->branchMarks().size(), size_t(5)); // lines 11, 12 (two branches), 16, 19, 21
        QCOMPARE(src->branchMarks().at(12).size(), size_t(2));
        QCOMPARE(src->branchMarks().at(12).back().holds, GoalStatus::Unreachable);

        // The filter shows the unknown goal alone, and its reason.
        v->filter()->setCurrentIndex(v->filter()->findData(int(GoalStatus::Unknown)));
        QCOMPARE(v->table()->model()->rowCount(), 1);
        v->table()->setCurrentIndex(v->table()->model()->index(0, 0));
        QVERIFY2(v->detailText().contains(QStringLiteral("the inductive step fails")), qPrintable(v->detailText()));
        screenshot(w.dock(QStringLiteral("goals")), QStringLiteral("view-branch-goals-unknown.png"));
        v->filter()->setCurrentIndex(v->filter()->findData(int(GoalStatus::Unreachable)));
        v->table()->setCurrentIndex(v->table()->model()->index(0, 0));
        QVERIFY2(v->detailText().contains(QStringLiteral("k-induction at k=1")), qPrintable(v->detailText()));
        v->filter()->setCurrentIndex(0);
        QCOMPARE(v->table()->model()->rowCount(), 12);

        // A covered goal: its test in the Trace view, at the step that enters it.
        int covered = -1;
        for (int row = 0; row < v->model()->rowCount() && covered < 0; ++row)
            if (v->model()->goal(row).status == GoalStatus::Covered && v->model()->goal(row).condition == "even != 0" &&
                v->model()->goal(row).polarity)
                covered = row;
        QVERIFY(covered >= 0);
        v->selectGoal(covered);
        QVERIFY(w.showGoalTest(covered));
        views::TraceView *t = w.traceView();
        QVERIFY(t->stepCount() > 0);
        QVERIFY(t->traceModel()->isMarked(t->traceModel()->currentStep()));
        w.dock(QStringLiteral("goals"))->raise();
        screenshot(&w, QStringLiteral("main-window-branch-goals.png"));
        screenshot(w.dock(QStringLiteral("goals")), QStringLiteral("view-branch-goals.png"));

        // A session keeps the goals: opened again, the tests are replayed and the statuses
        // and gutter marks come back.
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("goals.vcov"));
        QString error;
        QVERIFY2(w.saveSession(session, &error), qPrintable(error));
        app::MainWindow again;
        again.show();
        QSignalSpy restored(&again, &app::MainWindow::goalsRestored);
        QVERIFY2(again.openSession(session, &error), qPrintable(error));
        QVERIFY(restored.wait(60000));
        const GoalReport &back = again.branchGoalsView()->model()->report();
        QCOMPARE(back.goals.size(), r.goals.size());
        for (size_t i = 0; i < r.goals.size(); ++i)
            QCOMPARE(back.goals[i].status, r.goals[i].status);
        QCOMPARE(again.sourceView(0)->branchMarks().size(), size_t(5));
        // A damaged report: a message, the rest of the session still opens.
        nlohmann::json damaged = nlohmann::json::parse(readAll(session));
        damaged["goals"]["goals"].erase(0);
        const QString bad = dir.filePath(QStringLiteral("damaged.vcov"));
        writeAll(bad, damaged.dump());
        app::MainWindow third;
        third.show();
        QSignalSpy refused(&third, &app::MainWindow::goalsRestored);
        QVERIFY2(third.openSession(bad, &error), qPrintable(error));
        QVERIFY(refused.wait(60000));
        QVERIFY(third.branchGoalsView()->model()->report().goals.empty());
        QVERIFY2(third.statusBar()->currentMessage().contains(QStringLiteral("branch goals are not shown")),
                 qPrintable(third.statusBar()->currentMessage()));
    }

    // A proof by running every input: the detail says which runs, over which ranges.
    void aGoalProvedByRunningEveryInput() {
        theOneUnreachableGoal(QStringLiteral("every_input.c"), QStringLiteral("every input enumerated: the 1000999 executions"),
                              QStringLiteral("view-branch-goals-every-input.png"));
    }

    // ... and with which call summaries the runs answered the calls of a deep recursion.
    void aGoalProvedWithCallSummaries() {
        theOneUnreachableGoal(QStringLiteral("ackermann.c"), QStringLiteral("ackermann(2, n) = 2*n + 3"),
                              QStringLiteral("view-branch-goals-call-summaries.png"));
    }

    // ... and with which facts about the structs an array of pointers points to.
    void aGoalProvedOverTheHeap() {
        theOneUnreachableGoal(QStringLiteral("struct_array.c"), QStringLiteral("a[k]-&gt;n == 1 -&gt; a[k]-&gt;p != 0") /* the detail is HTML */,
                              QStringLiteral("view-branch-goals-heap-facts.png"));
    }

    // ... and with the predicates the CEGAR loop towards it learned, and where.
    void aGoalProvedByThePredicateAnalysis() {
        theOneUnreachableGoal(QStringLiteral("three_counters.c"), QStringLiteral("predicates x + y == z at N"),
                              QStringLiteral("view-branch-goals-predicates.png"));
    }

    // A goal deeper than every bound, covered by a test made along the value analysis's
    // path into it: the detail names that origin, and the test steps in the Trace view.
    void aGoalCoveredAlongAValueAnalysisPath() {
        app::MainWindow w;
        GoalOptions o;
        o.kMax = 8;
        decideEveryGoal(w, QStringLiteral("state_machine.c"), o);
        if (QTest::currentTestFailed())
            return;
        views::BranchGoalsView *v = w.branchGoalsView();
        int deep = -1;
        for (int row = 0; row < v->model()->rowCount() && deep < 0; ++row)
            if (v->model()->goal(row).condition == "s == 40" && v->model()->goal(row).polarity)
                deep = row;
        QVERIFY(deep >= 0);
        QCOMPARE(v->model()->goal(deep).status, GoalStatus::Covered);
        v->selectGoal(deep);
        QVERIFY2(v->detailText().contains(QStringLiteral("value analysis path")), qPrintable(v->detailText()));
        QVERIFY(w.showGoalTest(deep));
        views::TraceView *t = w.traceView();
        QVERIFY(t->stepCount() > 0);
        QVERIFY(t->traceModel()->isMarked(t->traceModel()->currentStep()));
        w.dock(QStringLiteral("goals"))->raise();
        screenshot(&w, QStringLiteral("main-window-branch-goals-art-path.png"));
    }

    // After the goals, the assertions: a harness that assumed too much has two that nothing
    // reaches — listed as vacuous under the goals, marked ∅ in the gutter, with their proofs;
    // a reached one steps in the Trace view at its check.
    void assertionsAfterTheGoals() {
        app::MainWindow w;
        decideGoals(w, QStringLiteral(VCOV_SOURCE_DIR "/tests/data/vacuity/harness.c"), GoalOptions{});
        if (QTest::currentTestFailed())
            return;
        views::BranchGoalsView *v = w.branchGoalsView();
        const VacuityReport &r = v->assertions()->report();
        QCOMPARE(r.sites.size(), size_t(5));
        QCOMPARE(r.count(AssertionStatus::Vacuous), size_t(2));
        QCOMPARE(r.count(AssertionStatus::HoldsReached), size_t(3));
        QVERIFY(v->assertionTable()->isVisible());
        QVERIFY2(v->assertionSummaryText().contains(QStringLiteral("2 of 5 assertions vacuous: never reached")),
                 qPrintable(v->assertionSummaryText()));
        views::SourceView *src = w.sourceView(0);
        QCOMPARE(src->assertionMarks().size(), size_t(5));
        QCOMPARE(src->assertionMarks().at(11).status, AssertionStatus::Vacuous);
        QCOMPARE(src->assertionMarks().at(12).status, AssertionStatus::Vacuous);
        QCOMPARE(src->assertionMarks().at(14).status, AssertionStatus::HoldsReached);
        QVERIFY(src->assertionMarks().at(11).text.contains(QStringLiteral("assert(x == 7): vacuous — never reached")));
        // A vacuous one: its proof in the detail; no execution to show.
        int vacuous = -1, reached = -1;
        for (int row = 0; row < v->assertions()->rowCount(); ++row) {
            if (v->assertions()->site(row).line == 11)
                vacuous = row;
            if (v->assertions()->site(row).line == 17)
                reached = row;
        }
        QVERIFY(vacuous >= 0 && reached >= 0);
        v->selectAssertion(vacuous);
        QVERIFY2(v->detailText().contains(QStringLiteral("every path is complete and none enters it")),
                 qPrintable(v->detailText()));
        QVERIFY(!w.showAssertionExecution(vacuous));
        screenshot(w.dock(QStringLiteral("goals")), QStringLiteral("view-branch-goals-assertions.png"));
        // The reached one: its execution, stopped at the `if` that decides it.
        v->selectAssertion(reached);
        QVERIFY(w.showAssertionExecution(reached));
        views::TraceView *t = w.traceView();
        QVERIFY(t->stepCount() > 0);
        QVERIFY(t->traceModel()->isMarked(t->traceModel()->currentStep()));
        w.dock(QStringLiteral("goals"))->raise();
        screenshot(&w, QStringLiteral("main-window-assertions-vacuous.png"));
        // Another program: none of them stays.
        QSignalSpy again(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {VCOV_SOURCE_DIR "/tests/data/goals/counter.c"};
        w.openInputs(inputs);
        QVERIFY(again.wait(60000));
        QCOMPARE(v->assertions()->rowCount(), 0);
        QVERIFY(!v->assertionTable()->isVisible());
        QVERIFY(w.sourceView(0)->assertionMarks().empty());
    }

private:
    // Opens tests/data/goals/<file> in `w`, decides its goals with `o`, and checks that none
    // is left unknown.
    void decideEveryGoal(app::MainWindow &w, const QString &file, GoalOptions o) {
        decideGoals(w, QStringLiteral(VCOV_SOURCE_DIR "/tests/data/goals/") + file, o);
        if (!QTest::currentTestFailed())
            QCOMPARE(w.branchGoalsView()->model()->report().count(GoalStatus::Unknown), size_t(0));
    }

    // Opens the C file at `path` in `w` and decides its goals (and assertions) with `o`.
    void decideGoals(app::MainWindow &w, const QString &path, GoalOptions o) {
        w.resize(1500, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {path.toStdString()};
        w.openInputs(inputs);
        QVERIFY(shown.wait(60000));
        o.timeSeconds = 600; // a margin: "none unknown" must not depend on the machine's load
        w.setGoalOptions(o);
        QSignalSpy done(&w, &app::MainWindow::goalsFinished);
        QVERIFY(w.startBranchGoals());
        QVERIFY(done.wait(900000));
    }

    // Decides the goals of tests/data/goals/<file>, of which one is unreachable, and checks
    // that its detail says `proof`.
    void theOneUnreachableGoal(const QString &file, const QString &proof, const QString &shot) {
        app::MainWindow w;
        decideEveryGoal(w, file, GoalOptions{});
        if (QTest::currentTestFailed())
            return;
        views::BranchGoalsView *v = w.branchGoalsView();
        v->filter()->setCurrentIndex(v->filter()->findData(int(GoalStatus::Unreachable)));
        QCOMPARE(v->table()->model()->rowCount(), 1);
        v->table()->setCurrentIndex(v->table()->model()->index(0, 0));
        QVERIFY2(v->detailText().contains(proof), qPrintable(v->detailText()));
        screenshot(w.dock(QStringLiteral("goals")), shot);
    }
};

QTEST_MAIN(BranchGoalsViewTest)
#include "BranchGoalsViewTest.moc"
