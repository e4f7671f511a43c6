#include "automata/ArtPaths.h"

#include <algorithm>

namespace vcov {

ArtPaths::ArtPaths(const Art &art, const std::vector<int> &targets) {
    const size_t n = art.nodes.size();
    m_next.resize(n);
    m_reaches.assign(n, 0);
    m_target.assign(n, 0);
    // A covered child continues as its coverer (never itself covered: the stop operator
    // only covers by nodes that were not covered when they were made).
    auto effective = [&](int c) {
        const ArtNode &child = art.nodes[size_t(c)];
        return child.status == ArtNodeStatus::Covered ? child.coveredBy : c;
    };
    std::vector<std::vector<int>> preds(n);
    for (const ArtNode &node : art.nodes)
        for (int c : node.children) {
            int e = effective(c);
            if (e < 0)
                continue;
            m_next[size_t(node.id)].push_back({art.nodes[size_t(c)].via, e});
            preds[size_t(e)].push_back(node.id);
        }
    std::vector<int> work;
    for (int t : targets)
        if (t >= 0 && size_t(t) < n && !m_reaches[size_t(t)]) {
            m_target[size_t(t)] = 1;
            m_reaches[size_t(t)] = 1;
            work.push_back(t);
        }
    while (!work.empty()) {
        int v = work.back();
        work.pop_back();
        for (int p : preds[size_t(v)])
            if (!m_reaches[size_t(p)]) {
                m_reaches[size_t(p)] = 1;
                work.push_back(p);
            }
    }
    // Keep only the moves that stay on a path to a target; a non-target first, so that an
    // assertion's edge continues where its failing branch is a target too.
    for (size_t v = 0; v < n; ++v) {
        auto &next = m_next[v];
        next.erase(std::remove_if(next.begin(), next.end(), [&](const auto &m) { return !m_reaches[size_t(m.second)]; }),
                   next.end());
        std::stable_sort(next.begin(), next.end(), [&](const auto &a, const auto &b) {
            return std::pair(a.first, m_target[size_t(a.second)]) < std::pair(b.first, m_target[size_t(b.second)]);
        });
        m_onPaths += m_reaches[v];
    }
    for (const ArtNode &node : art.nodes)
        m_jumps += node.status == ArtNodeStatus::Covered && node.coveredBy >= 0 && m_reaches[size_t(node.coveredBy)] &&
                   node.parent >= 0 && m_reaches[size_t(node.parent)];
    // A cycle among the nodes on paths (a covering by a node it descends from: a loop).
    std::vector<char> colour(n, 0); // 0 new, 1 on the stack, 2 done
    for (size_t root = 0; root < n && m_acyclic; ++root) {
        if (!m_reaches[root] || colour[root])
            continue;
        std::vector<std::pair<int, size_t>> stack{{int(root), 0}};
        colour[root] = 1;
        while (!stack.empty() && m_acyclic) {
            auto &[v, i] = stack.back();
            if (i < m_next[size_t(v)].size()) {
                int w = m_next[size_t(v)][i++].second;
                if (colour[size_t(w)] == 1)
                    m_acyclic = false;
                else if (!colour[size_t(w)]) {
                    colour[size_t(w)] = 1;
                    stack.push_back({w, 0});
                }
                continue;
            }
            colour[size_t(v)] = 2;
            stack.pop_back();
        }
    }
}

int ArtPaths::step(int state, PathMove move) const {
    if (state < 0 || size_t(state) >= m_next.size())
        return Blocked;
    const auto &next = m_next[size_t(state)];
    auto it = std::lower_bound(next.begin(), next.end(), move, [](const auto &m, PathMove v) { return m.first < v; });
    return it != next.end() && it->first == move ? it->second : Blocked;
}

bool ArtPaths::accepting(int state) const {
    return state >= 0 && size_t(state) < m_target.size() && m_target[size_t(state)];
}

} // namespace vcov
