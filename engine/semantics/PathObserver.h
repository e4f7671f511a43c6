// An automaton that watches the moves of a path (CPAchecker's observer automata): the
// ART analysis runs in product with one to score its frontier, and the bounded model
// checker unwinds the product with one to follow a given path or to stay inside an
// explored region. It lives with the semantics, the layer both stand on (the ART analysis
// and BMC sit below automata/, which builds the observers they run with).
#pragma once

#include "Cfa.h"

#include <climits>
#include <vector>

namespace vcov {

class PathObserver {
public:
    static constexpr int Blocked = INT_MIN;

    virtual ~PathObserver() = default;
    virtual int initial() const = 0;
    // The state after `move`; Blocked when the path may not take it.
    virtual int step(int state, PathMove move) const = 0;
    // A goal: an execution that ends normally in an accepting state is what a search looks for.
    virtual bool accepting(int) const { return false; }
    // Whether a violation on `move` (a failing check, BmcQuery::violations) counts in this
    // state; by default where the move itself may be taken.
    virtual bool countsViolation(int state, PathMove move) const { return step(state, move) != Blocked; }
    // Every path the observer admits is finite (a given path): the product needs no loop bounds.
    virtual bool finite() const { return false; }
    // The path has left the observer's region for good (an assumption automaton's FALSE or
    // TRUE): the observer neither restricts nor scores what follows.
    virtual bool beyond(int) const { return false; }
};

// Admits exactly one path (a path of an ART): the state is how much of it was taken.
class FollowPath : public PathObserver {
public:
    explicit FollowPath(std::vector<PathMove> moves) : m_moves(std::move(moves)) {}
    int initial() const override { return 0; }
    int step(int state, PathMove move) const override {
        return size_t(state) < m_moves.size() && m_moves[size_t(state)] == move ? state + 1 : Blocked;
    }
    bool accepting(int state) const override { return size_t(state) == m_moves.size(); }
    bool finite() const override { return true; }

private:
    std::vector<PathMove> m_moves;
};

} // namespace vcov
