// The main window: source files in tabs, and docks for the CFA and the diagnostics.
#pragma once

#include "Cfa.h"
#include "coverage/Coverage.h"
#include "frontend/ProgramInputs.h"

#include <QMainWindow>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QMenu;
class QTabWidget;

namespace vcov::views {
class CfaView;
class CoverageLegend;
class DiagnosticsView;
class SourceView;
} // namespace vcov::views

namespace vcov::app {

class ProgramLoader;
class CoverageRunner;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Window geometry and dock layout from the last session; saved again on close.
    // Automated runs (tests, screenshots) leave the user's layout alone.
    void restoreLayout();
    void openInputs(const ProgramInputs &inputs);
    void openPath(const QString &path); // a C file or an SV-COMP task

    std::shared_ptr<const Program> program() const { return m_program; }
    views::CfaView *cfaView() const { return m_cfa; }
    views::DiagnosticsView *diagnosticsView() const { return m_diagnostics; }
    views::SourceView *sourceView(FileId file) const;
    views::SourceView *currentSourceView() const;
    QComboBox *functionSelector() const { return m_functionBox; }
    bool isBusy() const;

    // Verification coverage of the shown program: an analysis on the engine thread, then
    // the measurement; the source views colour their lines when it arrives.
    bool startCoverage(); // false when there is nothing to analyse
    void stopCoverage();
    bool isAnalysing() const;
    std::shared_ptr<const CoverageResult> coverage() const { return m_coverage; }
    // Moves the current source view's cursor to the next line not covered (over-approximated
    // or uncovered); false when there is none.
    bool nextUncovered(bool forward = true);
    QString statusText() const;

public slots:
    void showFunction(vcov::FunctionId function);
    void revealRange(const vcov::SourceRange &range);

signals:
    // The program is shown and the CFA laid out: the window is complete.
    void programShown();
    void coverageShown();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    QString coverageSummary() const;
    void programLoaded(std::shared_ptr<const Program> program, const ProgramInputs &inputs);
    void sourceLineChanged(views::SourceView *view, unsigned line);
    void edgeClicked(EdgeId edge);
    void jumpTo(const QString &file, unsigned line, unsigned column);
    void addRecentFile(const QString &path);
    void updateRecentMenu();
    void openDialog();

    ProgramLoader *m_loader;
    std::shared_ptr<const Program> m_program;
    ProgramInputs m_inputs;
    QTabWidget *m_sources;
    std::vector<views::SourceView *> m_sourceViews; // by FileId (null for files not shown)
    views::CfaView *m_cfa;
    QComboBox *m_functionBox;
    views::DiagnosticsView *m_diagnostics;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_status;
    CoverageRunner *m_runner;
    std::shared_ptr<const CoverageResult> m_coverage;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QProgressBar *m_progress;
    views::CoverageLegend *m_legend;
    std::set<EdgeId> m_pendingHighlight;
    bool m_persistent = false;
    bool m_layoutRestored = false;
};

} // namespace vcov::app
