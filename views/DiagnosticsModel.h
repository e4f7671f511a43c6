// Diagnostics as a table: severity, location, message.
#pragma once

#include "Diagnostics.h"

#include <QAbstractTableModel>

namespace vcov::views {

class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, LocationColumn, MessageColumn, ColumnCount };
    explicit DiagnosticsModel(QObject *parent = nullptr);

    void setDiagnostics(const std::vector<Diagnostic> &diagnostics);
    const Diagnostic &diagnostic(int row) const { return m_items.at(size_t(row)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<Diagnostic> m_items;
};

} // namespace vcov::views
