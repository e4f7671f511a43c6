// The CPA interface (DESIGN.md §2: "a new analysis is a new domain, not a new engine"):
// what ArtAnalysis needs of an abstract domain — an initial state, the transfer relation
// (successors of a state at a location, the call stack included), the merge operator (sep
// unless the domain joins), the stop operator's order (⊑) — and, for domains that refine
// their precision (CEGAR), the refinement of an infeasible path to a target. The explicit-value domain (ValueDomain.h) and the predicate
// domain (PredicateDomain.h) implement it.
#pragma once

#include "Cfa.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace vcov {

struct CallFrame {
    FunctionId function = NoFunction;
    EdgeId callEdge = -1; // the caller's call edge (-1 for the entry function)
    bool operator==(const CallFrame &) const = default;
};

// Positions of facts in a state (an object and a leaf of it, for the value analysis), sorted.
using FactPositions = std::vector<std::pair<int64_t, uint32_t>>;

// An abstract state of some domain. Immutable once made; snapshots share it across threads,
// so it holds no solver terms.
struct AbstractState {
    std::vector<CallFrame> stack;

    virtual ~AbstractState() = default;
    int depth() const { return int(stack.size()) - 1; }
    // How many blocks the paths to this state went through (domains with large blocks; 0
    // otherwise): reverse postorder is taken within a block level, so paths merge inside a
    // block while the blocks are explored breadth first.
    virtual int blockLevel() const { return 0; }
    // this ⊑ other (the stop operator: a state is covered by a more abstract one at the same
    // location). Only ever asked of two states of the same domain and call stack.
    virtual bool lessOrEqual(const AbstractState &other) const = 0;
    // One line for views and the teaching text ("x = 3, p = &x"; "x == y, !(x < 5)").
    virtual std::string describe(const Program &program) const = 0;
    // What the state says, per part: {"globals", "g = 2"}, {"main", "x = ⊤"}; {"predicates", …}.
    virtual std::vector<std::pair<std::string, std::string>> describeFrames(const Program &program) const = 0;

    // An index for the stop operator (optional; LocationNodes.h) for domains whose ⊑ is
    // "every fact the other state knows, this one knows too": where this state's facts are
    // (sorted positions), and a hash of its values at given positions (all of them known
    // here). a ⊑ b must imply that b's positions are among a's and that both hash alike over
    // them. Without it (nullopt), every node at the location is asked, one by one.
    virtual std::optional<FactPositions> knownPositions() const { return std::nullopt; }
    virtual uint64_t valuesAt(const FactPositions &positions) const { return 0; }
};

enum class SuccessorKind {
    Normal,
    Target,   // a property violation may happen here
    Terminal, // the execution ends: exit(), abort() or the entry function returned
};

struct Successor {
    PathMove move;
    NodeId location = NoNode;
    SuccessorKind kind = SuccessorKind::Normal;
    bool exits = false;   // Terminal by a normal exit (not abort)
    std::string message;  // Target: which property
    std::shared_ptr<const AbstractState> state;
};

// What the domain cannot model: the node fails (it becomes FALSE in the automaton).
struct DomainUnsupported {
    std::string what;
};

// What a refinement learned from an infeasible path to a target (CEGAR).
struct Refinement {
    // The first position on the path (index into its moves; the node reached by moves[0..i))
    // whose state was computed with less precision than its location has now: the ART is cut
    // there. -1: nothing new was learned and every state is as precise as it can be.
    int pivot = -1;
    size_t newPredicates = 0;
    // "x == y at N12 (line 4)": what was learned, where, in source terms.
    std::vector<std::string> learned;
    // The infeasible part of the path in source terms (the conditions that contradict).
    std::string why;
    // The tree path is infeasible, but a path merged into a state on it reaches the target
    // (merge-join): no refinement is due; the ART paths through the merges decide it.
    bool mergedPathFeasible = false;
};

class AbstractDomain {
public:
    virtual ~AbstractDomain() = default;
    virtual const char *name() const = 0; // "value", "predicate"
    // Throws DomainUnsupported.
    virtual std::shared_ptr<const AbstractState> initialState() = 0;
    // The successors of a state at a location; throws DomainUnsupported.
    virtual std::vector<Successor> successors(const AbstractState &state, NodeId location) = 0;
    // The merge operator: a state that holds both `incoming` and `waiting` (a node at the same
    // location and call stack not expanded yet), or null to keep them apart (merge-sep, the
    // default). The incoming node is then covered by the waiting one, whose state it becomes.
    virtual std::shared_ptr<const AbstractState> merge(const AbstractState &incoming, const AbstractState &waiting) {
        return nullptr;
    }
    // Whether merge() may ever join (the analysis skips asking otherwise).
    virtual bool merges() const { return false; }
    // CEGAR: whether an infeasible tree path to a target is refined (else it is decided over
    // every ART path once the waitlist is empty, as the value analysis does).
    virtual bool refines() const { return false; }
    // New precision from the infeasible path (the moves from the root to a target) and the
    // states along it (states[i]: the state the first i moves reach).
    virtual Refinement refine(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
        return {};
    }
    // Whether some execution may follow the abstract path to a target (the moves from the root
    // and the states along it, merged paths included): false is a proof that none does, true
    // or nullopt leaves it to bounded model checking over the ART paths. Null by default.
    virtual std::optional<bool> pathFeasible(const std::vector<PathMove> &path,
                                             const std::vector<const AbstractState *> &states) {
        return std::nullopt;
    }
    // Branch goals as targets (the goal search's proofs): a move along one of these edges is
    // a target of its own beside the normal successor, and an infeasible path to it is
    // refined like a path to a violation. Domains that do not refine ignore them.
    virtual void setGoalEdges(std::set<EdgeId>) {}
    // The longest one solver query of the domain may take from now on: what the analysis's
    // time budget leaves (a query that runs out answers unknown, which the domain treats
    // soundly). None by default.
    virtual void setQuerySeconds(double) {}
    // How many predicates (or the like) the precision holds: it only grows.
    virtual size_t precisionSize() const { return 0; }
    // The precision in words, per location with any: {"N12 (line 4)", "x == y; x < 5"}.
    virtual std::vector<std::pair<std::string, std::string>> precision() const { return {}; }
};

} // namespace vcov
