#include "AutomatonView.h"

#include "ArtNodeView.h"
#include "BackgroundLayout.h"

#include "GraphItems.h"
#include "Tint.h"

#include <QMouseEvent>

#include <chrono>

namespace vcov::views {

AutomatonView::AutomatonView(QWidget *parent) : GraphView(parent) {
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Laid>>::finished, this, [this] {
        m_pending = false;
        buildScene(*m_watcher.result());
        emit layoutReady();
        // Throttled re-layout: only the newest snapshot that arrived meanwhile.
        if (m_dirty)
            relayout();
    });
}

AutomatonView::Laid::~Laid() {
    for (QGraphicsItem *item : items)
        delete item;
}

AutomatonView::~AutomatonView() { m_watcher.waitForFinished(); }

void AutomatonView::setProgram(std::shared_ptr<const Program> program) {
    clear();
    m_program = std::move(program);
}

void AutomatonView::clear() {
    m_snapshot.reset();
    m_dirty = false;
    m_fitted = false;
    m_focus = -1;
    m_scene->clear();
    m_items.clear();
    m_index.clear();
    m_shown = {};
    m_highlighted.clear();
}

void AutomatonView::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    // A new exploration, not the next stage of this one (a refinement's cut shrinks the ART
    // too, and keeps the zoom the teacher is at).
    const bool cut = snapshot && snapshot->expansion && snapshot->expansion->refinement;
    if (!m_snapshot || !snapshot || !m_snapshot->art || !snapshot->art ||
        (snapshot->art->nodes.size() < m_snapshot->art->nodes.size() && !cut))
        m_fitted = false;
    m_snapshot = std::move(snapshot);
    relayout();
}

void AutomatonView::setGraph(ExplorationGraph graph) {
    if (graph == m_graph)
        return;
    m_graph = graph;
    m_fitted = false;
    relayout();
}

void AutomatonView::setColouring(Colouring c) {
    m_colouring = c;
    restyle();
}

void AutomatonView::relayout() {
    if (!m_program || !m_snapshot)
        return;
    if (m_pending) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    m_pending = true;
    ExplorationDotOptions o;
    o.graph = m_graph;
    o.maxNodes = m_maxNodes;
    o.focusArtNode = m_focus;
    auto program = m_program;
    auto snapshot = m_snapshot;
    m_watcher.setFuture(
        layOutInBackground([program, snapshot, o, pal = palette()] { return layOut(*program, *snapshot, o, pal); }));
}

std::shared_ptr<AutomatonView::Laid> AutomatonView::layOut(const Program &program, const ExplorationSnapshot &snapshot,
                                                           const ExplorationDotOptions &options, const QPalette &pal) {
    auto t0 = std::chrono::steady_clock::now();
    auto laid = std::make_shared<Laid>();
    laid->graph = explorationToDot(program, snapshot, options);
    const GraphGeometry g = layoutDot(laid->graph.dot, "dot");
    laid->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    laid->error = g.error;
    laid->palette = pal;
    laid->sceneRect = QRectF(-20, -20, g.width + 40, g.height + 40);
    const ExplorationDot &shown = laid->graph;
    for (size_t i = 0; i < shown.nodes.size(); ++i) {
        laid->index[QString::fromStdString(shown.nodes[i].name)] = i;
        laid->maxScore = std::max(laid->maxScore, shown.nodes[i].score);
    }
    for (const auto &n : g.nodes) {
        QString name = QString::fromStdString(n.name);
        auto it = laid->index.find(name);
        if (it == laid->index.end())
            continue;
        const ExplorationDotNode &info = shown.nodes[it->second];
        auto *item = new GraphNodeItem(QString::fromStdString(n.label), n.shape == "box", n.shape == "doublecircle",
                                       QRectF(n.x - n.width / 2, n.y - n.height / 2, n.width, n.height));
        laid->items.push_back(item);
        QString tip = info.artNode >= 0 ? tr("ART node %1").arg(info.artNode) : QString::fromStdString(info.kind == "false" ? "FALSE" : "TRUE");
        if (info.state >= 0)
            tip += tr(", automaton state q%1").arg(info.state);
        if (info.location != NoNode)
            tip += tr("\nN%1, line %2").arg(info.location).arg(program.node(info.location).line);
        tip += tr("\n%1; Reach score %2").arg(QString::fromStdString(info.kind)).arg(info.score);
        if (info.artNode >= 0 && snapshot.art && size_t(info.artNode) < snapshot.art->nodes.size())
            tip += QStringLiteral("\n") + ArtNodeView::nodeText(program, *snapshot.art, info.artNode);
        item->setToolTip(tip);
        item->setData(0, name);
        item->setPalette(pal);
        laid->nodes[name] = item;
    }
    for (const auto &e : g.edges) {
        size_t index = e.id.size() > 1 ? std::stoul(e.id.substr(1)) : shown.edges.size();
        bool coverage = index < shown.edges.size() && shown.edges[index].coverage;
        auto *item = new GraphEdgeItem(e, coverage);
        laid->items.push_back(item);
        if (index < shown.edges.size())
            item->setToolTip(QString::fromStdString(shown.edges[index].label));
        item->setPalette(pal);
    }
    return laid;
}

void AutomatonView::buildScene(Laid &laid) {
    replaceScene();
    m_layoutSeconds = laid.seconds;
    m_shown = std::move(laid.graph);
    m_index = std::move(laid.index);
    m_items = std::move(laid.nodes);
    m_maxScore = laid.maxScore;
    m_error = QString::fromStdString(laid.error);
    if (!laid.error.empty()) {
        m_scene->addText(tr("Graphviz could not lay out this graph:\n%1").arg(m_error));
        return;
    }
    for (QGraphicsItem *item : laid.items)
        m_scene->addItem(item);
    laid.items.clear(); // the scene owns them now
    m_scene->setSceneRect(laid.sceneRect);
    if (laid.palette != palette())
        paletteChanged(); // changed while the layout ran; restyles
    else
        restyle();
    if (!m_fitted) {
        fit();
        m_fitted = true;
        // A large graph fitted whole is a grey smear: keep labels legible around the focus.
        constexpr double MinReadableScale = 0.6;
        if (transform().m11() < MinReadableScale) {
            setTransform(QTransform::fromScale(MinReadableScale, MinReadableScale));
            for (const ExplorationDotNode &n : m_shown.nodes)
                if (n.artNode == m_shown.focusArtNode || (m_graph == ExplorationGraph::Automaton && n.state == m_snapshot->automaton.initialState)) {
                    if (auto it = m_items.find(QString::fromStdString(n.name)); it != m_items.end())
                        centerOn(it->second);
                    break;
                }
        }
    }
    if (m_follow && m_snapshot && m_snapshot->expansion && m_snapshot->expansion->node >= 0) {
        const int node = m_snapshot->expansion->node;
        QString name;
        if (m_graph == ExplorationGraph::Art)
            name = QStringLiteral("n%1").arg(node);
        else if (size_t(node) < m_snapshot->stateOfNode.size() && m_snapshot->stateOfNode[size_t(node)] >= 0)
            name = QStringLiteral("q%1").arg(m_snapshot->stateOfNode[size_t(node)]);
        if (auto it = m_items.find(name); it != m_items.end()) {
            m_highlighted = {name};
            restyle();
            centerOn(it->second);
        }
    }
}

QColor AutomatonView::fillOf(const ExplorationDotNode &n) const {
    const QPalette pal = palette();
    if (n.kind == "false")
        return tint(QColor(0xd0, 0x30, 0x30), pal, 0.45);
    if (n.kind == "true")
        return tint(QColor(0x2e, 0xa0, 0x43), pal, 0.45);
    if (m_colouring == Colouring::ReachHeat) {
        // Heat: from the base colour (nothing left to reach) to orange (the most).
        return tint(QColor(0xf0, 0x70, 0x10), pal, 0.75 * double(n.score) / double(m_maxScore));
    }
    if (n.kind == "waitlist" || n.kind == "frontier")
        return tint(QColor(0xe0, 0xa0, 0x00), pal);
    if (n.kind == "covered")
        return tint(QColor(0x80, 0x80, 0x90), pal, 0.35);
    if (n.kind == "target")
        return tint(QColor(0xd0, 0x30, 0x30), pal, 0.55);
    if (n.kind == "spurious")
        return tint(QColor(0xd0, 0x30, 0x30), pal, 0.2);
    if (n.kind == "failed")
        return tint(QColor(0x90, 0x40, 0xc0), pal, 0.4);
    return pal.color(QPalette::Base);
}

void AutomatonView::restyle() {
    const int nextState = m_snapshot ? m_snapshot->nextState() : AaFalse;
    const int nextNode = m_snapshot ? m_snapshot->nextNode : -1;
    for (auto &[name, item] : m_items) {
        const ExplorationDotNode &info = m_shown.nodes[m_index[name]];
        item->setFill(fillOf(info));
        item->setHighlighted(m_highlighted.count(name) > 0);
        bool next = m_graph == ExplorationGraph::Art ? info.artNode == nextNode && nextNode >= 0
                                                     : info.state == nextState && nextState >= 0;
        item->setEmphasised(next);
    }
}

void AutomatonView::paletteChanged() {
    const QPalette pal = palette();
    for (QGraphicsItem *item : m_scene->items()) {
        if (auto *n = dynamic_cast<GraphNodeItem *>(item))
            n->setPalette(pal);
        else if (auto *e = dynamic_cast<GraphEdgeItem *>(item))
            e->setPalette(pal);
    }
    restyle();
}

size_t AutomatonView::highlightLine(FileLine line) {
    m_highlighted.clear();
    if (m_program) {
        std::set<NodeId> locations;
        for (EdgeId e : m_program->edgesOnLine(line.file, line.line))
            locations.insert(m_program->edge(e).from);
        for (const auto &[name, item] : m_items) {
            const ExplorationDotNode &info = m_shown.nodes[m_index[name]];
            if (info.kind != "false" && info.kind != "true" && locations.count(info.location))
                m_highlighted.insert(name);
        }
    }
    restyle();
    for (const QString &name : m_highlighted) {
        ensureVisible(m_items[name], 40, 40);
        break;
    }
    return m_highlighted.size();
}

void AutomatonView::highlightArtNode(int artNode) {
    m_highlighted.clear();
    if (artNode >= 0 && m_snapshot && m_snapshot->art && size_t(artNode) < m_snapshot->art->nodes.size()) {
        QString name;
        if (m_graph == ExplorationGraph::Art) {
            name = QStringLiteral("n%1").arg(artNode);
        } else {
            int st = size_t(artNode) < m_snapshot->stateOfNode.size() ? m_snapshot->stateOfNode[size_t(artNode)] : AaFalse;
            if (st >= 0)
                name = QStringLiteral("q%1").arg(st);
        }
        if (!name.isEmpty() && !m_items.count(name) && m_shown.totalNodes > m_items.size()) {
            // Not in the neighbourhood on screen: centre the view's cut on it.
            m_focus = artNode;
            relayout();
        }
        if (!name.isEmpty())
            m_highlighted.insert(name);
        if (auto it = m_items.find(name); it != m_items.end())
            centerOn(it->second);
    }
    restyle();
}

std::set<QString> AutomatonView::highlightedNodes() const { return m_highlighted; }

QPointF AutomatonView::nodeCentre(const QString &name) const {
    auto it = m_items.find(name);
    return it == m_items.end() ? QPointF() : it->second->sceneBoundingRect().center();
}

const ExplorationDotNode *AutomatonView::nodeInfo(const QString &name) const {
    auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_shown.nodes[it->second];
}

QString AutomatonView::caption() const {
    if (!m_snapshot)
        return tr("No exploration yet");
    QString what = m_graph == ExplorationGraph::Art ? tr("ART") : tr("assumption automaton");
    if (m_items.size() < m_shown.totalNodes)
        return tr("%1: %2 of %3 nodes, around ART node %4").arg(what).arg(m_items.size()).arg(m_shown.totalNodes).arg(m_shown.focusArtNode);
    return tr("%1: %2 nodes").arg(what).arg(m_items.size());
}

void AutomatonView::mousePressEvent(QMouseEvent *event) {
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem *item : items(event->position().toPoint())) {
            if (auto *node = dynamic_cast<GraphNodeItem *>(item)) {
                QString name = node->data(0).toString();
                const ExplorationDotNode *info = nodeInfo(name);
                m_highlighted = {name};
                restyle();
                if (info)
                    emit nodeClicked(info->artNode, info->location);
                event->accept();
                return;
            }
        }
    }
    GraphView::mousePressEvent(event);
}

} // namespace vcov::views
