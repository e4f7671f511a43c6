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

namespace {
constexpr int MaxRecentFiles = 10;
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_loader(new ProgramLoader(this)), m_sources(new QTabWidget),
      m_cfa(new views::CfaView), m_functionBox(new QComboBox), m_diagnostics(new views::DiagnosticsView),
      m_automaton(new views::AutomatonView), m_scores(new views::ScoresView), m_trace(new views::TraceView),
      m_why(new views::ExplanationView), m_functions(new views::FunctionCoverageView), m_teaching(new views::TeachingView),
      m_artNode(new views::ArtNodeView),
      m_automatonCaption(new QLabel), m_graphBox(new QComboBox), m_colourBox(new QComboBox), m_status(new QLabel) {
    m_options = AnalysisSettingsDialog::defaults();
    setWindowTitle(tr("vcov"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_sources->setDocumentMode(true);
    setCentralWidget(m_sources);

    auto *cfaPanel = new QWidget;
    auto *cfaLayout = new QVBoxLayout(cfaPanel);
    cfaLayout->setContentsMargins(0, 0, 0, 0);
    auto *cfaBar = new QToolBar;
    cfaBar->addWidget(new QLabel(tr(" Function: ")));
    m_functionBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_functionBox->setObjectName(QStringLiteral("functionBox"));
    cfaBar->addWidget(m_functionBox);
    cfaBar->addSeparator();
    cfaBar->addAction(QIcon::fromTheme(QStringLiteral("zoom-fit-best")), tr("Fit"), m_cfa, &views::CfaView::fit);
    cfaBar->addAction(QIcon::fromTheme(QStringLiteral("zoom-in")), tr("Zoom In"), m_cfa, &views::CfaView::zoomIn);
    cfaBar->addAction(QIcon::fromTheme(QStringLiteral("zoom-out")), tr("Zoom Out"), m_cfa, &views::CfaView::zoomOut);
    cfaLayout->addWidget(cfaBar);
    cfaLayout->addWidget(m_cfa, 1);
    auto *cfaDock = new QDockWidget(tr("Control-Flow Automaton"), this);
    cfaDock->setObjectName(QStringLiteral("cfaDock"));
    cfaDock->setWidget(cfaPanel);
    addDockWidget(Qt::RightDockWidgetArea, cfaDock);

    m_docks[QStringLiteral("cfa")] = cfaDock;
    createDocks();

    statusBar()->addWidget(m_status, 1);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 0); // busy: budgets end the run, not a known amount of work
    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_progress);
    m_legend = new views::CoverageLegend;
    statusBar()->addPermanentWidget(m_legend);
    m_runner = new CoverageRunner(this);
    connect(m_runner, &CoverageRunner::progress, this, [this](const CoveragePoint &p) {
        const ArtBudget &b = m_options.analysis.budget;
        m_runningText = p.phase == "analysis"
                            ? tr("Analysing: %1 lines explored — %2 s%3")
                                  .arg(p.explored)
                                  .arg(p.seconds, 0, 'f', 1)
                                  .arg(b.maxSeconds > 0 ? tr(" of %1 s").arg(b.maxSeconds) : QString())
                            : tr("Measuring coverage (%1): %2 covered of %3 explored — %4 s")
                                  .arg(QString::fromStdString(p.phase))
                                  .arg(p.covered)
                                  .arg(p.explored)
                                  .arg(p.seconds, 0, 'f', 1);
        m_status->setText(isPaused() ? tr("Paused — %1").arg(m_runningText) : m_runningText);
        m_scores->addPoint(p);
    });
    connect(m_runner, &CoverageRunner::snapshot, this, &MainWindow::showSnapshot);
    connect(m_runner, &CoverageRunner::pausedChanged, this, [this](bool paused) {
        updateRunActions();
        if (paused)
            m_status->setText(tr("Paused — step with F10, resume with F6"));
    });
    connect(m_runner, &CoverageRunner::failed, this, [this](const QString &message) {
        m_progress->setVisible(false);
        updateRunActions();
        m_status->setText(tr("The coverage run failed: %1").arg(message));
        emit coverageShown();
    });
    connect(m_runner, &CoverageRunner::finished, this, [this](std::shared_ptr<const PreparedCoverage> r) {
        m_progress->setVisible(false);
        showCoverage(r);
        updateRunActions();
        emit coverageShown();
    });
    createActions();
    if (auto *view = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu")))
        for (auto &[name, dock] : m_docks)
            view->addAction(dock->toggleViewAction());

    connect(m_loader, &ProgramLoader::loaded, this, &MainWindow::programLoaded);
    connect(m_functionBox, &QComboBox::activated, this,
            [this](int index) { showFunction(FunctionId(m_functionBox->itemData(index).toInt())); });
    connect(m_cfa, &views::CfaView::edgeClicked, this, &MainWindow::edgeClicked);
    connect(m_cfa, &views::CfaView::nodeClicked, this, &MainWindow::revealLocation);
    connect(m_cfa, &views::CfaView::layoutReady, this, [this] {
        if (!m_pendingHighlight.empty()) {
            m_cfa->highlightEdges(m_pendingHighlight);
            m_pendingHighlight.clear();
        }
        // A later layout (another function, a highlighted edge) keeps the coverage summary.
        m_status->setText(m_coverage ? coverageSummary()
                          : m_program ? tr("%1 functions, %2 CFA nodes, %3 coverable lines")
                                          .arg(m_program->functionsWithBody())
                                          .arg(m_program->nodes.size())
                                          .arg(m_program->coverableLines().size())
                                    : QString());
        emit programShown();
        applySessionView();
    });
    connect(m_diagnostics, &views::DiagnosticsView::locationActivated, this, &MainWindow::jumpTo);

    resize(1400, 900);
    // Dock sizes apply once the window has its size.
    QTimer::singleShot(0, this, [this] {
        if (!m_perspectiveApplied)
            setPerspective(m_perspective);
    });
}

void MainWindow::restoreLayout() {
    QSettings settings;
    m_persistent = true;
    m_options = AnalysisSettingsDialog::load();
    m_goalOptions = AnalysisSettingsDialog::loadGoals();
    if (restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        m_layoutRestored = restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    restorePerspectives();
}

MainWindow::~MainWindow() {
    // A witness still being validated stops at the model checker's next check.
    m_traceCancel->store(true);
}

void MainWindow::clearCoverage() {
    m_coverage.reset();
    m_snapshot.reset();
    m_legend->setCounts({});
    for (auto *v : m_sourceViews)
        if (v) {
            v->setLineStatuses({});
            v->setGutterMarks({}, {});
        }
    m_automaton->setProgram(m_program);
    m_artNode->setProgram(m_program);
    m_automatonCaption->clear();
    m_scores->setExploration(m_program, nullptr);
    m_scores->clearSeries();
    m_trace->setTraces(m_program, {});
    m_why->setResult(m_program, nullptr);
    m_functions->setCoverage({});
    m_teaching->clear();
}

bool MainWindow::startCoverage() {
    if (!m_program || m_program->diagnostics.hasErrors() || m_program->entryFunction == NoFunction ||
        m_runner->isRunning())
        return false;
    clearCoverage();
    perspectiveForJob(Perspective::Coverage);
    m_progress->setVisible(true);
    m_runner->start(m_program, m_options);
    updateRunActions();
    return true;
}

void MainWindow::stopCoverage() {
    m_runner->stop();
    updateRunActions();
}

void MainWindow::pauseCoverage() { m_runner->pause(); }

void MainWindow::resumeCoverage() { m_runner->resume(); }

bool MainWindow::stepAnalysis() {
    if (!m_runner->isRunning()) {
        if (!m_program || m_program->diagnostics.hasErrors() || m_program->entryFunction == NoFunction)
            return false;
        clearCoverage();
        m_progress->setVisible(true);
        perspectiveForJob(Perspective::Teaching);
        m_runner->start(m_program, m_options, true);
        m_docks[QStringLiteral("teaching")]->raise();
    }
    if (!m_runner->isPaused())
        return false;
    m_runner->step();
    return true;
}

bool MainWindow::isPaused() const { return m_runner->isPaused(); }

void MainWindow::showSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    if (!m_program || !snapshot)
        return;
    m_snapshot = snapshot;
    m_automaton->setSnapshot(snapshot);
    m_artNode->setSnapshot(snapshot);
    m_scores->setExploration(m_program, snapshot);
    if (isPaused() || snapshot->expansion)
        m_teaching->addSnapshot(*m_program, *snapshot);
    if (snapshot->expansion && snapshot->expansion->node >= 0) {
        // Teaching mode: the view follows the node just expanded.
        const ArtNode &n = snapshot->art->nodes[size_t(snapshot->expansion->node)];
        m_status->setText(tr("Step %1: %2").arg(m_teaching->expansionCount()).arg(QString::fromStdString(snapshot->expansion->summary)));
        revealLocation(n.location);
        if (m_automaton->followsStep())
            m_artNode->showNode(snapshot->expansion->node); // its abstract state below the graph
    }
    emit explorationShown();
}

void MainWindow::showCoverage(std::shared_ptr<const PreparedCoverage> prepared) {
    // Everything derived from the result was computed on a worker (PreparedCoverage): here only views are filled.
    std::shared_ptr<const CoverageResult> r = prepared->result;
    m_coverage = r;
    std::map<LineStatus, size_t> counts;
    for (LineStatus st : {LineStatus::Covered, LineStatus::OverApproximated, LineStatus::Uncovered, LineStatus::Unreachable})
        counts[st] = r->count(st);
    m_legend->setCounts(std::move(counts));
    std::set<FileLine> violation;
    if (r->bug && r->bug->counterexample.ending.edge >= 0) {
        const CfaEdge &e = m_program->edge(r->bug->counterexample.ending.edge);
        violation.insert({e.range.file, e.range.beginLine});
    }
    for (size_t f = 0; f < m_sourceViews.size(); ++f) {
        if (!m_sourceViews[f])
            continue;
        std::map<unsigned, LineStatus> statuses;
        std::set<unsigned> artLines, violationLines;
        for (const auto &[line, ex] : r->lines)
            if (line.file == FileId(f)) {
                statuses[line.line] = ex.status;
                if (!ex.artNodes.empty())
                    artLines.insert(line.line);
            }
        for (const FileLine &l : violation)
            if (l.file == FileId(f))
                violationLines.insert(l.line);
        m_sourceViews[f]->setLineStatuses(std::move(statuses));
        m_sourceViews[f]->setGutterMarks(std::move(artLines), std::move(violationLines));
        const FileId file = FileId(f);
        m_sourceViews[f]->setToolTipProvider([this, file](unsigned line) {
            if (!m_coverage || !m_coverage->lines.count({file, line}))
                return QString();
            return views::ExplanationView::explanationHtml(*m_program, *m_coverage, {file, line});
        });
    }
    m_snapshot = prepared->exploration;
    m_automaton->setSnapshot(m_snapshot);
    m_artNode->setSnapshot(m_snapshot);
    m_scores->setExploration(m_program, m_snapshot);
    m_scores->setSeries(r->series);
    std::optional<FileLine> cursor;
    if (views::SourceView *v = currentSourceView())
        for (size_t f = 0; f < m_sourceViews.size(); ++f)
            if (m_sourceViews[f] == v)
                cursor = FileLine{FileId(f), v->cursorLine()};
    m_why->setResult(m_program, r, cursor);
    m_functions->setCoverage(prepared->functions);
    // Traces: the counterexample first, then the executions that cover lines (traceArtNodes' order).
    std::vector<views::TraceEntry> traces;
    auto artNodesOf = [&](size_t trace) {
        return trace < prepared->traceArtNodes.size() ? prepared->traceArtNodes[trace] : std::vector<int>();
    };
    auto add = [&](QString title, std::shared_ptr<const Execution> execution) {
        views::TraceEntry t;
        t.title = std::move(title);
        t.execution = std::move(execution);
        t.artNodes = artNodesOf(traces.size());
        traces.push_back(std::move(t));
    };
    if (r->bug)
        add(tr("Counterexample (%1)").arg(QString::fromStdString(r->bug->message)),
            std::shared_ptr<const Execution>(r, &r->bug->counterexample));
    for (const CoverageExecution &e : r->executions)
        add(tr("Execution #%1 (%2, %n new line(s))", nullptr, int(e.newLines.size()))
                .arg(e.id)
                .arg(QString::fromStdString(e.origin)),
            std::shared_ptr<const Execution>(r, &e.execution));
    m_trace->setTraces(m_program, std::move(traces));
    m_status->setText(coverageSummary());
}

void MainWindow::showExecution(int executionId) {
    if (!m_coverage)
        return;
    int index = m_coverage->bug ? 1 : 0;
    for (const CoverageExecution &e : m_coverage->executions) {
        if (e.id == executionId) {
            m_docks[QStringLiteral("trace")]->raise();
            m_trace->showTrace(index);
            return;
        }
        ++index;
    }
}

void MainWindow::traceStepChanged(EdgeId edge, int artNode) {
    if (!m_program || edge < 0)
        return;
    // A mutant with a CFA of its own: its edges are not the shown program's, its lines are.
    if (auto traced = m_trace->program(); traced && traced != m_program) {
        if (size_t(edge) < traced->edges.size() && traced->edge(edge).range.valid())
            revealRange(traced->edge(edge).range);
        return;
    }
    const CfaEdge &e = m_program->edge(edge);
    if (e.range.valid())
        revealRange(e.range);
    if (e.function != m_cfa->function()) {
        m_pendingHighlight = {edge};
        showFunction(e.function);
    } else {
        m_cfa->highlightEdges({edge});
    }
    m_automaton->highlightArtNode(artNode);
}

void MainWindow::revealLocation(NodeId location) {
    if (!m_program || location == NoNode)
        return;
    const CfaNode &node = m_program->node(location);
    for (EdgeId e : node.out.empty() ? node.in : node.out)
        if (m_program->edge(e).range.valid()) {
            revealRange(m_program->edge(e).range);
            break;
        }
}

QString MainWindow::statusText() const { return m_status->text(); }

QString MainWindow::coverageSummary() const {
    if (!m_coverage)
        return {};
    const CoverageResult &r = *m_coverage;
    return tr("%1 coverable lines: %2 covered, %3 over-approximated, %4 uncovered, %5 unreachable; %6")
               .arg(r.lines.size())
               .arg(r.count(LineStatus::Covered))
               .arg(r.count(LineStatus::OverApproximated))
               .arg(r.count(LineStatus::Uncovered))
               .arg(r.count(LineStatus::Unreachable))
               .arg(QString::fromStdString(r.analysisStopText)) +
           (r.bug ? tr(" — bug found: %1").arg(QString::fromStdString(r.bug->message)) : QString());
}

bool MainWindow::nextUncovered(bool forward) {
    views::SourceView *v = currentSourceView();
    return v && v->goToNextStatus({LineStatus::OverApproximated, LineStatus::Uncovered}, forward);
}

bool MainWindow::isAnalysing() const { return m_runner->isRunning(); }

void MainWindow::openDialog() {
    OpenDialog dialog(this);
    // The program as read: a task's or a proof's files, flags and entry, to adjust.
    dialog.setOptions(m_resolved.frontEnd);
    if (dialog.exec() == QDialog::Accepted) {
        ProgramInputs in;
        in.frontEnd = dialog.options();
        openInputs(in);
    }
}

void MainWindow::openCbmcProof(const QString &dir) {
    ProgramInputs in;
    in.cbmcProof = dir.toStdString();
    openInputs(in);
}

void MainWindow::openPath(const QString &path) {
    ProgramInputs in;
    if (QFileInfo(path).isDir())
        in.cbmcProof = path.toStdString(); // a recent CBMC proof folder
    else if (isTaskFile(path.toStdString()))
        in.task = path.toStdString();
    else
        in.frontEnd.files.push_back(path.toStdString());
    openInputs(in);
}

void MainWindow::openInputs(const ProgramInputs &inputs) {
    m_inputs = inputs;
    QString first = QString::fromStdString(!inputs.task.empty()        ? inputs.task
                                           : !inputs.cbmcProof.empty() ? inputs.cbmcProof
                                           : inputs.frontEnd.files.empty() ? std::string()
                                                                            : inputs.frontEnd.files.front());
    if (!first.isEmpty())
        addRecentFile(first);
    m_status->setText(tr("Parsing %1…").arg(QFileInfo(first).fileName()));
    m_loader->load(inputs);
}

bool MainWindow::isBusy() const { return m_loader->isLoading() || m_cfa->isLayoutPending(); }

void MainWindow::programLoaded(std::shared_ptr<const Program> program, const ProgramInputs &resolved) {
    m_resolved = resolved;
    m_runner->stop(); // results of the previous program must not colour this one
    stopBranchGoals();
    m_program = program;
    clearBranchGoals();
    clearCoverage();
    m_pendingHighlight.clear();
    m_diagnostics->setDiagnostics(program->diagnostics.items());
    updateRunActions();
    while (m_sources->count() > 0) {
        QWidget *w = m_sources->widget(0);
        m_sources->removeTab(0);
        w->deleteLater();
    }
    m_sourceViews.assign(program->files.size(), nullptr);
    // Input files first, then headers that hold code of the program.
    std::set<FileId> withEdges;
    for (const auto &e : program->edges)
        withEdges.insert(e.range.file);
    for (int pass = 0; pass < 2; ++pass) {
        for (size_t i = 0; i < program->files.size(); ++i) {
            const SourceFile &sf = program->files[i];
            if ((pass == 0) != sf.isInput || (!sf.isInput && !withEdges.count(FileId(i))))
                continue;
            auto *view = new views::SourceView;
            view->setSource(QString::fromStdString(sf.path), QString::fromStdString(sf.content));
            view->setCoverableLines(program->coverableLines(FileId(i)));
            connect(view, &views::SourceView::cursorLineChanged, this,
                    [this, view](unsigned line) { sourceLineChanged(view, line); });
            m_sources->addTab(view, QFileInfo(QString::fromStdString(sf.path)).fileName());
            m_sources->setTabToolTip(m_sources->count() - 1, QString::fromStdString(sf.path));
            m_sourceViews[i] = view;
        }
    }
    m_functionBox->clear();
    std::vector<const FunctionCfa *> functions;
    for (const auto &f : program->functions)
        if (f.hasBody)
            functions.push_back(&f);
    // The entry function first, then the others in source order.
    std::stable_sort(functions.begin(), functions.end(), [&](const FunctionCfa *a, const FunctionCfa *b) {
        if ((a->id == program->entryFunction) != (b->id == program->entryFunction))
            return a->id == program->entryFunction;
        return std::tie(a->range.file, a->range.beginLine) < std::tie(b->range.file, b->range.beginLine);
    });
    for (const FunctionCfa *f : functions)
        m_functionBox->addItem(QString::fromStdString(f->name), f->id);
    QString title = m_sources->count() ? m_sources->tabText(0) : tr("no program");
    setWindowTitle(tr("%1 — vcov").arg(title));
    if (program->diagnostics.hasErrors()) {
        m_cfa->clear();
        m_status->setText(tr("%n error(s): see Diagnostics", nullptr, int(program->diagnostics.errorCount())));
        m_docks[QStringLiteral("diagnostics")]->show(); // a perspective may have left it out
        m_docks[QStringLiteral("diagnostics")]->raise();
        emit programShown();
        applySessionView();
        return;
    }
    if (functions.empty()) {
        m_cfa->clear();
        m_status->setText(tr("No function with a body"));
        emit programShown();
        return;
    }
    showFunction(functions.front()->id);
}

views::SourceView *MainWindow::sourceView(FileId file) const {
    return file >= 0 && size_t(file) < m_sourceViews.size() ? m_sourceViews[size_t(file)] : nullptr;
}

views::SourceView *MainWindow::currentSourceView() const {
    return qobject_cast<views::SourceView *>(m_sources->currentWidget());
}

void MainWindow::showFunction(FunctionId function) {
    if (!m_program || function == NoFunction)
        return;
    int index = m_functionBox->findData(function);
    if (index >= 0)
        m_functionBox->setCurrentIndex(index);
    if (m_cfa->function() != function)
        m_cfa->showFunction(m_program, function);
}

void MainWindow::revealRange(const SourceRange &range) {
    views::SourceView *view = sourceView(range.file);
    if (!view || !range.valid())
        return;
    m_sources->setCurrentWidget(view);
    view->selectRange(range.beginLine, range.beginColumn, range.endLine, range.endColumn);
}

void MainWindow::edgeClicked(EdgeId edge) {
    if (!m_program)
        return;
    const CfaEdge &e = m_program->edge(edge);
    if (e.range.valid())
        revealRange(e.range);
    m_cfa->highlightEdges({edge});
}

void MainWindow::sourceLineChanged(views::SourceView *view, unsigned line) {
    if (!m_program)
        return;
    FileId file = -1;
    for (size_t i = 0; i < m_sourceViews.size(); ++i)
        if (m_sourceViews[i] == view)
            file = FileId(i);
    m_why->showLine({file, line});
    m_automaton->highlightLine({file, line});
    std::set<EdgeId> edges;
    FunctionId function = NoFunction;
    for (EdgeId e : m_program->edgesOnLine(file, line)) {
        edges.insert(e);
        function = m_program->edge(e).function;
    }
    if (edges.empty()) {
        m_cfa->highlightEdges({});
        return;
    }
    if (function != m_cfa->function()) {
        // The line belongs to another function: show it, then highlight once laid out.
        m_pendingHighlight = edges;
        showFunction(function);
        return;
    }
    m_cfa->highlightEdges(edges);
}

void MainWindow::jumpTo(const QString &file, unsigned line, unsigned column) {
    for (size_t i = 0; i < m_sourceViews.size(); ++i) {
        views::SourceView *v = m_sourceViews[i];
        if (!v)
            continue;
        if (v->path() == file || QFileInfo(v->path()).absoluteFilePath() == QFileInfo(file).absoluteFilePath()) {
            m_sources->setCurrentWidget(v);
            if (line > 0)
                v->goToLine(line, std::max(1u, column));
            v->setFocus();
            return;
        }
    }
}

void MainWindow::addRecentFile(const QString &path) {
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > MaxRecentFiles)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(path, this, [this, path] { openPath(path); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (m_persistent) {
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        savePerspectives();
    }
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    const auto urls = event->mimeData()->urls();
    ProgramInputs in;
    for (const QUrl &url : urls) {
        if (!url.isLocalFile())
            continue;
        std::string path = url.toLocalFile().toStdString();
        if (isTaskFile(path))
            in.task = path;
        else
            in.frontEnd.files.push_back(path);
    }
    if (!in.task.empty() || !in.frontEnd.files.empty()) {
        openInputs(in);
        event->acceptProposedAction();
    }
}

} // namespace vcov::app
