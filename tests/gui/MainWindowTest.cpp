// The main window, offscreen: open a real program, compare the CFA view with the engine,
// click an edge, move the source cursor.
#include "MainWindow.h"

#include "CfaView.h"
#include "DiagnosticsModel.h"
#include "DiagnosticsView.h"
#include "SourceView.h"
#include "TraceModel.h"
#include "TraceView.h"

#include "coverage/Coverage.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace vcov;

class MainWindowTest : public QObject {
    Q_OBJECT

private:
    static QString example() { return QStringLiteral(VCOV_SOURCE_DIR "/resources/examples/example.c"); }
    static std::string bench() { return VCOV_SOURCE_DIR "/../shared/bench"; }

    static bool waitShown(app::MainWindow &w, QSignalSpy &spy) {
        return spy.count() > 0 || spy.wait(60000);
    }

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("vcov-tests")); }

    void opensABenchProgramAndMatchesTheEngine() {
        app::MainWindow w;
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        ProgramInputs in;
        std::string dir = bench() + "/harnesses/qsortexample";
        if (!std::filesystem::exists(dir))
            QSKIP("../shared/bench is not beside the checkout");
        in.frontEnd.files = {dir + "/harness.c", dir + "/quicksort.c"};
        in.frontEnd.defines = {"SIZE=3"};
        w.openInputs(in);
        QVERIFY(waitShown(w, shown));
        auto program = w.program();
        QVERIFY(program);
        QVERIFY(!program->diagnostics.hasErrors());
        // The CFA view shows the entry function with every node and edge of the engine's CFA.
        const FunctionCfa &main = program->functions[program->entryFunction];
        QCOMPARE(w.cfaView()->function(), main.id);
        QCOMPARE(w.cfaView()->nodeItemCount(), main.nodes.size());
        QCOMPARE(w.cfaView()->edgeItemCount(), main.edges.size());
        QCOMPARE(w.functionSelector()->count(), int(program->functionsWithBody()));

        // Select partition in the combo box: its CFA replaces main's.
        const FunctionCfa *partition = program->function("partition");
        QVERIFY(partition);
        shown.clear();
        w.showFunction(partition->id);
        QVERIFY(shown.wait(30000));
        QCOMPARE(w.cfaView()->nodeItemCount(), partition->nodes.size());

        // Click an edge: the source selection moves to its range.
        EdgeId target = NoEdge();
        for (EdgeId e : partition->edges)
            if (program->edge(e).text == "a[i] = a[j]")
                target = e;
        QVERIFY(target >= 0);
        const CfaEdge &edge = program->edge(target);
        views::CfaView *view = w.cfaView();
        view->centerOn(view->edgeAnchor(target));
        QTest::qWait(50);
        QPoint at = view->mapFromScene(view->edgeAnchor(target));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        views::SourceView *src = w.currentSourceView();
        QVERIFY(src);
        QCOMPARE(src, w.sourceView(edge.range.file));
        QCOMPARE(src->cursorLine(), edge.range.beginLine);
        QCOMPARE(src->textCursor().selectedText(), QStringLiteral("a[i] = a[j]"));
        QCOMPARE(view->highlightedEdges(), std::set<EdgeId>{target});

        // Move the source cursor to a line of main: main's CFA comes back with that
        // line's edges highlighted.
        const CfaEdge *loop = nullptr;
        for (EdgeId e : main.edges)
            if (program->edge(e).text == "[i < s]")
                loop = &program->edge(e);
        QVERIFY(loop);
        shown.clear();
        views::SourceView *harness = w.sourceView(loop->range.file);
        QVERIFY(harness);
        harness->goToLine(loop->range.beginLine);
        QVERIFY(shown.wait(30000));
        QCOMPARE(w.cfaView()->function(), main.id);
        auto expected = program->edgesOnLine(loop->range.file, loop->range.beginLine);
        QCOMPARE(w.cfaView()->highlightedEdges(), std::set<EdgeId>(expected.begin(), expected.end()));
    }

    void diagnosticsAreListedAndJumpToTheirLine() {
        app::MainWindow w;
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/syntax_error.c"));
        QVERIFY(waitShown(w, shown));
        auto *model = w.diagnosticsView()->diagnosticsModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model->rowCount() >= 1);
        QCOMPARE(model->data(model->index(0, views::DiagnosticsModel::SeverityColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("error"));
        QVERIFY(model->data(model->index(0, views::DiagnosticsModel::LocationColumn), Qt::DisplayRole)
                    .toString()
                    .endsWith(QStringLiteral("syntax_error.c:2:12")));
        // The source is shown even though it does not parse, and a click jumps to the error.
        views::SourceView *src = w.currentSourceView();
        QVERIFY(src);
        QVERIFY(src->toPlainText().contains(QStringLiteral("int x = 1")));
        w.diagnosticsView()->setCurrentIndex(model->index(0, 0));
        emit w.diagnosticsView()->activated(model->index(0, 0));
        QCOMPARE(src->cursorLine(), 2u);
        QCOMPARE(w.cfaView()->nodeItemCount(), size_t(0));
    }

    void sourceViewMarksCoverableLines() {
        app::MainWindow w;
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        w.openPath(example());
        QVERIFY(waitShown(w, shown));
        auto program = w.program();
        views::SourceView *src = w.sourceView(0);
        QVERIFY(src);
        QCOMPARE(src->coverableLines(), program->coverableLines(0));
        QVERIFY(!src->coverableLines().empty());
    }

    void highlightingThemeFollowsThePalette() {
        app::MainWindow w;
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        w.openPath(example());
        QVERIFY(waitShown(w, shown));
        views::SourceView *src = w.sourceView(0);
        QVERIFY(src);
        const QPalette light = QApplication::palette();
        QString lightTheme = src->themeName();
        QPalette dark(QColor(0x31, 0x36, 0x3b), QColor(0x23, 0x26, 0x29)); // button, window
        dark.setColor(QPalette::Base, QColor(0x1b, 0x1e, 0x20));
        dark.setColor(QPalette::Text, QColor(0xfc, 0xfc, 0xfc));
        dark.setColor(QPalette::WindowText, QColor(0xfc, 0xfc, 0xfc));
        dark.setColor(QPalette::ButtonText, QColor(0xfc, 0xfc, 0xfc));
        QApplication::setPalette(dark);
        QCoreApplication::processEvents();
        QString darkTheme = src->themeName();
        QVERIFY2(darkTheme != lightTheme, qPrintable(lightTheme + " / " + darkTheme));
        QVERIFY(darkTheme.contains(QStringLiteral("Dark"), Qt::CaseInsensitive));
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w.grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QStringLiteral("/main-window-dark.png"));
        QApplication::setPalette(light);
    }

    // Run coverage from the window: the engine thread delivers a result, the source view
    // colours every coverable line with the engine's status.
    void runsCoverageAndColoursTheSource() {
        app::MainWindow w;
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(example());
        QVERIFY(waitShown(w, shown));
        QVERIFY(w.startCoverage());
        QVERIFY(w.isAnalysing());
        QVERIFY(covered.wait(120000));
        auto r = w.coverage();
        QVERIFY(r);
        views::SourceView *src = w.sourceView(0);
        QCOMPARE(src->lineStatuses().size(), r->lines.size());
        for (const auto &[line, ex] : r->lines)
            QCOMPARE(int(src->lineStatuses().at(line.line)), int(ex.status));
        QVERIFY(r->count(LineStatus::Covered) > 0);
        // The same budgets in the engine alone give the same lines.
        CoverageOptions o;
        o.analysis.budget.maxNodes = 100'000;
        o.analysis.budget.maxSeconds = 60;
        CoverageResult direct = runCoverage(*w.program(), o);
        QCOMPARE(direct.count(LineStatus::Covered), r->count(LineStatus::Covered));
        QCOMPARE(direct.count(LineStatus::OverApproximated), r->count(LineStatus::OverApproximated));
        // F8 goes to the lines not covered, in order, wrapping around.
        src->goToLine(1);
        std::vector<unsigned> notCovered;
        for (const auto &[line, ex] : r->lines)
            if (ex.status == LineStatus::OverApproximated || ex.status == LineStatus::Uncovered)
                notCovered.push_back(line.line);
        QVERIFY(!notCovered.empty());
        for (unsigned expected : notCovered) {
            QVERIFY(w.nextUncovered());
            QCOMPARE(src->cursorLine(), expected);
        }
        QVERIFY(w.nextUncovered());
        QCOMPARE(src->cursorLine(), notCovered.front());
        QVERIFY(w.nextUncovered(false));
        QCOMPARE(src->cursorLine(), notCovered.back());
        // Moving the cursor relays out the CFA; the coverage summary stays in the status bar.
        QTest::qWait(500);
        QVERIFY2(w.statusText().contains(QStringLiteral("covered")), qPrintable(w.statusText()));
        // Covered and uncovered lines look different, in light and in dark.
        QVERIFY(views::SourceView::statusColor(LineStatus::Covered, src->palette()) !=
                views::SourceView::statusColor(LineStatus::Uncovered, src->palette()));
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w.grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QStringLiteral("/main-window-coverage.png"));
        // In a dark palette the tints follow the dark base colour.
        const QPalette light = QApplication::palette();
        const QColor lightCovered = views::SourceView::statusColor(LineStatus::Covered, src->palette());
        QPalette dark(QColor(0x31, 0x36, 0x3b), QColor(0x23, 0x26, 0x29));
        dark.setColor(QPalette::Base, QColor(0x1b, 0x1e, 0x20));
        dark.setColor(QPalette::Text, QColor(0xfc, 0xfc, 0xfc));
        dark.setColor(QPalette::WindowText, QColor(0xfc, 0xfc, 0xfc));
        QApplication::setPalette(dark);
        QCoreApplication::processEvents();
        const QColor darkCovered = views::SourceView::statusColor(LineStatus::Covered, src->palette());
        QVERIFY(darkCovered.lightness() < 100);
        QVERIFY(darkCovered != lightCovered);
        if (qEnvironmentVariableIsSet("VCOV_SCREENSHOT_DIR"))
            w.grab().save(qEnvironmentVariable("VCOV_SCREENSHOT_DIR") + QStringLiteral("/main-window-coverage-dark.png"));
        QApplication::setPalette(light);
    }

    // Stop during the analysis: a consistent partial result arrives and is shown.
    void stopMidwayLeavesAPartialResult() {
        app::MainWindow w;
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy covered(&w, &app::MainWindow::coverageShown);
        w.openPath(QStringLiteral(VCOV_SOURCE_DIR "/tests/data/coverage/example1.c"));
        QVERIFY(waitShown(w, shown));
        QVERIFY(w.startCoverage());
        QTest::qWait(300); // the 1,000,000-iteration loop keeps the analysis busy
        QVERIFY(w.isAnalysing());
        w.stopCoverage();
        w.stopCoverage(); // the second stop ends the measurement too
        QVERIFY(covered.wait(60000));
        auto r = w.coverage();
        QVERIFY(r);
        QCOMPARE(int(r->analysisStop), int(StopReason::Cancelled));
        QVERIFY(r->count(LineStatus::OverApproximated) > 0);
        QVERIFY(!r->bug);
        QCOMPARE(w.sourceView(0)->lineStatuses().size(), r->lines.size());
    }

    // File > Open Trace or Witness: a real CBMC 6.6 counterexample (tests/data/formats,
    // made by cbmc --json-ui) replays with CBMC's values in their own column; a value CBMC
    // reports differently is flagged, not hidden; a violation witness is validated off the
    // GUI thread and its execution shown; a file of neither kind gets a message.
    void importsCbmcTracesAndWitnesses() {
        app::MainWindow w;
        w.resize(1400, 900);
        w.show();
        QSignalSpy shown(&w, &app::MainWindow::programShown);
        QSignalSpy traced(&w, &app::MainWindow::traceShown);
        const QString dir = QStringLiteral(VCOV_SOURCE_DIR "/tests/data/formats/");
        w.openPath(dir + QStringLiteral("traced.c"));
        QVERIFY(waitShown(w, shown));
        QString error;
        QVERIFY2(w.openTrace(dir + QStringLiteral("traced.cbmc.json"), &error), qPrintable(error));
        QVERIFY(traced.count() > 0 || traced.wait(30000));
        views::TraceModel *m = w.traceView()->traceModel();
        QVERIFY(m->hasPeer());
        QCOMPARE(m->headerData(views::TraceModel::Peer, Qt::Horizontal).toString(), QStringLiteral("CBMC"));
        QCOMPARE(int(m->execution()->ending.kind), int(EndingKind::PropertyViolation));
        int withPeer = 0, flagged = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            QModelIndex i = m->index(r, views::TraceModel::Peer);
            if (!i.data().toString().isEmpty())
                ++withPeer;
            if (r != m->currentStep() && i.data(Qt::BackgroundRole).isValid()) // the current row is tinted too
                ++flagged;
        }
        QVERIFY(withPeer >= 5);
        QCOMPARE(flagged, 0);
        QVERIFY2(w.lastTraceVerdict().contains(QStringLiteral("both fail at")), qPrintable(w.lastTraceVerdict()));
        if (QString shots = qEnvironmentVariable("VCOV_SCREENSHOT_DIR"); !shots.isEmpty())
            w.grab().save(shots + QStringLiteral("/trace-cbmc.png"));

        // The same trace with one value changed (x's last write): the row is flagged.
        QFile in(dir + QStringLiteral("traced.cbmc.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        const int at = text.lastIndexOf("\"data\": \"3\"");
        QVERIFY(at > 0);
        text.replace(at, 11, "\"data\": \"4\"");
        const int bits = text.lastIndexOf("00000000000000000000000000000011", at);
        QVERIFY(bits > 0 && at - bits < 80);
        text.replace(bits, 32, "00000000000000000000000000000100");
        QTemporaryDir tmp;
        QFile out(tmp.filePath(QStringLiteral("tampered.json")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        traced.clear();
        QVERIFY(w.openTrace(out.fileName(), &error));
        QVERIFY(traced.count() > 0 || traced.wait(30000));
        flagged = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            flagged += r != m->currentStep() && m->index(r, views::TraceModel::Peer).data(Qt::BackgroundRole).isValid();
        QCOMPARE(flagged, 1);
        QVERIFY2(w.lastTraceVerdict().contains(QStringLiteral("1 differ")), qPrintable(w.lastTraceVerdict()));

        // vcov's own witness of the bug, validated: confirmed, its execution in the Trace view.
        traced.clear();
        QVERIFY(w.openTrace(dir + QStringLiteral("traced.witness.yml"), &error));
        QVERIFY(traced.wait(60000));
        QVERIFY2(w.lastTraceVerdict().startsWith(QStringLiteral("confirmed")), qPrintable(w.lastTraceVerdict()));
        QVERIFY(!m->hasPeer());
        QCOMPARE(int(m->execution()->ending.kind), int(EndingKind::PropertyViolation));

        // Neither a trace nor a witness: a message, the trace view keeps what it shows.
        QVERIFY(!w.openTrace(dir + QStringLiteral("safe.json"), &error));
        QVERIFY2(error.contains(QStringLiteral("no failed property")), qPrintable(error));
        QCOMPARE(int(m->execution()->ending.kind), int(EndingKind::PropertyViolation));
    }

private:
    static EdgeId NoEdge() { return -1; }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
