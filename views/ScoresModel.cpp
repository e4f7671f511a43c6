#include "ScoresModel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include "Tint.h"

namespace vcov::views {

ScoresModel::ScoresModel(QObject *parent) : QAbstractTableModel(parent) {}

void ScoresModel::setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot) {
    beginResetModel();
    m_program = std::move(program);
    m_snapshot = std::move(snapshot);
    m_next = m_snapshot ? m_snapshot->nextState() : -1;
    endResetModel();
}

int ScoresModel::nextStateRow() const { return m_next; }

int ScoresModel::artNodeOfRow(int row) const {
    return m_snapshot && row >= 0 && size_t(row) < m_snapshot->automaton.states.size()
               ? m_snapshot->automaton.states[size_t(row)].artNode
               : -1;
}

int ScoresModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || !m_snapshot ? 0 : int(m_snapshot->automaton.states.size());
}

int ScoresModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ScoresModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_snapshot)
        return {};
    const int row = index.row();
    const AaState &st = m_snapshot->automaton.states[size_t(row)];
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
        case State: return row;
        case ArtNodeColumn: return st.artNode;
        case Line: return st.location == NoNode ? 0 : m_program->node(st.location).line;
        case Score: return m_snapshot->reach.score(row, st.location);
        case Transitions: return qlonglong(st.out.size());
        case ToFalse: {
            qlonglong n = 0;
            for (const AaTransition &t : st.out)
                n += t.target == AaFalse;
            return n;
        }
        }
        return 0;
    };
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == State)
            return QStringLiteral("q%1").arg(row);
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
            return tint(QGuiApplication::palette().color(QPalette::Highlight), QGuiApplication::palette(), 0.35);
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
