// Loops of a function's CFA: natural loops (dominator-based), and where a goto jumps into a
// loop, the loops closed by the retreating edges of a DFS. Which loops contain each node and
// which edges are back edges: the bounded model checker unwinds by these.
#pragma once

#include "Cfa.h"

#include <map>
#include <string>
#include <vector>

namespace vcov {

struct LoopInfo {
    NodeId head = NoNode;
    std::string id;              // "function.k", k counting loop heads in node order (as CBMC's loop ids)
    std::vector<NodeId> body;    // sorted, includes the head
    int parent = -1;             // index of the enclosing loop
    int depth = 0;
};

struct LoopStructure {
    std::vector<LoopInfo> loops;
    std::map<NodeId, std::vector<int>> nest; // node -> loops containing it, outermost first
    std::map<EdgeId, int> backEdges;         // back edge -> its loop
    bool irreducible = false;                // a cycle not entered through a single head (k-induction refuses it)
    NodeId irreducibleAt = NoNode;

    const std::vector<int> &loopsOf(NodeId n) const;
};

LoopStructure computeLoops(const Program &program, const FunctionCfa &function);

} // namespace vcov
