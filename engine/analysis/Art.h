// The abstract reachability tree (DESIGN.md §1): what an ART-based analysis explored,
// as a value that snapshots copy and views read without locks.
#pragma once

#include "Cfa.h"
#include "analysis/AbstractDomain.h"

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

// What is known of a target (a node where the abstraction lets a property fail).
enum class TargetCheck {
    Unchecked,    // not looked at yet
    PathInfeasible, // its tree path is infeasible; the other ART paths to it are decided once the waitlist is empty
    Confirmed,    // a replayed execution violates the property here
    Spurious,     // no execution follows any ART path to it (tree path or through coverings)
    Unconfirmed,  // undecided: a budget, a bound too small, a construct the model checker lacks
};
const char *targetCheckName(TargetCheck c);

struct ArtNode {
    int id = -1;
    NodeId location = NoNode;
    int parent = -1;
    PathMove via;               // the move from the parent (none for the root)
    std::vector<int> children;
    ArtNodeStatus status = ArtNodeStatus::Waitlist;
    int coveredBy = -1;
    bool merged = false;        // Covered because its state was merged into coveredBy's (merge-join)
    bool terminal = false;      // the execution ends here (exit, abort, return from main)
    bool exits = false;         // ... and ends normally: a terminating execution
    TargetCheck check = TargetCheck::Unchecked; // Target only
    std::string message;        // Target: the property; Failed: why
    std::string checkText;      // Target: the check's result in words (why spurious, why unconfirmed)
    int observerState = -1;     // the observer automaton's state, when run in a product
    int expansion = -1;         // the order in which nodes were expanded (teaching mode)
    std::shared_ptr<const AbstractState> state;

    int depth() const { return state ? state->depth() : 0; }
    bool spurious() const { return status == ArtNodeStatus::Target && check == TargetCheck::Spurious; }
};

struct Art {
    std::vector<ArtNode> nodes;

    // The moves from the root to a node.
    std::vector<PathMove> pathTo(int node) const;
    size_t count(ArtNodeStatus s) const;
    // Targets neither confirmed nor proved spurious: nothing may be claimed beyond them.
    size_t unconfirmedTargets() const;
};

} // namespace vcov
