// The Mutants view (the FDV paper's campaign, Stryker's report): live progress, a sortable
// table with status colours, the selected mutant's edit as a diff of its line, and the
// survivors per size while find-size raises the size. A second tab lists the harness's own
// mutants by outcome (the paper's §II.C).
#pragma once

#include "HarnessMutantsModel.h"
#include "MutantsModel.h"
#include "witness/MutantWitness.h"

#include <QWidget>

class QChart;
class QLabel;
class QLineSeries;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTextEdit;
class QValueAxis;

namespace vcov::views {

class MutantsView : public QWidget {
    Q_OBJECT
public:
    explicit MutantsView(QWidget *parent = nullptr);

    MutantsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    HarnessMutantsModel *harnessModel() const { return m_harnessModel; }
    QTableView *harnessTable() const { return m_harnessTable; }
    QTabWidget *tabs() const { return m_tabs; }
    void clear();
    void setRunning(bool running, const QString &what = {});
    void addOutcome(MutantRow row);
    // find-size: a size done, with its survivors.
    void addSize(long size, size_t checked, size_t killed, size_t survivors);
    void setFinished(const QString &summary);
    // Harness mutation: the kills of the unmutated harness (the bar), then each mutant.
    void setHarnessKills(size_t killed, size_t checked);
    void addHarnessMutant(HarnessMutantRow row);
    void selectHarnessMutant(int modelRow);
    QString progressText() const;
    QString diffText() const;
    size_t sizeCount() const { return m_sizes; }
    void select(int modelRow);
    int selectedRow() const;
    // A witness found for a mutant: its outputs beside the original's, the first
    // difference marked, below the mutant's diff.
    void showWitness(const MutantRow &row, const MutantWitness &witness);

signals:
    // The selected mutant (model row): the main window shows its line.
    void mutantSelected(int row);
    // Double-click on a mutant with an execution: step through it.
    void executionRequested(int row);
    // Explain: find the mutant's witness.
    void explainRequested(int row);
    // The same for the harness's mutants: the selected one, and double-click on one that
    // rejects the correct code (its failing execution).
    void harnessMutantSelected(int row);
    void harnessExecutionRequested(int row);

private:
    void updateProgress();
    void showDiff(int row);
    void showHarnessDiff(int row);
    void updateHarnessTab();

    MutantsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    HarnessMutantsModel *m_harnessModel;
    QSortFilterProxyModel *m_harnessProxy;
    QTableView *m_harnessTable;
    QLabel *m_harnessSummary;
    QTabWidget *m_tabs;
    QSplitter *m_split;
    QLabel *m_progress;
    QTextEdit *m_diff;
    QPushButton *m_explain;
    QChart *m_chart;
    QWidget *m_chartView;
    QLineSeries *m_survivors;
    QValueAxis *m_sizeAxis, *m_countAxis;
    QString m_running, m_summary;
    size_t m_total = 0;
    size_t m_sizes = 0;
};

} // namespace vcov::views
