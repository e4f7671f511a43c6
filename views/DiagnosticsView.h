// The diagnostics panel: a table of messages; activating one asks to jump there.
#pragma once

#include "Diagnostics.h"

#include <QTreeView>

namespace vcov::views {

class DiagnosticsModel;

class DiagnosticsView : public QTreeView {
    Q_OBJECT
public:
    explicit DiagnosticsView(QWidget *parent = nullptr);
    void setDiagnostics(const std::vector<Diagnostic> &diagnostics);
    DiagnosticsModel *diagnosticsModel() const { return m_model; }
    // A few rows: the panel is a list to glance at, not the main view.
    QSize sizeHint() const override { return {600, 110}; }

signals:
    void locationActivated(const QString &file, unsigned line, unsigned column);

private:
    DiagnosticsModel *m_model;
};

} // namespace vcov::views
