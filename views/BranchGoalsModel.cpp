#include "BranchGoalsModel.h"

#include "Tint.h"

#include <QFileInfo>
#include <QGuiApplication>

namespace vcov::views {

BranchGoalsModel::BranchGoalsModel(QObject *parent) : QAbstractTableModel(parent) {}

void BranchGoalsModel::setReport(std::shared_ptr<const Program> program, GoalReport report) {
    const bool sameRows = m_program == program && report.goals.size() == m_report.goals.size();
    if (!sameRows)
        beginResetModel();
    m_program = std::move(program);
    m_report = std::move(report);
    if (sameRows)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    else
        endResetModel();
}

void BranchGoalsModel::clear() {
    beginResetModel();
    m_program.reset();
    m_report = {};
    endResetModel();
}

QColor BranchGoalsModel::statusHue(GoalStatus s) {
    switch (s) {
    case GoalStatus::Covered: return QColor(0x2e, 0xa0, 0x43);     // green, as covered lines
    case GoalStatus::Unreachable: return QColor(0x80, 0x80, 0x90); // grey, as unreachable lines
    case GoalStatus::Unknown: break;
    }
    return QColor(0xe0, 0xa0, 0x00); // amber: not decided
}

QString BranchGoalsModel::statusText(GoalStatus s) { return QString::fromLatin1(goalStatusName(s)); }

QString BranchGoalsModel::evidence(int row) const {
    const BranchGoal &g = goal(row);
    switch (g.status) {
    case GoalStatus::Covered: {
        const GoalTest &t = m_report.tests[size_t(g.test)];
        return QStringLiteral("%1 (%2)").arg(QString::fromStdString(t.id), QString::fromStdString(t.origin));
    }
    case GoalStatus::Unreachable: return QString::fromStdString(g.proof);
    case GoalStatus::Unknown: break;
    }
    return QString::fromStdString(g.reason);
}

int BranchGoalsModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_report.goals.size());
}

int BranchGoalsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BranchGoalsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const BranchGoal &g = goal(index.row());
    if (role == StatusRole)
        return int(g.status);
    if (role == SortRole) {
        switch (index.column()) {
        case Id: return index.row();
        case Line: return qlonglong(g.file) << 32 | qlonglong(g.line) << 12 | g.column;
        case Status: return int(g.status);
        default: break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id: return QString::fromStdString(g.id);
        case Line: {
            const QString file = m_program && g.file >= 0
                                     ? QFileInfo(QString::fromStdString(m_program->files[size_t(g.file)].path)).fileName()
                                     : QString();
            return QStringLiteral("%1:%2:%3").arg(file).arg(g.line).arg(g.column);
        }
        case Condition: return QString::fromStdString(g.condition);
        case Half: return g.polarity ? tr("holds") : tr("fails");
        case Status: return statusText(g.status);
        case Evidence: return evidence(index.row());
        default: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        return tr("<b>%1</b>: <code>%2</code> %3 (in %4)<br>%5")
            .arg(QString::fromStdString(g.id), QString::fromStdString(g.condition).toHtmlEscaped(),
                 g.polarity ? tr("holds") : tr("fails"), QString::fromStdString(g.function),
                 evidence(index.row()).toHtmlEscaped());
    }
    if (role == Qt::BackgroundRole && index.column() == Status)
        return tint(statusHue(g.status), QGuiApplication::palette());
    return {};
}

QVariant BranchGoalsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Goal");
    case Line: return tr("Place");
    case Condition: return tr("Condition");
    case Half: return tr("Half");
    case Status: return tr("Status");
    case Evidence: return tr("Evidence");
    default: return {};
    }
}

} // namespace vcov::views
