// The user guide's tutorials (docs/), step by step through the real main window: what each
// tutorial says the window shows is checked here, and with VCOV_SCREENSHOT_DIR set the
// pictures of docs/images are taken at the same steps.
#include "MainWindow.h"

#include "ArtNodeView.h"
#include "AutomatonView.h"
#include "ExplanationView.h"
#include "SourceView.h"
#include "TeachingView.h"

#include "analysis/Art.h"
#include "coverage/Coverage.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QSignalSpy>
#include <QTest>

using namespace vcov;

class TutorialTest : public QObject {
    Q_OBJECT

private:
    static void screenshot(QWidget *w, const QString &name) {
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QLatin1Char('/') + name);
    }

    static bool run(app::MainWindow &w) {
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        return w.startCoverage() && covered.wait(120000) && w.coverage();
    }

    static LineStatus statusOf(const CoverageResult &r, unsigned line) {
        for (const auto &[l, ex] : r.lines)
            if (l.line == line)
                return ex.status;
        return LineStatus::Uncovered;
    }

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("vcov-tests")); }

    // docs/uncovered-line.md on the bundled example: an interrupted run leaves lines
    // uncovered (the budget is named), a complete one leaves two over-approximated, the
    // exact check proves them unreachable.
    void whyIsThisLineUncovered() {
        app::MainWindow w;
        w.resize(1500, 950);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/resources/examples/example.c"));
        QVERIFY(shown.wait(60000));
        views::SourceView *src = w.sourceView(0);

        // 1. A budget of 60 ART nodes: the run stops early.
        CoverageOptions o = w.coverageOptions();
        const CoverageOptions defaults = o;
        o.analysis.budget.maxNodes = 60;
        w.setCoverageOptions(o);
        QVERIFY(run(w));
        auto r = w.coverage();
        QCOMPARE(int(statusOf(*r, 28)), int(LineStatus::Uncovered));
        src->goToLine(1);
        QVERIFY(w.nextUncovered()); // F8: the first line not covered
        QCOMPARE(src->cursorLine(), 11u);
        QVERIFY(w.nextUncovered());
        QCOMPARE(src->cursorLine(), 27u);
        const QString why = w.explanationView()->toPlainText();
        QVERIFY2(why.contains(QStringLiteral("Not reached by the analysis")) && why.contains(QStringLiteral("60 ART nodes")),
                 qPrintable(why));
        QTest::qWait(300);
        screenshot(&w, QStringLiteral("uncovered-1-budget.png"));

        // 2. The default budget: the analysis finishes; x * x < 0 stays over-approximated.
        w.setCoverageOptions(defaults);
        QVERIFY(run(w));
        r = w.coverage();
        QCOMPARE(int(statusOf(*r, 28)), int(LineStatus::OverApproximated));
        QCOMPARE(int(statusOf(*r, 11)), int(LineStatus::OverApproximated));
        QCOMPARE(r->count(LineStatus::Uncovered), size_t(0));
        src->goToLine(28);
        const QString over = w.explanationView()->toPlainText();
        QVERIFY2(over.contains(QStringLiteral("no terminating execution confirms it")), qPrintable(over));
        QTest::qWait(300);
        screenshot(&w, QStringLiteral("uncovered-2-over-approximated.png"));

        // 3. The exact check (Analysis ▸ Settings): both lines proved unreachable.
        o = defaults;
        o.exact = true;
        w.setCoverageOptions(o);
        QVERIFY(run(w));
        r = w.coverage();
        QCOMPARE(int(statusOf(*r, 28)), int(LineStatus::Unreachable));
        QCOMPARE(int(statusOf(*r, 11)), int(LineStatus::Unreachable));
        src->goToLine(28);
        const QString proof = w.explanationView()->toPlainText();
        QVERIFY2(proof.contains(QStringLiteral("Unreachable")) && proof.contains(QStringLiteral("bounded model checking")),
                 qPrintable(proof));
        QTest::qWait(300);
        screenshot(&w, QStringLiteral("uncovered-3-unreachable.png"));
        w.setCoverageOptions(defaults);
    }

    // docs/teaching.md on docs/examples/teaching.c: F10 expands one node at a time; x is ⊤
    // after the nondet call while mode is known; the second branch's join is covered by the
    // first's; the target behind y != 2 is never reached, the one behind x == 42 is.
    void teachingTheValueAnalysis() {
        app::MainWindow w;
        w.resize(1600, 1050);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy explored(&w, &app::MainWindow::explorationShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/docs/examples/teaching.c"));
        QVERIFY(shown.wait(60000));
        auto *graphBox = w.findChild<QComboBox *>(QStringLiteral("graphBox"));
        QVERIFY(graphBox);
        graphBox->setCurrentIndex(1); // the ART
        emit graphBox->activated(1);
        w.dock(QStringLiteral("exploration"))->raise();
        // The picture: the graph and the teaching log tall, the trace row short.
        w.resizeDocks({w.dock(QStringLiteral("trace"))}, {200}, Qt::Vertical);
        w.resizeDocks({w.dock(QStringLiteral("exploration")), w.dock(QStringLiteral("teaching"))}, {520, 300}, Qt::Vertical);
        w.resizeDocks({w.dock(QStringLiteral("exploration"))}, {900}, Qt::Horizontal);
        QStringList texts;
        int covered = -1;
        bool confirmed = false;
        for (int i = 0; i < 80 && !confirmed; ++i) {
            QVERIFY(w.stepAnalysis());
            QVERIFY(explored.wait(30000));
            const QString t = w.teachingView()->lastText();
            texts << t;
            confirmed = t.contains(QStringLiteral("Checked target")) && t.contains(QStringLiteral("confirmed"));
            if (i == 2) {
                QTest::qWait(200);
                screenshot(&w, QStringLiteral("teaching-1-first-steps.png"));
            }
            const auto snapshot = w.automatonView()->snapshot();
            QVERIFY(snapshot && snapshot->art);
            if (covered >= 0)
                continue;
            for (const ArtNode &n : snapshot->art->nodes)
                if (n.status == ArtNodeStatus::Covered)
                    covered = n.id;
            if (covered >= 0) {
                // The covering: the else-branch's state equals the then-branch's.
                w.artNodeView()->showNode(covered);
                const QString state = w.artNodeView()->toPlainText();
                QVERIFY2(state.contains(QStringLiteral("x = \u22a4")) && state.contains(QStringLiteral("mode = 1")) &&
                             state.contains(QStringLiteral("\u2291")),
                         qPrintable(state));
                QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
                if (w.automatonView()->isLayoutPending())
                    QVERIFY(laid.wait(30000));
                w.automatonView()->fit();
                QTest::qWait(200);
                screenshot(&w, QStringLiteral("teaching-2-covered.png"));
            }
        }
        const QString log = texts.join(QLatin1Char('\n'));
        QVERIFY2(covered >= 0, qPrintable(log));
        QVERIFY2(confirmed, qPrintable(log));
        // One target only: y != 2 is decided by the known values, no node is made for it.
        QCOMPARE(log.count(QStringLiteral("Checked target")), 1);
        QSignalSpy laid(w.automatonView(), &views::AutomatonView::layoutReady);
        if (w.automatonView()->isLayoutPending())
            QVERIFY(laid.wait(30000));
        w.automatonView()->fit();
        QTest::qWait(200);
        screenshot(&w, QStringLiteral("teaching-3-target.png"));
        w.stopCoverage();
    }
};

QTEST_MAIN(TutorialTest)
#include "TutorialTest.moc"
