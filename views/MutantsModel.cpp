#include "MutantsModel.h"

#include "Tint.h"

#include <QGuiApplication>

namespace vcov::views {

MutantsModel::MutantsModel(QObject *parent) : QAbstractTableModel(parent) {}

void MutantsModel::clear() {
    beginResetModel();
    m_rows.clear();
    m_byId.clear();
    endResetModel();
}

void MutantsModel::setOutcome(MutantRow row) {
    auto it = m_byId.find(row.mutant.id);
    if (it != m_byId.end()) {
        m_rows[size_t(it->second)] = std::move(row);
        emit dataChanged(index(it->second, 0), index(it->second, ColumnCount - 1));
        return;
    }
    int r = int(m_rows.size());
    beginInsertRows({}, r, r);
    m_byId[row.mutant.id] = r;
    m_rows.push_back(std::move(row));
    endInsertRows();
}

int MutantsModel::rowOf(const std::string &id) const {
    auto it = m_byId.find(id);
    return it == m_byId.end() ? -1 : it->second;
}

size_t MutantsModel::count(MutantStatus s) const {
    size_t n = 0;
    for (const auto &r : m_rows)
        n += r.outcome.status == s;
    return n;
}

int MutantsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int MutantsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QColor MutantsModel::statusHue(MutantStatus s) {
    switch (s) {
    case MutantStatus::Killed: return QColor(0x2e, 0xa0, 0x43);
    case MutantStatus::Survived: return QColor(0xd7, 0x3a, 0x49);
    case MutantStatus::Unknown: return QColor(0xe3, 0x9b, 0x1b);
    case MutantStatus::Equivalent:
    case MutantStatus::Invalid:
    case MutantStatus::NotReached: return QColor(0x8a, 0x8a, 0x8a);
    case MutantStatus::Pending: break;
    }
    return {};
}

QVariant MutantsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const MutantRow &r = m_rows[size_t(index.row())];
    const MutationSite &s = r.mutant.site;
    const MutantOutcome &o = r.outcome;
    auto edit = [&] {
        QString original = QString::fromStdString(s.original).simplified();
        if (original.size() > 40)
            original = original.left(39) + QChar(0x2026);
        return original + QStringLiteral(" → ") + (s.replacement.empty() ? tr("(removed)") : QString::fromStdString(s.replacement));
    };
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case Id: return QString::fromStdString(r.mutant.id);
        case Operator: return QString::fromStdString(s.operatorName);
        case Line:
            return role == SortRole ? QVariant(int(s.line) * 1000 + int(s.column))
                                    : QVariant(QStringLiteral("%1:%2").arg(s.line).arg(s.column));
        case Edit: return edit();
        case Status:
            return QString::fromLatin1(mutantStatusName(o.status)) +
                   (o.exceedsBound && role == Qt::DisplayRole ? tr(" (bound)") : QString());
        case Phase: return QString::fromStdString(o.phase);
        case Size: return o.size ? QVariant(qlonglong(o.size)) : QVariant();
        case Seconds: return role == SortRole ? QVariant(o.seconds) : QVariant(QString::number(o.seconds, 'f', 2));
        }
    }
    if (role == Qt::BackgroundRole && index.column() == Status && o.status != MutantStatus::Pending)
        return tint(statusHue(o.status), QGuiApplication::palette());
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("<b>%1</b> %2 at %3:%4<br>%5").arg(QString::fromStdString(r.mutant.id),
                                                                       QString::fromStdString(s.operatorName),
                                                                       QString::fromStdString(r.mutant.file))
                          .arg(s.line)
                          .arg(edit().toHtmlEscaped());
        if (!o.reason.empty())
            tip += QStringLiteral("<br>%1: %2").arg(QString::fromLatin1(mutantStatusName(o.status)),
                                                    QString::fromStdString(o.reason).toHtmlEscaped());
        if (o.counterexample || r.replay)
            tip += tr("<br>Double-click: step through the execution that kills it.");
        return tip;
    }
    if (role == Qt::TextAlignmentRole && (index.column() == Seconds || index.column() == Size))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant MutantsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Mutant");
    case Operator: return tr("Operator");
    case Line: return tr("Line");
    case Edit: return tr("Original → replacement");
    case Status: return tr("Status");
    case Phase: return tr("Decided by");
    case Size: return tr("Size");
    case Seconds: return tr("s");
    }
    return {};
}

} // namespace vcov::views
