// The main window's mutation campaign: the Mutants dock, its actions, and the way a
// mutant reaches the source and trace views.
#include "MainWindow.h"

#include "MutationCampaignDialog.h"
#include "MutationRunner.h"

#include "MutantsView.h"
#include "SourceView.h"
#include "TraceView.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>

namespace vcov::app {

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
}

void MainWindow::mutationCampaignDialog() {
    if (!m_program || isMutating())
        return;
    MutationCampaignDialog dialog(m_inputs.frontEnd, this);
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

void MainWindow::showMutant(int row) {
    const views::MutantRow &r = m_mutants->model()->row(row);
    if (!m_program)
        return;
    FileId f = m_program->fileId(r.mutant.file);
    if (f < 0)
        return;
    SourceRange range;
    range.file = f;
    range.beginLine = r.mutant.site.line;
    range.beginColumn = r.mutant.site.column;
    range.endLine = r.mutant.site.endLine;
    range.endColumn = r.mutant.site.endColumn;
    revealRange(range);
}

void MainWindow::showMutantExecution(int row) {
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
    m_trace->setTraces(program, {entry});
    m_trace->showTrace(0);
    m_docks[QStringLiteral("trace")]->raise();
}

} // namespace vcov::app
