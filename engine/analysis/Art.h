// The abstract reachability tree (DESIGN.md §1): what an ART-based analysis explored,
// as a value that snapshots copy and views read without locks.
#pragma once

#include "Cfa.h"
#include "analysis/ValueDomain.h"

#include <memory>
#include <string>
#include <vector>

namespace vcov {

enum class ArtNodeStatus {
    Waitlist, // on the frontier, not expanded yet
    Expanded,
    Covered,  // subsumed by another node's state (the stop operator)
    Target,   // a property violation may happen here
    Failed,   // the analysis could not compute its successors (unsupported operation)
};

const char *artNodeStatusName(ArtNodeStatus s);

struct ArtNode {
    int id = -1;
    NodeId location = NoNode;
    int parent = -1;
    PathMove via;               // the move from the parent (none for the root)
    std::vector<int> children;
    ArtNodeStatus status = ArtNodeStatus::Waitlist;
    int coveredBy = -1;
    bool terminal = false;      // the execution ends here (exit, abort, return from main)
    bool exits = false;         // ... and ends normally: a terminating execution
    bool spurious = false;      // Target whose path no execution follows
    std::string message;        // Target: the property; Failed: why; spurious: the reason
    int observerState = -1;     // the observer automaton's state, when run in a product
    int expansion = -1;         // the order in which nodes were expanded (teaching mode)
    std::shared_ptr<const ValueState> state;

    int depth() const { return state ? state->depth() : 0; }
};

struct Art {
    std::vector<ArtNode> nodes;

    // The moves from the root to a node.
    std::vector<PathMove> pathTo(int node) const;
    size_t count(ArtNodeStatus s) const;
};

} // namespace vcov
