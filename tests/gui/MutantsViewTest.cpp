// The Mutants view on the FDV paper's example: a find-size campaign from the main window,
// live rows with statuses, the survivors per size, the selected mutant's diff, and a
// killed mutant's execution in the Trace view.
#include "MainWindow.h"
#include "MutantsView.h"
#include "MutationRunner.h"
#include "TraceView.h"

#include <QDockWidget>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace vcov;

class MutantsViewTest : public QObject {
    Q_OBJECT

    static void screenshot(QWidget *w, const QString &name) {
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QLatin1Char('/') + name);
    }

private slots:
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
};

QTEST_MAIN(MutantsViewTest)
#include "MutantsViewTest.moc"
