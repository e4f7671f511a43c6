// The selected ART node as the analysis knows it (teaching): status and place, its
// abstract state per call frame (variable = value, or ⊤ for any value), which node covers
// it and why (its state ⊑ the coverer's), and for a target the result of its check
// (confirmed, spurious and why, unconfirmed and why). Links select other nodes.
#pragma once

#include "coverage/Exploration.h"

#include <QTextBrowser>

#include <memory>

namespace vcov::views {

class ArtNodeView : public QTextBrowser {
    Q_OBJECT
public:
    explicit ArtNodeView(QWidget *parent = nullptr);

    void setProgram(std::shared_ptr<const Program> program);
    // Keeps the shown node (if the new ART still has it) and refreshes it.
    void setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot);
    void showNode(int artNode);
    int shownNode() const { return m_node; }

    static QString nodeHtml(const Program &program, const Art &art, int node);
    // The same, as plain text for a graph node's tooltip.
    static QString nodeText(const Program &program, const Art &art, int node);

signals:
    void artNodeActivated(int artNode);

private:
    void refresh();

    std::shared_ptr<const Program> m_program;
    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    int m_node = -1;
};

} // namespace vcov::views
