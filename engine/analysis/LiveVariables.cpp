// Backward liveness of locals over one function's CFA (LiveVariables.h).
#include "analysis/LiveVariables.h"

#include <algorithm>
#include <cstdint>

namespace vcov {

namespace {

// The variables an edge reads, and the one it writes whole (NoVar: none): every variable of
// its expressions (those forEachEdgeExpr visits) but a left-hand side that is a whole
// variable (x = x + 1 reads x; x.f = 1 and a[i] = 1 read what they keep of x and a).
void readsAndWrite(const CfaEdge &e, std::vector<VarId> &reads, VarId &write) {
    reads.clear();
    write = NoVar;
    auto whole = [](const ExprPtr &lhs) { return lhs && lhs->kind == ExprKind::Var; };
    for (const Initializer &i : e.inits) {
        // A declaration's initializer targets are rooted in the declared variable.
        std::vector<VarId> target;
        collectVars(i.target, target);
        for (VarId v : target)
            if (v != e.declared && std::find(reads.begin(), reads.end(), v) == reads.end())
                reads.push_back(v);
        collectVars(i.value, reads);
    }
    if (whole(e.lhs))
        write = e.lhs->var;
    else
        collectVars(e.lhs, reads);
    collectVars(e.rhs, reads);
    collectVars(e.cond, reads);
    collectVars(e.value, reads);
    if (whole(e.call.lhs))
        write = e.call.lhs->var;
    else
        collectVars(e.call.lhs, reads);
    for (const ExprPtr &a : e.call.args)
        collectVars(a, reads);
    // A declaration writes its variable whole, initialized or indeterminate.
    if (e.kind == EdgeKind::Declaration)
        write = e.declared;
}

} // namespace

std::unordered_map<NodeId, std::vector<VarId>> deadLocals(const Program &p, const FunctionCfa &f,
                                                          const std::set<VarId> &addressTaken) {
    std::vector<VarId> candidates;
    std::unordered_map<VarId, size_t> index;
    for (VarId v : f.locals)
        if (p.variable(v).function == f.id && !addressTaken.count(v) && !index.count(v)) {
            index[v] = candidates.size();
            candidates.push_back(v);
        }
    std::unordered_map<NodeId, std::vector<VarId>> dead;
    if (candidates.empty())
        return dead;
    const size_t words = (candidates.size() + 63) / 64;
    using Bits = std::vector<uint64_t>;
    // Each edge's reads and write as bits, once.
    std::unordered_map<EdgeId, std::pair<Bits, Bits>> effect; // reads, the complement of the write
    std::vector<VarId> reads;
    for (EdgeId id : f.edges) {
        VarId write;
        readsAndWrite(p.edge(id), reads, write);
        Bits r(words, 0), keep(words, ~uint64_t(0));
        for (VarId v : reads)
            if (auto it = index.find(v); it != index.end())
                r[it->second / 64] |= uint64_t(1) << (it->second % 64);
        if (auto it = index.find(write); write != NoVar && it != index.end())
            keep[it->second / 64] &= ~(uint64_t(1) << (it->second % 64));
        effect.emplace(id, std::pair{std::move(r), std::move(keep)});
    }
    std::unordered_map<NodeId, Bits> live;
    for (NodeId n : f.nodes)
        live[n] = Bits(words, 0);
    for (bool changed = true; changed;) {
        changed = false;
        // Backward: later nodes first (the nodes are listed roughly in program order).
        for (size_t i = f.nodes.size(); i-- > 0;) {
            const NodeId n = f.nodes[i];
            Bits in(words, 0);
            for (EdgeId id : p.node(n).out) {
                auto fx = effect.find(id);
                auto to = live.find(p.edge(id).to);
                if (fx == effect.end() || to == live.end()) {
                    in.assign(words, ~uint64_t(0)); // (never: f's edges join f's nodes) all live
                    break;
                }
                for (size_t w = 0; w < words; ++w)
                    in[w] |= fx->second.first[w] | (to->second[w] & fx->second.second[w]);
            }
            Bits &slot = live[n];
            if (in != slot) {
                slot = std::move(in);
                changed = true;
            }
        }
    }
    for (NodeId n : f.nodes) {
        const Bits &l = live[n];
        std::vector<VarId> d;
        for (size_t k = 0; k < candidates.size(); ++k)
            if (!(l[k / 64] >> (k % 64) & 1))
                d.push_back(candidates[k]);
        if (!d.empty())
            dead.emplace(n, std::move(d));
    }
    return dead;
}

} // namespace vcov
