#pragma once
// The predicate domain's solver state and its operations, for the three files that implement
// them: PredicateTerms.cpp (C expressions as bit-vector terms, what an edge does, weakest
// preconditions), PredicateDomain.cpp (abstraction, blocks and their path formulas, merge, the
// transfer relation) and PredicateRefinement.cpp (predicates from an infeasible path, their C
// text). Nothing outside the domain includes it.

#include "analysis/PredicateDomain.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace vcov {

struct PredicateTransfer::Impl {
    // An abstract state's predicates: those that hold (or not) in every state, and cubes.
    struct Abstraction {
        std::vector<int> literals;
        std::vector<std::vector<int>> cubes;
    };

    // One step of an edge's effect on the variables: v := value, v := anything, assume cond.
    struct Step {
        enum Kind { Assign, Havoc, Assume } kind;
        z3::expr var;  // Assign, Havoc
        z3::expr term; // Assign: the value; Assume: the condition (Boolean)
    };

    const Program &P;
    PredicateAbstraction abstraction;
    PredicateBlocks blocks;
    bool mergeBlocks = true;
    bool generalize = true; // refinements add what every unrolling keeps (generalized())
    std::set<int64_t> constants; // the integer constants the program writes, and their negations
    std::set<EdgeId> goalEdges; // branch goals that are targets (AbstractDomain::setGoalEdges)
    std::vector<char> loopHeads; // per CFA node: the target of a retreating edge (or main's entry)
    z3::context ctx;
    z3::solver solver{ctx};
    std::vector<z3::expr> preds;
    std::vector<std::string> texts;
    std::shared_ptr<const std::vector<std::string>> textSnapshot = std::make_shared<std::vector<std::string>>();
    std::map<std::string, int> index; // by Z3's text of the predicate
    std::map<NodeId, std::vector<int>> precision; // sorted predicate ids
    std::map<VarId, z3::expr> vars;
    std::vector<VarId> addressTaken; // integer variables whose address the program takes
    std::map<FunctionId, z3::expr> returns;
    std::map<std::string, std::string> cNames; // Z3 constant name → C name
    std::map<std::string, bool> signedness;    // Z3 constant name → its C type is signed
    unsigned fresh = 0;

    // A query of the abstraction gets 10 s, and never more than the analysis's budget
    // leaves (deadline); unknown is answered soundly (nothing known for sure).
    std::optional<std::chrono::steady_clock::time_point> deadline;
    unsigned queryMs() const {
        double seconds = 10;
        if (deadline)
            seconds = std::clamp(std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count(),
                                 0.1, 10.0);
        return unsigned(seconds * 1000);
    }
    // The abstraction's solver (post), its timeout renewed before each query.
    z3::solver &timed() {
        solver.set(params(queryMs()));
        return solver;
    }

    Impl(const Program &p, PredicateAbstraction a, PredicateBlocks b);

    // --- terms -------------------------------------------------------------------------
    static void unsupported(const std::string &what) {
        throw DomainUnsupported{"the predicate analysis does not model " + what + " yet"};
    }
    static void checkType(const Type *t, const std::string &name);
    z3::expr var(VarId id);
    z3::expr returnSlot(FunctionId f);
    z3::expr freshConst(unsigned bits) { return ctx.bv_const(("havoc!" + std::to_string(fresh++)).c_str(), bits); }

    // The truth of an integer term: ite(c, 1, 0) is c itself, so that atoms stay readable.
    z3::expr truth(const z3::expr &t);

    z3::expr term(const ExprPtr &e);

    // The domain tracks integer variables; everything else (pointers, floats, aggregates, what
    // a pointer points to) is untracked: a read of it is any value of its type (a fresh
    // constant), and a write that may go through a pointer may change any integer variable
    // whose address the program takes (those become unknown). Sound, if blind to memory.
    static bool tracked(const Type *t) { return t && t->isInt(); }
    z3::expr anyValue(const Type *t);
    z3::expr value(const ExprPtr &e);
    // Whether a write to this lvalue may land in another variable: it goes through a pointer.
    static bool throughPointer(const Expr *e);
    void havocAddressTaken(std::vector<Step> &steps);
    // A write of `rhs` (evaluated only where a tracked variable takes it) to lhs.
    template <class Rhs> void write(std::vector<Step> &steps, const ExprPtr &lhs, Rhs rhs) {
        if (lhs->kind == ExprKind::Var) {
            if (tracked(lhs->type) && tracked(P.variable(lhs->var).type))
                steps.push_back({Step::Assign, var(lhs->var), rhs()});
            return;
        }
        if (throughPointer(lhs.get()))
            havocAddressTaken(steps);
    }
    void havocWrite(std::vector<Step> &steps, const ExprPtr &lhs);
    bool anyPointerArgument(const CallInfo &c) const;

    // --- edges -------------------------------------------------------------------------
    // What a move does to the variables. For a call of an assertion, `violation` chooses the
    // target's effect (the assertion fails) over the normal one (it holds).
    std::vector<Step> effect(PathMove m, bool violation = false);

    // The weakest precondition of q over the steps; havocked variables become fresh
    // constants (which a validity query treats as "for every value"), listed in `havocked`.
    z3::expr wp(const std::vector<Step> &steps, z3::expr q, std::vector<z3::expr> *havocked = nullptr);

    // --- solver -------------------------------------------------------------------------
    // One query, by a fresh QF_BV solver: Z3's bit-vector tactics (simplify, bit-blast, SAT)
    // answer such a query far faster than its incremental core, which push/pop selects.
    z3::check_result check(const z3::expr &f);
    // 10 s by default: the refinement's queries keep it (an unknown there reads as a
    // feasible merged path, and a time budget is no reason to say so).
    z3::params params(unsigned ms = 10000) {
        z3::params p(ctx);
        p.set("timeout", ms);
        return p;
    }
    z3::expr cube(const std::vector<int> &literals);
    z3::expr formula(const PredicateState &s);
    // A path formula, forward from a block start: every variable's value as a term over the
    // values there (and fresh constants for havocs), and the condition the paths take.
    struct Encoding {
        z3::expr guard;
        std::vector<z3::expr> from, to;
        std::map<unsigned, size_t> slot; // by the variable's term id
        explicit Encoding(z3::context &c) : guard(c.bool_val(true)) {}
        z3::expr_vector vector(z3::context &c, const std::vector<z3::expr> &v) const {
            z3::expr_vector out(c);
            for (const auto &e : v)
                out.push_back(e);
            return out;
        }
        z3::expr apply(z3::context &c, const z3::expr &e) const {
            return from.empty() ? e : z3::expr(e).substitute(vector(c, from), vector(c, to));
        }
    };
    Encoding extend(Encoding t, const std::vector<Step> &steps);
    // Path formulas of block states, by serial; entries of states no longer alive are dropped
    // now and then.
    std::unordered_map<uint64_t, std::pair<std::weak_ptr<const PredicateState>, Encoding>> encodings;
    uint64_t serials = 0;
    size_t sinceSweep = 0;
    Encoding encodingOf(const PredicateState &s);
    void keep(const std::shared_ptr<PredicateState> &s, Encoding e);

    // The abstraction at `to` of the states after `steps` from phi; nullopt when no state
    // follows. Boolean abstraction enumerates the cubes over the predicates that neither
    // always hold nor never do; past MaxCubes of them it keeps the Cartesian part only.
    static constexpr size_t MaxCubes = 1024;
    std::optional<Abstraction> post(const z3::expr &phi, const Encoding &t, NodeId to);
    // Every valuation of the open predicates some state takes (in the solver's frame).
    std::vector<std::vector<int>> cubes(const std::vector<size_t> &open, const std::vector<z3::expr> &names,
                                        const std::vector<int> &ids);

    // The initial values of the globals (scalars; others are never read by a program this
    // domain models), and main's parameters (anything).
    std::vector<Step> initialSteps();

    std::shared_ptr<PredicateState> state(std::vector<CallFrame> stack, Abstraction a, NodeId at);

    // --- blocks -------------------------------------------------------------------------
    // Every cycle of a CFA holds a retreating edge of a depth-first search: the loop heads
    // (their targets, gotos into loops included, as the unwinder counts them) cut every loop,
    // so a block never goes round one.
    void findLoopHeads();
    void collectConstants();
    bool abstractsAt(NodeId n) const { return blocks == PredicateBlocks::Edge || loopHeads[size_t(n)]; }

    // The state after `move` into `to`: abstracted at the end of a block, else the block's path
    // formula grows by the move (where some state can take it). A target is never abstracted.
    std::shared_ptr<PredicateState> after(const PredicateState &s, PathMove move, NodeId to, std::vector<CallFrame> stack,
                                          bool violation = false, bool target = false);

    // Two block states of one start whose paths exclude each other: one formula, the guard
    // either path's, each variable's value the one of the path taken. Paths that may overlap
    // stay apart (the choice by guard would lose the second's states there).
    std::shared_ptr<PredicateState> merge(const PredicateState &a, const PredicateState &b);

    // --- refinement ---------------------------------------------------------------------
    // A Boolean connective (and, or, not, implies, xor, a Boolean ite or ==): its atoms are its
    // operands'.
    static bool isConnective(const z3::expr &f);
    // Atoms of a Boolean formula, without the fresh constants of a havoc.
    void atoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen);
    // The atoms of a formula with its if-then-else terms lifted: `ite(c, a, b) == k` gives
    // `a == k`, `b == k` and the atoms of c. A merged path formula chooses each variable's value
    // by path (an ite per join); lifted, its atoms are the comparisons each path makes, which is
    // what eliminating the paths' havocs would leave where havocs only decide branches. At most
    // `cap` of them (the rest are not needed for soundness, only for precision).
    static constexpr size_t MaxLeaves = 32;
    std::map<unsigned, std::vector<z3::expr>> leafMemo; // cleared before each formula's lifting
    const std::vector<z3::expr> &leaves(const z3::expr &t, std::vector<z3::expr> &conditions);
    void liftedAtoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen);
    // Whether a havoc occurs other than as a branch's test against a constant (`h != 0`): then
    // only quantifier elimination tells what must hold before it.
    bool havocDecidesValues(const z3::expr &f);
    // The havoc constants a formula mentions (each once).
    void havocs(const z3::expr &f, std::vector<z3::expr> &out);
    bool mentionsHavoc(const z3::expr &f);
    // ∀ havocked. q, by Z3's quantifier elimination where it succeeds; else q itself (its
    // atoms that mention a havocked constant are dropped).
    static constexpr size_t MaxFullEliminationInputs = 8;
    z3::expr eliminate(const z3::expr &q, const std::vector<z3::expr> &havocked);
    static bool hasQuantifier(const z3::expr &e);
    // An atom as the simplifier writes it where that is still one comparison: a refinement
    // along an unrolled loop learns ((q + 4) + 4) + 4 == 6, which is q == -6. Null (false)
    // for an atom that is constant.
    std::optional<z3::expr> normalized(const z3::expr &atom);
    // Whether a term takes bits apart (extract, concat, extensions): the simplifier writes
    // q & 3 so, which C says otherwise.
    static bool slicesBits(const z3::expr &e);

    // The variable and constant of an atom v == c, if it is one.
    std::optional<std::pair<z3::expr, uint64_t>> constantEquality(const z3::expr &a);

    // Equalities v == c1, v == c2, ... of one variable at one location, some with a constant
    // the program never writes, are a loop that the refinement unrolls one iteration at a
    // time (q += 4 and q == 6 learn q == 2, then q == -2, for ever). What every unrolling keeps
    // is added beside them: the residue modulo the power of two that divides every difference
    // (q & 3 == 2), and the range the constants span (v <= max, v >= min in v's signedness).
    // Only precision: no claim rests on them. A state variable's values (t == 0, 1, 2: all
    // written by the program) are left alone: their predicates would only multiply cubes.
    std::vector<z3::expr> generalized(const std::vector<int> &prec);

    int predicateId(const z3::expr &atom);

    // --- C text of terms ---------------------------------------------------------------
    std::string cText(const z3::expr &e, bool top = true);

    // Where a move leads: the callee's entry for a call of a function with a body, else the
    // edge's target (a return move returns to the call's successor).
    NodeId target(PathMove m) const;
    std::string where(NodeId n) const { return "N" + std::to_string(n) + " (line " + std::to_string(P.node(n).line) + ")"; }
};

} // namespace vcov
