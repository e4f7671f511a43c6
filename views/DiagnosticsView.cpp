#include "DiagnosticsView.h"

#include "DiagnosticsModel.h"

#include <QHeaderView>

namespace vcov::views {

DiagnosticsView::DiagnosticsView(QWidget *parent) : QTreeView(parent), m_model(new DiagnosticsModel(this)) {
    setModel(m_model);
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
    header()->setStretchLastSection(true);
    connect(this, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const Diagnostic &d = m_model->diagnostic(index.row());
        if (!d.file.empty())
            emit locationActivated(QString::fromStdString(d.file), d.line, d.column);
    });
    // A single click jumps as well: the panel is for navigation.
    connect(this, &QTreeView::clicked, this, &QTreeView::activated);
}

void DiagnosticsView::setDiagnostics(const std::vector<Diagnostic> &diagnostics) {
    m_model->setDiagnostics(diagnostics);
    for (int c = 0; c < m_model->columnCount() - 1; ++c)
        resizeColumnToContents(c);
}

} // namespace vcov::views
