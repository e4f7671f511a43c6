// The program's assertions and what a verdict of "safe" says of each (vacuity): place, the
// assertion as written, violated / holds, reached / vacuous / unknown, and the evidence — the
// replayed execution, or the proof that nothing reaches it. Listed in the Branch Goals view.
#pragma once

#include "goals/Vacuity.h"

#include <QAbstractTableModel>
#include <QColor>

#include <memory>

namespace vcov::views {

class AssertionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Assertion, Status, Evidence, ColumnCount };
    static constexpr int StatusRole = Qt::UserRole + 1; // AssertionStatus as int
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit AssertionsModel(QObject *parent = nullptr);
    void setReport(std::shared_ptr<const Program> program, VacuityReport report);
    void clear();
    const VacuityReport &report() const { return m_report; }
    const AssertionSite &site(int row) const { return m_report.sites[size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Vacuous is amber, as a warning: the verdict says nothing of that assertion.
    static QColor statusHue(AssertionStatus s);

private:
    std::shared_ptr<const Program> m_program;
    VacuityReport m_report;
};

} // namespace vcov::views
