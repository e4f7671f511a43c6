#include "FunctionCoverageView.h"

#include "FunctionCoverageModel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace vcov::views {

FunctionCoverageView::FunctionCoverageView(QWidget *parent)
    : QTableView(parent), m_model(new FunctionCoverageModel(this)), m_proxy(new QSortFilterProxyModel(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(FunctionCoverageModel::SortRole);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(FunctionCoverageModel::Function, Qt::AscendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(this, &QTableView::activated, this, [this](const QModelIndex &index) {
        FunctionId f = m_model->functionOfRow(m_proxy->mapToSource(index).row());
        if (f != NoFunction)
            emit functionActivated(f);
    });
}

void FunctionCoverageView::setCoverage(std::vector<FunctionCoverage> rows) { m_model->setCoverage(std::move(rows)); }

} // namespace vcov::views
