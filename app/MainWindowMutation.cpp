// The main window's mutation campaign: the Mutants dock, its actions, and the way a
// mutant reaches the source and trace views.
#include "MainWindow.h"

#include "MutationCampaignDialog.h"
#include "MutationRunner.h"

#include "formats/MutationJson.h"
#include "semantics/Interpreter.h"
#include "mutation/HarnessMutation.h"
#include "witness/MutantWitness.h"

#include "MutantsView.h"
#include "SourceView.h"
#include "TraceView.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <filesystem>

namespace vcov::app {

namespace {

// The program's file that is `path`, however either names it (a session stores absolute,
// normalised paths; a campaign the paths as given).
FileId sameFile(const Program &p, const std::string &path) {
    std::error_code ec;
    const auto wanted = std::filesystem::weakly_canonical(path, ec);
    for (size_t i = 0; i < p.files.size(); ++i)
        if (p.files[i].path == path || std::filesystem::weakly_canonical(p.files[i].path, ec) == wanted)
            return FileId(i);
    return -1;
}

// The mutated code in a trace on `runs` (the program the execution's edges belong to):
// the edges that carry the edit, and the edited line.
views::TraceMark mutantMark(const views::MutantRow &r, const Program &runs, const std::vector<EdgeId> &edges = {}) {
    views::TraceMark mark;
    const MutationSite &s = r.mutant.site;
    if (!r.mutant.program)
        for (const auto &[id, edge] : r.mutant.variant.edges)
            mark.edges.insert(id);
    for (EdgeId e : edges)
        if (size_t(e) < runs.edges.size())
            mark.edges.insert(e);
    mark.file = sameFile(runs, r.mutant.file);
    mark.line = s.line;
    mark.label = s.operatorName == "del_stmt"
                     ? QObject::tr("the mutated code: %1 deleted (line %2)")
                           .arg(QString::fromStdString(s.original).simplified())
                           .arg(s.line)
                     : QObject::tr("the mutated code: %1 → %2 (line %3)")
                           .arg(QString::fromStdString(s.original).simplified(), QString::fromStdString(s.replacement))
                           .arg(s.line);
    return mark;
}

} // namespace

void MainWindow::createMutationDock(QDockWidget *below) {
    m_mutants = new views::MutantsView;
    m_mutants->setObjectName(QStringLiteral("mutantsView"));
    auto *d = new QDockWidget(tr("Mutants"), this);
    d->setObjectName(QStringLiteral("mutantsDock"));
    d->setWidget(m_mutants);
    addDockWidget(Qt::BottomDockWidgetArea, d);
    tabifyDockWidget(below, d);
    m_docks[QStringLiteral("mutants")] = d;
    m_mutationRunner = new MutationRunner(this);
    connect(m_mutationRunner, &MutationRunner::outcome, this, [this](const views::MutantRow &row) {
        m_mutants->addOutcome(row);
    });
    connect(m_mutationRunner, &MutationRunner::sizeDone, this,
            [this](long size, size_t checked, size_t killed, size_t survivors) {
                m_mutants->addSize(size, checked, killed, survivors);
                m_mutants->setRunning(true, tr("Size %1 done (%2 checked, %3 killed); trying size %4")
                                                .arg(size)
                                                .arg(checked)
                                                .arg(killed)
                                                .arg(size + 1));
            });
    connect(m_mutationRunner, &MutationRunner::finished, this,
            [this](std::shared_ptr<const nlohmann::json> report, const QString &summary, const QString &error) {
                m_mutationReport = report;
                m_mutants->setFinished(error.isEmpty() ? summary : tr("<b>The campaign could not run:</b> %1").arg(error.toHtmlEscaped()));
                m_mutationAction->setEnabled(true);
                m_mutationStopAction->setEnabled(false);
                m_progress->setVisible(m_runner && isAnalysing());
                m_status->setText(error.isEmpty() ? tr("Mutation campaign: %1").arg(summary)
                                                  : tr("Mutation campaign failed: %1").arg(error));
                emit mutationFinished();
            });
    connect(m_mutants, &views::MutantsView::mutantSelected, this, &MainWindow::showMutant);
    connect(m_mutants, &views::MutantsView::executionRequested, this, &MainWindow::showMutantExecution);
    connect(m_mutants, &views::MutantsView::explainRequested, this, &MainWindow::explainMutant);
    connect(m_mutationRunner, &MutationRunner::harnessKills, m_mutants, &views::MutantsView::setHarnessKills);
    connect(m_mutationRunner, &MutationRunner::harnessMutant, this, [this](const views::HarnessMutantRow &row) {
        m_mutants->addHarnessMutant(row);
        m_mutants->setRunning(true, tr("Mutating the harness: %1 harness mutants checked")
                                        .arg(m_mutants->harnessModel()->rowCount()));
    });
    connect(m_mutants, &views::MutantsView::harnessMutantSelected, this, &MainWindow::showHarnessMutant);
    connect(m_mutants, &views::MutantsView::harnessExecutionRequested, this, &MainWindow::showHarnessMutantExecution);
    // A bundled example runs once shown and selects its survivor when done.
    connect(this, &MainWindow::programShown, this, &MainWindow::startExample);
    connect(this, &MainWindow::mutationFinished, this, [this] {
        if (m_example && !m_example->mutate.isEmpty())
            finishExample();
    });
    connect(this, &MainWindow::coverageShown, this, [this] {
        if (m_example && m_example->mutate.isEmpty() && !isAnalysing())
            finishExample();
    });
}

void MainWindow::showHarnessMutant(int row) { revealMutant(m_mutants->harnessModel()->row(row).result.mutant); }

// The source view on a mutant's edit.
void MainWindow::revealMutant(const Mutant &m) {
    if (!m_program)
        return;
    FileId f = sameFile(*m_program, m.file);
    if (f < 0)
        return;
    SourceRange range;
    range.file = f;
    range.beginLine = m.site.line;
    range.beginColumn = m.site.column;
    range.endLine = m.site.endLine;
    range.endColumn = m.site.endColumn;
    revealRange(range);
}

// A harness mutant that rejects the correct code: the code's execution that fails it, on
// the harness mutant's program, the mutated harness line marked.
void MainWindow::showHarnessMutantExecution(int row) {
    const views::HarnessMutantRow &r = m_mutants->harnessModel()->row(row);
    if (!r.result.counterexample || !r.result.program)
        return;
    views::TraceEntry entry;
    const MutationSite &s = r.result.mutant.site;
    entry.title = tr("harness mutant %1 (%2 → %3) rejects the correct code: %4")
                      .arg(QString::fromStdString(r.result.mutant.id), QString::fromStdString(s.original).simplified(),
                           QString::fromStdString(s.replacement), QString::fromStdString(r.result.reason));
    entry.execution = std::make_shared<const Execution>(*r.result.counterexample);
    entry.artNodes.assign(entry.execution->steps.size(), -1);
    views::MutantRow asRow{r.result.mutant, {}, r.original, {}};
    entry.mark = mutantMark(asRow, *r.result.program);
    entry.mark.edges.clear(); // the harness mutant's own program: its line marks it
    m_trace->setTraces(r.result.program, {entry});
    m_trace->showTrace(0);
    m_docks[QStringLiteral("trace")]->raise();
}

void MainWindow::mutationCampaignDialog() {
    if (!m_program || isMutating())
        return;
    MutationCampaignDialog dialog(m_resolved, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    MutationRequest request = dialog.request();
    if (request.options.mutate.empty()) {
        QMessageBox::information(this, tr("Mutation Campaign"), tr("Choose at least one file of code under test."));
        return;
    }
    startMutationCampaign(request);
}

bool MainWindow::startMutationCampaign(const MutationRequest &request) {
    if (!m_program || m_program->entryFunction == NoFunction || isMutating())
        return false;
    m_mutants->clear();
    m_mutationReport.reset();
    m_mutants->setRunning(true, request.firstSize ? tr("Finding the mutant-stable size from %1").arg(*request.firstSize)
                                                  : tr("Campaign running"));
    perspectiveForJob(Perspective::Mutation);
    m_docks[QStringLiteral("mutants")]->raise();
    m_mutationAction->setEnabled(false);
    m_mutationStopAction->setEnabled(true);
    m_progress->setVisible(true);
    m_status->setText(tr("Mutation campaign running…"));
    m_mutationRunner->start(request);
    return true;
}

void MainWindow::stopMutationCampaign() {
    if (m_mutationRunner)
        m_mutationRunner->stop();
}

bool MainWindow::isMutating() const { return m_mutationRunner && m_mutationRunner->isRunning(); }

void MainWindow::showMutant(int row) { revealMutant(m_mutants->model()->row(row).mutant); }

void MainWindow::showMutantExecution(int row) {
    if (!m_mutants->model()->row(row).outcome.counterexample && m_mutants->model()->row(row).replay)
        replayMutantExecution(row);
    const views::MutantRow &r = m_mutants->model()->row(row);
    std::shared_ptr<const Program> program = r.program();
    if (!r.outcome.counterexample || !program)
        return;
    views::TraceEntry entry;
    entry.title = tr("mutant %1 (%2 → %3): %4")
                      .arg(QString::fromStdString(r.mutant.id), QString::fromStdString(r.mutant.site.original).simplified(),
                           QString::fromStdString(r.mutant.site.replacement), QString::fromStdString(r.outcome.reason));
    entry.execution = std::make_shared<const Execution>(*r.outcome.counterexample);
    entry.artNodes.assign(entry.execution->steps.size(), -1);
    entry.mark = mutantMark(r, *program);
    m_trace->setTraces(program, {entry});
    m_trace->showTrace(0);
    m_docks[QStringLiteral("trace")]->raise();
}

// What a campaign ran with (from its report) and the program's flags at a mutant's size.
bool MainWindow::mutationSettings(long size, CampaignOptions &co, FrontEndOptions &fe) const {
    co.program = m_resolved.frontEnd;
    if (!m_mutationReport || !m_mutationReport->contains("campaign") ||
        !campaignSettingsFromJson((*m_mutationReport)["campaign"], co))
        return false;
    fe = co.program;
    if (size) {
        // The campaign's size replaces the one the program was opened with.
        std::erase_if(fe.defines, [&](const std::string &d) { return d == co.sizeMacro || d.rfind(co.sizeMacro + "=", 0) == 0; });
        fe.defines.push_back(co.sizeMacro + "=" + std::to_string(size));
    }
    return true;
}

// A session keeps the report, not the programs: the program at the mutant's size is
// parsed again and the edit applied (its id checked). False after a message.
bool MainWindow::rebuildMutant(views::MutantRow &r) {
    CampaignOptions co;
    FrontEndOptions fe;
    if (!m_program || !mutationSettings(r.outcome.size, co, fe)) {
        m_status->setText(tr("The campaign has no settings to rebuild mutant %1 with").arg(QString::fromStdString(r.mutant.id)));
        return false;
    }
    std::shared_ptr<const Program> original = parseProgram(fe);
    FileId f = sameFile(*original, r.mutant.file);
    if (original->diagnostics.hasErrors() || f < 0) {
        m_status->setText(tr("The program no longer parses as it did for the campaign"));
        return false;
    }
    const std::string file = original->files[size_t(f)].path;
    const std::string &content = original->files[size_t(f)].content;
    Mutant m = buildMutant(*original, fe, file, content, r.mutant.site);
    if (!m.valid() || mutantId(file, content, r.mutant.site) != r.mutant.id) {
        m_status->setText(tr("Mutant %1 is not in the file as it is now").arg(QString::fromStdString(r.mutant.id)));
        return false;
    }
    m.id = r.mutant.id;
    m.variant.name = m.id;
    r.mutant = std::move(m);
    r.original = original;
    return true;
}

void MainWindow::replayMutantExecution(int row) {
    views::MutantRow r = m_mutants->model()->row(row);
    CampaignOptions co;
    FrontEndOptions fe;
    if (!r.replay || !mutationSettings(r.outcome.size, co, fe) || !rebuildMutant(r))
        return;
    InterpreterOptions io;
    io.properties = co.bmc.properties;
    io.properties.erase(Property::Unwinding);
    io.variant = r.mutant.variantOf();
    io.maxSteps = r.outcome.exceedsBound ? 1'000'000 : io.maxSteps;
    r.outcome.counterexample = runProgram(r.mutant.runs(*r.original), *r.replay, io);
    m_mutants->model()->setOutcome(std::move(r));
}

// Explain: the mutant's witness (Algorithm 4) off the GUI thread; the Trace view gets the
// witness and the original on the same inputs, the Mutants view their outputs side by side.
bool MainWindow::explainMutant(int row) {
    if (row < 0 || row >= m_mutants->model()->rowCount() || m_explaining)
        return false;
    views::MutantRow r = m_mutants->model()->row(row);
    if (!r.mutant.valid() || r.outcome.status == MutantStatus::Equivalent || r.outcome.status == MutantStatus::NotReached)
        return false;
    // A mutant from a session, or from a size other than the row's program's, is rebuilt.
    if ((!r.mutant.program && r.mutant.variant.edges.empty()) || !r.original) {
        if (!rebuildMutant(r))
            return false;
        m_mutants->model()->setOutcome(r);
    }
    CampaignOptions co;
    auto fe = std::make_shared<FrontEndOptions>();
    if (!mutationSettings(r.outcome.size, co, *fe))
        return false;
    BmcOptions bo = co.bmc;
    bo.unwind = r.outcome.bound ? r.outcome.bound : bo.unwind;
    m_explaining = true;
    perspectiveForJob(Perspective::Mutation);
    m_mutants->setRunning(true, tr("Explaining mutant %1: searching for a passing execution through it")
                                    .arg(QString::fromStdString(r.mutant.id)));
    QPointer<MainWindow> self(this);
    auto row_ = std::make_shared<views::MutantRow>(r);
    auto *watcher = new QFutureWatcher<MutantWitness>(this);
    connect(watcher, &QFutureWatcher<MutantWitness>::finished, this, [this, watcher, row_] {
        watcher->deleteLater();
        m_explaining = false;
        showWitness(*row_, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([self, row_, bo, fe]() {
        WitnessOptions wo;
        wo.timeoutSeconds = 60;
        wo.frontEnd = fe.get();
        wo.onTarget = [self, id = row_->mutant.id](unsigned target, unsigned reached) {
            QMetaObject::invokeMethod(self.data(), [self, id, target, reached] {
                if (self)
                    self->m_mutants->setRunning(true, tr("Explaining mutant %1: coverage target %2 (the last witness covers %3)")
                                                           .arg(QString::fromStdString(id))
                                                           .arg(target)
                                                           .arg(reached));
            }, Qt::QueuedConnection);
        };
        return findMutantWitness(*row_->original, row_->mutant, bo, wo);
    }));
    return true;
}

void MainWindow::showWitness(const views::MutantRow &r, const MutantWitness &w) {
    m_mutants->showWitness(r, w);
    m_mutants->setRunning(false);
    m_lastWitness = std::make_shared<const MutantWitness>(w);
    if (w.execution) {
        views::TraceEntry entry;
        entry.title = tr("witness for %1: passes, covers %2 of %3%4")
                          .arg(QString::fromStdString(r.mutant.id))
                          .arg(w.covered)
                          .arg(w.coverable)
                          .arg(w.maximal ? tr(" (maximal)") : QString());
        entry.execution = std::make_shared<const Execution>(*w.execution);
        entry.artNodes.assign(w.execution->steps.size(), -1);
        const std::shared_ptr<const Program> runs = r.mutant.program ? r.mutant.program : r.original;
        // The witness's mutated edges belong to the program searched: the mutant itself,
        // except for a deletion searched with a marker (then the line marks it).
        const bool searchedRuns = !(r.mutant.program && r.mutant.site.operatorName == "del_stmt");
        entry.mark = mutantMark(r, *runs, searchedRuns ? w.mutatedEdges : std::vector<EdgeId>{});
        m_trace->setTraces(runs, {entry});
        m_trace->showTrace(0);
        // The first step through the mutated code: the source view follows to the edit.
        for (int i = 0; i < m_trace->stepCount(); ++i)
            if (m_trace->traceModel()->isMarked(i)) {
                m_trace->setStep(i);
                break;
            }
        m_docks[QStringLiteral("trace")]->raise();
    }
    emit witnessShown();
}

void MainWindow::restoreMutationReport(const nlohmann::json &report) {
    m_mutants->clear();
    m_mutationReport.reset();
    if (report.is_null())
        return;
    try {
        for (const auto &j : report.at("mutants")) {
            views::MutantRow row;
            row.original = m_program;
            row.mutant = mutantSiteFromJson(j);
            MutantOutcome &o = row.outcome;
            const std::string status = j.at("status").get<std::string>();
            for (MutantStatus st : {MutantStatus::Killed, MutantStatus::Survived, MutantStatus::Equivalent,
                                    MutantStatus::Invalid, MutantStatus::Unknown, MutantStatus::NotReached})
                if (status == mutantStatusName(st))
                    o.status = st;
            o.phase = j.value("phase", std::string());
            o.reason = j.value("reason", std::string());
            o.seconds = j.value("seconds", 0.0);
            o.size = j.value("size", nlohmann::json()).is_number() ? j["size"].get<long>() : 0;
            o.bound = j.value("bound", 0u);
            o.exceedsBound = j.value("exceeds_bound", false);
            if (j.contains("counterexample") && j["counterexample"].is_object()) {
                ExecutionInput in;
                in.nondet = j["counterexample"].value("inputs", std::vector<int64_t>{});
                in.uninitialized = j["counterexample"].value("uninitialized", std::vector<int64_t>{});
                row.replay = std::move(in);
            }
            m_mutants->addOutcome(std::move(row));
        }
    } catch (const nlohmann::json::exception &ex) {
        m_mutants->clear();
        m_status->setText(tr("The session's mutation campaign is damaged: %1").arg(QString::fromUtf8(ex.what())));
        return;
    }
    // The harness's mutants, as listed (their failing executions are not replayed).
    try {
        if (const auto &hm = report.value("harness_mutation", nlohmann::json()); hm.is_object()) {
            using O = HarnessMutantResult::Outcome;
            for (const auto &j : hm.at("harness_mutants")) {
                views::HarnessMutantRow row;
                row.original = m_program;
                HarnessMutantResult &r = row.result;
                r.mutant = mutantSiteFromJson(j);
                const std::string outcome = j.at("outcome").get<std::string>();
                for (O o : {O::Invalid, O::RejectsCode, O::Weaker, O::Equal, O::Stronger, O::Unknown})
                    if (outcome == harnessOutcomeName(o))
                        r.outcome = o;
                r.killed = j.value("killed", size_t(0));
                r.checked = j.value("checked", size_t(0));
                r.killRate = j.value("kill_rate", 0.0);
                r.reason = j.value("reason", std::string());
                r.seconds = j.value("seconds", 0.0);
                m_mutants->addHarnessMutant(std::move(row));
            }
            m_mutants->setHarnessKills(hm.value("code_mutants_killed", size_t(0)),
                                       hm.value("code_mutants_checked", size_t(0)));
        }
    } catch (const nlohmann::json::exception &ex) {
        m_status->setText(tr("The session's harness mutation is damaged: %1").arg(QString::fromUtf8(ex.what())));
    }
    m_mutationReport = std::make_shared<const nlohmann::json>(report);
    const auto &s = report.value("summary", nlohmann::json::object());
    m_mutants->setFinished(tr("from the session: %1 mutants, %2 s").arg(s.value("mutants", size_t(0))).arg(s.value("seconds", 0.0), 0, 'f', 1));
}

} // namespace vcov::app
