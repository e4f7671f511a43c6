// Branch goals as a table (the second paper's goals, genhtml's branch view): goal, place,
// condition, which half, status, and the evidence (the covering test, the proof, or why
// it is unknown). The report is replaced as the job runs; rows keep their order.
#pragma once

#include "goals/BranchGoals.h"

#include <QAbstractTableModel>
#include <QColor>

#include <memory>

namespace vcov::views {

class BranchGoalsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Line, Condition, Half, Status, Evidence, ColumnCount };
    static constexpr int StatusRole = Qt::UserRole + 1; // GoalStatus as int, for filters
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit BranchGoalsModel(QObject *parent = nullptr);
    void setReport(std::shared_ptr<const Program> program, GoalReport report);
    void clear();
    const GoalReport &report() const { return m_report; }
    const std::shared_ptr<const Program> &program() const { return m_program; }
    const BranchGoal &goal(int row) const { return m_report.goals[size_t(row)]; }
    // The evidence of a goal in words: "test3 (bmc k=4)", the proof, or the reason.
    QString evidence(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QColor statusHue(GoalStatus s);
    static QString statusText(GoalStatus s);

private:
    std::shared_ptr<const Program> m_program;
    GoalReport m_report;
};

} // namespace vcov::views
