// The CFA view: one function's control-flow automaton, laid out by Graphviz `dot` on a
// worker thread and drawn in a QGraphicsView (zoom with the wheel, pan by dragging,
// fit on demand). Clicking an edge reports it; edges of a source line can be highlighted.
#pragma once

#include "Cfa.h"
#include "layout/GraphLayout.h"

#include "GraphView.h"

#include <QFutureWatcher>

#include <map>
#include <memory>
#include <set>

namespace vcov::views {

class CfaView : public GraphView {
    Q_OBJECT
public:
    explicit CfaView(QWidget *parent = nullptr);
    ~CfaView() override;

    // Shows `function` of `program`; the layout arrives asynchronously (layoutReady).
    void showFunction(std::shared_ptr<const Program> program, FunctionId function);
    void clear();
    FunctionId function() const { return m_function; }
    bool isLayoutPending() const { return m_pending; }

    void highlightEdges(const std::set<EdgeId> &edges);
    const std::set<EdgeId> &highlightedEdges() const { return m_highlighted; }

    size_t nodeItemCount() const { return m_nodeItems.size(); }
    size_t edgeItemCount() const { return m_edgeItems.size(); }
    // Scene position of an edge's label (or middle), for tests and for centring.
    QPointF edgeAnchor(EdgeId edge) const;
    QString layoutError() const { return m_error; }

signals:
    void edgeClicked(vcov::EdgeId edge);
    void nodeClicked(vcov::NodeId node);
    void layoutReady();

protected:
    void paletteChanged() override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void buildScene(const GraphGeometry &g);
    void restyle();

    std::shared_ptr<const Program> m_program;
    FunctionId m_function = NoFunction;
    QFutureWatcher<GraphGeometry> m_watcher;
    int m_generation = 0;
    bool m_pending = false;
    QString m_error;
    std::map<NodeId, QGraphicsItem *> m_nodeItems;
    std::map<EdgeId, QGraphicsItem *> m_edgeItems;
    std::map<EdgeId, QPointF> m_edgeAnchors;
    std::set<EdgeId> m_highlighted;
};

} // namespace vcov::views
