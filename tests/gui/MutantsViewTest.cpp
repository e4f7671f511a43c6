// The Mutants view on the FDV paper's example: a find-size campaign from the main window,
// live rows with statuses, the survivors per size, the selected mutant's diff, and a
// killed mutant's execution in the Trace view.
#include "MainWindow.h"
#include "MutantsView.h"
#include "MutationCampaignDialog.h"
#include "MutationRunner.h"
#include "OpenDialog.h"
#include "TraceView.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <algorithm>

using namespace vcov;
using app::BundledExample;

class MutantsViewTest : public QObject {
    Q_OBJECT

    static void screenshot(QWidget *w, const QString &name) {
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QLatin1Char('/') + name);
    }

private slots:
    // File ▸ Open CBMC Proof: a cbmc-starter-kit folder opens with its harness as the entry;
    // the campaign dialog takes the proof's code under test, bound and checks; the campaign's
    // mutants in a function the harness never calls are "not reached".
    void cbmcProofFromTheMainWindow() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        auto write = [&](const QString &name, const QByteArray &text) {
            QDir().mkpath(QFileInfo(tmp.filePath(name)).path());
            QFile f(tmp.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("src/clamp.c"), "int clamp(int x, int hi) {\n"
                                             "    if (x > hi)\n"
                                             "        return hi;\n"
                                             "    return x;\n"
                                             "}\n"
                                             "int unused(int x) {\n"
                                             "    return x * 2 + 1;\n"
                                             "}\n");
        write(QStringLiteral("proofs/clamp/clamp_harness.c"),
              "int clamp(int x, int hi);\n"
              "void clamp_harness(int x) {\n"
              "    int r = clamp(x, 10);\n"
              "    __CPROVER_assert(r <= 10, \"clamped\");\n"
              "}\n");
        write(QStringLiteral("proofs/clamp/Makefile"), "HARNESS_ENTRY = clamp_harness\n"
                                                       "PROOF_UID = clamp\n"
                                                       "PROOF_SOURCES += $(abspath .)/clamp_harness.c\n"
                                                       "PROJECT_SOURCES += $(abspath ../../src)/clamp.c\n"
                                                       "CBMCFLAGS += --unwind 2\n");
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        w.openCbmcProof(tmp.filePath(QStringLiteral("proofs/clamp")));
        QVERIFY(shown.wait(60000));
        QVERIFY(w.program());
        QCOMPARE(QString::fromStdString(w.program()->functions[size_t(w.program()->entryFunction)].name),
                 QStringLiteral("clamp_harness"));
        const ProgramInputs &resolved = w.resolvedInputs();
        QVERIFY(resolved.proof);
        {
            // Open with Options shows the entry and keeps it (and what it does not show).
            app::OpenDialog dialog;
            dialog.setOptions(resolved.frontEnd);
            dialog.show();
            QCOMPARE(dialog.options().entry, std::string("clamp_harness"));
            QCOMPARE(dialog.options().files, resolved.frontEnd.files);
            QTest::qWait(100);
            screenshot(&dialog, QStringLiteral("open-dialog-entry.png"));
        }
        app::MutationRequest request;
        {
            app::MutationCampaignDialog dialog(resolved);
            dialog.show();
            request = dialog.request();
            QCOMPARE(request.options.mutate.size(), size_t(1)); // the code under test, not the harness
            QVERIFY(QString::fromStdString(request.options.mutate[0]).endsWith(QStringLiteral("src/clamp.c")));
            QCOMPARE(request.options.bmc.unwind, 2u);
            QVERIFY(request.options.bmc.properties.count(Property::Overflow)); // CBMC 6's default checks
            QTest::qWait(100);
            screenshot(&dialog, QStringLiteral("campaign-dialog-cbmc-proof.png"));
        }
        request.options.operators = {"rep_const", "del_stmt"};
        QSignalSpy done(&w, &app::MainWindow::mutationFinished);
        QVERIFY(w.startMutationCampaign(request));
        QVERIFY(done.wait(600000));
        views::MutantsModel *m = w.mutantsView()->model();
        int notReached = 0, reached = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const views::MutantRow &row = m->row(r);
            if (row.mutant.site.function == "unused") {
                QCOMPARE(row.outcome.status, MutantStatus::NotReached);
                ++notReached;
            } else {
                QVERIFY(row.outcome.status != MutantStatus::NotReached && row.outcome.status != MutantStatus::Pending);
                ++reached;
            }
        }
        QVERIFY(notReached > 0 && reached > 0);
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window-cbmc-proof.png"));
    }

    // A harness that assumed too much: the campaign's summary says which assertion no
    // execution reaches (it kills nothing), and the report has them under "assertions".
    void campaignSaysWhenTheHarnessChecksNothing() {
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {VCOV_SOURCE_DIR "/tests/data/vacuity/campaign/harness.c",
                                 VCOV_SOURCE_DIR "/tests/data/vacuity/campaign/clamp.c"};
        w.openInputs(inputs);
        QVERIFY(shown.wait(60000));
        app::MutationRequest request;
        request.options.program = inputs.frontEnd;
        request.options.mutate = {VCOV_SOURCE_DIR "/tests/data/vacuity/campaign/clamp.c"};
        request.options.bmc.unwind = 2;
        request.options.operators = {"del_stmt"};
        QSignalSpy done(&w, &app::MainWindow::mutationFinished);
        QVERIFY(w.startMutationCampaign(request));
        QVERIFY(done.wait(600000));
        const QString text = w.mutantsView()->progressText();
        QVERIFY2(text.contains(QStringLiteral("the harness's assertions: 1 of 2 assertions vacuous: never reached (harness.c:11)")),
                 qPrintable(text));
        QTest::qWait(200);
        screenshot(w.dock(QStringLiteral("mutants")), QStringLiteral("view-mutants-vacuous-harness.png"));
    }

    void findSizeCampaignFromTheMainWindow() {
        const QString q = QStringLiteral(VCOV_SOURCE_DIR "/../shared/bench/harnesses/qsortexample");
        if (!QFileInfo::exists(q + QStringLiteral("/harness.c")))
            QSKIP("the shared benchmarks are not here");
        app::MainWindow w;
        w.resize(1600, 1100);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {(q + QStringLiteral("/harness.c")).toStdString(), (q + QStringLiteral("/quicksort.c")).toStdString()};
        inputs.frontEnd.includeDirs = {q.toStdString()};
        inputs.frontEnd.defines = {"SIZE=3"};
        w.openInputs(inputs);
        QVERIFY(shown.wait(60000));

        app::MutationRequest request;
        request.options.program = inputs.frontEnd;
        request.options.mutate = {inputs.frontEnd.files[1]};
        // Two operators keep the test short; the CLI tests run them all.
        request.options.operators = {"del_stmt", "negate"};
        request.options.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer,
                                          Property::DivisionByZero};
        request.firstSize = 1;
        request.maxSize = 3;
        QSignalSpy done(&w, &app::MainWindow::mutationFinished);
        QVERIFY(w.startMutationCampaign(request));
        QVERIFY(w.isMutating());
        QVERIFY(!w.startMutationCampaign(request)); // one at a time
        // Rows arrive while it runs, and the GUI stays responsive.
        QTRY_VERIFY_WITH_TIMEOUT(w.mutantsView()->model()->rowCount() > 10, 300000);
        QVERIFY(done.wait(300000));
        views::MutantsView *v = w.mutantsView();
        views::MutantsModel *m = v->model();
        QCOMPARE(v->sizeCount(), size_t(3));
        QVERIFY2(v->progressText().contains(QStringLiteral("no mutant-stable size: the size limit 3 was reached")),
                 qPrintable(v->progressText()));
        QVERIFY(w.mutationReport());
        QCOMPARE(size_t(m->rowCount()), (*w.mutationReport())["mutants"].size());
        // The paper's weak harness lets the swap deletion through at size 3.
        int swap = -1, killed = -1;
        for (int r = 0; r < m->rowCount(); ++r) {
            const auto &row = m->row(r);
            QVERIFY(row.outcome.status != MutantStatus::Pending);
            if (row.mutant.site.original == "a[i] = a[j];")
                swap = r;
            if (killed < 0 && row.outcome.counterexample && row.outcome.phase == "interpreter" && row.outcome.size == 3)
                killed = r;
        }
        QVERIFY(swap >= 0);
        QCOMPARE(m->row(swap).outcome.status, MutantStatus::Survived);
        QCOMPARE(m->row(swap).outcome.size, 3L);
        v->select(swap);
        QVERIFY2(v->diffText().contains(QStringLiteral("-       t = a[i]; a[i] = a[j]; a[j] = t;")), qPrintable(v->diffText()));
        QVERIFY(v->findChild<QPushButton *>() && v->findChild<QPushButton *>()->isEnabled());
        QVERIFY2(v->diffText().contains(QStringLiteral("+       t = a[i]; ; a[j] = t;")), qPrintable(v->diffText()));
        QVERIFY2(v->diffText().contains(QStringLiteral("survived (bmc): verified within bound 4")), qPrintable(v->diffText()));
        // Explain: the swap deletion's witness passes and loses a value (the paper's Figure 4).
        QSignalSpy explained(&w, &app::MainWindow::witnessShown);
        QVERIFY(w.explainMutant(swap));
        QVERIFY(explained.wait(120000));
        QVERIFY(w.lastWitness());
        QCOMPARE(w.lastWitness()->status, MutantWitness::Status::Found);
        QVERIFY(w.lastWitness()->replayed);
        QVERIFY2(v->diffText().contains(QStringLiteral("Witness for c4b5ee4c26")), qPrintable(v->diffText()));
        QVERIFY(w.lastWitness()->firstDifferentOutputLine >= 0);
        QVERIFY(w.traceView()->stepCount() > 0);

        // The pictures: the bottom row for the Mutants dock in the window, then the dock alone.
        w.dock(QStringLiteral("trace"))->hide();
        w.dock(QStringLiteral("why"))->hide();
        w.dock(QStringLiteral("mutants"))->raise();
        w.resizeDocks({w.dock(QStringLiteral("mutants"))}, {520}, Qt::Vertical);
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window-mutants.png"));
        QDockWidget *dock = w.dock(QStringLiteral("mutants"));
        dock->setFloating(true);
        dock->resize(1300, 760);
        QTest::qWait(200);
        screenshot(dock, QStringLiteral("view-mutants.png"));
        dock->setFloating(false);
        w.dock(QStringLiteral("trace"))->show();
        w.dock(QStringLiteral("why"))->show();

        // A killed mutant's execution steps in the Trace view.
        QVERIFY(killed >= 0);
        emit v->table()->doubleClicked(v->table()->model()->index(0, 0)); // harmless on any row
        QMetaObject::invokeMethod(v, "executionRequested", Q_ARG(int, killed));
        QVERIFY(w.traceView()->stepCount() > 0);
        w.traceView()->last();
        QVERIFY(w.traceView()->program());

        // A session keeps the campaign: the rows come back, and a killed mutant's
        // execution is replayed from its inputs on the rebuilt mutant.
        const QString session = QDir::temp().filePath(QStringLiteral("vcov-mutants-test.vcov"));
        QString error;
        QVERIFY2(w.saveSession(session, &error), qPrintable(error));
        app::MainWindow again;
        again.resize(1200, 900);
        again.show();
        QSignalSpy restored(&again, &app::MainWindow::sessionShown);
        QVERIFY2(again.openSession(session, &error), qPrintable(error));
        QVERIFY(restored.wait(60000));
        views::MutantsModel *m2 = again.mutantsView()->model();
        QCOMPARE(m2->rowCount(), m->rowCount());
        const int killedAgain = m2->rowOf(m->row(killed).mutant.id);
        QVERIFY(killedAgain >= 0);
        QCOMPARE(m2->row(killedAgain).outcome.status, MutantStatus::Killed);
        QVERIFY(!m2->row(killedAgain).outcome.counterexample && m2->row(killedAgain).replay);
        QMetaObject::invokeMethod(again.mutantsView(), "executionRequested", Q_ARG(int, killedAgain));
        QVERIFY(m2->row(killedAgain).outcome.counterexample);
        QCOMPARE(m2->row(killedAgain).outcome.counterexample->ending.kind, EndingKind::PropertyViolation);
        QCOMPARE(m2->row(killedAgain).outcome.counterexample->output, m->row(killed).outcome.counterexample->output);
        QVERIFY(again.traceView()->stepCount() > 0);
        QFile::remove(session);
    }

    // The bundled example: File ▸ Open Example ▸ Mutant witness runs the campaign and
    // selects the survivor; one click on Explain shows a passing execution through the
    // deleted `a[j + 1] = key;`, its mutated line marked in the Trace view, and its output
    // beside the original's: a "sorted" array that lost a value.
    void bundledExampleExplainsInOneClick() {
        QStandardPaths::setTestModeEnabled(true); // the example's files go to a test directory
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy ready(&w, &app::MainWindow::exampleReady);
        QString error;
        QVERIFY2(w.openExample(QStringLiteral("mutation"), &error), qPrintable(error));
        QVERIFY(ready.wait(300000));
        // The campaign switched to the Mutation perspective: the mutants and the trace.
        QCOMPARE(w.perspective(), app::MainWindow::Perspective::Mutation);
        QVERIFY(w.dock(QStringLiteral("mutants"))->isVisible() && w.dock(QStringLiteral("trace"))->isVisible());
        QVERIFY(!w.dock(QStringLiteral("exploration"))->isVisible() && !w.dock(QStringLiteral("goals"))->isVisible());
        views::MutantsView *v = w.mutantsView();
        const int selected = v->selectedRow();
        QVERIFY(selected >= 0);
        const views::MutantRow &row = v->model()->row(selected);
        QCOMPARE(row.outcome.status, MutantStatus::Survived);
        QCOMPARE(row.mutant.site.original, std::string("a[j + 1] = key;"));
        QVERIFY(!w.isMutating());

        QSignalSpy explained(&w, &app::MainWindow::witnessShown);
        auto *explain = v->findChild<QPushButton *>();
        QVERIFY(explain && explain->isEnabled());
        QTest::mouseClick(explain, Qt::LeftButton);
        QVERIFY(explained.wait(120000));
        const auto witness = w.lastWitness();
        QVERIFY(witness && witness->status == MutantWitness::Status::Found && witness->replayed);
        // The output shows what the harness does not check: not a permutation of ref.
        auto values = [](const std::string &out, const char *name) {
            std::vector<long> v;
            const QRegularExpression re(QStringLiteral("LOG: %1\\[(\\d+)\\] = (-?\\d+)").arg(QLatin1String(name)));
            for (auto it = re.globalMatch(QString::fromStdString(out)); it.hasNext();)
                v.push_back(it.next().captured(2).toLong());
            return v;
        };
        auto ref = values(witness->execution->output, "ref"), a = values(witness->execution->output, "a");
        QCOMPARE(ref.size(), size_t(3));
        QVERIFY(std::is_sorted(a.begin(), a.end()));
        std::sort(ref.begin(), ref.end());
        QVERIFY2(a != ref, "the mutant's array is a permutation of its input");
        QCOMPARE(values(witness->original->output, "a"), ref);
        // The Trace view stands on the mutated line, marked.
        views::TraceView *t = w.traceView();
        QVERIFY(t->stepCount() > 0);
        QVERIFY(t->traceModel()->isMarked(t->step()));
        QVERIFY2(t->traceModel()->data(t->traceModel()->index(t->step(), views::TraceModel::Line)).toString() ==
                     QStringLiteral("14 ◆"),
                 qPrintable(t->traceModel()->data(t->traceModel()->index(t->step(), views::TraceModel::Line)).toString()));
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window-perspective-mutation.png"));
        // The picture: the Trace and Mutants docks side by side, tall enough for the outputs.
        w.dock(QStringLiteral("why"))->hide();
        w.resizeDocks({w.dock(QStringLiteral("mutants"))}, {560}, Qt::Vertical);
        w.resizeDocks({w.dock(QStringLiteral("trace")), w.dock(QStringLiteral("mutants"))}, {700, 900}, Qt::Horizontal);
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("main-window-witness.png"));
        QDockWidget *dock = w.dock(QStringLiteral("mutants"));
        dock->setFloating(true);
        dock->resize(1100, 820);
        QTest::qWait(200);
        screenshot(dock, QStringLiteral("view-witness.png"));
        dock->setFloating(false);
    }

    // Harness mutation in the GUI (§II.C): the Harness mutants tab lists each mutant of the
    // harness by outcome; one that rejects the correct code steps in the Trace view; a
    // session keeps them.
    void harnessMutantsTab() {
        QStandardPaths::setTestModeEnabled(true);
        const BundledExample *example = app::bundledExample(QStringLiteral("mutation"));
        QVERIFY(example);
        const QString dir = app::materializeExample(*example);
        QVERIFY(!dir.isEmpty());
        app::MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs inputs;
        inputs.frontEnd.files = {(dir + QStringLiteral("/mutation/harness.c")).toStdString(),
                                 (dir + QStringLiteral("/mutation/sort.c")).toStdString()};
        w.openInputs(inputs);
        QVERIFY(shown.wait(60000));
        // The dialog's option: on by request, off with find-size (a campaign per size and
        // harness mutant would be too many).
        {
            app::MutationCampaignDialog dialog(inputs);
            dialog.show();
            QCheckBox *harnessBox = nullptr, *findSize = nullptr, *useSize = nullptr;
            for (QCheckBox *box : dialog.findChildren<QCheckBox *>()) {
                if (box->text().startsWith(QStringLiteral("Mutate the harness")))
                    harnessBox = box;
                if (box->text().startsWith(QStringLiteral("Find the mutant-stable size")))
                    findSize = box;
                if (box->text() == QStringLiteral("Define"))
                    useSize = box;
            }
            QVERIFY(harnessBox && findSize && useSize);
            QVERIFY(!dialog.request().mutateHarness);
            harnessBox->setChecked(true);
            QVERIFY(dialog.request().mutateHarness);
            QTest::qWait(100);
            screenshot(&dialog, QStringLiteral("dialog-mutation-campaign.png"));
            useSize->setChecked(true);
            findSize->setChecked(true);
            QVERIFY(!harnessBox->isEnabled());
            QVERIFY(!dialog.request().mutateHarness);
        }
        app::MutationRequest request;
        request.options.program = inputs.frontEnd;
        request.options.mutate = {inputs.frontEnd.files[1]};
        request.options.operators = {"del_stmt"}; // short: the CLI runs every operator
        request.options.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer,
                                          Property::DivisionByZero};
        request.size = 2;
        request.mutateHarness = true;
        QSignalSpy done(&w, &app::MainWindow::mutationFinished);
        QVERIFY(w.startMutationCampaign(request));
        QVERIFY(done.wait(600000));
        views::MutantsView *v = w.mutantsView();
        views::HarnessMutantsModel *h = v->harnessModel();
        QVERIFY(v->model()->rowCount() > 0);
        QVERIFY(h->rowCount() > 3);
        using O = HarnessMutantResult::Outcome;
        // Deleting the call of the sort leaves unsorted arrays: the correct code is rejected,
        // with its failing execution; deleting the copy into ref changes no verdict.
        int rejects = -1, copy = -1;
        for (int r = 0; r < h->rowCount(); ++r) {
            const HarnessMutantResult &res = h->row(r).result;
            QVERIFY(res.outcome != O::Unknown);
            if (res.mutant.site.original.rfind("insertionSort(a, SIZE)", 0) == 0)
                rejects = r;
            if (res.mutant.site.original == "ref[i] = a[i];")
                copy = r;
        }
        QVERIFY(rejects >= 0 && copy >= 0);
        QCOMPARE(h->row(rejects).result.outcome, O::RejectsCode);
        QVERIFY(h->row(rejects).result.counterexample && h->row(rejects).result.program);
        QCOMPARE(h->row(copy).result.outcome, O::Equal);
        QCOMPARE(h->harnessKilled(), v->model()->count(MutantStatus::Killed));
        v->selectHarnessMutant(rejects);
        QVERIFY2(v->diffText().contains(QStringLiteral("rejects the code")), qPrintable(v->diffText()));
        QMetaObject::invokeMethod(v, "harnessExecutionRequested", Q_ARG(int, rejects));
        views::TraceView *t = w.traceView();
        QVERIFY(t->stepCount() > 0);
        QCOMPARE(t->traceModel()->execution()->ending.kind, EndingKind::PropertyViolation);
        // The deleted call leaves no step to mark: the execution goes straight to the checks.
        for (int i = 0; i < t->stepCount(); ++i)
            QVERIFY(!t->traceModel()->isMarked(i));
        QVERIFY(w.mutationReport() && w.mutationReport()->contains("harness_mutation"));
        w.dock(QStringLiteral("mutants"))->raise();
        w.resizeDocks({w.dock(QStringLiteral("mutants"))}, {520}, Qt::Vertical);
        QTest::qWait(200);
        QDockWidget *dock = w.dock(QStringLiteral("mutants"));
        dock->setFloating(true);
        dock->resize(1300, 700);
        QTest::qWait(200);
        screenshot(dock, QStringLiteral("view-harness-mutants.png"));
        dock->setFloating(false);

        const QString session = QDir::temp().filePath(QStringLiteral("vcov-harness-mutants-test.vcov"));
        QString error;
        QVERIFY2(w.saveSession(session, &error), qPrintable(error));
        app::MainWindow again;
        QSignalSpy restored(&again, &app::MainWindow::sessionShown);
        QVERIFY2(again.openSession(session, &error), qPrintable(error));
        QVERIFY(restored.wait(60000));
        QCOMPARE(again.mutantsView()->harnessModel()->rowCount(), h->rowCount());
        QCOMPARE(again.mutantsView()->harnessModel()->count(O::Equal), h->count(O::Equal));
        QCOMPARE(again.mutantsView()->harnessModel()->harnessChecked(), h->harnessChecked());
        QFile::remove(session);
    }
};

QTEST_MAIN(MutantsViewTest)
#include "MutantsViewTest.moc"
