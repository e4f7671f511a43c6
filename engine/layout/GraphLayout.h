// Graph layout by Graphviz, returned as plain geometry (points, y downwards) that any
// thread may hand to a view. Graphviz's cgraph is not thread-safe: every call is
// serialised behind one lock, so layout can run on a worker thread.
#pragma once

#include <string>
#include <vector>

namespace vcov {

struct LayoutPoint {
    double x = 0, y = 0;
};

struct LayoutNode {
    std::string name; // the DOT node name
    std::string label;
    std::string shape;
    double x = 0, y = 0; // centre
    double width = 0, height = 0;
};

struct LayoutEdge {
    std::string id; // the DOT id attribute (empty when absent)
    std::string tail, head;
    std::string label;
    std::vector<LayoutPoint> points; // cubic Bézier control points: p0, then triples
    bool hasArrow = false;
    LayoutPoint arrowTip;
    LayoutPoint labelPos;
};

struct GraphGeometry {
    double width = 0, height = 0;
    std::vector<LayoutNode> nodes;
    std::vector<LayoutEdge> edges;
    std::string error; // non-empty when Graphviz rejected the graph
};

GraphGeometry layoutDot(const std::string &dot, const std::string &engine = "dot");

} // namespace vcov
