#include "formats/ExplorationDot.h"

#include "formats/CfaDot.h"

#include <deque>
#include <map>
#include <sstream>

namespace vcov {

namespace {

std::string shortLabel(const std::string &s, size_t max = 28) {
    return s.size() <= max ? s : s.substr(0, max - 1) + "…";
}

// Breadth-first from `focus` over an undirected graph while the kept nodes weigh at most
// `limit` (a node's weight counts what it brings along, e.g. its FALSE/TRUE sinks).
std::vector<char> neighbourhood(const std::vector<std::vector<int>> &adjacent, const std::vector<size_t> &weight, int focus,
                                size_t limit) {
    std::vector<char> keep(adjacent.size(), 0);
    if (adjacent.empty())
        return keep;
    size_t total = 0;
    for (size_t w : weight)
        total += w;
    if (total <= limit) {
        keep.assign(adjacent.size(), 1);
        return keep;
    }
    std::deque<int> queue{focus};
    keep[size_t(focus)] = 1;
    size_t kept = weight[size_t(focus)];
    while (!queue.empty()) {
        int n = queue.front();
        queue.pop_front();
        for (int m : adjacent[size_t(n)])
            if (!keep[size_t(m)] && kept + weight[size_t(m)] <= limit) {
                keep[size_t(m)] = 1;
                kept += weight[size_t(m)];
                queue.push_back(m);
            }
    }
    return keep;
}

const char *artKind(const ArtNode &n) {
    switch (n.status) {
    case ArtNodeStatus::Waitlist: return "waitlist";
    case ArtNodeStatus::Expanded: return "expanded";
    case ArtNodeStatus::Covered: return "covered";
    case ArtNodeStatus::Target: return n.spurious() ? "spurious" : "target";
    case ArtNodeStatus::Failed: return "failed";
    }
    return "expanded";
}

} // namespace

ExplorationDot explorationToDot(const Program &program, const ExplorationSnapshot &s, const ExplorationDotOptions &o) {
    ExplorationDot out;
    if (!s.art || s.art->nodes.empty())
        return out;
    const Art &art = *s.art;
    out.focusArtNode = o.focusArtNode >= 0 && size_t(o.focusArtNode) < art.nodes.size() ? o.focusArtNode
                       : s.nextNode >= 0                                                 ? s.nextNode
                                                                                         : 0;
    std::ostringstream dot;
    dot << "digraph exploration {\n  node [fontname=\"DejaVu Sans\", fontsize=10, width=0.3, height=0.3, margin=0.04];\n"
           "  edge [fontname=\"DejaVu Sans Mono\", fontsize=9];\n";
    auto edge = [&](const std::string &from, const std::string &to, const std::string &label, bool coverage, bool labelled) {
        dot << "  " << from << " -> " << to << " [id=\"e" << out.edges.size() << "\"";
        if (labelled && !label.empty())
            dot << ", label=\"" << dotEscape(coverage ? std::string("\u2291") : shortLabel(label)) << "\"";
        if (coverage)
            dot << ", style=dashed, constraint=false";
        dot << "];\n";
        out.edges.push_back({label, coverage});
    };
    auto lineOf = [&](NodeId loc) { return loc == NoNode ? 0u : program.node(loc).line; };

    if (o.graph == ExplorationGraph::Art) {
        out.totalNodes = art.nodes.size();
        std::vector<std::vector<int>> adjacent(art.nodes.size());
        for (const ArtNode &n : art.nodes) {
            if (n.parent >= 0) {
                adjacent[size_t(n.id)].push_back(n.parent);
                adjacent[size_t(n.parent)].push_back(n.id);
            }
        }
        std::vector<char> keep = neighbourhood(adjacent, std::vector<size_t>(adjacent.size(), 1), out.focusArtNode, o.maxNodes);
        size_t shown = 0;
        for (char k : keep)
            shown += k;
        const bool labelled = shown <= o.maxLabelledNodes;
        for (const ArtNode &n : art.nodes) {
            if (!keep[size_t(n.id)])
                continue;
            std::string name = "n" + std::to_string(n.id);
            int st = size_t(n.id) < s.stateOfNode.size() ? s.stateOfNode[size_t(n.id)] : AaFalse;
            ExplorationDotNode info{name, n.id, st, n.location, artKind(n), s.reach.score(st, n.location)};
            dot << "  " << name << " [label=\"" << n.id << "\\nL" << lineOf(n.location) << "\""
                << (n.status == ArtNodeStatus::Target ? ", shape=doublecircle" : ", shape=circle") << "];\n";
            out.nodes.push_back(std::move(info));
        }
        for (const ArtNode &n : art.nodes) {
            if (!keep[size_t(n.id)])
                continue;
            if (n.parent >= 0 && keep[size_t(n.parent)])
                edge("n" + std::to_string(n.parent), "n" + std::to_string(n.id), moveLabel(program, n.via), false, labelled);
            // The stop operator's reason, on the dashed edge: the covered node knows no
            // more than its coverer, so the coverer's subtree continues it.
            if (n.status == ArtNodeStatus::Covered && n.coveredBy >= 0 && keep[size_t(n.coveredBy)])
                edge("n" + std::to_string(n.id), "n" + std::to_string(n.coveredBy),
                     n.merged ? "merged: the paths of " + std::to_string(n.id) + " joined the state of " +
                                    std::to_string(n.coveredBy)
                              : "covered: the state of " + std::to_string(n.id) + " \u2291 the state of " +
                                    std::to_string(n.coveredBy),
                     true, labelled);
        }
    } else {
        const AssumptionAutomaton &aa = s.automaton;
        out.totalNodes = aa.states.size();
        for (const AaState &st : aa.states)
            for (const AaTransition &t : st.out)
                out.totalNodes += t.target < 0;
        if (aa.states.empty()) {
            dot << "}\n";
            out.dot = dot.str();
            return out;
        }
        std::vector<std::vector<int>> adjacent(aa.states.size());
        for (size_t i = 0; i < aa.states.size(); ++i)
            for (const AaTransition &t : aa.states[i].out)
                if (t.target >= 0) {
                    adjacent[i].push_back(t.target);
                    adjacent[size_t(t.target)].push_back(int(i));
                }
        int focusState = size_t(out.focusArtNode) < s.stateOfNode.size() ? s.stateOfNode[size_t(out.focusArtNode)] : AaFalse;
        if (focusState < 0 && art.nodes[size_t(out.focusArtNode)].parent >= 0)
            focusState = s.stateOfNode[size_t(art.nodes[size_t(out.focusArtNode)].parent)];
        if (focusState < 0)
            focusState = aa.initialState >= 0 ? aa.initialState : 0;
        // The sinks count too: a state weighs itself and its FALSE/TRUE sinks.
        std::vector<size_t> weight(aa.states.size(), 1);
        for (size_t i = 0; i < aa.states.size(); ++i)
            for (const AaTransition &t : aa.states[i].out)
                weight[i] += t.target < 0;
        std::vector<char> keep = neighbourhood(adjacent, weight, focusState, o.maxNodes);
        size_t shown = 0;
        for (size_t i = 0; i < aa.states.size(); ++i)
            if (keep[i]) {
                ++shown;
                for (const AaTransition &t : aa.states[i].out)
                    shown += t.target < 0;
            }
        const bool labelled = shown <= o.maxLabelledNodes;
        size_t sinks = 0;
        for (size_t i = 0; i < aa.states.size(); ++i) {
            if (!keep[i])
                continue;
            const AaState &st = aa.states[i];
            bool frontier = false;
            for (const AaTransition &t : st.out)
                frontier |= t.target == AaFalse;
            std::string name = "q" + std::to_string(i);
            dot << "  " << name << " [label=\"q" << i << "\\nL" << lineOf(st.location) << "\", shape="
                << (int(i) == aa.initialState ? "doublecircle" : "circle") << "];\n";
            out.nodes.push_back({name, st.artNode, int(i), st.location, frontier ? "frontier" : "expanded",
                                 s.reach.score(int(i), st.location)});
            for (const AaTransition &t : st.out) {
                std::string to;
                if (t.target >= 0) {
                    if (!keep[size_t(t.target)])
                        continue;
                    to = "q" + std::to_string(t.target);
                } else {
                    // One sink per transition: FALSE (the unexplored part) or TRUE.
                    to = (t.target == AaFalse ? "f" : "t") + std::to_string(sinks++);
                    bool isFalse = t.target == AaFalse;
                    dot << "  " << to << " [label=\"" << (isFalse ? "FALSE" : "TRUE") << "\", shape=box];\n";
                    std::vector<EdgeId> calls = st.calls;
                    NodeId loc = afterMove(program, t.move, calls);
                    out.nodes.push_back({to, -1, t.target, loc, isFalse ? "false" : "true", isFalse ? 0u : s.reach.score(AaTrue, loc)});
                }
                edge(name, to, moveLabel(program, t.move), false, labelled);
            }
        }
    }
    dot << "}\n";
    out.dot = dot.str();
    return out;
}

} // namespace vcov
