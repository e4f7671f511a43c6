// The automaton states of an exploration with their Reach scores (paper 000, §5): one row
// per state, sortable, the state the analysis leaves from next marked.
#pragma once

#include "coverage/Exploration.h"

#include <QAbstractTableModel>

#include <memory>

namespace vcov::views {

class ScoresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { State, ArtNodeColumn, Line, Score, Transitions, ToFalse, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; // numbers, for sorting

    explicit ScoresModel(QObject *parent = nullptr);
    void setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot);
    int nextStateRow() const; // the row of the state the next expansion leaves from, or -1
    int artNodeOfRow(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Program> m_program;
    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    int m_next = -1;
};

} // namespace vcov::views
