// Coverage per function, as in cbmc-viewer's table: covered / explored / coverable lines.
#pragma once

#include "coverage/Coverage.h"

#include <QAbstractTableModel>

namespace vcov::views {

class FunctionCoverageModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Function, Covered, Explored, Coverable, Unreachable, Percent, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit FunctionCoverageModel(QObject *parent = nullptr);
    void setCoverage(std::vector<FunctionCoverage> rows);
    FunctionId functionOfRow(int row) const;
    const std::vector<FunctionCoverage> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<FunctionCoverage> m_rows;
};

} // namespace vcov::views
