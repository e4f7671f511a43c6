// The ART nodes at one location (one observer state, one call stack): what the stop and
// merge operators compare a new node with. A generator's ART holds thousands of nodes at a
// loop head; asking each whether it covers the new one made 95 % of its time. For states
// that index themselves (AbstractState::knownPositions), the nodes here are hashed by their
// values at the positions all of them know: a coverer knows no more than the node it
// covers, so it agrees with it there, and only nodes of the same hash are asked.
#pragma once

#include "analysis/Art.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace vcov {

class LocationNodes {
public:
    // The node with the smallest id whose state is at least as abstract as `state` (the one
    // a scan in order would find), or -1. positions: state.knownPositions().
    int coverer(const AbstractState &state, const std::optional<FactPositions> &positions,
                const std::vector<ArtNode> &nodes) const;
    // A node that stays (not covered). Its state must not change while it is here (merging
    // domains do not index their states).
    void add(int id, const std::optional<FactPositions> &positions, const std::vector<ArtNode> &nodes);
    // Every node, in the order added.
    const std::vector<int> &all() const { return m_all; }

private:
    std::vector<int> m_all;
    std::vector<int> m_indexed;
    FactPositions m_common; // the positions every indexed node knows (it only shrinks)
    std::unordered_multimap<uint64_t, int> m_byValues; // indexed nodes by their values at m_common
    std::vector<int> m_unindexed;
};

} // namespace vcov
