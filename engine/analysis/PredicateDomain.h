// Predicate abstraction with lazy refinement (DESIGN.md §1, paper 000's Table 2): an abstract
// state is a Boolean combination of the predicates in the precision of its location — the
// predicates that hold (or not) in every state, and a disjunction of cubes over the others
// (Boolean abstraction, by enumerating models), or only the first part (Cartesian
// abstraction, cheaper, blind to "a or b") — computed by Z3 over bit-vectors with C's semantics — wrap-around,
// truncating division, shifts (bmc/IntegerTerms.h, the encoder's own terms). Blocks are
// single CFA edges or the loop-free paths between loop heads; inside a block, the states of
// paths that meet at a location (same block start, same call stack) are merged into one
// path formula (CPAchecker's merge-join of large-block encoding), so a block costs nodes per
// location, not per path. The precision grows by refinement: the weakest preconditions of the
// property over the blocks of an infeasible path to a target, split into their atoms, attached
// to the block starts where they hold (an interpolation-free refinement; Z3 gives no
// interpolants).
//
// Tracked: integer and _Bool variables (globals, locals, parameters, return values) and calls
// of functions with bodies that do not recurse. Pointers, arrays, structs, floats and the heap
// are untracked: a read of them is any value of its type, and a write that may go through a
// pointer (or a call of a function without a body that is given one) makes every integer
// variable whose address is taken unknown. Recursion makes the node fail with what it met:
// nothing is claimed beyond it.
#pragma once

#include "analysis/AbstractDomain.h"

#include <memory>
#include <string>
#include <vector>

namespace vcov {

struct PredicateState : AbstractState, std::enable_shared_from_this<PredicateState> {
    // Sorted; id + 1 where predicate id holds, -(id + 1) where its negation holds.
    std::vector<int> literals;
    // Boolean abstraction: one of these cubes (sorted literals) holds too; none: no more is known.
    std::vector<std::vector<int>> cubes;
    // The predicates in C, by id (the table as it was when the state was made).
    std::shared_ptr<const std::vector<std::string>> texts;
    // How many predicates its location's precision had when it was computed (lazy
    // abstraction: a refinement recomputes the states made with less).
    size_t precisionUsed = 0;
    // Large blocks: the abstraction at the last loop head (null: this state is one), where the
    // predicates above held; the state is what the paths since make of it — a path formula the
    // domain keeps under `serial` (states hold no solver terms: snapshots cross threads).
    std::shared_ptr<const PredicateState> blockStart;
    uint64_t serial = 0;
    size_t operations = 0; // the most moves any of its paths made since the block start
    double paths = 1;      // how many paths since the block start were merged into it
    int level = 0;         // large blocks: the block starts on its paths (the root's is 0)
    int blockLevel() const override { return level; }

    // Every literal of other is one of this state's, and each of this state's cubes has every
    // literal of one of other's (a sufficient test of this ⇒ other).
    bool lessOrEqual(const AbstractState &other) const override;
    // "x == y, x >= 5, (a == 1 && b != 0 || a != 1)"; "true" when no predicate is known.
    std::string describe(const Program &program) const override;
    std::vector<std::pair<std::string, std::string>> describeFrames(const Program &program) const override;
};

enum class PredicateAbstraction { Boolean, Cartesian };
// Where states are abstracted: after every edge (single-block encoding), or only at loop heads
// (adjustable-block encoding, CPAchecker's ABE-l: loop-free paths between them are kept exact).
enum class PredicateBlocks { Edge, LoopHead };

class PredicateTransfer : public AbstractDomain {
public:
    explicit PredicateTransfer(const Program &program, PredicateAbstraction abstraction = PredicateAbstraction::Boolean,
                               PredicateBlocks blocks = PredicateBlocks::LoopHead, bool mergeBlocks = true,
                               bool generalize = true);
    ~PredicateTransfer() override;

    const char *name() const override { return "predicate"; }
    std::shared_ptr<const AbstractState> initialState() override;
    std::vector<Successor> successors(const AbstractState &state, NodeId location) override;
    bool refines() const override { return true; }
    // Merge-join inside a block: two states of the same block start whose paths exclude each
    // other become one path formula (a disjunction, the variables' values chosen by path).
    std::shared_ptr<const AbstractState> merge(const AbstractState &incoming, const AbstractState &waiting) override;
    bool merges() const override { return true; }
    Refinement refine(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) override;
    // The blocks' path formulas chained from the root (exact, over bit-vectors): unsat proves
    // that no execution follows the abstract path, merged paths included.
    std::optional<bool> pathFeasible(const std::vector<PathMove> &path,
                                     const std::vector<const AbstractState *> &states) override;
    std::vector<std::pair<std::string, std::string>> precision() const override;
    size_t precisionSize() const override;
    void setQuerySeconds(double seconds) override;
    void setGoalEdges(std::set<EdgeId> edges) override;
    // Predicates per location, for the JSON output: location, C texts.
    std::vector<std::pair<NodeId, std::vector<std::string>>> predicatesByLocation() const;

    struct Impl; // PredicateTransferImpl.h: shared by the domain's three source files only

private:
    std::unique_ptr<Impl> d;
};

} // namespace vcov
