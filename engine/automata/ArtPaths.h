// Every path an ART represents to some of its targets (DESIGN.md §1): tree edges, and at a
// covered node a jump to its coverer, whose subtree stands for the covered node's
// continuations. A target is spurious only when no execution follows any such path: its
// tree path alone proves nothing once coverings exist (the else-branch's join covered by
// the then-branch's join reaches the then-branch's targets too).
#pragma once

#include "analysis/Art.h"
#include "semantics/PathObserver.h"

#include <utility>
#include <vector>

namespace vcov {

class ArtPaths : public PathObserver {
public:
    // States are the ART nodes on some path from the root to one of `targets` (covered
    // nodes replaced by their coverers); every move off those paths is blocked.
    ArtPaths(const Art &art, const std::vector<int> &targets);

    int initial() const override { return m_reaches.empty() || !m_reaches[0] ? Blocked : 0; }
    int step(int state, PathMove move) const override;
    bool accepting(int state) const override;
    // Without a cycle among those nodes every admitted path is finite: the product needs no
    // loop bounds and a search over it is complete.
    bool finite() const override { return m_acyclic; }

    // No path of the ART reaches a target (nothing to decide).
    bool empty() const { return initial() == Blocked; }
    // How many ART nodes lie on such paths, and how many of them are covered nodes whose
    // coverer's subtree leads to a target (the paths the tree path alone misses).
    size_t nodesOnPaths() const { return m_onPaths; }
    size_t coveringJumps() const { return m_jumps; }

private:
    std::vector<std::vector<std::pair<PathMove, int>>> m_next; // per node: move -> next node
    std::vector<char> m_reaches;                               // per node: a target is reachable
    std::vector<char> m_target;
    bool m_acyclic = true;
    size_t m_onPaths = 0;
    size_t m_jumps = 0;
};

} // namespace vcov
