// The main window: source files in tabs, and docks for the CFA and the diagnostics.
#pragma once

#include "Cfa.h"
#include "Examples.h"
#include "PreparedCoverage.h"
#include "frontend/ProgramInputs.h"
#include "goals/BranchGoals.h"
#include "goals/Vacuity.h"

#include <nlohmann/json.hpp>

#include <QMainWindow>

#include <map>
#include <atomic>
#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QToolBar;
class QDockWidget;
class QLabel;
class QProgressBar;
class QMenu;
class QTabWidget;

namespace vcov::views {
class AutomatonView;
class CfaView;
class CoverageLegend;
class DiagnosticsView;
class ExplanationView;
class FunctionCoverageView;
class ScoresView;
class SourceView;
class TeachingView;
class ArtNodeView;
class TraceView;
class MutantsView;
class BranchGoalsView;
struct MutantRow;
} // namespace vcov::views

namespace vcov {
struct CampaignOptions;
struct MutantWitness;
struct Mutant;
} // namespace vcov

namespace vcov::app {

class ProgramLoader;
class CoverageRunner;
class MutationRunner;
class GoalsRunner;
struct MutationRequest;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Window geometry and dock layout from the last session; saved again on close.
    // Automated runs (tests, screenshots) leave the user's layout alone.
    void restoreLayout();
    void openInputs(const ProgramInputs &inputs);
    void openPath(const QString &path); // a C file, an SV-COMP task or a CBMC proof folder
    void openCbmcProof(const QString &dir); // a cbmc-starter-kit proof (File ▸ Open CBMC Proof)

    std::shared_ptr<const Program> program() const { return m_program; }
    // The inputs of the program shown, its task, database or CBMC proof read.
    const ProgramInputs &resolvedInputs() const { return m_resolved; }
    views::CfaView *cfaView() const { return m_cfa; }
    views::DiagnosticsView *diagnosticsView() const { return m_diagnostics; }
    views::AutomatonView *automatonView() const { return m_automaton; }
    views::ScoresView *scoresView() const { return m_scores; }
    views::TraceView *traceView() const { return m_trace; }
    views::ExplanationView *explanationView() const { return m_why; }
    views::FunctionCoverageView *functionCoverageView() const { return m_functions; }
    views::TeachingView *teachingView() const { return m_teaching; }
    views::ArtNodeView *artNodeView() const { return m_artNode; }
    views::MutantsView *mutantsView() const { return m_mutants; }
    QDockWidget *dock(const QString &name) const { return m_docks.count(name) ? m_docks.at(name) : nullptr; }
    views::SourceView *sourceView(FileId file) const;
    views::SourceView *currentSourceView() const;
    QComboBox *functionSelector() const { return m_functionBox; }
    bool isBusy() const;

    // Verification coverage of the shown program: an analysis on the engine thread, then
    // the measurement; the source views colour their lines when it arrives.
    bool startCoverage(); // false when there is nothing to analyse
    void stopCoverage();
    void pauseCoverage();
    void resumeCoverage();
    // Teaching mode: one expansion (starts a paused run when none is running).
    bool stepAnalysis();
    bool isAnalysing() const;
    bool isPaused() const;
    void setCoverageOptions(const CoverageOptions &options) { m_options = options; }

    // Mutation campaigns (MainWindowMutation.cpp): the mutants of the code under test
    // against the harness, live in the Mutants view; a killed one's execution in the
    // Trace view. False when there is no program or a campaign runs.
    bool startMutationCampaign(const MutationRequest &request);
    void stopMutationCampaign();
    bool isMutating() const;
    // The last campaign's report (vcov-cli mutate's JSON), null before one finished.
    std::shared_ptr<const nlohmann::json> mutationReport() const { return m_mutationReport; }
    // Explain: the witness of a mutant (the model row), found off the GUI thread; false
    // when it cannot start. witnessShown() when it is shown.
    bool explainMutant(int row);
    std::shared_ptr<const MutantWitness> lastWitness() const { return m_lastWitness; }
    // A bundled example (MainWindowExamples.cpp): its files are written to the user's data
    // directory and opened; then its analysis runs, or its mutation campaign, after which
    // the survivor worth explaining is selected and exampleReady() comes: one click on
    // Explain shows its witness. False with a message when the files cannot be written.
    bool openExample(const QString &name, QString *error = nullptr);
    const CoverageOptions &coverageOptions() const { return m_options; }

    // Sessions: the program's inputs, the settings, the results and the view state in one
    // file, written atomically. False with a message (the window keeps what it shows).
    bool saveSession(const QString &path, QString *error = nullptr);
    bool openSession(const QString &path, QString *error = nullptr);
    // Exports of results; false with a message.
    bool exportResults(const QString &path, const QString &format, QString *error = nullptr);
    std::shared_ptr<const CoverageResult> coverage() const { return m_coverage; }
    // Moves the current source view's cursor to the next line not covered (over-approximated
    // or uncovered); false when there is none.
    bool nextUncovered(bool forward = true);
    QString statusText() const;

    // Branch goals (MainWindowGoals.cpp): every branch decided on the engine thread, live in
    // the Branch Goals view and the source gutters; a covered goal's test in the Trace view.
    bool startBranchGoals(); // false when there is no program or a job runs
    void stopBranchGoals();
    bool isDecidingGoals() const;
    views::BranchGoalsView *branchGoalsView() const { return m_goals; }
    void setGoalOptions(const GoalOptions &options) { m_goalOptions = options; }
    const GoalOptions &goalOptions() const { return m_goalOptions; }
    // The goal's test, replayed, in the Trace view; false when the goal is not covered.
    bool showGoalTest(int row);
    // An assertion's execution (reached and passed, or violated) in the Trace view, at its check.
    bool showAssertionExecution(int row);

    // Traces other tools wrote (MainWindowTraces.cpp), for the program shown: a CBMC
    // counterexample (--json-ui / --xml-ui) replayed with CBMC's values beside vcov's, or
    // an SV-COMP violation witness validated off the GUI thread and its execution shown.
    // traceShown() when it is in the Trace view; false with a message when it cannot start.
    bool openTrace(const QString &path, QString *error = nullptr);
    QString lastTraceVerdict() const { return m_traceVerdict; }

    // Perspectives (MainWindowPerspectives.cpp): the docks each job uses, sized for it. The
    // user's changes to one come back with it; starting a job switches to its perspective
    // unless setAutoPerspective(false).
    enum class Perspective { Coverage, Teaching, BranchGoals, Mutation };
    void setPerspective(Perspective p);
    Perspective perspective() const { return m_perspective; }
    void setAutoPerspective(bool on);
    bool autoPerspective() const { return m_autoPerspective; }
    static QString perspectiveName(Perspective p);

public slots:
    void showFunction(vcov::FunctionId function);
    void revealRange(const vcov::SourceRange &range);

signals:
    // The program is shown and the CFA laid out: the window is complete.
    void programShown();
    void coverageShown();
    // A snapshot of the running exploration reached the views (live or single step).
    void explorationShown();
    // A session file was read and its results are shown.
    void sessionShown();
    // A mutation campaign ended (finished, stopped or failed).
    void mutationFinished();
    void witnessShown();
    // An imported trace or a validated witness is shown (or refused with a message).
    void traceShown();
    // A branch-goal job ended (finished, stopped or failed) and its report is shown.
    void goalsFinished();
    // A session's branch-goal report was replayed and is shown (or refused with a message).
    void goalsRestored();
    // A bundled example's analysis or campaign has finished and its survivor is selected.
    void exampleReady();
    void perspectiveChanged(vcov::app::MainWindow::Perspective perspective);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QString m_traceVerdict; // the last imported trace's or witness's verdict, in a sentence
    std::shared_ptr<std::atomic<bool>> m_traceCancel = std::make_shared<std::atomic<bool>>(false);
    void createActions();
    void createPerspectiveActions(QMenu *view, QToolBar *bar);
    void applyPerspectiveLayout(Perspective p);
    void syncPerspectiveControls();
    void perspectiveForJob(Perspective p); // switches unless the user turned that off
    void restorePerspectives();
    void savePerspectives();
    void openTraceDialog();
    void createDocks();
    QString coverageSummary() const;
    void showSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot);
    void showCoverage(std::shared_ptr<const PreparedCoverage> prepared);
    void clearCoverage();
    void revealLocation(NodeId location);
    void traceStepChanged(EdgeId edge, int artNode);
    void showExecution(int executionId);
    void updateRunActions();
    void exportDialog();
    void applySessionView();
    void finishSessionView(std::shared_ptr<const PreparedCoverage> prepared, const QString &error);
    void programLoaded(std::shared_ptr<const Program> program, const ProgramInputs &resolved);
    void sourceLineChanged(views::SourceView *view, unsigned line);
    void edgeClicked(EdgeId edge);
    void jumpTo(const QString &file, unsigned line, unsigned column);
    void addRecentFile(const QString &path);
    void updateRecentMenu();
    void openDialog();
    void createMutationDock(QDockWidget *below);
    void createGoalsDock(QDockWidget *below);
    void showGoalsReport(const GoalReport &report);
    void showAssertions(const VacuityReport &report);
    void clearBranchGoals();
    void showGoal(int row);
    void revealPlace(FileId file, unsigned line, unsigned column); // a goal's or assertion's place
    void restoreGoals(const nlohmann::json &report);
    void mutationCampaignDialog();
    void showMutant(int row);
    void showMutantExecution(int row);
    void addExampleMenu(QMenu *file);
    void startExample();
    void finishExample();
    void showHarnessMutant(int row);
    void revealMutant(const Mutant &m);
    void showHarnessMutantExecution(int row);
    void restoreMutationReport(const nlohmann::json &report);
    void replayMutantExecution(int row);
    bool mutationSettings(long size, CampaignOptions &co, FrontEndOptions &fe) const;
    bool rebuildMutant(views::MutantRow &row);
    void showWitness(const views::MutantRow &row, const MutantWitness &witness);

    ProgramLoader *m_loader;
    std::shared_ptr<const Program> m_program;
    ProgramInputs m_inputs;   // what the user opened (a session saves these)
    ProgramInputs m_resolved; // the same, with its task, database or CBMC proof read
    QTabWidget *m_sources;
    std::vector<views::SourceView *> m_sourceViews; // by FileId (null for files not shown)
    views::CfaView *m_cfa;
    QComboBox *m_functionBox;
    views::DiagnosticsView *m_diagnostics;
    views::AutomatonView *m_automaton;
    views::ScoresView *m_scores;
    views::TraceView *m_trace;
    views::ExplanationView *m_why;
    views::FunctionCoverageView *m_functions;
    views::TeachingView *m_teaching;
    views::ArtNodeView *m_artNode;
    views::MutantsView *m_mutants = nullptr;
    MutationRunner *m_mutationRunner = nullptr;
    std::shared_ptr<const nlohmann::json> m_mutationReport;
    QAction *m_mutationAction = nullptr, *m_mutationStopAction = nullptr;
    QAction *m_goalsAction = nullptr, *m_goalsStopAction = nullptr;
    views::BranchGoalsView *m_goals = nullptr;
    GoalsRunner *m_goalsRunner = nullptr;
    std::shared_ptr<const Program> m_goalsProgram; // the program of the job running or last run
    std::shared_ptr<nlohmann::json> m_pendingGoals; // a session's report, shown with its program
    GoalOptions m_goalOptions;
    bool m_explaining = false;
    std::shared_ptr<const MutantWitness> m_lastWitness;
    QLabel *m_automatonCaption;
    QComboBox *m_graphBox, *m_colourBox;
    std::map<QString, QDockWidget *> m_docks;
    CoverageOptions m_options;
    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    QAction *m_pauseAction = nullptr;
    QAction *m_stepAction = nullptr;
    QString m_runningText;
    struct PendingView { QString file; unsigned line = 0; int graph = 0, colouring = 0, trace = -1, step = -1; QByteArray state; };
    std::optional<PendingView> m_pendingView; // a session's view state, applied once the program is shown
    std::shared_ptr<nlohmann::json> m_pendingSession; // its results, read once the program is parsed
    std::shared_ptr<nlohmann::json> m_pendingMutation; // its mutation campaign, likewise
    std::optional<BundledExample> m_example; // being opened: what runs once it is shown
    QString m_exampleDir;
    QString m_sessionPath;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_status;
    CoverageRunner *m_runner;
    std::shared_ptr<const CoverageResult> m_coverage;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QProgressBar *m_progress;
    views::CoverageLegend *m_legend;
    std::set<EdgeId> m_pendingHighlight;
    bool m_persistent = false;
    bool m_layoutRestored = false;
    Perspective m_perspective = Perspective::Coverage;
    bool m_perspectiveApplied = false; // the docks are the perspective's (or the user's changes to it)
    bool m_autoPerspective = true;
    std::map<Perspective, QByteArray> m_perspectiveStates; // left by the user, per perspective
    std::vector<QAction *> m_perspectiveActions;
    QAction *m_autoPerspectiveAction = nullptr;
    QComboBox *m_perspectiveBox = nullptr;
};

} // namespace vcov::app
