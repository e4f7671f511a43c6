#include "MainWindow.h"

#include "OpenDialog.h"
#include "CoverageRunner.h"
#include "ProgramLoader.h"

#include "CfaView.h"
#include "CoverageLegend.h"
#include "DiagnosticsView.h"
#include "SourceView.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace vcov::app {

namespace {
constexpr int MaxRecentFiles = 10;
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_loader(new ProgramLoader(this)), m_sources(new QTabWidget),
      m_cfa(new views::CfaView), m_functionBox(new QComboBox), m_diagnostics(new views::DiagnosticsView),
      m_status(new QLabel) {
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

    auto *diagDock = new QDockWidget(tr("Diagnostics"), this);
    diagDock->setObjectName(QStringLiteral("diagnosticsDock"));
    diagDock->setWidget(m_diagnostics);
    addDockWidget(Qt::BottomDockWidgetArea, diagDock);

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
        m_status->setText(p.phase == "analysis"
                              ? tr("Analysing: %1 lines explored — %2 s").arg(p.explored).arg(p.seconds, 0, 'f', 1)
                              : tr("Measuring coverage (%1): %2 covered of %3 explored — %4 s")
                                    .arg(QString::fromStdString(p.phase))
                                    .arg(p.covered)
                                    .arg(p.explored)
                                    .arg(p.seconds, 0, 'f', 1));
    });
    connect(m_runner, &CoverageRunner::failed, this, [this](const QString &message) {
        m_progress->setVisible(false);
        m_runAction->setEnabled(true);
        m_stopAction->setEnabled(false);
        m_status->setText(tr("The coverage run failed: %1").arg(message));
        emit coverageShown();
    });
    connect(m_runner, &CoverageRunner::finished, this, [this](std::shared_ptr<const CoverageResult> r) {
        m_progress->setVisible(false);
        m_runAction->setEnabled(true);
        m_stopAction->setEnabled(false);
        m_coverage = r;
        std::map<LineStatus, size_t> counts;
        for (LineStatus st : {LineStatus::Covered, LineStatus::OverApproximated, LineStatus::Uncovered, LineStatus::Unreachable})
            counts[st] = r->count(st);
        m_legend->setCounts(std::move(counts));
        for (size_t f = 0; f < m_sourceViews.size(); ++f) {
            if (!m_sourceViews[f])
                continue;
            std::map<unsigned, LineStatus> statuses;
            for (const auto &[line, ex] : r->lines)
                if (line.file == FileId(f))
                    statuses[line.line] = ex.status;
            m_sourceViews[f]->setLineStatuses(std::move(statuses));
        }
        m_status->setText(coverageSummary());
        emit coverageShown();
    });
    createActions();
    if (auto *view = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))) {
        view->addAction(cfaDock->toggleViewAction());
        view->addAction(diagDock->toggleViewAction());
    }

    connect(m_loader, &ProgramLoader::loaded, this, &MainWindow::programLoaded);
    connect(m_functionBox, &QComboBox::activated, this,
            [this](int index) { showFunction(FunctionId(m_functionBox->itemData(index).toInt())); });
    connect(m_cfa, &views::CfaView::edgeClicked, this, &MainWindow::edgeClicked);
    connect(m_cfa, &views::CfaView::nodeClicked, this, [this](NodeId n) {
        if (!m_program)
            return;
        const CfaNode &node = m_program->node(n);
        for (EdgeId e : node.out.empty() ? node.in : node.out)
            if (m_program->edge(e).range.valid()) {
                revealRange(m_program->edge(e).range);
                break;
            }
    });
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
    });
    connect(m_diagnostics, &views::DiagnosticsView::locationActivated, this, &MainWindow::jumpTo);

    resize(1400, 900);
    // Dock sizes apply once the window has its size.
    QTimer::singleShot(0, this, [this, cfaDock] {
        if (!m_layoutRestored)
            resizeDocks({cfaDock}, {width() * 45 / 100}, Qt::Horizontal);
    });
}

void MainWindow::restoreLayout() {
    QSettings settings;
    m_persistent = true;
    if (restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        m_layoutRestored = restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this, [this] {
        QString path = QFileDialog::getOpenFileName(this, tr("Open C Program or SV-COMP Task"), QString(),
                                                    tr("C programs and tasks (*.c *.i *.yml);;All files (*)"));
        if (!path.isEmpty())
            openPath(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open with &Options…"), this, &MainWindow::openDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QAction *reload = file->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Reload"), this, [this] {
        if (!m_inputs.frontEnd.files.empty() || !m_inputs.task.empty())
            openInputs(m_inputs);
    });
    reload->setShortcut(QKeySequence::Refresh);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(tr("&Fit Graph"), QKeySequence(Qt::CTRL | Qt::Key_0), m_cfa, &views::CfaView::fit);
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_cfa, &views::CfaView::zoomIn);
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_cfa, &views::CfaView::zoomOut);
    view->addSeparator();

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    m_runAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("&Run Coverage"), this,
                                      &MainWindow::startCoverage);
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_stopAction = analysis->addAction(QIcon::fromTheme(QStringLiteral("media-playback-stop")), tr("&Stop"), this,
                                       &MainWindow::stopCoverage);
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_stopAction->setEnabled(false);
    analysis->addSeparator();
    analysis->addAction(tr("&Next Line Not Covered"), QKeySequence(Qt::Key_F8), this, [this] { nextUncovered(true); });
    analysis->addAction(tr("&Previous Line Not Covered"), QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                        [this] { nextUncovered(false); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About vcov"), this, [this] {
        QMessageBox::about(this, tr("About vcov"),
                           tr("<h3>vcov %1</h3><p>Explore the verification progress of C programs: "
                              "control-flow automata, interrupted analyses and their coverage.</p>"
                              "<p>Clang %2 front end, Qt %3.</p>")
                               .arg(QApplication::applicationVersion(), QStringLiteral("19"), QString::fromLatin1(qVersion())));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(open);
    bar->addAction(reload);
    bar->addSeparator();
    bar->addAction(m_runAction);
    bar->addAction(m_stopAction);
}

bool MainWindow::startCoverage() {
    if (!m_program || m_program->diagnostics.hasErrors() || m_program->entryFunction == NoFunction ||
        m_runner->isRunning())
        return false;
    CoverageOptions options;
    options.analysis.budget.maxNodes = 100'000;
    options.analysis.budget.maxSeconds = 60;
    m_coverage.reset();
    m_legend->setCounts({});
    for (auto *v : m_sourceViews)
        if (v)
            v->setLineStatuses({});
    m_runAction->setEnabled(false);
    m_stopAction->setEnabled(true);
    m_progress->setVisible(true);
    m_runner->start(m_program, options);
    return true;
}

void MainWindow::stopCoverage() { m_runner->stop(); }

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
    dialog.setOptions(m_inputs.frontEnd);
    if (dialog.exec() == QDialog::Accepted) {
        ProgramInputs in;
        in.frontEnd = dialog.options();
        openInputs(in);
    }
}

void MainWindow::openPath(const QString &path) {
    ProgramInputs in;
    if (isTaskFile(path.toStdString()))
        in.task = path.toStdString();
    else
        in.frontEnd.files.push_back(path.toStdString());
    openInputs(in);
}

void MainWindow::openInputs(const ProgramInputs &inputs) {
    m_inputs = inputs;
    QString first = QString::fromStdString(!inputs.task.empty() ? inputs.task
                                           : inputs.frontEnd.files.empty() ? std::string()
                                                                            : inputs.frontEnd.files.front());
    if (!first.isEmpty())
        addRecentFile(first);
    m_status->setText(tr("Parsing %1…").arg(QFileInfo(first).fileName()));
    m_loader->load(inputs);
}

bool MainWindow::isBusy() const { return m_loader->isLoading() || m_cfa->isLayoutPending(); }

void MainWindow::programLoaded(std::shared_ptr<const Program> program, const ProgramInputs &) {
    m_runner->stop(); // results of the previous program must not colour this one
    m_coverage.reset();
    m_program = program;
    m_pendingHighlight.clear();
    m_diagnostics->setDiagnostics(program->diagnostics.items());
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
        emit programShown();
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
