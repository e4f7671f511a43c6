// The Branch Goals view: live progress (goals left, k, time), a sortable table filtered by
// status, and the selected goal's evidence in words. Activating a covered goal asks for its
// test in the Trace view; the source view's gutter shows each branch's two halves. Below the
// goals, the program's assertions and what "safe" says of each (vacuity).
#pragma once

#include "AssertionsModel.h"
#include "BranchGoalsModel.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace vcov::views {

class BranchGoalsView : public QWidget {
    Q_OBJECT
public:
    explicit BranchGoalsView(QWidget *parent = nullptr);

    BranchGoalsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QComboBox *filter() const { return m_filter; }
    void setReport(std::shared_ptr<const Program> program, GoalReport report);
    void setProgress(const GoalProgress &progress, bool running);
    void clear();
    // The model row of the selected goal; -1 for none.
    int selectedGoal() const;
    void selectGoal(int row);
    QString detailText() const;

    // The assertions (vacuity): hidden while there is no report.
    void setAssertions(std::shared_ptr<const Program> program, VacuityReport report);
    AssertionsModel *assertions() const { return m_assertions; }
    QTableView *assertionTable() const { return m_assertionTable; }
    QString assertionSummaryText() const;
    void selectAssertion(int row);

signals:
    void goalSelected(int row);
    void goalActivated(int row); // double-click or Enter: a covered goal's test to the trace
    void assertionSelected(int row);
    void assertionActivated(int row); // its execution (reached or violated) to the trace

private:
    void updateSummary();
    void updateDetail();
    void updateAssertionDetail();

    BranchGoalsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_filter;
    QLabel *m_summary, *m_progress, *m_detail;
    AssertionsModel *m_assertions;
    QSortFilterProxyModel *m_assertionProxy;
    QTableView *m_assertionTable;
    QLabel *m_assertionSummary;
    QWidget *m_assertionPane;
    QSplitter *m_split;
};

} // namespace vcov::views
