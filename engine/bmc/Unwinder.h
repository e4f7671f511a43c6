// The unwinder: the CFAs unrolled into an acyclic graph of (node, context) pairs — a
// context is the inlined call stack and the iteration count of every loop around the
// node — with the loops and recursion cut at their bounds.
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"
#include "bmc/Deadline.h"
#include "bmc/LoopStructure.h"

#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace vcov::bmc {

struct UFrame {
    int parent = -1;
    FunctionId function = NoFunction;
    int callerNode = -1; // the unrolled node of the call
    EdgeId callEdge = -1;
};

struct UEdge {
    enum Kind { Cfa, Enter, Leave } kind = Cfa;
    EdgeId edge = -1;
    int target = -1;
    // Taking this edge would exceed the unwinding bound of `loop` (a loop id, or the
    // function whose recursion is cut): the path ends here, with an unwinding assertion.
    bool unwindLimit = false;
    // A call beyond the recursion bound taken as its summary (BmcOptions::summarizedRecursion):
    // a function-local edge from the call to its return site.
    bool summarized = false;
    std::string loop;
    unsigned bound = 1; // how often the edge was taken in this visit of the loop
};

struct UNode {
    NodeId node = NoNode;
    int frame = 0;
    int monitor = 0; // the observer's state (0 without an observer)
    std::vector<uint32_t> counts; // per loop of loopsOf(node) (16 bits wrapped at --unwind 65536)
    std::vector<UEdge> out;
    int indegree = 0;
};

class Unwinder {
public:
    Unwinder(const Program &p, const BmcOptions &o) : P(p), opts(o) {}
    void build();

    std::vector<UNode> nodes;
    std::vector<UFrame> frames;
    std::vector<int> topo;
    Deadline *deadline = nullptr;

private:
    const LoopStructure &loops(FunctionId f);
    int nodeFor(NodeId n, int frame, std::vector<uint32_t> counts, int monitor);
    unsigned boundFor(const LoopInfo &l, FunctionId f) const;
    // Successor of a function-local edge; -1 when the unwinding bound stops it.
    int transition(int from, const CfaEdge &e, UEdge &ue, int monitor);

    const Program &P;
    const BmcOptions &opts;
    std::map<FunctionId, LoopStructure> m_loops;
    std::map<std::tuple<NodeId, int, std::vector<uint32_t>, int>, int> m_index;
    std::deque<int> m_work;
};

} // namespace vcov::bmc
