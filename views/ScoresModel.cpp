#include "ScoresModel.h"

#include <QFont>

#include <algorithm>
#include <QPalette>

#include "Tint.h"

namespace vcov::views {

ScoresModel::ScoresModel(QObject *parent) : QAbstractTableModel(parent) {}

void ScoresModel::setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot) {
    beginResetModel();
    m_rows.clear();
    m_next = -1;
    m_total = snapshot ? snapshot->automaton.states.size() : 0;
    if (snapshot) {
        const auto &states = snapshot->automaton.states;
        std::vector<int> order(states.size());
        for (size_t i = 0; i < states.size(); ++i)
            order[i] = int(i);
        auto score = [&](int s) { return snapshot->reach.score(s, states[size_t(s)].location); };
        const int next = snapshot->nextState();
        if (order.size() > MaxRows) {
            std::nth_element(order.begin(), order.begin() + MaxRows, order.end(),
                             [&](int a, int b) { return std::pair(score(a), -a) > std::pair(score(b), -b); });
            order.resize(MaxRows);
            if (next >= 0 && std::find(order.begin(), order.end(), next) == order.end())
                order.push_back(next);
        }
        for (int s : order) {
            const AaState &st = states[size_t(s)];
            int toFalse = 0;
            for (const AaTransition &t : st.out)
                toFalse += t.target == AaFalse;
            if (s == next)
                m_next = int(m_rows.size());
            m_rows.push_back({s, st.artNode, st.location == NoNode ? 0 : program->node(st.location).line, score(s),
                              int(st.out.size()), toFalse});
        }
    }
    endResetModel();
}

int ScoresModel::nextStateRow() const { return m_next; }

int ScoresModel::artNodeOfRow(int row) const { return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].artNode : -1; }

int ScoresModel::stateOfRow(int row) const { return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].state : -1; }

int ScoresModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int ScoresModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ScoresModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    const Row &r = m_rows[size_t(row)];
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
        case State: return r.state;
        case ArtNodeColumn: return r.artNode;
        case Line: return r.line;
        case Score: return r.score;
        case Transitions: return r.transitions;
        case ToFalse: return r.toFalse;
        }
        return 0;
    };
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == State)
            return QStringLiteral("q%1").arg(r.state);
        return number();
    case SortRole:
        return number();
    case Qt::TextAlignmentRole:
        return index.column() == State ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (row == m_next) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (row == m_next)
            return markedRowTint();
        return {};
    case Qt::ToolTipRole:
        if (row == m_next)
            return tr("The analysis expands a successor of this state next");
        return {};
    }
    return {};
}

QVariant ScoresModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case State: return tr("State");
    case ArtNodeColumn: return tr("ART node");
    case Line: return tr("Line");
    case Score: return tr("Reach score");
    case Transitions: return tr("Transitions");
    case ToFalse: return tr("→ FALSE");
    }
    return {};
}

} // namespace vcov::views
