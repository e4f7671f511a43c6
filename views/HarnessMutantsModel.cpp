#include "HarnessMutantsModel.h"

#include "Tint.h"

namespace vcov::views {

using Outcome = HarnessMutantResult::Outcome;

HarnessMutantsModel::HarnessMutantsModel(QObject *parent) : QAbstractTableModel(parent) {}

void HarnessMutantsModel::clear() {
    beginResetModel();
    m_rows.clear();
    m_harnessKilled = m_harnessChecked = 0;
    endResetModel();
}

void HarnessMutantsModel::add(HarnessMutantRow row) {
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].result.mutant.id == row.result.mutant.id) {
            m_rows[i] = std::move(row);
            emit dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
            return;
        }
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.push_back(std::move(row));
    endInsertRows();
}

size_t HarnessMutantsModel::count(Outcome o) const {
    size_t n = 0;
    for (const auto &r : m_rows)
        n += r.result.outcome == o;
    return n;
}

void HarnessMutantsModel::setHarnessKills(size_t killed, size_t checked) {
    m_harnessKilled = killed;
    m_harnessChecked = checked;
}

// Rejecting the code or killing fewer is what a harness mutant should do (green); killing
// as many or more means the harness did not need what the mutant changed (amber, red).
QColor HarnessMutantsModel::outcomeHue(Outcome o) {
    switch (o) {
    case Outcome::RejectsCode: return QColor(0x2e, 0xa0, 0x43);
    case Outcome::Weaker: return QColor(0x6a, 0xb0, 0x4c);
    case Outcome::Equal: return QColor(0xe3, 0x9b, 0x1b);
    case Outcome::Stronger: return QColor(0xd7, 0x3a, 0x49);
    case Outcome::Invalid:
    case Outcome::Unknown: return QColor(0x8c, 0x8c, 0x8c);
    }
    return {};
}

int HarnessMutantsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int HarnessMutantsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HarnessMutantsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const HarnessMutantResult &r = m_rows[size_t(index.row())].result;
    const MutationSite &s = r.mutant.site;
    const bool rated = r.outcome == Outcome::Weaker || r.outcome == Outcome::Equal || r.outcome == Outcome::Stronger;
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case Id: return QString::fromStdString(r.mutant.id);
        case Operator: return QString::fromStdString(s.operatorName);
        case Line:
            return role == SortRole ? QVariant(int(s.line) * 1000 + int(s.column))
                                    : QVariant(QStringLiteral("%1:%2").arg(s.line).arg(s.column));
        case Edit: {
            QString original = QString::fromStdString(s.original).simplified();
            if (original.size() > 40)
                original = original.left(39) + QChar(0x2026);
            return original + QStringLiteral(" → ") +
                   (s.operatorName == "del_stmt" ? tr("(deleted)") : QString::fromStdString(s.replacement));
        }
        case Result: return QString::fromLatin1(harnessOutcomeName(r.outcome));
        case Kills:
            if (role == SortRole)
                return rated ? QVariant(r.killRate) : QVariant(-1.0);
            return rated ? QVariant(tr("%1 of %2 (%3%)").arg(r.killed).arg(r.checked).arg(100.0 * r.killRate, 0, 'f', 1))
                         : QVariant();
        case Seconds: return role == SortRole ? QVariant(r.seconds) : QVariant(QString::number(r.seconds, 'f', 1));
        }
    }
    if (role == Qt::BackgroundRole && index.column() == Result)
        return tint(outcomeHue(r.outcome), QGuiApplication::palette());
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("<b>%1</b> %2 at %3:%4<br>%5")
                          .arg(QString::fromStdString(r.mutant.id), QString::fromStdString(s.operatorName),
                               QString::fromStdString(r.mutant.file))
                          .arg(s.line)
                          .arg(QString::fromStdString(r.reason).toHtmlEscaped());
        if (r.counterexample)
            tip += tr("<br>Double-click: step through the execution of the correct code that it rejects.");
        return tip;
    }
    if (role == Qt::TextAlignmentRole && (index.column() == Seconds || index.column() == Kills))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant HarnessMutantsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Harness mutant");
    case Operator: return tr("Operator");
    case Line: return tr("Line");
    case Edit: return tr("Original → replacement");
    case Result: return tr("Outcome");
    case Kills: return tr("Code mutants killed");
    case Seconds: return tr("s");
    }
    return {};
}

} // namespace vcov::views
