// The automaton states of an exploration with their Reach scores (paper 000, §5): one row
// per state, sortable, the state the analysis leaves from next marked. Large automata keep
// the states with the highest scores (and the next one): a live table of 50,000 rows would
// cost the event loop more than anyone reads.
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
    static constexpr size_t MaxRows = 1000;
    void setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot);
    int nextStateRow() const; // the row of the state the next expansion leaves from, or -1
    int artNodeOfRow(int row) const;
    int stateOfRow(int row) const;
    size_t totalStates() const { return m_total; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int state, artNode;
        unsigned line;
        uint32_t score;
        int transitions, toFalse;
    };
    std::vector<Row> m_rows;
    size_t m_total = 0;
    int m_next = -1; // row
};

} // namespace vcov::views
