#include "AssertionsModel.h"

#include "Tint.h"

#include <QFileInfo>
#include <QGuiApplication>

namespace vcov::views {

AssertionsModel::AssertionsModel(QObject *parent) : QAbstractTableModel(parent) {}

void AssertionsModel::setReport(std::shared_ptr<const Program> program, VacuityReport report) {
    beginResetModel();
    m_program = std::move(program);
    m_report = std::move(report);
    endResetModel();
}

void AssertionsModel::clear() { setReport(nullptr, {}); }

QColor AssertionsModel::statusHue(AssertionStatus s) {
    switch (s) {
    case AssertionStatus::Violated: return QColor(0xd0, 0x30, 0x30);     // red, as a violation
    case AssertionStatus::HoldsReached: return QColor(0x2e, 0xa0, 0x43); // green, as covered
    case AssertionStatus::Vacuous: return QColor(0xe0, 0x80, 0x00);      // amber-orange: a warning
    case AssertionStatus::Unknown: break;
    }
    return QColor(0x80, 0x80, 0x90);
}

int AssertionsModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_report.sites.size());
}

int AssertionsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AssertionsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const AssertionSite &s = site(index.row());
    if (role == StatusRole)
        return int(s.status);
    if (role == SortRole) {
        switch (index.column()) {
        case Line: return qlonglong(s.file) << 32 | qlonglong(s.line) << 12 | s.column;
        case Status: return int(s.status);
        default: break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Line: {
            const QString file = m_program && s.file >= 0
                                     ? QFileInfo(QString::fromStdString(m_program->files[size_t(s.file)].path)).fileName()
                                     : QString();
            return QStringLiteral("%1:%2").arg(file).arg(s.line);
        }
        case Assertion: return QString::fromStdString(s.text);
        case Status: return QString::fromLatin1(assertionStatusName(s.status));
        case Evidence: return QString::fromStdString(s.evidence);
        default: break;
        }
    }
    if (role == Qt::ToolTipRole)
        return tr("<code>%1</code> (in %2): <b>%3</b><br>%4")
            .arg(QString::fromStdString(s.text).toHtmlEscaped(), QString::fromStdString(s.function),
                 QString::fromLatin1(assertionStatusName(s.status)), QString::fromStdString(s.evidence).toHtmlEscaped());
    if (role == Qt::BackgroundRole && index.column() == Status)
        return tint(statusHue(s.status), QGuiApplication::palette());
    return {};
}

QVariant AssertionsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Line: return tr("Place");
    case Assertion: return tr("Assertion");
    case Status: return tr("Status");
    case Evidence: return tr("Evidence");
    default: return {};
    }
}

} // namespace vcov::views
