// vcov: the desktop application.
#include "MainWindow.h"
#include "cli/CliOptions.h"

#include "CfaView.h"
#include "MutantsView.h"

#include <QApplication>
#include <QDir>
#include <QTimer>

#include <cstdlib>
#include <iostream>

using namespace vcov;

int main(int argc, char **argv) {
    // --help and --version answer in a terminal without a display: before QApplication.
    const std::string first = argc > 1 ? argv[1] : "";
    if (first == "--version") {
        std::cout << "vcov " << VCOV_VERSION << "\n";
        return 0;
    }
    if (first == "--help" || first == "-h") {
        std::cout << "usage: vcov [FILE.c... | TASK.yml] [-I DIR] [-D NAME[=V]] [--32|--64] [--task T.yml]\n"
                     "            [--compile-commands DB] [--cbmc-proof DIR] [--function NAME] [--run]\n"
                     "            [--quit-when-done] [--time S] [--exec-time S]\n"
                     "            [--screenshot OUT.png] [--example NAME [--explain]] [--trace FILE]\n"
                     "  --example NAME  open a bundled example (File > Open Example) and run it:\n"
                     "                  coverage, or mutation (a campaign on insertion sort and a weak\n"
                     "                  harness, its survivor selected); --explain then shows its witness\n"
                     "  --time S        the analysis's time budget for this run (Analysis > Settings\n"
                     "                  keeps the default), as vcov-cli coverage --time\n"
                     "  --exec-time S   time for generating executions, as vcov-cli coverage --exec-time\n"
                     "  --function NAME the entry function (default main), as CBMC's --function\n"
                     "  --cbmc-proof DIR  open a CBMC proof folder (cbmc-starter-kit Makefile)\n"
                     "  --trace FILE    open a CBMC trace (--json-ui, --xml-ui) or an SV-COMP violation\n"
                     "                  witness for the program (File > Open Trace or Witness)\n";
        return 0;
    }
#ifdef Q_OS_LINUX
    // Qt aborts without a display; say what to do instead.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        std::cerr << "vcov: no display (neither DISPLAY nor WAYLAND_DISPLAY is set). Run it in a desktop session, "
                     "or headless with QT_QPA_PLATFORM=offscreen and --screenshot; vcov-cli runs the same "
                     "analyses in a terminal.\n";
        return 1;
    }
#endif
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("vcov"));
    QApplication::setOrganizationName(QStringLiteral("vcov"));
    QApplication::setApplicationVersion(QStringLiteral(VCOV_VERSION));

    std::vector<std::string> args;
    for (const QString &a : QApplication::arguments().mid(1))
        args.push_back(a.toStdString());
    // --function NAME is the entry, as in vcov-cli and CBMC (its CFA is shown first).
    auto options = cli::parseCliOptions(args, {"screenshot", "example", "trace", "time", "exec-time"},
                                      {"run", "quit-when-done", "explain"});
    if (!options)
        return cli::ExitUsage;
    // A lone .yml argument is a task.
    auto &files = options->inputs.frontEnd.files;
    if (options->inputs.task.empty() && files.size() == 1 && isTaskFile(files.front())) {
        options->inputs.task = files.front();
        files.clear();
    }

    QString screenshot = QString::fromStdString(options->value("screenshot"));
    app::MainWindow window;
    if (screenshot.isEmpty())
        window.restoreLayout();
    // Budgets for this run only (a large driver's first look needs less than the default).
    CoverageOptions budgets = window.coverageOptions();
    for (const auto &[name, seconds] : {std::pair{"time", &budgets.analysis.budget.maxSeconds},
                                        std::pair{"exec-time", &budgets.execSeconds}})
        if (const std::string v = options->value(name); !v.empty()) {
            char *end = nullptr;
            const double s = std::strtod(v.c_str(), &end);
            if (end == v.c_str() || *end || !(s > 0)) {
                std::cerr << "vcov: --" << name << " wants a number of seconds above 0, not '" << v << "'\n";
                return cli::ExitUsage;
            }
            *seconds = s;
        }
    window.setCoverageOptions(budgets);
    window.show();

    bool quit = options->has("quit-when-done");
    std::string function = options->inputs.frontEnd.entry == "main" ? std::string() : options->inputs.frontEnd.entry;
    // With --run the program's coverage is computed first; "done" is when it is shown.
    const bool run = options->has("run");
    // An example says itself when it is done (exampleReady).
    const bool example = !options->value("example").empty();
    auto done = [&window, screenshot, quit] {
        if (!screenshot.isEmpty()) {
            // Let the last layout paint before grabbing.
            QTimer::singleShot(200, &window, [&window, screenshot, quit] {
                if (!window.grab().save(screenshot))
                    std::cerr << "vcov: cannot save " << screenshot.toStdString() << "\n";
                if (quit)
                    QApplication::quit();
            });
        } else if (quit) {
            QApplication::quit();
        }
    };
    QObject::connect(&window, &app::MainWindow::coverageShown, &window, [run, example, done] {
        if (run && !example)
            done();
    });
    std::string traceFile = options->value("trace");
    QObject::connect(&window, &app::MainWindow::traceShown, &window, [done] { done(); });
    QObject::connect(&window, &app::MainWindow::programShown, &window,
                     [&window, run, example, done, function, &traceFile]() mutable {
        if (example)
            return;
        if (!function.empty()) {
            std::string f = std::exchange(function, std::string());
            if (auto p = window.program(); p && p->function(f) && p->function(f)->hasBody &&
                                            window.cfaView()->function() != p->function(f)->id) {
                window.showFunction(p->function(f)->id);
                return; // programShown comes again once laid out
            }
        }
        if (std::string trace = std::exchange(traceFile, std::string()); !trace.empty()) {
            QString error;
            if (window.openTrace(QString::fromStdString(trace), &error))
                return; // done when traceShown comes
            std::cerr << "vcov: " << error.toStdString() << "\n";
        }
        if (run) {
            if (!window.coverage() && !window.isAnalysing() && !window.startCoverage())
                done(); // nothing to analyse: the diagnostics say why
            return;
        }
        done();
    });
    // An example is done when it is ready, or with --explain when its witness is shown.
    const bool explain = options->has("explain");
    QObject::connect(&window, &app::MainWindow::exampleReady, &window, [&window, explain, done] {
        if (explain && window.mutantsView()->selectedRow() >= 0 && window.explainMutant(window.mutantsView()->selectedRow()))
            return;
        done();
    });
    QObject::connect(&window, &app::MainWindow::witnessShown, &window, [explain, done] {
        if (explain)
            done();
    });
    if (example) {
        QString error;
        if (!window.openExample(QString::fromStdString(options->value("example")), &error)) {
            std::cerr << "vcov: " << error.toStdString() << "\n";
            return cli::ExitUsage;
        }
    } else if (!options->inputs.task.empty() || !options->inputs.cbmcProof.empty() || !files.empty())
        window.openInputs(options->inputs);
    else if (quit)
        return 0;
    return app.exec();
}
