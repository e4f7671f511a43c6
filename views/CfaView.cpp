#include "CfaView.h"

#include "BackgroundLayout.h"

#include "GraphItems.h"
#include "formats/CfaDot.h"

#include <QMouseEvent>

namespace vcov::views {

namespace {
constexpr double MinReadableScale = 0.85;
}

CfaView::CfaView(QWidget *parent) : GraphView(parent) {
    connect(&m_watcher, &QFutureWatcher<GraphGeometry>::finished, this, [this] {
        // Only the newest request counts; older layouts are dropped.
        if (m_watcher.property("generation").toInt() != m_generation)
            return;
        m_pending = false;
        buildScene(m_watcher.result());
        emit layoutReady();
    });
}

CfaView::~CfaView() { m_watcher.waitForFinished(); }

void CfaView::clear() {
    ++m_generation;
    m_pending = false;
    m_scene->clear();
    m_nodeItems.clear();
    m_edgeItems.clear();
    m_edgeAnchors.clear();
    m_highlighted.clear();
    m_program.reset();
    m_function = NoFunction;
}

void CfaView::showFunction(std::shared_ptr<const Program> program, FunctionId function) {
    clear();
    m_program = std::move(program);
    m_function = function;
    if (!m_program || function == NoFunction || !m_program->functions[function].hasBody)
        return;
    std::string dot = cfaToDot(*m_program, m_program->functions[function]);
    m_pending = true;
    int generation = m_generation;
    m_watcher.waitForFinished();
    m_watcher.setProperty("generation", generation);
    m_watcher.setFuture(layOutInBackground([dot] { return layoutDot(dot, "dot"); }));
}

void CfaView::buildScene(const GraphGeometry &g) {
    m_scene->clear();
    m_nodeItems.clear();
    m_edgeItems.clear();
    m_edgeAnchors.clear();
    m_error = QString::fromStdString(g.error);
    if (!g.error.empty()) {
        m_scene->addText(tr("Graphviz could not lay out this graph:\n%1").arg(m_error));
        return;
    }
    const QPalette pal = palette();
    for (const auto &n : g.nodes) {
        NodeId id = std::stoi(n.name.substr(1));
        const CfaNode &node = m_program->node(id);
        auto *item = new GraphNodeItem(QString::fromStdString(n.label), n.shape == "box",
                                       n.shape == "doublecircle", QRectF(n.x - n.width / 2, n.y - n.height / 2, n.width, n.height));
        item->setToolTip(tr("N%1, line %2%3").arg(id).arg(node.line).arg(node.loopHead ? tr(", loop head") : QString()));
        item->setData(0, id);
        item->setPalette(pal);
        m_scene->addItem(item);
        m_nodeItems[id] = item;
    }
    for (const auto &e : g.edges) {
        if (e.id.size() < 2)
            continue;
        EdgeId id = std::stoi(e.id.substr(1));
        const CfaEdge &edge = m_program->edge(id);
        auto *item = new GraphEdgeItem(e, edge.kind == EdgeKind::Blank);
        item->setToolTip(QString::fromStdString(edge.text) + tr("\nline %1 (%2)").arg(edge.range.beginLine).arg(edgeKindName(edge.kind)));
        item->setData(0, id);
        item->setPalette(pal);
        m_scene->addItem(item);
        m_edgeItems[id] = item;
        m_edgeAnchors[id] = item->anchor();
    }
    m_scene->setSceneRect(QRectF(-20, -20, g.width + 40, g.height + 40));
    restyle();
    fit();
    // A tall CFA fitted whole is unreadable: keep labels legible and start at the entry.
    if (transform().m11() < MinReadableScale) {
        setTransform(QTransform::fromScale(MinReadableScale, MinReadableScale));
        if (const FunctionCfa &f = m_program->functions[m_function]; m_nodeItems.count(f.entry))
            centerOn(m_nodeItems[f.entry]->sceneBoundingRect().center() + QPointF(0, viewport()->height() / 3.0));
    }
}

void CfaView::restyle() {
    for (auto &[id, item] : m_edgeItems)
        static_cast<GraphEdgeItem *>(item)->setHighlighted(m_highlighted.count(id) > 0);
    std::set<NodeId> nodes;
    if (m_program)
        for (EdgeId e : m_highlighted)
            nodes.insert(m_program->edge(e).from);
    for (auto &[id, item] : m_nodeItems)
        static_cast<GraphNodeItem *>(item)->setHighlighted(nodes.count(id) > 0);
}

void CfaView::highlightEdges(const std::set<EdgeId> &edges) {
    m_highlighted = edges;
    restyle();
    // Bring the first highlighted edge into view.
    for (EdgeId e : edges)
        if (auto it = m_edgeAnchors.find(e); it != m_edgeAnchors.end()) {
            ensureVisible(QRectF(it->second - QPointF(40, 40), QSizeF(80, 80)));
            break;
        }
}

QPointF CfaView::edgeAnchor(EdgeId edge) const {
    auto it = m_edgeAnchors.find(edge);
    return it == m_edgeAnchors.end() ? QPointF() : it->second;
}

void CfaView::paletteChanged() {
    const QPalette pal = palette();
    for (auto &[id, item] : m_nodeItems)
        static_cast<GraphNodeItem *>(item)->setPalette(pal);
    for (auto &[id, item] : m_edgeItems)
        static_cast<GraphEdgeItem *>(item)->setPalette(pal);
}

void CfaView::mousePressEvent(QMouseEvent *event) {
    if (event->button() == Qt::LeftButton) {
        // Edges are thin: accept clicks within a few pixels of the curve or on the label.
        QRect around(event->position().toPoint() - QPoint(4, 4), QSize(9, 9));
        for (QGraphicsItem *item : items(around)) {
            if (auto *edge = dynamic_cast<GraphEdgeItem *>(item)) {
                emit edgeClicked(EdgeId(edge->data(0).toInt()));
                event->accept();
                return;
            }
            if (auto *node = dynamic_cast<GraphNodeItem *>(item)) {
                emit nodeClicked(NodeId(node->data(0).toInt()));
                event->accept();
                return;
            }
        }
    }
    QGraphicsView::mousePressEvent(event);
}

} // namespace vcov::views
