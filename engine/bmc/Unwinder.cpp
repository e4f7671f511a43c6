#include "bmc/Unwinder.h"

#include "frontend/CLibrary.h"

namespace vcov::bmc {

constexpr size_t MaxUnrolledNodes = 4'000'000;

const LoopStructure &Unwinder::loops(FunctionId f) {
    auto it = m_loops.find(f);
    if (it != m_loops.end())
        return it->second;
    LoopStructure ls = computeLoops(P, P.functions[f]);
    return m_loops.emplace(f, std::move(ls)).first->second;
}

unsigned Unwinder::boundFor(const LoopInfo &l, FunctionId f) const {
    auto it = opts.loopBounds.find(l.id);
    if (it != opts.loopBounds.end())
        return it->second;
    const FunctionCfa &fn = P.functions[size_t(f)];
    if (isArrayOperationModel(fn.name) && fn.range.file >= 0 && P.files[size_t(fn.range.file)].path == CLibraryPath)
        return std::max(opts.unwind, opts.arrayOperationUnwind);
    return opts.unwind;
}

int Unwinder::nodeFor(NodeId n, int frame, std::vector<uint32_t> counts, int monitor) {
    auto key = std::make_tuple(n, frame, counts, monitor);
    auto it = m_index.find(key);
    if (it != m_index.end())
        return it->second;
    if (nodes.size() >= MaxUnrolledNodes)
        throw BmcUnsupported{"the unwound program has more than " + std::to_string(MaxUnrolledNodes) +
                             " locations: lower the bound"};
    UNode u;
    u.node = n;
    u.frame = frame;
    u.counts = std::move(counts);
    u.monitor = monitor;
    nodes.push_back(std::move(u));
    int id = int(nodes.size() - 1);
    m_index.emplace(std::move(key), id);
    m_work.push_back(id);
    return id;
}

int Unwinder::transition(int from, const CfaEdge &e, UEdge &ue, int monitor) {
    const UNode &u = nodes[size_t(from)];
    if (opts.observer && opts.observer->finite())
        return nodeFor(e.to, u.frame, {}, monitor); // the observer bounds every path itself
    const LoopStructure &ls = loops(P.node(e.from).function);
    const auto &lu = ls.loopsOf(e.from);
    const auto &lv = ls.loopsOf(e.to);
    std::vector<uint32_t> counts(lv.size(), 0);
    for (size_t i = 0; i < lv.size(); ++i)
        for (size_t j = 0; j < lu.size(); ++j)
            if (lu[j] == lv[i])
                counts[i] = u.counts[j];
    auto back = ls.backEdges.find(e.id);
    if (back != ls.backEdges.end()) {
        for (size_t i = 0; i < lv.size(); ++i) {
            if (lv[i] != back->second)
                continue;
            const LoopInfo &loop = ls.loops[size_t(back->second)];
            // The n-th jump back is allowed while n < bound (CBMC's --unwind).
            const unsigned bound = boundFor(loop, P.node(e.from).function);
            if (unsigned(counts[i]) + 1 >= bound) {
                ue.unwindLimit = true;
                ue.bound = bound;
                ue.loop = loop.id;
                return -1;
            }
            counts[i] = uint32_t(counts[i] + 1);
        }
    }
    return nodeFor(e.to, u.frame, std::move(counts), monitor);
}

void Unwinder::build() {
    FunctionId mainId = P.entryFunction;
    frames.push_back(UFrame{-1, mainId, -1, -1});
    const PathObserver *obs = opts.observer;
    nodeFor(P.functions[mainId].entry, 0, {}, obs ? obs->initial() : 0);
    while (!m_work.empty()) {
        if (deadline)
            deadline->check("unwinding");
        int id = m_work.front();
        m_work.pop_front();
        NodeId n = nodes[size_t(id)].node;
        int frame = nodes[size_t(id)].frame;
        const int monitor = nodes[size_t(id)].monitor;
        auto observe = [&](PathMove m) { return obs ? obs->step(monitor, m) : 0; };
        const FunctionCfa &fn = P.functions[frames[size_t(frame)].function];
        std::vector<UEdge> outs;
        if (n == fn.exit) {
            const UFrame &f = frames[size_t(frame)];
            int next = f.parent >= 0 ? observe({f.callEdge, true}) : PathObserver::Blocked;
            if (next != PathObserver::Blocked) {
                UEdge ue;
                ue.kind = UEdge::Leave;
                ue.edge = f.callEdge;
                ue.target = transition(f.callerNode, P.edge(f.callEdge), ue, next);
                outs.push_back(ue);
            }
        }
        for (EdgeId eid : P.node(n).out) {
            const CfaEdge &e = P.edge(eid);
            UEdge ue;
            ue.edge = eid;
            const int next = observe({eid, false});
            if (next == PathObserver::Blocked)
                continue;
            if (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None && P.functions[e.call.callee].hasBody) {
                // Recursion: at most `unwind` frames of a function at once.
                unsigned active = 0;
                for (int q = frame; q >= 0; q = frames[size_t(q)].parent)
                    active += frames[size_t(q)].function == e.call.callee;
                if (active >= opts.unwind && !(obs && obs->finite()) && opts.summarizedRecursion.count(e.call.callee)) {
                    ue.summarized = true;
                    ue.target = transition(id, e, ue, next);
                    outs.push_back(ue);
                    continue;
                }
                if (active >= opts.unwind && !(obs && obs->finite())) {
                    ue.kind = UEdge::Enter;
                    ue.unwindLimit = true;
                    ue.loop = "recursion of " + P.functions[e.call.callee].name;
                    outs.push_back(ue);
                    continue;
                }
                frames.push_back(UFrame{frame, e.call.callee, id, eid});
                ue.kind = UEdge::Enter;
                ue.target = nodeFor(P.functions[e.call.callee].entry, int(frames.size() - 1), {}, next);
                outs.push_back(ue);
                continue;
            }
            ue.target = transition(id, e, ue, next);
            outs.push_back(ue);
        }
        for (const UEdge &ue : outs)
            if (ue.target >= 0)
                nodes[size_t(ue.target)].indegree++;
        nodes[size_t(id)].out = std::move(outs);
    }
    // Kahn's algorithm: the unwound graph is acyclic by construction.
    std::vector<int> indegree(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i)
        indegree[i] = nodes[i].indegree;
    std::vector<int> ready{0};
    while (!ready.empty()) {
        int n = ready.back();
        ready.pop_back();
        topo.push_back(n);
        for (const UEdge &ue : nodes[size_t(n)].out)
            if (ue.target >= 0 && --indegree[size_t(ue.target)] == 0)
                ready.push_back(ue.target);
    }
    if (topo.size() != nodes.size())
        throw BmcUnsupported{"the unwound program has a cycle (control flow the unwinder cannot bound)"};
}

} // namespace vcov::bmc
