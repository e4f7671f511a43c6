#include "FunctionCoverageModel.h"

namespace vcov::views {

FunctionCoverageModel::FunctionCoverageModel(QObject *parent) : QAbstractTableModel(parent) {}

void FunctionCoverageModel::setCoverage(std::vector<FunctionCoverage> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

FunctionId FunctionCoverageModel::functionOfRow(int row) const {
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].function : NoFunction;
}

int FunctionCoverageModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int FunctionCoverageModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FunctionCoverageModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const FunctionCoverage &c = m_rows[size_t(index.row())];
    // Percent of the lines that can be covered at all (unreachable ones excluded).
    const size_t denominator = c.coverable - c.unreachable;
    const double percent = denominator ? 100.0 * double(c.covered) / double(denominator) : 100.0;
    auto value = [&]() -> QVariant {
        switch (index.column()) {
        case Function: return QString::fromStdString(c.name);
        case Covered: return qulonglong(c.covered);
        case Explored: return qulonglong(c.explored);
        case Coverable: return qulonglong(c.coverable);
        case Unreachable: return qulonglong(c.unreachable);
        case Percent: return percent;
        }
        return {};
    };
    if (role == SortRole)
        return value();
    if (role == Qt::DisplayRole)
        return index.column() == Percent ? QVariant(QStringLiteral("%1 %").arg(percent, 0, 'f', 1)) : value();
    if (role == Qt::TextAlignmentRole && index.column() != Function)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant FunctionCoverageModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Percent)
        return tr("covered of the lines not proved unreachable");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Function: return tr("Function");
    case Covered: return tr("Covered");
    case Explored: return tr("Explored");
    case Coverable: return tr("Coverable");
    case Unreachable: return tr("Unreachable");
    case Percent: return tr("Coverage");
    }
    return {};
}

} // namespace vcov::views
