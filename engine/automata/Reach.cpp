#include "automata/Reach.h"

#include <bit>
#include <chrono>
#include <deque>

namespace vcov {

bool LineSet::merge(const LineSet &other) {
    bool grew = false;
    for (size_t i = 0; i < m_words.size() && i < other.m_words.size(); ++i) {
        uint64_t w = m_words[i] | other.m_words[i];
        grew |= w != m_words[i];
        m_words[i] = w;
    }
    return grew;
}

size_t LineSet::count() const {
    size_t n = 0;
    for (uint64_t w : m_words)
        n += size_t(std::popcount(w));
    return n;
}

uint32_t ReachScores::score(int aaState, NodeId location) const {
    if (aaState == AaFalse)
        return 0;
    if (aaState == AaTrue)
        return location >= 0 && size_t(location) < ofLocation.size() ? ofLocation[size_t(location)] : 0;
    return ofState[size_t(aaState)];
}

namespace {

// Lines reachable from each CFA location (TRUE × CFA): calls lead into the callee and on
// to the call's target; a function's exit leads nowhere (the caller is not known).
std::vector<LineSet> cfaReach(const Program &p, const LineIndex &lines) {
    std::vector<LineSet> reach(p.nodes.size(), LineSet(lines.lines.size()));
    const std::vector<std::vector<NodeId>> preds = predecessorsWithCalls(p);
    std::deque<NodeId> work;
    std::vector<char> queued(p.nodes.size(), 1);
    for (const auto &n : p.nodes)
        work.push_back(n.id);
    while (!work.empty()) {
        NodeId n = work.front();
        work.pop_front();
        queued[size_t(n)] = 0;
        LineSet s(lines.lines.size());
        for (EdgeId eid : p.node(n).out) {
            const CfaEdge &e = p.edge(eid);
            if (lines.ofEdge[size_t(eid)] >= 0)
                s.insert(lines.ofEdge[size_t(eid)]);
            s.merge(reach[size_t(e.to)]);
            if (callsBody(p, e))
                s.merge(reach[size_t(p.functions[e.call.callee].entry)]);
        }
        if (reach[size_t(n)].merge(s))
            for (NodeId m : preds[size_t(n)])
                if (!queued[size_t(m)]) {
                    queued[size_t(m)] = 1;
                    work.push_back(m);
                }
    }
    return reach;
}

} // namespace

ReachScores computeReach(const Program &program, const LineIndex &lines, const AssumptionAutomaton &aa,
                         double maxSeconds) {
    ReachScores r;
    const auto start = std::chrono::steady_clock::now();
    std::vector<LineSet> cfa = cfaReach(program, lines);
    r.ofLocation.resize(cfa.size());
    for (size_t i = 0; i < cfa.size(); ++i)
        r.ofLocation[i] = uint32_t(cfa[i].count());
    const size_t n = aa.states.size();
    // The part of each state's Reach that does not depend on other states: the lines of
    // its moves that do not go to FALSE, and what TRUE reaches after unmatched moves.
    std::vector<LineSet> local(n, LineSet(lines.lines.size()));
    std::vector<std::vector<int>> succ(n), preds(n);
    for (size_t i = 0; i < n; ++i) {
        const AaState &s = aa.states[i];
        for (PathMove m : movesAt(program, s.location, s.calls)) {
            int t = aa.step(int(i), m);
            if (t == AaFalse)
                continue;
            const CfaEdge &e = program.edge(m.edge);
            if (!m.isReturn && lines.ofEdge[size_t(m.edge)] >= 0)
                local[i].insert(lines.ofEdge[size_t(m.edge)]);
            if (t == AaTrue) {
                if (m.isReturn)
                    continue;
                if (callsBody(program, e))
                    local[i].merge(cfa[size_t(program.functions[e.call.callee].entry)]);
                local[i].merge(cfa[size_t(e.to)]);
                continue;
            }
            succ[i].push_back(t);
            preds[size_t(t)].push_back(int(i));
        }
    }
    // Least fixed point by chaotic iteration: sets only grow, and they are bounded.
    r.reachOfState = std::move(local);
    std::deque<int> work;
    std::vector<char> queued(n, 1);
    for (size_t i = 0; i < n; ++i)
        work.push_back(int(i));
    while (!work.empty()) {
        if (maxSeconds > 0 && (r.iterations & 4095) == 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= maxSeconds) {
            r.complete = false;
            break;
        }
        int i = work.front();
        work.pop_front();
        queued[size_t(i)] = 0;
        ++r.iterations;
        bool grew = false;
        for (int t : succ[size_t(i)])
            grew |= r.reachOfState[size_t(i)].merge(r.reachOfState[size_t(t)]);
        if (grew)
            for (int p : preds[size_t(i)])
                if (!queued[size_t(p)]) {
                    queued[size_t(p)] = 1;
                    work.push_back(p);
                }
    }
    r.ofState.resize(n);
    for (size_t i = 0; i < n; ++i)
        r.ofState[i] = uint32_t(r.reachOfState[i].count());
    return r;
}

} // namespace vcov
