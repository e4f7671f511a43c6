// The exploration as Graphviz DOT for the automaton view: the assumption automaton (states,
// FALSE and TRUE as separate sinks per transition, so that thousands of edges do not
// converge on one node) or the ART (nodes by status, covered nodes linked to their
// coverer). Large graphs are cut to the neighbourhood of a focus node.
#pragma once

#include "coverage/Exploration.h"

#include <string>
#include <vector>

namespace vcov {

enum class ExplorationGraph { Automaton, Art };

struct ExplorationDotOptions {
    ExplorationGraph graph = ExplorationGraph::Automaton;
    size_t maxNodes = 2000;         // beyond this: the neighbourhood of the focus
    int focusArtNode = -1;          // -1: the node expanded next, else the root
    size_t maxLabelledNodes = 400;  // edge labels only on graphs up to this size
};

struct ExplorationDotNode {
    std::string name;      // the DOT node name
    int artNode = -1;
    int state = AaFalse;   // automaton state (AaFalse / AaTrue for the sinks)
    NodeId location = NoNode;
    std::string kind;      // expanded, waitlist, covered, target, spurious, failed, frontier, false, true
    uint32_t score = 0;    // Reach score
};

struct ExplorationDotEdge {
    std::string label;     // the move's full text
    bool coverage = false; // ART: covered node → its coverer
};

struct ExplorationDot {
    std::string dot;
    std::vector<ExplorationDotNode> nodes;  // by DOT name order
    std::vector<ExplorationDotEdge> edges;  // edge ids are "e<index>"
    size_t totalNodes = 0;                  // before the cut
    int focusArtNode = -1;
};

ExplorationDot explorationToDot(const Program &program, const ExplorationSnapshot &snapshot,
                                const ExplorationDotOptions &options);

} // namespace vcov
