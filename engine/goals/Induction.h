// The inductive step of k-induction over a loop of the entry function (new in vcov; the
// second paper's "forward reasoning"). The step enters the loop in an arbitrary state that
// agrees with a real one on everything the loop never writes (BmcOptions::Havoc), runs k
// iterations in which no goal is entered, and asks whether iteration k + 1 (or the code
// after the loop) enters one. No: together with the base case at k, no execution ever does.
#pragma once

#include "Cfa.h"
#include "semantics/PathObserver.h"
#include "bmc/Bmc.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace vcov {

// What holds at every arrival at a loop's head (Invariants.h proves it).
struct HeadInvariant {
    ExprPtr cond;     // an int-valued condition over the entry function's variables
    std::string text; // as C would write it ("k + j == i")
    std::shared_ptr<const ArrayFact> fact = {}; // instead of cond: a statement about every element
    BmcOptions::Invariant at(NodeId head) const { return {head, cond, UINT_MAX, true, fact}; }
};

// A loop of the entry function.
struct InductionLoop {
    std::string id;               // as in BmcOptions::loopBounds ("main.0")
    int parent = -1;              // the loop around it (its index), -1 at the top
    NodeId head = NoNode;
    std::set<NodeId> body;
    std::set<EdgeId> entryEdges;  // into the head from outside the loop
    std::set<EdgeId> backEdges;
    std::vector<VarId> writes;    // what the loop (and what it calls) may write
    // Of those, what a havoc gives arbitrary values: not the pointers dead at the head (each
    // iteration writes them before it reads them, as `S *s = a[i]`), whose value there no
    // execution reads.
    std::vector<VarId> havocked;
    std::vector<EdgeId> sites;    // the allocation sites whose objects the loop writes
    std::shared_ptr<const HeapSites> heap; // where the havocked pointers may point
    std::string refused;          // non-empty: no step over this loop, and why
    BmcOptions::Havoc havoc() const { return {entryEdges, havocked, sites, heap}; }
};

// Every loop of the entry function, each after the loop around it.
std::vector<InductionLoop> inductionLoops(const Program &program);

// Whether loops[outer] contains loops[inner] (at any depth).
bool encloses(const std::vector<InductionLoop> &loops, size_t outer, size_t inner);

// The outermost loop whose step decides `goal`: the one that contains the goal's edge or a
// call that leads to it, else the last loop that the goal comes after; -1 when the goal
// comes before every loop (only the base case with every path complete decides it).
int inductionLoopFor(const Program &program, const std::vector<InductionLoop> &loops, EdgeId goal);
// The innermost nested loop (parent >= 0) that contains the goal's edge or a call that leads
// to it, -1 when none does: its step runs with the loops around it taken as their effect.
int nestedLoopFor(const Program &program, const std::vector<InductionLoop> &loops, EdgeId goal);

// Functions that may call themselves, directly or through others.
std::set<FunctionId> recursiveFunctions(const Program &program);
// Whether a call of `from` may enter `to` (or is it).
bool mayEnter(const Program &program, FunctionId from, FunctionId to);

// What a call of a function may change outside its own frames, for a summary of it
// (BmcOptions::summarizedRecursion): the globals it (or what it calls) may write. Refused,
// with the reason, when it writes through a pointer, writes a pointer or returns one.
struct CallWrites {
    std::vector<VarId> globals;
    std::string refused;
};
CallWrites callWritesOf(const Program &program, FunctionId function);

// Counts the loop's back edges (up to k) and blocks the goals' edges before the k-th.
// Assertions among the goals (`passed`) are not entered by a path that passes them: the
// first k iterations may pass them (the encoding assumes each holds after its check), and
// only their failure counts, from iteration k + 1 on.
class InductionObserver : public PathObserver {
public:
    InductionObserver(const InductionLoop &loop, std::set<EdgeId> goals, unsigned k, std::set<EdgeId> passed = {})
        : m_backEdges(loop.backEdges), m_goals(std::move(goals)), m_passed(std::move(passed)), m_k(int(k)) {}
    int initial() const override { return 0; }
    int step(int state, PathMove move) const override {
        if (move.isReturn)
            return state;
        if (state < m_k && m_goals.count(move.edge) && !m_passed.count(move.edge))
            return Blocked;
        if (m_backEdges.count(move.edge))
            return std::min(state + 1, m_k);
        return state;
    }
    bool countsViolation(int state, PathMove move) const override {
        if (m_passed.count(move.edge) && !move.isReturn)
            return state >= m_k;
        return step(state, move) != Blocked;
    }

private:
    std::set<EdgeId> m_backEdges, m_goals, m_passed;
    int m_k;
};

// The other loops of the entry function taken as their effect, where a step over one loop
// cannot wait for the loops before it to fit the bound: entering one havocs what it writes
// and assumes what is proved at its head. Any state an execution has where it leaves such
// a loop, after any number of iterations, is then one a path has that leaves it at once;
// so a path cut by its bound loses nothing, and the step over-approximates every execution.
// The loops around a nested one go round once at most: any state at their heads is one the
// havoc on entering them gives, so each run of the nested loop starts from such a state.
struct OtherLoops {
    std::vector<BmcOptions::Havoc> havocs;
    std::vector<BmcOptions::Invariant> invariants; // assumed at their heads
    std::set<std::string> ids;                     // loops whose cuts lose nothing
    std::set<std::string> enclosing;               // among them, those around the stepped loop
    std::set<NodeId> enclosingHeads;
    std::string names() const;                     // "main.0, main.2"
    std::string assumed;                           // ": main.0: i >= 0; main.2: a[k] == 0 for 0 <= k < j" (none: empty)
    void applyTo(BmcOptions &o) const;             // havocs, invariants, one pass round the enclosing
};
// invariants: per loop index, what is proved to hold at its head. Loops whose writes
// cannot be havocked (refused) stay as they are (and a nested loop inside one of those gets
// no abstraction of its own: the loop around it would run its iterations exactly).
OtherLoops abstractOtherLoops(const std::vector<InductionLoop> &loops, size_t except,
                              const std::map<size_t, std::vector<HeadInvariant>> &invariants);

struct InductionStep {
    enum Status { Proved, Failed, Unknown } status = Unknown;
    std::string reason; // Failed or Unknown: why
    double seconds = 0;
    std::vector<EdgeId> failing; // Failed: the goals the step's path enters in iteration k + 1
};

// The step at k over one loop: one encoding (the loop unwound k + 1 times, the others k),
// asked once per set of goals. Proved means that no execution that avoids the goals for k
// iterations of the loop enters one afterwards, and that no other bound cut a path.
class InductiveStep {
public:
    // properties: empty for branch goals (assertions cut paths); {Assertion} to prove that
    // the assertions and reach_error() calls among the goals never fail.
    // invariants: conditions that hold at every arrival at the loop's head (proved by
    // inferInvariants), assumed where the step enters the loop.
    // others: the other loops taken as their effect; then a step alone proves nothing about
    // the first k iterations, which the base of the same abstraction decides instead
    // (base: the loop's first k iterations, nothing blocked, not havocked).
    InductiveStep(const Program &program, const InductionLoop &loop, unsigned k, double timeoutSeconds,
                  const std::atomic<bool> *cancel, PropertySet properties = {},
                  const std::vector<HeadInvariant> &invariants = {}, const OtherLoops *others = nullptr,
                  bool base = false);
    InductionStep check(const std::vector<EdgeId> &goals, double timeoutSeconds);
    const std::string &error() const { return m_encoding.error(); }

private:
    static BmcOptions optionsFor(const InductionLoop &loop, unsigned k, double timeoutSeconds,
                                 const std::atomic<bool> *cancel, PropertySet properties,
                                 const std::vector<HeadInvariant> &invariants, const OtherLoops *others, bool base);
    const Program &m_program;
    const InductionLoop &m_loop;
    unsigned m_k;
    bool m_properties;
    std::set<std::string> m_ignoredCuts;
    bool m_base;
    BmcEncoding m_encoding;
};

// vcov-cli bmc --k-induction: assertions (and reach_error() calls) checked by the base
// case at k = kStart, 2 kStart, ... kMax (a counterexample, or safe when every path is
// complete), and else by the inductive step over the loop around each of them. Safe by the
// step: the result's reason says "k-induction at k=K". Only the Assertion property.
BmcResult checkByKInduction(const Program &program, const BmcOptions &options, unsigned kStart, unsigned kMax);

// Where the program has few executions (goals/InputEnumeration.h: every input drawn before
// its first loop, in at most FewEnumeratedInputs vectors; one when it reads none): the base
// case at k = 1, then every execution run, each as long as the budget allows. A violation or
// a proof (BmcResult::reason says which runs), or nullopt with `why` — many executions, a
// run that reads a local never written or outlasts the budget.
std::optional<BmcResult> checkByRunningEveryExecution(const Program &program, const BmcOptions &options,
                                                      std::string &why);

} // namespace vcov
