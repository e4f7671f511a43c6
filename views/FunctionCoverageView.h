// The per-function coverage table (sortable); activating a row shows the function.
#pragma once

#include "coverage/Coverage.h"

#include <QTableView>

class QSortFilterProxyModel;

namespace vcov::views {

class FunctionCoverageModel;

class FunctionCoverageView : public QTableView {
    Q_OBJECT
public:
    explicit FunctionCoverageView(QWidget *parent = nullptr);
    void setCoverage(std::vector<FunctionCoverage> rows);
    FunctionCoverageModel *coverageModel() const { return m_model; }

signals:
    void functionActivated(vcov::FunctionId function);

private:
    FunctionCoverageModel *m_model;
    QSortFilterProxyModel *m_proxy;
};

} // namespace vcov::views
