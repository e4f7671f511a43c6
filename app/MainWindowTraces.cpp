// Traces other tools wrote, in the Trace view: CBMC's counterexamples replayed with CBMC's
// values beside vcov's, SV-COMP violation witnesses validated off the GUI thread.
#include "MainWindow.h"

#include "TraceView.h"
#include "formats/CbmcTrace.h"
#include "formats/ViolationWitness.h"
#include "semantics/Interpreter.h"
#include "witness/WitnessValidation.h"

#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace vcov::app {

namespace {

// A witness is GraphML or YAML; CBMC writes JSON or its own XML.
bool isWitness(const QString &path, const std::string &text) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("graphml") || suffix == QLatin1String("yml") || suffix == QLatin1String("yaml"))
        return true;
    return text.find("<graphml") != std::string::npos;
}

} // namespace

void MainWindow::openTraceDialog() {
    QString path = QFileDialog::getOpenFileName(
        this, tr("Open CBMC Trace or SV-COMP Witness"), QString(),
        tr("Traces and witnesses (*.json *.xml *.graphml *.yml *.yaml);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openTrace(path, &error))
        QMessageBox::warning(this, tr("Open Trace or Witness"), error);
}

bool MainWindow::openTrace(const QString &path, QString *error) {
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const std::shared_ptr<const Program> program = m_program;
    if (!program || program->entryFunction == NoFunction)
        return fail(tr("Open the program the trace belongs to first (it needs a main function)."));
    // A trace is shown in the Trace dock, which the Teaching perspective leaves out.
    if (m_perspective == Perspective::Teaching)
        perspectiveForJob(Perspective::Coverage);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read %1: %2").arg(path, file.errorString()));
    const std::string text = file.readAll().toStdString();
    const QString name = QFileInfo(path).fileName();
    std::string why;

    if (!isWitness(path, text)) {
        auto trace = parseCbmcTrace(text, why);
        if (!trace)
            return fail(tr("%1: %2").arg(name, QString::fromStdString(why)));
        // The replay may run long (up to the interpreter's step limit): off the GUI thread.
        struct Replayed {
            Execution execution;
            TraceAgreement agreement;
            std::vector<std::string> notes;
        };
        statusBar()->showMessage(tr("Replaying CBMC's counterexample %1…").arg(name));
        auto *watcher = new QFutureWatcher<Replayed>(this);
        CbmcTrace cbmc = std::move(*trace);
        connect(watcher, &QFutureWatcher<Replayed>::finished, this, [this, watcher, program, name, cbmc] {
            watcher->deleteLater();
            Replayed r = watcher->result();
            m_traceVerdict = QString::fromStdString(r.agreement.summary);
            if (program != m_program) { // another program was opened meanwhile
                emit traceShown();
                return;
            }
            auto execution = std::make_shared<const Execution>(std::move(r.execution));
            views::TraceEntry entry;
            entry.title = tr("CBMC's counterexample for %1 (%2)").arg(QString::fromStdString(cbmc.property), name);
            entry.execution = execution;
            entry.artNodes.assign(execution->steps.size(), -1);
            entry.peerTool = tr("CBMC");
            entry.peerValues.assign(execution->steps.size(), QString());
            entry.peerDiffers.assign(execution->steps.size(), false);
            for (const TraceAgreement::Row &row : r.agreement.rows)
                if (row.vcovStep >= 0) {
                    entry.peerValues[size_t(row.vcovStep)] = QString::fromStdString(cbmc.steps[row.cbmcStep].value);
                    entry.peerDiffers[size_t(row.vcovStep)] = row.status == TraceAgreement::Status::Differs;
                }
            entry.peerSummary = tr("CBMC's trace: %1").arg(m_traceVerdict);
            for (const std::string &n : r.notes)
                entry.peerSummary += QStringLiteral("\n") + QString::fromStdString(n);
            m_trace->setTraces(program, {entry});
            m_trace->showTrace(0);
            m_docks[QStringLiteral("trace")]->raise();
            // Room for CBMC's column beside vcov's steps.
            resizeDocks({m_docks[QStringLiteral("trace")]}, {width() * 3 / 5}, Qt::Horizontal);
            statusBar()->showMessage(tr("CBMC's trace: %1").arg(m_traceVerdict));
            emit traceShown();
        });
        watcher->setFuture(QtConcurrent::run([program, cbmc] {
            Replayed r;
            ExecutionInput input = inputsFromCbmcTrace(*program, cbmc, r.notes);
            InterpreterOptions io;
            for (Property p : checksOfCbmcFailures(cbmc))
                io.properties.insert(p);
            r.execution = runProgram(*program, input, io);
            r.agreement = compareWithCbmcTrace(*program, r.execution, cbmc);
            return r;
        }));
        return true;
    }

    auto witness = parseViolationWitness(text, why);
    if (!witness)
        return fail(tr("%1: %2").arg(name, QString::fromStdString(why)));
    // The model checker may take a while: the window stays responsive meanwhile.
    statusBar()->showMessage(tr("Validating the witness %1…").arg(name));
    BmcOptions options;
    options.unwind = 10;
    options.timeoutSeconds = 60;
    auto *watcher = new QFutureWatcher<WitnessValidation>(this);
    connect(watcher, &QFutureWatcher<WitnessValidation>::finished, this, [this, watcher, program, name] {
        watcher->deleteLater();
        const WitnessValidation v = watcher->result();
        m_traceVerdict = tr("%1: %2").arg(QString::fromLatin1(witnessVerdictName(v.verdict)),
                                          QString::fromStdString(v.reason));
        statusBar()->showMessage(tr("Witness %1 %2").arg(name, QString::fromLatin1(witnessVerdictName(v.verdict))));
        if (v.execution && program == m_program) {
            views::TraceEntry entry;
            entry.title = tr("the execution that follows %1 (%2)").arg(name, QString::fromLatin1(witnessVerdictName(v.verdict)));
            entry.execution = std::make_shared<const Execution>(*v.execution);
            entry.artNodes.assign(entry.execution->steps.size(), -1);
            entry.peerSummary = tr("Witness %1, %2 of %3 waypoints followed — %4")
                                    .arg(name)
                                    .arg(v.followed)
                                    .arg(v.waypoints)
                                    .arg(m_traceVerdict);
            m_trace->setTraces(program, {entry});
            m_trace->showTrace(0);
            m_docks[QStringLiteral("trace")]->raise();
        } else {
            QMessageBox::information(this, tr("Witness %1").arg(name), m_traceVerdict);
        }
        emit traceShown();
    });
    ViolationWitness w = std::move(*witness);
    std::shared_ptr<std::atomic<bool>> cancel = m_traceCancel;
    watcher->setFuture(QtConcurrent::run([program, w, options, cancel]() mutable {
        options.cancel = cancel.get(); // kept alive by this copy
        return validateWitness(*program, w, options);
    }));
    return true;
}

} // namespace vcov::app
