// The main window's docks: every view in its dock, where it opens, and how a click in one
// shows its subject in the others.
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

void MainWindow::createDocks() {
    auto dock = [this](const QString &name, const QString &title, QWidget *w, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name + QStringLiteral("Dock"));
        d->setWidget(w);
        addDockWidget(area, d);
        m_docks[name] = d;
        return d;
    };
    // The exploration graph with its own bar: which graph, which colouring, fit, find a line.
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QToolBar;
    m_graphBox->addItem(tr("Assumption automaton"));
    m_graphBox->addItem(tr("ART"));
    m_graphBox->setObjectName(QStringLiteral("graphBox"));
    m_colourBox->addItem(tr("Status"));
    m_colourBox->addItem(tr("Reach heat"));
    m_colourBox->setObjectName(QStringLiteral("colourBox"));
    bar->addWidget(m_graphBox);
    bar->addWidget(m_colourBox);
    bar->addAction(QIcon::fromTheme(QStringLiteral("zoom-fit-best")), tr("Fit"), m_automaton, &views::AutomatonView::fit);
    bar->addAction(QIcon::fromTheme(QStringLiteral("zoom-in")), tr("+"), m_automaton, &views::AutomatonView::zoomIn)
        ->setToolTip(tr("Zoom in (Ctrl++ or the wheel over the graph)"));
    bar->addAction(QIcon::fromTheme(QStringLiteral("zoom-out")), tr("−"), m_automaton, &views::AutomatonView::zoomOut)
        ->setToolTip(tr("Zoom out (Ctrl+− or the wheel over the graph)"));
    QAction *follow = bar->addAction(tr("Follow"));
    follow->setObjectName(QStringLiteral("followStep"));
    follow->setCheckable(true);
    follow->setChecked(m_automaton->followsStep());
    follow->setToolTip(tr("Follow the step: centre and highlight the node each step expands"));
    connect(follow, &QAction::toggled, m_automaton, &views::AutomatonView::setFollowStep);
    auto *find = new QLineEdit;
    find->setPlaceholderText(tr("line…"));
    find->setMaximumWidth(70);
    find->setToolTip(tr("Highlight the nodes of a source line"));
    bar->addWidget(find);
    bar->addWidget(m_automatonCaption);
    layout->addWidget(bar);
    // Below the graph, the selected node's abstract state (teaching).
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_automaton);
    split->addWidget(m_artNode);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 120});
    m_artNode->setObjectName(QStringLiteral("artNodeView"));
    layout->addWidget(split, 1);
    connect(m_graphBox, &QComboBox::activated, this,
            [this](int i) { m_automaton->setGraph(i == 1 ? ExplorationGraph::Art : ExplorationGraph::Automaton); });
    connect(m_colourBox, &QComboBox::activated, this, [this](int i) {
        m_automaton->setColouring(i == 1 ? views::AutomatonView::Colouring::ReachHeat : views::AutomatonView::Colouring::Status);
    });
    connect(find, &QLineEdit::returnPressed, this, [this, find] {
        views::SourceView *v = currentSourceView();
        bool ok = false;
        unsigned line = find->text().toUInt(&ok);
        if (!v || !ok)
            return;
        v->goToLine(line); // the cursor line drives the highlight
    });
    connect(m_automaton, &views::AutomatonView::layoutReady, this,
            [this] { m_automatonCaption->setText(QStringLiteral("  ") + m_automaton->caption()); });
    connect(m_automaton, &views::AutomatonView::nodeClicked, this, [this](int artNode, NodeId location) {
        m_artNode->showNode(artNode);
        revealLocation(location);
    });
    connect(m_artNode, &views::ArtNodeView::artNodeActivated, this, [this](int n) { m_automaton->highlightArtNode(n); });

    QDockWidget *exploration = dock(QStringLiteral("exploration"), tr("Exploration"), panel, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_docks[QStringLiteral("cfa")], exploration);
    exploration->raise();
    QDockWidget *scores = dock(QStringLiteral("scores"), tr("Reach Scores"), m_scores, Qt::RightDockWidgetArea);
    QDockWidget *teaching = dock(QStringLiteral("teaching"), tr("Teaching"), m_teaching, Qt::RightDockWidgetArea);
    tabifyDockWidget(scores, teaching);
    scores->raise();
    QDockWidget *trace = dock(QStringLiteral("trace"), tr("Trace"), m_trace, Qt::BottomDockWidgetArea);
    QDockWidget *why = dock(QStringLiteral("why"), tr("Why?"), m_why, Qt::BottomDockWidgetArea);
    splitDockWidget(trace, why, Qt::Horizontal);
    QDockWidget *functions = dock(QStringLiteral("functions"), tr("Functions"), m_functions, Qt::BottomDockWidgetArea);
    QDockWidget *diagnostics = dock(QStringLiteral("diagnostics"), tr("Diagnostics"), m_diagnostics, Qt::BottomDockWidgetArea);
    splitDockWidget(why, functions, Qt::Horizontal);
    tabifyDockWidget(functions, diagnostics);
    functions->raise();
    createMutationDock(diagnostics);
    createGoalsDock(diagnostics);

    connect(m_scores, &views::ScoresView::artNodeActivated, this, [this](int n) {
        m_automaton->highlightArtNode(n);
        m_artNode->showNode(n);
    });
    connect(m_teaching, &views::TeachingView::artNodeActivated, this, [this](int n) {
        m_graphBox->setCurrentIndex(1);
        m_automaton->setGraph(ExplorationGraph::Art);
        m_automaton->highlightArtNode(n);
        m_artNode->showNode(n);
    });
    connect(m_why, &views::ExplanationView::artNodeActivated, this, [this](int n) {
        m_docks[QStringLiteral("exploration")]->raise();
        m_automaton->highlightArtNode(n);
        m_artNode->showNode(n);
    });
    connect(m_why, &views::ExplanationView::executionActivated, this, &MainWindow::showExecution);
    connect(m_trace, &views::TraceView::stepChanged, this, &MainWindow::traceStepChanged);
    connect(m_functions, &views::FunctionCoverageView::functionActivated, this, [this](FunctionId f) {
        showFunction(f);
        if (m_program)
            revealLocation(m_program->functions[size_t(f)].entry);
    });
}

} // namespace vcov::app
