// The main window's menus, toolbar and shortcuts, and which of the run actions apply now.
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

void MainWindow::createActions() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this, [this] {
        QString path = QFileDialog::getOpenFileName(this, tr("Open C Program, SV-COMP Task or Session"), QString(),
                                                    tr("C programs, tasks and sessions (*.c *.i *.yml *.vcov);;All files (*)"));
        if (path.endsWith(QLatin1String(".vcov"))) {
            QString error;
            if (!openSession(path, &error))
                QMessageBox::warning(this, tr("Open Session"), error);
        } else if (!path.isEmpty()) {
            openPath(path);
        }
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open with &Options…"), this, &MainWindow::openDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(tr("Open CBMC &Proof…"), this, [this] {
        // A cbmc-starter-kit proof folder: its Makefile says the harness, sources and checks.
        QString dir = QFileDialog::getExistingDirectory(this, tr("Open CBMC Proof"));
        if (!dir.isEmpty())
            openCbmcProof(dir);
    });
    QAction *reload = file->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Reload"), this, [this] {
        if (!m_inputs.frontEnd.files.empty() || !m_inputs.task.empty() || !m_inputs.cbmcProof.empty())
            openInputs(m_inputs);
    });
    reload->setShortcut(QKeySequence::Refresh);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    addExampleMenu(file);
    updateRecentMenu();
    file->addSeparator();
    file->addAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save Session…"), QKeySequence::Save, this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), QString(), tr("vcov sessions (*.vcov)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QLatin1String(".vcov")))
            path += QLatin1String(".vcov");
        QString error;
        if (!saveSession(path, &error))
            QMessageBox::warning(this, tr("Save Session"), tr("The session was not saved: %1").arg(error));
    });
    file->addAction(tr("Open &Trace or Witness…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::openTraceDialog);
    file->addAction(tr("&Export…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    // The graph in front: the one with the focus, else the exploration when it is on screen.
    auto graph = [this]() -> views::GraphView * {
        if (m_automaton->hasFocus())
            return m_automaton;
        if (m_cfa->hasFocus() || m_docks[QStringLiteral("exploration")]->visibleRegion().isEmpty())
            return m_cfa;
        return m_automaton;
    };
    view->addAction(tr("&Fit Graph"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [graph] { graph()->fit(); });
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [graph] { graph()->zoomIn(); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [graph] { graph()->zoomOut(); });
    view->addSeparator();

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    m_runAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("&Run Coverage"), this,
                                      [this] {
                                          if (isPaused())
                                              resumeCoverage();
                                          else
                                              startCoverage();
                                      });
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_pauseAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("media-playback-pause")), tr("&Pause"), this, [this] {
        if (isPaused())
            resumeCoverage();
        else
            pauseCoverage();
    });
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_stepAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("go-next")), tr("S&tep"), this, &MainWindow::stepAnalysis);
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F10));
    m_stepAction->setToolTip(tr("Teaching mode: expand one waitlist node (F10); without a run, starts a paused one"));
    m_stopAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("media-playback-stop")), tr("&Stop"), this,
                                       &MainWindow::stopCoverage);
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    analysis->addSeparator();
    analysis->addAction(tr("&Next Line Not Covered"), QKeySequence(Qt::Key_F8), this, [this] { nextUncovered(true); });
    analysis->addAction(tr("&Previous Line Not Covered"), QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                        [this] { nextUncovered(false); });
    analysis->addSeparator();
    m_mutationAction = analysis->addAction(tr("&Mutation Campaign…"), this, &MainWindow::mutationCampaignDialog);
    m_mutationAction->setToolTip(tr("Mutate the code under test and check each mutant against the harness"));
    m_mutationStopAction = analysis->addAction(tr("Stop Mutation Campaign"), this, &MainWindow::stopMutationCampaign);
    m_mutationStopAction->setEnabled(false);
    m_goalsAction = analysis->addAction(tr("Run &Branch Goals"), QKeySequence(Qt::CTRL | Qt::Key_B), this,
                                        [this] { startBranchGoals(); });
    m_goalsAction->setToolTip(tr("Decide every branch: covered by a test, unreachable by k-induction, or unknown"));
    m_goalsStopAction = analysis->addAction(tr("Stop Branch Goals"), this, &MainWindow::stopBranchGoals);
    m_goalsStopAction->setEnabled(false);
    analysis->addSeparator();
    analysis->addAction(QIcon::fromTheme(QStringLiteral("configure")), tr("Se&ttings…"), QKeySequence(Qt::CTRL | Qt::Key_Comma),
                        this, [this] {
                            AnalysisSettingsDialog dialog(this);
                            dialog.setOptions(m_options);
                            dialog.setGoalOptions(m_goalOptions);
                            if (dialog.exec() != QDialog::Accepted)
                                return;
                            m_options = dialog.options();
                            m_goalOptions = dialog.goalOptions();
                            if (m_persistent) {
                                AnalysisSettingsDialog::save(m_options);
                                AnalysisSettingsDialog::saveGoals(m_goalOptions);
                            }
                        });

    QMenu *trace = menuBar()->addMenu(tr("T&race"));
    for (QAction *a : m_trace->navigationActions())
        trace->addAction(a);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About vcov"), this, [this] {
        QMessageBox::about(this, tr("About vcov"),
                           tr("<h3>vcov %1</h3><p>Explore the verification progress of C programs: "
                              "control-flow automata, interrupted analyses and their coverage.</p>"
                              "<p>Clang %2 front end, %3, Graphviz, Qt %4.</p>")
                               .arg(QApplication::applicationVersion(), QStringLiteral("19"),
                                    QString::fromStdString(solverDescription()),
                                    QString::fromLatin1(qVersion())));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(open);
    bar->addAction(reload);
    bar->addSeparator();
    bar->addAction(m_runAction);
    bar->addAction(m_pauseAction);
    bar->addAction(m_stepAction);
    bar->addAction(m_stopAction);
    createPerspectiveActions(view, bar);
    view->addSeparator();
    updateRunActions();
}

void MainWindow::updateRunActions() {
    const bool running = m_runner->isRunning();
    const bool paused = isPaused();
    const bool measuring = m_runner->isMeasuring();
    const bool program = m_program && !m_program->diagnostics.hasErrors() && m_program->entryFunction != NoFunction;
    m_runAction->setEnabled(program && !running); // Pause's button resumes
    m_pauseAction->setEnabled(running && !measuring);
    m_pauseAction->setText(paused ? tr("&Resume") : tr("&Pause"));
    m_stepAction->setEnabled(program && (!running || paused));
    m_stopAction->setEnabled(running);
}

} // namespace vcov::app
