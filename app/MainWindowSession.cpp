// The main window's sessions (.vcov: save, open, and the view they restore) and exports.
#include "MainWindow.h"

#include "BackgroundTask.h"

#include "AnalysisSettingsDialog.h"
#include "BranchGoalsView.h"
#include "formats/GoalsJson.h"
#include "CoverageRunner.h"
#include "OpenDialog.h"
#include "ProgramLoader.h"
#include "Session.h"

#include "ArtNodeView.h"
#include "AutomatonView.h"
#include "CfaView.h"
#include "CoverageLegend.h"
#include "DiagnosticsView.h"
#include "ExplanationView.h"
#include "FunctionCoverageView.h"
#include "ScoresView.h"
#include "SourceView.h"
#include "TeachingView.h"
#include "TraceView.h"

#include "bmc/Bmc.h"
#include "formats/CoverageJson.h"
#include "formats/ExplorationJson.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QSplitter>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QFutureWatcher>

namespace vcov::app {

bool MainWindow::saveSession(const QString &path, QString *error) {
    QString dummy;
    error = error ? error : &dummy;
    if (!m_program) {
        *error = tr("there is no program to save");
        return false;
    }
    Session s;
    s.inputs = m_inputs;
    // Absolute paths: the session may be opened from elsewhere.
    for (auto &f : s.inputs.frontEnd.files)
        f = QFileInfo(QString::fromStdString(f)).absoluteFilePath().toStdString();
    if (!s.inputs.task.empty())
        s.inputs.task = QFileInfo(QString::fromStdString(s.inputs.task)).absoluteFilePath().toStdString();
    s.options = m_options;
    if (m_coverage)
        s.exploration = explorationToJson(*m_program, *m_coverage);
    if (m_mutationReport)
        s.mutation = *m_mutationReport;
    if (m_goals && m_goalsProgram == m_program && !m_goals->model()->report().goals.empty())
        s.goals = goalsToJson(*m_program, m_goals->model()->report());
    if (views::SourceView *v = currentSourceView()) {
        s.view.file = QFileInfo(v->path()).absoluteFilePath();
        s.view.line = v->cursorLine();
    }
    s.view.graph = m_graphBox->currentIndex();
    s.view.colouring = m_colourBox->currentIndex();
    s.view.trace = m_trace->currentTrace();
    s.view.step = m_trace->step();
    s.view.windowState = saveState();
    return writeSession(path, s, error);
}

bool MainWindow::openSession(const QString &path, QString *error) {
    QString dummy;
    error = error ? error : &dummy;
    std::optional<Session> s = readSession(path, error);
    if (!s)
        return false; // the window keeps what it shows
    if (m_runner->isRunning()) {
        *error = tr("stop the running analysis first");
        return false;
    }
    m_options = s->options;
    m_pendingView = PendingView{s->view.file, s->view.line, s->view.graph, s->view.colouring, s->view.trace, s->view.step,
                                s->view.windowState};
    m_pendingSession = std::make_shared<nlohmann::json>(std::move(s->exploration));
    m_pendingMutation = std::make_shared<nlohmann::json>(std::move(s->mutation));
    m_pendingGoals = std::make_shared<nlohmann::json>(std::move(s->goals));
    m_sessionPath = path;
    openInputs(s->inputs);
    return true;
}

void MainWindow::applySessionView() {
    if (!m_pendingView || !m_program)
        return;
    if (auto mutation = std::move(m_pendingMutation))
        restoreMutationReport(*mutation);
    if (auto goals = std::move(m_pendingGoals); goals && !goals->is_null())
        restoreGoals(*goals);
    auto json = std::move(m_pendingSession);
    if (!json || json->is_null()) {
        finishSessionView(nullptr, QString());
        return;
    }
    // Reading the results replays every execution: off the GUI thread.
    using Loaded = std::pair<std::shared_ptr<const PreparedCoverage>, QString>;
    auto program = m_program;
    auto *watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcher<Loaded>::finished, this, [this, watcher, program] {
        watcher->deleteLater();
        if (program == m_program) // not replaced by another program meanwhile
            finishSessionView(watcher->result().first, watcher->result().second);
    });
    watcher->setFuture(runInBackground([program, json]() -> Loaded {
        try {
            return {std::make_shared<const PreparedCoverage>(prepareCoverage(*program, explorationFromJson(*program, *json))), QString()};
        } catch (const std::exception &ex) {
            return {nullptr, QString::fromUtf8(ex.what())};
        }
    }));
}

void MainWindow::finishSessionView(std::shared_ptr<const PreparedCoverage> prepared, const QString &error) {
    if (!m_pendingView)
        return;
    PendingView v = *m_pendingView;
    m_pendingView.reset();
    if (!error.isEmpty()) {
        // The program is shown; only the results could not be trusted.
        m_status->setText(tr("The session's results were not loaded: %1").arg(error));
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Open Session"),
                                    tr("The program of %1 is open, but its results were not loaded:\n%2").arg(m_sessionPath, error),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not modal to the event loop: the window stays live
        emit sessionShown();
        return;
    }
    if (prepared)
        showCoverage(prepared);
    if (!v.state.isEmpty() && m_persistent)
        restoreState(v.state);
    m_graphBox->setCurrentIndex(std::clamp(v.graph, 0, 1));
    m_automaton->setGraph(v.graph == 1 ? ExplorationGraph::Art : ExplorationGraph::Automaton);
    m_colourBox->setCurrentIndex(std::clamp(v.colouring, 0, 1));
    m_automaton->setColouring(v.colouring == 1 ? views::AutomatonView::Colouring::ReachHeat
                                               : views::AutomatonView::Colouring::Status);
    if (v.trace >= 0 && size_t(v.trace) < m_trace->traceCount()) {
        m_trace->showTrace(v.trace);
        m_trace->setStep(v.step);
    }
    for (views::SourceView *sv : m_sourceViews)
        if (sv && QFileInfo(sv->path()).absoluteFilePath() == v.file && v.line > 0) {
            m_sources->setCurrentWidget(sv);
            sv->goToLine(v.line);
        }
    updateRunActions();
    emit sessionShown();
}

bool MainWindow::exportResults(const QString &path, const QString &format, QString *error) {
    QString dummy;
    error = error ? error : &dummy;
    if (format == QLatin1String("png") || format == QLatin1String("svg")) {
        // The graph in front: the CFA when its tab is raised over the exploration's.
        const bool cfaInFront = m_docks[QStringLiteral("exploration")]->visibleRegion().isEmpty() &&
                                !m_docks[QStringLiteral("cfa")]->visibleRegion().isEmpty();
        return cfaInFront ? m_cfa->exportImage(path, error) : m_automaton->exportImage(path, error);
    }
    if (!m_program || !m_coverage) {
        *error = tr("there are no results yet: run coverage first");
        return false;
    }
    std::string text;
    if (format == QLatin1String("json"))
        text = coverageToJson(*m_program, *m_coverage).dump(2) + "\n";
    else if (format == QLatin1String("lcov"))
        text = coverageToLcov(*m_program, *m_coverage);
    else if (format == QLatin1String("automaton"))
        text = m_coverage->automaton.toText(*m_program);
    else {
        *error = tr("unknown format %1").arg(format);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void MainWindow::exportDialog() {
    const QStringList filters = {tr("Graph view as PNG (*.png)"), tr("Graph view as SVG (*.svg)"),
                                 tr("Coverage as JSON (*.json)"), tr("Coverage as lcov tracefile (*.info)"),
                                 tr("Assumption automaton, CPAchecker format (*.spc)")};
    const QStringList formats = {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("json"), QStringLiteral("lcov"),
                                 QStringLiteral("automaton")};
    QString selected;
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), QString(), filters.join(QStringLiteral(";;")), &selected);
    if (path.isEmpty())
        return;
    QString error;
    if (!exportResults(path, formats.value(std::max<int>(0, int(filters.indexOf(selected)))), &error))
        QMessageBox::warning(this, tr("Export"), tr("Nothing was exported: %1").arg(error));
}

} // namespace vcov::app
