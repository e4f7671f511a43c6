// The stop operator's index (LocationNodes.h).
#include "analysis/LocationNodes.h"

#include <algorithm>

namespace vcov {

int LocationNodes::coverer(const AbstractState &state, const std::optional<FactPositions> &positions,
                           const std::vector<ArtNode> &nodes) const {
    auto covers = [&](int id) { return state.lessOrEqual(*nodes[size_t(id)].state); };
    if (!positions) {
        for (int id : m_all)
            if (covers(id))
                return id;
        return -1;
    }
    int best = -1;
    for (int id : m_unindexed)
        if (covers(id)) {
            best = id;
            break;
        }
    // An indexed node knows every common position; to cover this state it must know no more,
    // so this state knows them too, with the same values.
    if (!m_indexed.empty() && std::includes(positions->begin(), positions->end(), m_common.begin(), m_common.end())) {
        auto [from, to] = m_byValues.equal_range(state.valuesAt(m_common));
        for (auto it = from; it != to; ++it)
            if ((best < 0 || it->second < best) && covers(it->second))
                best = it->second;
    }
    return best;
}

void LocationNodes::add(int id, const std::optional<FactPositions> &positions, const std::vector<ArtNode> &nodes) {
    m_all.push_back(id);
    if (!positions) {
        m_unindexed.push_back(id);
        return;
    }
    if (m_indexed.empty()) {
        m_common = *positions;
    } else if (!std::includes(positions->begin(), positions->end(), m_common.begin(), m_common.end())) {
        // Fewer positions in common: every indexed node is hashed again (at most once per
        // position the first node knew).
        FactPositions common;
        std::set_intersection(m_common.begin(), m_common.end(), positions->begin(), positions->end(),
                              std::back_inserter(common));
        m_common = std::move(common);
        m_byValues.clear();
        for (int other : m_indexed)
            m_byValues.emplace(nodes[size_t(other)].state->valuesAt(m_common), other);
    }
    m_indexed.push_back(id);
    m_byValues.emplace(nodes[size_t(id)].state->valuesAt(m_common), id);
}

} // namespace vcov
