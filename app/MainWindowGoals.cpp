// The main window's branch goals: Analysis ▸ Run Branch Goals, the Branch Goals dock, the
// two-halves marks in the source gutters, and a covered goal's test in the Trace view; the
// assertions decided after the goals (vacuity), marked in the gutters.
#include "MainWindow.h"

#include "BranchGoalsView.h"
#include "GoalsRunner.h"
#include "SourceView.h"
#include "TraceView.h"
#include "formats/GoalsJson.h"
#include "semantics/Interpreter.h"

#include <QAction>
#include <QDockWidget>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QStatusBar>

namespace vcov::app {

void MainWindow::createGoalsDock(QDockWidget *below) {
    m_goals = new views::BranchGoalsView;
    m_goals->setObjectName(QStringLiteral("branchGoalsView"));
    auto *d = new QDockWidget(tr("Branch Goals"), this);
    d->setObjectName(QStringLiteral("branchGoalsDock"));
    d->setWidget(m_goals);
    addDockWidget(Qt::BottomDockWidgetArea, d);
    tabifyDockWidget(below, d);
    m_docks[QStringLiteral("goals")] = d;
    m_goalsRunner = new GoalsRunner(this);
    connect(m_goalsRunner, &GoalsRunner::updated, this, [this](const GoalReport &r, const GoalProgress &p) {
        if (m_goalsProgram != m_program)
            return; // a job for a program no longer shown
        showGoalsReport(r);
        m_goals->setProgress(p, true);
    });
    connect(m_goalsRunner, &GoalsRunner::assertionsDecided, this, [this](const VacuityReport &v) {
        if (m_goalsProgram == m_program)
            showAssertions(v);
    });
    connect(m_goalsRunner, &GoalsRunner::finished, this, [this](const GoalReport &r) {
        m_goalsAction->setEnabled(true);
        m_goalsStopAction->setEnabled(false);
        if (m_goalsProgram != m_program) {
            emit goalsFinished();
            return;
        }
        showGoalsReport(r);
        m_goals->setProgress(GoalProgress{"done", r.kReached, r.count(GoalStatus::Unknown), r.seconds}, false);
        statusBar()->showMessage(tr("Branch goals: %1 covered, %2 unreachable, %3 unknown of %4 (k = %5, %6 s)%7")
                                     .arg(r.count(GoalStatus::Covered))
                                     .arg(r.count(GoalStatus::Unreachable))
                                     .arg(r.count(GoalStatus::Unknown))
                                     .arg(r.goals.size())
                                     .arg(r.kReached)
                                     .arg(r.seconds, 0, 'f', 1)
                                     .arg(r.cancelled ? tr(", stopped") : QString()));
        emit goalsFinished();
    });
    connect(m_goals, &views::BranchGoalsView::goalSelected, this, &MainWindow::showGoal);
    connect(m_goals, &views::BranchGoalsView::goalActivated, this, [this](int row) { showGoalTest(row); });
    connect(m_goals, &views::BranchGoalsView::assertionSelected, this, [this](int row) {
        const AssertionSite &s = m_goals->assertions()->site(row);
        revealPlace(s.file, s.line, s.column);
    });
    connect(m_goals, &views::BranchGoalsView::assertionActivated, this, [this](int row) { showAssertionExecution(row); });
}

bool MainWindow::startBranchGoals() {
    if (!m_program || m_program->diagnostics.hasErrors() || m_program->entryFunction == NoFunction ||
        m_goalsRunner->isRunning())
        return false;
    m_goals->clear();
    m_goalsAction->setEnabled(false);
    m_goalsStopAction->setEnabled(true);
    perspectiveForJob(Perspective::BranchGoals);
    m_docks[QStringLiteral("goals")]->raise();
    statusBar()->showMessage(tr("Deciding branch goals…"));
    m_goalsProgram = m_program;
    m_goalsRunner->start(m_program, m_goalOptions);
    return true;
}

void MainWindow::stopBranchGoals() {
    if (m_goalsRunner)
        m_goalsRunner->stop();
}

bool MainWindow::isDecidingGoals() const { return m_goalsRunner && m_goalsRunner->isRunning(); }

void MainWindow::clearBranchGoals() {
    if (m_goals)
        m_goals->clear();
    for (auto *v : m_sourceViews)
        if (v) {
            v->setBranchMarks({});
            v->setAssertionMarks({});
        }
}

void MainWindow::showAssertions(const VacuityReport &report) {
    m_goals->setAssertions(m_program, report);
    std::map<FileId, std::map<unsigned, views::SourceView::AssertionMark>> marks;
    for (const AssertionSite &s : report.sites) {
        auto &m = marks[s.file][s.line];
        // Two on one line: the gutter shows the one that most needs a look.
        auto rank = [](AssertionStatus a) {
            return a == AssertionStatus::Violated ? 3 : a == AssertionStatus::Vacuous ? 2 : a == AssertionStatus::Unknown ? 1 : 0;
        };
        if (!m.text.isEmpty() && rank(m.status) >= rank(s.status))
            continue;
        m.status = s.status;
        m.text = QStringLiteral("%1: %2 — %3")
                     .arg(QString::fromStdString(s.text), QString::fromLatin1(assertionStatusName(s.status)),
                          QString::fromStdString(s.evidence));
    }
    for (size_t f = 0; f < m_sourceViews.size(); ++f)
        if (m_sourceViews[f])
            m_sourceViews[f]->setAssertionMarks(marks[FileId(f)]);
    if (report.count(AssertionStatus::Vacuous))
        statusBar()->showMessage(tr("Assertions: %1").arg(QString::fromStdString(vacuitySummary(report))));
}

bool MainWindow::showAssertionExecution(int row) {
    const AssertionSite &s = m_goals->assertions()->site(row);
    const std::shared_ptr<const Program> program = m_goals->model()->program() ? m_goals->model()->program() : m_program;
    if (!s.execution || !program)
        return false;
    InterpreterOptions io;
    io.properties = {Property::Assertion}; // as the assertions were decided
    io.maxSteps = GoalOptions{}.maxSteps;
    views::TraceEntry entry;
    entry.title = tr("%1 %2: %3").arg(QString::fromStdString(s.text), QString::fromLatin1(assertionStatusName(s.status)),
                                      QString::fromStdString(s.evidence));
    entry.execution = std::make_shared<const Execution>(runProgram(*program, *s.execution, io));
    entry.artNodes.assign(entry.execution->steps.size(), -1);
    const std::vector<EdgeId> &out = program->node(s.check).out;
    entry.mark.edges = std::set<EdgeId>(out.begin(), out.end());
    entry.mark.label = tr("%1: %2").arg(QString::fromStdString(s.text), QString::fromLatin1(assertionStatusName(s.status)));
    m_trace->setTraces(program, {entry});
    m_trace->showTrace(0);
    // Open at the step that decides the assertion.
    for (int i = 0; i < m_trace->stepCount(); ++i)
        if (std::find(out.begin(), out.end(), entry.execution->steps[size_t(i)].edge) != out.end()) {
            m_trace->setStep(i);
            break;
        }
    m_docks[QStringLiteral("trace")]->raise();
    return true;
}

void MainWindow::showGoalsReport(const GoalReport &report) {
    m_goals->setReport(m_program, report);
    // Gutter marks: each branch's halves, in source order per line.
    std::map<FileId, std::map<unsigned, std::vector<views::SourceView::BranchMark>>> marks;
    for (size_t i = 0; i + 1 < report.goals.size(); i += 2) {
        const BranchGoal &holds = report.goals[i], &fails = report.goals[i + 1];
        if (holds.edge != fails.sibling)
            continue; // the halves come in pairs; anything else is not drawn
        marks[holds.file][holds.line].push_back({holds.status, fails.status});
    }
    for (size_t f = 0; f < m_sourceViews.size(); ++f)
        if (m_sourceViews[f])
            m_sourceViews[f]->setBranchMarks(marks[FileId(f)]);
}

void MainWindow::revealPlace(FileId file, unsigned line, unsigned column) {
    SourceRange r;
    r.file = file;
    r.beginLine = r.endLine = line;
    r.beginColumn = r.endColumn = column;
    revealRange(r);
}

void MainWindow::showGoal(int row) {
    const BranchGoal &g = m_goals->model()->goal(row);
    revealPlace(g.file, g.line, g.column);
}

// A session's report: its tests are replayed against the program as it is now, off the
// GUI thread (a suite can hold many long tests).
void MainWindow::restoreGoals(const nlohmann::json &report) {
    using Restored = std::pair<std::optional<GoalReport>, std::string>;
    auto program = m_program;
    auto *watcher = new QFutureWatcher<Restored>(this);
    connect(watcher, &QFutureWatcher<Restored>::finished, this, [this, watcher, program] {
        watcher->deleteLater();
        const Restored r = watcher->result();
        if (program != m_program)
            return; // another program was opened meanwhile
        if (!r.first) {
            statusBar()->showMessage(
                tr("The session's branch goals are not shown: %1").arg(QString::fromStdString(r.second)));
        } else {
            m_goalsProgram = m_program;
            showGoalsReport(*r.first);
            m_goals->setProgress(
                GoalProgress{"done", r.first->kReached, r.first->count(GoalStatus::Unknown), r.first->seconds}, false);
        }
        emit goalsRestored();
    });
    watcher->setFuture(QtConcurrent::run([program, report]() -> Restored {
        std::string error;
        std::optional<GoalReport> r = goalsFromJson(*program, report, error);
        return {std::move(r), error};
    }));
}

bool MainWindow::showGoalTest(int row) {
    const BranchGoal &g = m_goals->model()->goal(row);
    const std::shared_ptr<const Program> program = m_goals->model()->program();
    if (g.status != GoalStatus::Covered || !program)
        return false;
    const GoalTest &t = m_goals->model()->report().tests[size_t(g.test)];
    InterpreterOptions io;
    io.properties = {}; // as the goals were decided: a failing assertion ends the run
    io.maxSteps = GoalOptions{}.maxSteps;
    views::TraceEntry entry;
    entry.title = tr("%1 (%2) covers %3: %4 %5")
                      .arg(QString::fromStdString(t.id), QString::fromStdString(t.origin), QString::fromStdString(g.id),
                           QString::fromStdString(g.condition), g.polarity ? tr("holds") : tr("fails"));
    entry.execution = std::make_shared<const Execution>(runProgram(*program, t.input, io));
    entry.artNodes.assign(entry.execution->steps.size(), -1);
    entry.mark.edges = {g.edge};
    entry.mark.label = tr("%1: %2 %3").arg(QString::fromStdString(g.id), QString::fromStdString(g.condition),
                                          g.polarity ? tr("holds") : tr("fails"));
    m_trace->setTraces(program, {entry});
    m_trace->showTrace(0);
    // Open at the step that enters the goal.
    for (int i = 0; i < m_trace->stepCount(); ++i)
        if (entry.execution->steps[size_t(i)].edge == g.edge) {
            m_trace->setStep(i);
            break;
        }
    m_docks[QStringLiteral("trace")]->raise();
    return true;
}

} // namespace vcov::app
