#include "TraceModel.h"

#include <QFont>
#include <QPalette>

#include "Tint.h"

#include <map>

namespace vcov::views {

bool TraceMark::matches(const Program &p, const ExecutionStep &s) const {
    if (edges.count(s.edge))
        return true;
    const SourceRange &r = p.edge(s.edge).range;
    return file >= 0 && r.file == file && r.beginLine == line;
}

TraceModel::TraceModel(QObject *parent) : QAbstractTableModel(parent) {}

void TraceModel::setExecution(std::shared_ptr<const Program> program, std::shared_ptr<const Execution> execution,
                              TraceMark mark) {
    beginResetModel();
    m_program = std::move(program);
    m_execution = std::move(execution);
    m_mark = std::move(mark);
    m_current = -1;
    m_peerTool.clear();
    m_peerValues.clear();
    m_peerDiffers.clear();
    endResetModel();
}

void TraceModel::setPeer(QString tool, std::vector<QString> values, std::vector<bool> differs) {
    m_peerTool = std::move(tool);
    m_peerValues = std::move(values);
    m_peerDiffers = std::move(differs);
    emit headerDataChanged(Qt::Horizontal, Peer, Peer);
    if (rowCount() > 0)
        emit dataChanged(index(0, Peer), index(rowCount() - 1, Peer));
}

void TraceModel::setCurrentStep(int step) {
    int old = m_current;
    m_current = step;
    for (int row : {old, step})
        if (row >= 0 && row < rowCount())
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::FontRole, Qt::BackgroundRole});
}

bool TraceModel::isMarked(int step) const {
    return m_execution && !m_mark.empty() && step >= 0 && size_t(step) < m_execution->steps.size() &&
           m_mark.matches(*m_program, m_execution->steps[size_t(step)]);
}

int TraceModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || !m_execution ? 0 : int(m_execution->steps.size());
}

int TraceModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TraceModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_execution)
        return {};
    const ExecutionStep &s = m_execution->steps[size_t(index.row())];
    const CfaEdge &e = m_program->edge(s.edge);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Index: return index.row() + 1;
        // ◆: the mutated code, as the source view's mark of the edit.
        case Line: return isMarked(index.row()) ? QVariant(QStringLiteral("%1 ◆").arg(e.range.beginLine))
                                                : QVariant(e.range.beginLine);
        case Step: return QString(s.depth * 2, QLatin1Char(' ')) + QString::fromStdString(e.text.empty() ? "(skip)" : e.text);
        case Assigned:
            return s.assigned.empty() ? QString()
                                      : QStringLiteral("%1 = %2").arg(QString::fromStdString(s.assigned), QString::fromStdString(s.value));
        case Input:
            if (!s.nondet)
                return QVariant();
            // Integers stay numbers (they sort as such); a float's input is its text ("0.5").
            return s.nondetText.empty() || s.nondetText == std::to_string(*s.nondet)
                       ? QVariant(qlonglong(*s.nondet))
                       : QVariant(QString::fromStdString(s.nondetText));
        case Peer:
            return size_t(index.row()) < m_peerValues.size() ? QVariant(m_peerValues[size_t(index.row())]) : QVariant();
        }
        return {};
    case Qt::ToolTipRole: {
        // A union's members or a long pointer do not fit the column: the whole write.
        if (index.column() == Assigned && !s.assigned.empty())
            return QStringLiteral("%1 = %2").arg(QString::fromStdString(s.assigned), QString::fromStdString(s.value));
        QString tip = QStringLiteral("%1 (%2)").arg(QString::fromStdString(e.text),
                                                    QString::fromStdString(m_program->functions[size_t(s.function)].name));
        return isMarked(index.row()) ? tip + QStringLiteral("\n") + m_mark.label : tip;
    }
    case Qt::FontRole:
        if (index.column() == Step || index.row() == m_current) {
            QFont f(index.column() == Step ? QStringLiteral("DejaVu Sans Mono") : QString());
            f.setBold(index.row() == m_current);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        // A value the other tool reports differently: never hidden.
        if (index.column() == Peer && size_t(index.row()) < m_peerDiffers.size() && m_peerDiffers[size_t(index.row())])
            return tint(QColor(0xe0, 0x30, 0x30), QGuiApplication::palette());
        if (index.row() == m_current)
            return markedRowTint();
        if (isMarked(index.row()))
            return tint(QColor(0xd0, 0x60, 0x20), QGuiApplication::palette());
        return {};
    }
    return {};
}

QVariant TraceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Index: return tr("#");
    case Line: return tr("Line");
    case Step: return tr("Step");
    case Assigned: return tr("Writes");
    case Input: return tr("Input");
    case Peer: return m_peerTool;
    }
    return {};
}

TraceVariablesModel::TraceVariablesModel(QObject *parent) : QAbstractTableModel(parent) {}

void TraceVariablesModel::show(const Program *program, const Execution *execution, int step) {
    beginResetModel();
    m_rows.clear();
    if (program && execution && step >= 0) {
        std::map<std::pair<QString, QString>, size_t> at; // (function, name) → row
        for (int i = 0; i <= step && size_t(i) < execution->steps.size(); ++i) {
            const ExecutionStep &s = execution->steps[size_t(i)];
            if (s.assigned.empty())
                continue;
            QString name = QString::fromStdString(s.assigned);
            QString function = QString::fromStdString(program->functions[size_t(s.function)].name);
            auto [it, fresh] = at.try_emplace({function, name}, m_rows.size());
            if (fresh)
                m_rows.push_back({name, function, {}, false});
            m_rows[it->second].value = QString::fromStdString(s.value);
            m_rows[it->second].changed = i == step;
        }
    }
    endResetModel();
}

QString TraceVariablesModel::valueOf(const QString &name) const {
    for (const Row &r : m_rows)
        if (r.name == name)
            return r.value;
    return {};
}

bool TraceVariablesModel::changedAt(const QString &name) const {
    for (const Row &r : m_rows)
        if (r.name == name)
            return r.changed;
    return false;
}

int TraceVariablesModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int TraceVariablesModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TraceVariablesModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name: return r.name;
        case Function: return r.function;
        case Value: return r.value;
        }
        return {};
    case Qt::FontRole:
        if (r.changed) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (r.changed)
            return markedRowTint();
        return {};
    }
    return {};
}

QVariant TraceVariablesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Variable");
    case Function: return tr("Function");
    case Value: return tr("Value");
    }
    return {};
}

} // namespace vcov::views
