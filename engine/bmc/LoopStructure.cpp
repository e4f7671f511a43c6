#include "bmc/LoopStructure.h"

#include <algorithm>
#include <set>

namespace vcov {

const std::vector<int> &LoopStructure::loopsOf(NodeId n) const {
    static const std::vector<int> none;
    auto it = nest.find(n);
    return it == nest.end() ? none : it->second;
}

LoopStructure computeLoops(const Program &p, const FunctionCfa &f) {
    LoopStructure out;
    // Reverse postorder from the entry.
    std::vector<NodeId> order;
    std::map<NodeId, int> state;
    std::vector<std::pair<NodeId, size_t>> stack{{f.entry, 0}};
    state[f.entry] = 1;
    std::vector<std::pair<EdgeId, bool>> retreating; // edges to a node on the DFS stack
    while (!stack.empty()) {
        auto &[n, i] = stack.back();
        const auto &outs = p.node(n).out;
        if (i < outs.size()) {
            EdgeId e = outs[i++];
            NodeId to = p.edge(e).to;
            if (state[to] == 0) {
                state[to] = 1;
                stack.push_back({to, 0});
            } else if (state[to] == 1) {
                retreating.push_back({e, true});
            }
        } else {
            state[n] = 2;
            order.push_back(n);
            stack.pop_back();
        }
    }
    std::reverse(order.begin(), order.end());
    std::map<NodeId, size_t> rpo;
    for (size_t i = 0; i < order.size(); ++i)
        rpo[order[i]] = i;
    // Dominators (Cooper, Harvey, Kennedy).
    std::map<NodeId, NodeId> idom;
    idom[f.entry] = f.entry;
    auto intersect = [&](NodeId a, NodeId b) {
        while (a != b) {
            while (rpo[a] > rpo[b])
                a = idom[a];
            while (rpo[b] > rpo[a])
                b = idom[b];
        }
        return a;
    };
    bool changed = true;
    while (changed) {
        changed = false;
        for (NodeId n : order) {
            if (n == f.entry)
                continue;
            NodeId newIdom = NoNode;
            for (EdgeId e : p.node(n).in) {
                NodeId pred = p.edge(e).from;
                if (!idom.count(pred) || !rpo.count(pred))
                    continue;
                newIdom = newIdom == NoNode ? pred : intersect(pred, newIdom);
            }
            if (newIdom != NoNode && (!idom.count(n) || idom[n] != newIdom)) {
                idom[n] = newIdom;
                changed = true;
            }
        }
    }
    auto dominates = [&](NodeId a, NodeId b) {
        while (true) {
            if (a == b)
                return true;
            if (b == f.entry || !idom.count(b))
                return false;
            b = idom[b];
        }
    };
    // The reachable nodes `seen` grows by from `start`, along edges forward or backward.
    auto walk = [&](std::set<NodeId> &seen, NodeId start, bool forward) {
        std::vector<NodeId> work{start};
        while (!work.empty()) {
            NodeId n = work.back();
            work.pop_back();
            if (!seen.insert(n).second)
                continue;
            for (EdgeId e : forward ? p.node(n).out : p.node(n).in) {
                const NodeId next = forward ? p.edge(e).to : p.edge(e).from;
                if (rpo.count(next))
                    work.push_back(next);
            }
        }
    };
    // Natural loops: one per head, the union of its back edges' bodies.
    std::map<NodeId, std::set<NodeId>> bodies;
    std::map<NodeId, std::vector<EdgeId>> backOf;
    for (auto [e, _] : retreating) {
        const CfaEdge &edge = p.edge(e);
        // The nodes that reach the back edge's source without passing the head.
        std::set<NodeId> reaching{edge.to};
        walk(reaching, edge.from, false);
        std::set<NodeId> &body = bodies[edge.to];
        if (dominates(edge.to, edge.from)) {
            body.insert(reaching.begin(), reaching.end()); // a natural loop
        } else {
            // A goto into the loop (CIL's output does this): the retreating edge of a DFS
            // still closes a loop, as CBMC counts backward gotos. Its body is what lies on a
            // cycle through it: reachable from the head and reaching the source, so every
            // such cycle stays inside and its count bounds it.
            out.irreducible = true;
            out.irreducibleAt = edge.to;
            std::set<NodeId> fromHead;
            walk(fromHead, edge.to, true);
            for (NodeId n : reaching)
                if (fromHead.count(n))
                    body.insert(n);
        }
        backOf[edge.to].push_back(e);
    }
    std::vector<NodeId> heads;
    for (auto &[h, body] : bodies)
        heads.push_back(h);
    std::sort(heads.begin(), heads.end()); // node order = source order within a function
    for (size_t k = 0; k < heads.size(); ++k) {
        LoopInfo li;
        li.head = heads[k];
        li.id = f.name + "." + std::to_string(k);
        li.body.assign(bodies[heads[k]].begin(), bodies[heads[k]].end());
        out.loops.push_back(li);
        for (EdgeId e : backOf[heads[k]])
            out.backEdges[e] = int(k);
    }
    // Nesting: a loop's parent is the smallest other loop whose body contains its head.
    for (size_t k = 0; k < out.loops.size(); ++k) {
        size_t best = SIZE_MAX;
        for (size_t j = 0; j < out.loops.size(); ++j) {
            if (j == k || !bodies[out.loops[j].head].count(out.loops[k].head))
                continue;
            if (bodies[out.loops[j].head].size() <= bodies[out.loops[k].head].size())
                continue;
            if (best == SIZE_MAX || out.loops[j].body.size() < out.loops[best].body.size())
                best = j;
        }
        out.loops[k].parent = best == SIZE_MAX ? -1 : int(best);
    }
    for (auto &l : out.loops)
        for (int q = l.parent; q >= 0; q = out.loops[size_t(q)].parent)
            ++l.depth;
    for (size_t k = 0; k < out.loops.size(); ++k)
        for (NodeId n : out.loops[k].body)
            out.nest[n].push_back(int(k));
    for (auto &[n, ls] : out.nest)
        std::sort(ls.begin(), ls.end(), [&](int a, int b) { return out.loops[size_t(a)].depth < out.loops[size_t(b)].depth; });
    return out;
}

} // namespace vcov
