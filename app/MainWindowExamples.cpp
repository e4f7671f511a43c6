// The main window's bundled examples: File ▸ Open Example and vcov --example NAME.
#include "MainWindow.h"

#include "MutationRunner.h"

#include "MutantsView.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>

namespace vcov::app {

void MainWindow::addExampleMenu(QMenu *file) {
    QMenu *examples = file->addMenu(tr("Open E&xample"));
    for (const BundledExample &e : bundledExamples()) {
        const QString name = e.name;
        examples->addAction(e.title, this, [this, name] {
            QString error;
            if (!openExample(name, &error))
                m_status->setText(tr("Cannot open the example: %1").arg(error));
        });
    }
}

bool MainWindow::openExample(const QString &name, QString *error) {
    const BundledExample *e = bundledExample(name);
    if (!e) {
        if (error)
            *error = tr("no example named '%1'").arg(name);
        return false;
    }
    const QString dir = materializeExample(*e, error);
    if (dir.isEmpty())
        return false;
    ProgramInputs in;
    for (const QString &f : e->files)
        in.frontEnd.files.push_back((dir + QLatin1Char('/') + f).toStdString());
    for (const QString &d : e->defines)
        in.frontEnd.defines.push_back(d.toStdString());
    m_example = *e;
    m_exampleDir = dir;
    // Once shown (programShown), the example's analysis starts: startExample.
    openInputs(in);
    return true;
}

// Called when a program is shown: the pending example's analysis or campaign starts.
void MainWindow::startExample() {
    if (!m_example || !m_program || m_program->diagnostics.hasErrors())
        return;
    const BundledExample e = *m_example;
    if (e.mutate.isEmpty()) {
        // exampleReady once the coverage is shown (finishExample).
        if (!isAnalysing() && !m_coverage && !startCoverage())
            m_example.reset();
        return;
    }
    if (isMutating())
        return;
    MutationRequest request;
    request.options.program = m_inputs.frontEnd;
    request.options.mutate = {(m_exampleDir + QLatin1Char('/') + e.mutate).toStdString()};
    request.options.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer,
                                      Property::DivisionByZero};
    request.size = e.size;
    // The campaign is what the example is about: room for its table, diff and witness.
    resizeDocks({m_docks[QStringLiteral("mutants")]}, {height() / 2}, Qt::Vertical);
    if (!startMutationCampaign(request))
        m_example.reset();
}

// The example's analysis or campaign ended: for a campaign, select the survivor it is about.
void MainWindow::finishExample() {
    if (!m_example)
        return;
    const BundledExample e = *std::exchange(m_example, std::nullopt);
    if (e.mutate.isEmpty()) {
        emit exampleReady();
        return;
    }
    const QString op = e.explain.section(QLatin1Char(':'), 0, 0);
    const unsigned line = e.explain.section(QLatin1Char(':'), 1, 1).toUInt();
    const views::MutantsModel *model = m_mutants->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const views::MutantRow &row = model->row(r);
        if (row.outcome.status == MutantStatus::Survived && row.mutant.site.operatorName == op.toStdString() &&
            row.mutant.site.line == line) {
            m_mutants->select(r);
            m_status->setText(tr("The harness lets this mutant through (%1 deleted): press Explain in the Mutants "
                                 "view to see an execution that passes it")
                                  .arg(QString::fromStdString(row.mutant.site.original)));
            break;
        }
    }
    emit exampleReady();
}

} // namespace vcov::app
