#include "DiagnosticsModel.h"

#include <QApplication>
#include <QStyle>

namespace vcov::views {

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(const std::vector<Diagnostic> &diagnostics) {
    beginResetModel();
    m_items = diagnostics;
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_items.size()); }

int DiagnosticsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= int(m_items.size()))
        return {};
    const Diagnostic &d = m_items[size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case SeverityColumn: return QString::fromLatin1(severityName(d.severity));
        case LocationColumn: {
            QString s = QString::fromStdString(d.file);
            if (d.line)
                s += QStringLiteral(":%1").arg(d.line);
            if (d.column)
                s += QStringLiteral(":%1").arg(d.column);
            return s;
        }
        case MessageColumn: return QString::fromStdString(d.message);
        }
    }
    if (role == Qt::DecorationRole && index.column() == SeverityColumn) {
        auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                    : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                      : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case LocationColumn: return tr("Location");
    case MessageColumn: return tr("Message");
    }
    return {};
}

} // namespace vcov::views
