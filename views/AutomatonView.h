// The automaton view: the assumption automaton of the exploration, or its ART, laid out by
// Graphviz on a worker thread and drawn in a QGraphicsView. Nodes are coloured by status
// (expanded, frontier → FALSE, covered, target) or by Reach score (heat); FALSE and TRUE
// are boxes of their own colours; the node the analysis takes next has a thick outline.
// While a run goes on, a new snapshot is laid out only when the previous layout is done
// (throttled re-layout); graphs beyond maxNodes show the neighbourhood of the focus.
#pragma once

#include "GraphView.h"
#include "formats/ExplorationDot.h"
#include "layout/GraphLayout.h"

#include <QFutureWatcher>
#include <QPalette>

#include <map>
#include <memory>
#include <set>

namespace vcov::views {

class GraphNodeItem;

class AutomatonView : public GraphView {
    Q_OBJECT
public:
    enum class Colouring { Status, ReachHeat };

    explicit AutomatonView(QWidget *parent = nullptr);
    ~AutomatonView() override;

    void setProgram(std::shared_ptr<const Program> program);
    void setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot);
    std::shared_ptr<const ExplorationSnapshot> snapshot() const { return m_snapshot; }
    void clear();

    void setGraph(ExplorationGraph graph);
    ExplorationGraph graph() const { return m_graph; }
    void setColouring(Colouring c);
    Colouring colouring() const { return m_colouring; }
    void setMaxNodes(size_t n) { m_maxNodes = n; }

    // Highlights the nodes whose location has an edge on the line (selecting a line).
    // Returns how many nodes are highlighted.
    size_t highlightLine(FileLine line);
    // Highlights one ART node (or its automaton state) and centres on it; re-focuses the
    // neighbourhood when it is not shown. -1 clears.
    void highlightArtNode(int artNode);
    std::set<QString> highlightedNodes() const;
    // Follow the step (teaching): after each single step the node it expanded is highlighted
    // and centred, at the zoom the user chose.
    void setFollowStep(bool on) { m_follow = on; }
    bool followsStep() const { return m_follow; }

    bool isLayoutPending() const { return m_pending; }
    size_t nodeItemCount() const { return m_items.size(); }
    size_t totalNodes() const { return m_shown.totalNodes; }
    QString layoutError() const { return m_error; }
    double lastLayoutSeconds() const { return m_layoutSeconds; }
    // Scene centre of a node by its DOT name ("q3", "n17", "f0"); null when not shown.
    QPointF nodeCentre(const QString &name) const;
    const ExplorationDotNode *nodeInfo(const QString &name) const;
    QString caption() const; // what is shown: "412 of 5120 nodes around node 17"

signals:
    // A node was clicked: its ART node (-1 for sinks) and CFA location.
    void nodeClicked(int artNode, vcov::NodeId location);
    void layoutReady();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void paletteChanged() override;

private:
    // A layout with its scene items, made on the worker thread (QGraphicsItems are not
    // QObjects): the GUI thread only adds them to a scene. The items are owned here until
    // a scene takes them.
    struct Laid {
        ExplorationDot graph;
        std::string error; // Graphviz's, when it could not lay the graph out
        QRectF sceneRect;
        double seconds = 0; // DOT and Graphviz, without making the items
        QPalette palette; // the items were given this one
        std::vector<QGraphicsItem *> items;
        std::map<QString, size_t> index;
        std::map<QString, GraphNodeItem *> nodes;
        uint32_t maxScore = 1;
        Laid() = default;
        Laid(const Laid &) = delete;
        Laid &operator=(const Laid &) = delete;
        ~Laid();
    };
    static std::shared_ptr<Laid> layOut(const Program &program, const ExplorationSnapshot &snapshot,
                                        const ExplorationDotOptions &options, const QPalette &palette);
    void relayout();
    void buildScene(Laid &laid);
    void restyle();
    QColor fillOf(const ExplorationDotNode &n) const;

    std::shared_ptr<const Program> m_program;
    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    ExplorationGraph m_graph = ExplorationGraph::Automaton;
    Colouring m_colouring = Colouring::Status;
    size_t m_maxNodes = 2000;
    int m_focus = -1;
    QFutureWatcher<std::shared_ptr<Laid>> m_watcher;
    bool m_pending = false;
    bool m_dirty = false; // a newer snapshot arrived while laying out
    bool m_fitted = false;
    bool m_follow = true;
    double m_layoutSeconds = 0;
    QString m_error;
    ExplorationDot m_shown;
    std::map<QString, size_t> m_index; // DOT name → position in m_shown.nodes
    std::map<QString, GraphNodeItem *> m_items;
    std::set<QString> m_highlighted;
    uint32_t m_maxScore = 1;
};

} // namespace vcov::views
