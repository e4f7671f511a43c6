#include "analysis/PredicateDomain.h"

#include "bmc/IntegerTerms.h"
#include "bmc/LoopStructure.h"
#include "semantics/IntegerSemantics.h"

#include <z3++.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace vcov {

using bmc::boolTerm;
using bmc::convertTerm;
using bmc::integerBinaryTerm;

namespace {

bool includes(const std::vector<int> &a, const std::vector<int> &b) { return std::includes(a.begin(), a.end(), b.begin(), b.end()); }

std::vector<int> united(const std::vector<int> &a, const std::vector<int> &b) {
    std::vector<int> u;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(u));
    return u;
}

} // namespace

bool PredicateState::lessOrEqual(const AbstractState &abstract) const {
    const auto &other = static_cast<const PredicateState &>(abstract);
    if (block != other.block || !includes(literals, other.literals))
        return false;
    if (other.cubes.empty())
        return true;
    const std::vector<std::vector<int>> mine = cubes.empty() ? std::vector<std::vector<int>>{{}} : cubes;
    for (const auto &c : mine) {
        const std::vector<int> all = united(literals, c);
        if (std::none_of(other.cubes.begin(), other.cubes.end(), [&](const std::vector<int> &o) { return includes(all, o); }))
            return false;
    }
    return true;
}

std::string PredicateState::describe(const Program &) const {
    auto literal = [&](int l) {
        const std::string &p = texts && size_t(std::abs(l) - 1) < texts->size() ? (*texts)[size_t(std::abs(l) - 1)] : "?";
        return l > 0 ? p : "!(" + p + ")";
    };
    std::string out;
    for (int l : literals)
        out += (out.empty() ? "" : ", ") + literal(l);
    if (!cubes.empty()) {
        std::string any;
        for (const auto &c : cubes) {
            std::string cube;
            for (int l : c)
                cube += (cube.empty() ? "" : " && ") + literal(l);
            any += (any.empty() ? "" : " || ") + (cube.empty() ? std::string("1") : cube);
        }
        out += (out.empty() ? "" : ", ") + ("(" + any + ")");
    }
    if (out.empty())
        out = "true";
    if (!block.empty())
        out += " at the last loop head, then the " + std::to_string(block.size()) + " operation(s) since";
    return out;
}

std::vector<std::pair<std::string, std::string>> PredicateState::describeFrames(const Program &program) const {
    std::string calls;
    for (size_t d = 0; d < stack.size(); ++d)
        calls += (d ? " → " : "") + (stack[d].function == NoFunction ? std::string("?") : program.functions[size_t(stack[d].function)].name);
    return {{"predicates", describe(program)}, {"call stack", calls}};
}

namespace {

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

bool isTrueAfterSimplify(const z3::expr &e, bool value) {
    z3::expr s = e.simplify();
    return value ? s.is_true() : s.is_false();
}

} // namespace

struct PredicateTransfer::Impl {
    const Program &P;
    PredicateAbstraction abstraction;
    PredicateBlocks blocks;
    std::vector<char> loopHeads; // per CFA node: the target of a retreating edge (or main's entry)
    z3::context ctx;
    z3::solver solver{ctx};
    std::vector<z3::expr> preds;
    std::vector<std::string> texts;
    std::shared_ptr<const std::vector<std::string>> textSnapshot = std::make_shared<std::vector<std::string>>();
    std::map<std::string, int> index; // by Z3's text of the predicate
    std::map<NodeId, std::vector<int>> precision; // sorted predicate ids
    std::map<VarId, z3::expr> vars;
    std::map<FunctionId, z3::expr> returns;
    std::map<std::string, std::string> cNames; // Z3 constant name → C name
    unsigned fresh = 0;

    Impl(const Program &p, PredicateAbstraction a, PredicateBlocks b) : P(p), abstraction(a), blocks(b) {
        findLoopHeads();
        z3::params params(ctx);
        params.set("timeout", 10000u); // one query; unknown is answered soundly
        solver.set(params);
    }

    // --- terms -------------------------------------------------------------------------
    static void unsupported(const std::string &what) {
        throw DomainUnsupported{"the predicate analysis does not model " + what + " yet"};
    }
    static void checkType(const Type *t, const std::string &name) {
        if (!t || !t->isInt())
            unsupported(std::string(t && t->isPointer() ? "pointers" : t && t->isFloat() ? "floating point" : "aggregates") +
                        (name.empty() ? "" : " (" + name + ")"));
    }
    z3::expr var(VarId id) {
        auto it = vars.find(id);
        if (it != vars.end())
            return it->second;
        const Variable &v = P.variable(id);
        checkType(v.type, v.name);
        std::string name = "v" + std::to_string(id);
        cNames[name] = v.name;
        return vars.emplace(id, ctx.bv_const(name.c_str(), v.type->bits)).first->second;
    }
    z3::expr returnSlot(FunctionId f) {
        auto it = returns.find(f);
        if (it != returns.end())
            return it->second;
        const FunctionCfa &fn = P.functions[size_t(f)];
        const Type *t = fn.type ? fn.type->target : nullptr;
        checkType(t, "the value " + fn.name + " returns");
        std::string name = "ret" + std::to_string(f);
        cNames[name] = fn.name + "()";
        return returns.emplace(f, ctx.bv_const(name.c_str(), t->bits)).first->second;
    }
    z3::expr freshConst(unsigned bits) { return ctx.bv_const(("havoc!" + std::to_string(fresh++)).c_str(), bits); }

    // The truth of an integer term: ite(c, 1, 0) is c itself, so that atoms stay readable.
    z3::expr truth(const z3::expr &t) {
        if (t.is_app() && t.decl().decl_kind() == Z3_OP_ITE) {
            uint64_t a, b;
            if (t.arg(1).is_numeral_u64(a) && t.arg(2).is_numeral_u64(b)) {
                if (a == 1 && b == 0)
                    return t.arg(0);
                if (a == 0 && b == 1)
                    return !t.arg(0);
            }
        }
        return t != ctx.bv_val(0, t.get_sort().bv_size());
    }

    z3::expr term(const ExprPtr &e) {
        switch (e->kind) {
        case ExprKind::IntConst:
            checkType(e->type, "");
            return ctx.bv_val(uint64_t(e->value), e->type->bits);
        case ExprKind::Var: return var(e->var);
        case ExprKind::Unary: {
            checkType(e->type, "");
            z3::expr a = term(e->ops[0]);
            switch (e->unaryOp) {
            case UnaryOp::Neg: return -a;
            case UnaryOp::BitNot: return ~a;
            case UnaryOp::LogNot: return boolTerm(!truth(a), e->type);
            default: unsupported("floating-point functions");
            }
            break;
        }
        case ExprKind::Binary: {
            checkType(e->type, "");
            const BinaryOp op = e->binaryOp;
            if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
                z3::expr a = truth(term(e->ops[0])), b = truth(term(e->ops[1]));
                return boolTerm(op == BinaryOp::LogAnd ? (a && b) : (a || b), e->type);
            }
            checkType(e->ops[0]->type, "");
            checkType(e->ops[1]->type, "");
            const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le ||
                                    op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
            return integerBinaryTerm(op, term(e->ops[0]), term(e->ops[1]), comparison ? e->ops[0]->type : e->type,
                                     e->ops[1]->type, e->type, {});
        }
        case ExprKind::Conditional: {
            checkType(e->type, "");
            return z3::ite(truth(term(e->ops[0])), term(e->ops[1]), term(e->ops[2]));
        }
        case ExprKind::Cast:
            if (e->castKind == CastKind::Integral) {
                checkType(e->type, "");
                checkType(e->ops[0]->type, "");
                return convertTerm(term(e->ops[0]), e->ops[0]->type, e->type);
            }
            if (e->castKind == CastKind::ToVoid)
                return ctx.bv_val(0, 32);
            unsupported(e->castKind == CastKind::IntToFloat || e->castKind == CastKind::FloatToInt ||
                                e->castKind == CastKind::FloatToFloat
                            ? "floating point"
                            : "pointers");
            break;
        case ExprKind::Deref:
        case ExprKind::AddrOf: unsupported("pointers"); break;
        case ExprKind::Index: unsupported("arrays"); break;
        case ExprKind::Member: unsupported("structs"); break;
        case ExprKind::StringLit: unsupported("strings"); break;
        }
        unsupported("this expression");
        return ctx.bv_val(0, 1);
    }

    // The variable an lvalue names (scalar variables only).
    z3::expr lvalue(const ExprPtr &e) {
        if (e->kind != ExprKind::Var)
            unsupported(e->kind == ExprKind::Deref ? "writes through pointers" : "writes into arrays or structs");
        return var(e->var);
    }

    // --- edges -------------------------------------------------------------------------
    // What a move does to the variables. For a call of an assertion, `violation` chooses the
    // target's effect (the assertion fails) over the normal one (it holds).
    std::vector<Step> effect(PathMove m, bool violation = false) {
        const CfaEdge &e = P.edge(m.edge);
        std::vector<Step> steps;
        if (m.isReturn) {
            if (e.call.lhs)
                steps.push_back({Step::Assign, lvalue(e.call.lhs), returnSlot(e.call.callee)});
            return steps;
        }
        switch (e.kind) {
        case EdgeKind::Blank: break;
        case EdgeKind::Declaration: {
            const Variable &v = P.variable(e.declared);
            z3::expr x = var(v.id);
            if (!e.hasInitializer) {
                steps.push_back({Step::Havoc, x, x});
                break;
            }
            steps.push_back({Step::Assign, x, ctx.bv_val(0, v.type->bits)});
            for (const auto &init : e.inits)
                steps.push_back({Step::Assign, lvalue(init.target), term(init.value)});
            break;
        }
        case EdgeKind::Assignment: steps.push_back({Step::Assign, lvalue(e.lhs), term(e.rhs)}); break;
        case EdgeKind::Assume: {
            z3::expr c = truth(term(e.cond));
            steps.push_back({Step::Assume, c, e.truth ? c : !c});
            break;
        }
        case EdgeKind::Return:
            if (e.value)
                steps.push_back({Step::Assign, returnSlot(e.function), term(e.value)});
            break;
        case EdgeKind::Call: {
            const CallInfo &c = e.call;
            const FunctionCfa &callee = P.functions[size_t(c.callee)];
            if (c.intrinsic == Intrinsic::None && callee.hasBody) {
                // Parameters take the arguments' values. No recursion: a parameter is no
                // variable of an argument, so one after the other is all at once.
                for (size_t i = 0; i < callee.params.size() && i < c.args.size(); ++i)
                    steps.push_back({Step::Assign, var(callee.params[i]), term(c.args[i])});
                return steps;
            }
            switch (c.intrinsic) {
            case Intrinsic::Nondet:
            case Intrinsic::External:
            case Intrinsic::Printf:
            case Intrinsic::PointerOk: // over-approximated: any truth value
            case Intrinsic::Forall:
            case Intrinsic::Exists:
            case Intrinsic::Overflow:
            case Intrinsic::PointerPrimitive:
                if (c.lhs)
                    steps.push_back({Step::Havoc, lvalue(c.lhs), lvalue(c.lhs)});
                break;
            case Intrinsic::BlockOperation: // the byte loop after it does the work
                if (c.lhs)
                    steps.push_back({Step::Assign, lvalue(c.lhs), ctx.bv_val(0, c.lhs->type->bits)});
                break;
            case Intrinsic::Assume:
                if (!c.args.empty()) {
                    z3::expr cond = truth(term(c.args[0]));
                    steps.push_back({Step::Assume, cond, cond});
                }
                break;
            case Intrinsic::Assert:
                if (!c.args.empty()) {
                    z3::expr cond = truth(term(c.args[0]));
                    steps.push_back({Step::Assume, cond, violation ? !cond : cond});
                }
                break;
            case Intrinsic::Malloc:
            case Intrinsic::Free: unsupported("dynamic memory (" + c.calleeName + ")"); break;
            case Intrinsic::None: unsupported("calls of functions without a body (" + c.calleeName + ")"); break;
            case Intrinsic::Error:
            case Intrinsic::Abort:
            case Intrinsic::Exit:
            case Intrinsic::InvalidCall: break;
            }
            break;
        }
        }
        return steps;
    }

    // The weakest precondition of q over the steps; havocked variables become fresh
    // constants (which a validity query treats as "for every value"), listed in `havocked`.
    z3::expr wp(const std::vector<Step> &steps, z3::expr q, std::vector<z3::expr> *havocked = nullptr) {
        for (size_t i = steps.size(); i-- > 0;) {
            const Step &s = steps[i];
            z3::expr_vector from(ctx), to(ctx);
            switch (s.kind) {
            case Step::Assign:
                from.push_back(s.var);
                to.push_back(s.term);
                q = q.substitute(from, to);
                break;
            case Step::Havoc: {
                z3::expr h = freshConst(s.var.get_sort().bv_size());
                from.push_back(s.var);
                to.push_back(h);
                q = q.substitute(from, to);
                if (havocked)
                    havocked->push_back(h);
                break;
            }
            case Step::Assume: q = z3::implies(s.term, q); break;
            }
        }
        return q;
    }

    // --- solver -------------------------------------------------------------------------
    // One query, by a fresh QF_BV solver: Z3's bit-vector tactics (simplify, bit-blast, SAT)
    // answer such a query far faster than its incremental core, which push/pop selects.
    z3::check_result check(const z3::expr &f) {
        z3::solver s(ctx, "QF_BV");
        s.set(params());
        s.add(f);
        return s.check();
    }
    z3::params params() {
        z3::params p(ctx);
        p.set("timeout", 10000u); // one query; unknown is answered soundly
        return p;
    }
    z3::expr cube(const std::vector<int> &literals) {
        z3::expr f = ctx.bool_val(true);
        for (int l : literals)
            f = f && (l > 0 ? preds[size_t(l - 1)] : !preds[size_t(-l - 1)]);
        return f;
    }
    z3::expr formula(const PredicateState &s) {
        z3::expr f = cube(s.literals);
        if (s.cubes.empty())
            return f;
        z3::expr any = ctx.bool_val(false);
        for (const auto &c : s.cubes)
            any = any || cube(c);
        return f && any;
    }
    // What the steps do, forward: every variable's value after them as a term over the
    // values before (and fresh constants for havocs), and the condition they take.
    struct Transition {
        z3::expr_vector from, to;
        z3::expr guard;
    };
    Transition transition(const std::vector<Step> &steps) {
        Transition t{z3::expr_vector(ctx), z3::expr_vector(ctx), ctx.bool_val(true)};
        std::map<unsigned, size_t> slot; // by the variable's term id
        auto now = [&](z3::expr e) { return t.from.empty() ? e : e.substitute(t.from, t.to); };
        for (const Step &s : steps) {
            if (s.kind == Step::Assume) {
                t.guard = t.guard && now(s.term);
                continue;
            }
            z3::expr value = s.kind == Step::Havoc ? freshConst(s.var.get_sort().bv_size()) : now(s.term);
            auto it = slot.find(s.var.id());
            if (it != slot.end()) {
                z3::expr_vector to(ctx);
                for (unsigned i = 0; i < t.to.size(); ++i)
                    to.push_back(i == it->second ? value : t.to[i]);
                t.to = to;
            } else {
                slot[s.var.id()] = t.from.size();
                t.from.push_back(s.var);
                t.to.push_back(value);
            }
        }
        return t;
    }

    // The abstraction at `to` of the states after `steps` from phi; nullopt when no state
    // follows. Boolean abstraction enumerates the cubes over the predicates that neither
    // always hold nor never do; past MaxCubes of them it keeps the Cartesian part only.
    static constexpr size_t MaxCubes = 64;
    std::optional<Abstraction> post(const z3::expr &phi, const std::vector<Step> &steps, NodeId to) {
        Transition t = transition(steps);
        auto it = precision.find(to);
        const size_t n = it == precision.end() ? 0 : it->second.size();
        // One solver frame: the states before and the step, and a name for each predicate after.
        solver.push();
        solver.add(phi && t.guard);
        std::vector<z3::expr> names;
        for (size_t i = 0; i < n; ++i) {
            const int id = it->second[i];
            z3::expr p = preds[size_t(id)];
            if (!t.from.empty())
                p = p.substitute(t.from, t.to);
            names.push_back(ctx.bool_const(("pred!" + std::to_string(id)).c_str()));
            solver.add(names.back() == p);
        }
        // Each model shows a value of every predicate: a predicate seen both ways is open
        // without a query of its own.
        std::vector<char> seenTrue(n, 0), seenFalse(n, 0);
        auto note = [&] {
            z3::model m = solver.get_model();
            for (size_t i = 0; i < n; ++i)
                (m.eval(names[i], true).is_true() ? seenTrue : seenFalse)[i] = 1;
        };
        const z3::check_result feasible = solver.check();
        if (feasible == z3::unsat) {
            solver.pop();
            return std::nullopt;
        }
        Abstraction a;
        if (feasible == z3::unknown) {
            solver.pop();
            return a; // nothing known for sure
        }
        note();
        std::vector<size_t> open;
        for (size_t i = 0; i < n; ++i) {
            if (!(seenTrue[i] && seenFalse[i])) {
                z3::expr_vector other(ctx);
                other.push_back(seenTrue[i] ? !names[i] : names[i]);
                const z3::check_result r = solver.check(other);
                if (r == z3::unsat) {
                    const int id = it->second[i];
                    a.literals.push_back(seenTrue[i] ? id + 1 : -(id + 1));
                    continue;
                }
                if (r == z3::sat)
                    note();
            }
            open.push_back(i);
        }
        std::sort(a.literals.begin(), a.literals.end());
        if (abstraction == PredicateAbstraction::Boolean && open.size() > 1)
            a.cubes = cubes(open, names, it->second);
        solver.pop();
        return a;
    }
    // Every valuation of the open predicates some state takes (in the solver's frame).
    std::vector<std::vector<int>> cubes(const std::vector<size_t> &open, const std::vector<z3::expr> &names,
                                        const std::vector<int> &ids) {
        std::vector<std::vector<int>> out;
        solver.push();
        while (true) {
            const z3::check_result r = solver.check();
            if (r != z3::sat) {
                if (r == z3::unknown)
                    out.clear(); // not all of them: only the Cartesian part is sure
                break;
            }
            if (out.size() == MaxCubes) {
                out.clear();
                break;
            }
            z3::model m = solver.get_model();
            std::vector<int> cube;
            z3::expr block = ctx.bool_val(false);
            for (size_t i : open) {
                const bool holds = m.eval(names[i], true).is_true();
                cube.push_back(holds ? ids[i] + 1 : -(ids[i] + 1));
                block = block || (holds ? !names[i] : names[i]);
            }
            std::sort(cube.begin(), cube.end());
            out.push_back(std::move(cube));
            solver.add(block);
        }
        solver.pop();
        // Every valuation: nothing more than the Cartesian part.
        if (open.size() < 20 && out.size() == (size_t(1) << open.size()))
            out.clear();
        std::sort(out.begin(), out.end());
        return out;
    }

    // The initial values of the globals (scalars; others are never read by a program this
    // domain models), and main's parameters (anything).
    std::vector<Step> initialSteps() {
        std::vector<Step> steps;
        for (const auto &g : P.globals) {
            const Variable &v = P.variable(g.var);
            if (!v.type || !v.type->isInt())
                continue;
            z3::expr x = var(v.id);
            steps.push_back({Step::Assign, x, ctx.bv_val(0, v.type->bits)});
            for (const auto &init : g.inits) {
                try {
                    steps.push_back({Step::Assign, lvalue(init.target), term(init.value)});
                } catch (const DomainUnsupported &) {
                    steps.push_back({Step::Havoc, x, x}); // an initializer beyond the domain: any value
                }
            }
        }
        for (VarId p : P.functions[P.entryFunction].params)
            if (P.variable(p).type && P.variable(p).type->isInt())
                steps.push_back({Step::Havoc, var(p), var(p)});
        return steps;
    }

    std::shared_ptr<PredicateState> state(std::vector<CallFrame> stack, Abstraction a, NodeId at) {
        auto s = std::make_shared<PredicateState>();
        auto it = precision.find(at);
        s->precisionUsed = it == precision.end() ? 0 : it->second.size();
        s->stack = std::move(stack);
        s->literals = std::move(a.literals);
        s->cubes = std::move(a.cubes);
        s->texts = textSnapshot;
        return s;
    }

    // --- blocks -------------------------------------------------------------------------
    // Every cycle of a CFA holds a retreating edge of a depth-first search: the loop heads
    // (their targets, gotos into loops included, as the unwinder counts them) cut every loop,
    // so a block never goes round one.
    void findLoopHeads() {
        loopHeads.assign(P.nodes.size(), 0);
        for (const auto &fn : P.functions)
            if (fn.hasBody && fn.entry != NoNode)
                for (const LoopInfo &l : computeLoops(P, fn).loops)
                    loopHeads[size_t(l.head)] = 1;
        loopHeads[size_t(P.functions[P.entryFunction].entry)] = 1;
    }
    bool abstractsAt(NodeId n) const { return blocks == PredicateBlocks::Edge || loopHeads[size_t(n)]; }

    // The state after `move` into `to`: abstracted at the end of a block, else the block grows
    // by the move (where some state can take it). A target is never abstracted.
    std::shared_ptr<PredicateState> after(const PredicateState &s, PathMove move, NodeId to, std::vector<CallFrame> stack,
                                          bool violation = false, bool target = false) {
        std::vector<Step> steps;
        for (const PathMove &m : s.block) {
            std::vector<Step> more = effect(m);
            steps.insert(steps.end(), more.begin(), more.end());
        }
        std::vector<Step> last = effect(move, violation);
        steps.insert(steps.end(), last.begin(), last.end());
        const z3::expr phi = formula(s);
        if (!target && abstractsAt(to)) {
            auto a = post(phi, steps, to);
            return a ? state(std::move(stack), std::move(*a), to) : nullptr;
        }
        // Only a condition can make the path infeasible: the state before was feasible.
        if (std::any_of(last.begin(), last.end(), [](const Step &x) { return x.kind == Step::Assume; })) {
            Transition t = transition(steps);
            if (check(phi && t.guard) == z3::unsat)
                return nullptr;
        }
        auto next = std::make_shared<PredicateState>();
        next->stack = std::move(stack);
        next->literals = s.literals;
        next->cubes = s.cubes;
        next->texts = s.texts;
        next->precisionUsed = s.precisionUsed;
        next->block = s.block;
        next->block.push_back(move);
        return next;
    }

    // --- refinement ---------------------------------------------------------------------
    // Atoms of a Boolean formula, without the fresh constants of a havoc.
    void atoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen) {
        if (!seen.insert(f.id()).second)
            return;
        if (f.is_app()) {
            Z3_decl_kind k = f.decl().decl_kind();
            bool boolArgs = f.num_args() > 0 && f.arg(0).is_bool();
            if (k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES || k == Z3_OP_XOR ||
                (k == Z3_OP_ITE && f.arg(1).is_bool()) || (k == Z3_OP_EQ && boolArgs)) {
                for (unsigned i = 0; i < f.num_args(); ++i)
                    if (f.arg(i).is_bool())
                        atoms(f.arg(i), out, seen);
                return;
            }
        }
        if (!f.is_bool() || f.is_true() || f.is_false() || mentionsHavoc(f))
            return;
        if (isTrueAfterSimplify(f, true) || isTrueAfterSimplify(f, false))
            return;
        out.push_back(f);
    }
    bool mentionsHavoc(const z3::expr &f) {
        if (f.is_const() && !f.is_numeral())
            return f.decl().name().str().rfind("havoc!", 0) == 0;
        if (f.is_app())
            for (unsigned i = 0; i < f.num_args(); ++i)
                if (mentionsHavoc(f.arg(i)))
                    return true;
        return false;
    }
    // ∀ havocked. q, by Z3's quantifier elimination where it succeeds; else q itself (its
    // atoms that mention a havocked constant are dropped).
    z3::expr eliminate(const z3::expr &q, const std::vector<z3::expr> &havocked) {
        if (havocked.empty())
            return q;
        z3::expr_vector bound(ctx);
        for (const auto &h : havocked)
            bound.push_back(h);
        try {
            z3::goal g(ctx);
            g.add(z3::forall(bound, q));
            z3::tactic qe = z3::try_for(z3::tactic(ctx, "qe"), 5000) & z3::tactic(ctx, "simplify");
            z3::apply_result r = qe(g);
            if (r.size() == 1) {
                z3::expr e = r[0].as_expr();
                if (!hasQuantifier(e))
                    return e;
            }
        } catch (const z3::exception &) {
        }
        return q;
    }
    static bool hasQuantifier(const z3::expr &e) {
        if (e.is_quantifier())
            return true;
        if (e.is_app())
            for (unsigned i = 0; i < e.num_args(); ++i)
                if (hasQuantifier(e.arg(i)))
                    return true;
        return false;
    }
    int predicateId(const z3::expr &atom) {
        z3::expr a = atom;
        if (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT)
            a = a.arg(0);
        if (a.is_app() && a.decl().decl_kind() == Z3_OP_DISTINCT && a.num_args() == 2)
            a = a.arg(0) == a.arg(1); // x != y is the predicate x == y
        std::string key = a.to_string();
        auto it = index.find(key);
        if (it != index.end())
            return it->second;
        int id = int(preds.size());
        preds.push_back(a);
        texts.push_back(cText(a));
        index[key] = id;
        return id;
    }

    // --- C text of terms ---------------------------------------------------------------
    std::string cText(const z3::expr &e, bool top = true) {
        auto wrap = [&](const std::string &s) { return top ? s : "(" + s + ")"; };
        if (e.is_numeral()) {
            uint64_t v = 0;
            if (e.is_bv() && e.is_numeral_u64(v)) {
                unsigned w = e.get_sort().bv_size();
                if (w > 1 && w <= 64 && (v >> (w - 1)) & 1)
                    return std::to_string(int64_t(v | (w == 64 ? 0 : ~uint64_t(0) << w)));
                return std::to_string(v);
            }
            return e.to_string();
        }
        if (e.is_true())
            return "1";
        if (e.is_false())
            return "0";
        if (e.is_const()) {
            auto it = cNames.find(e.decl().name().str());
            return it != cNames.end() ? it->second : e.decl().name().str();
        }
        if (!e.is_app())
            return e.to_string();
        const Z3_decl_kind k = e.decl().decl_kind();
        // Operands of a comparison are arithmetic, which binds tighter in C: no parentheses.
        auto infix = [&](const char *op) {
            const bool compare = e.num_args() > 0 && e.arg(0).is_bv() && e.is_bool();
            std::string s;
            for (unsigned i = 0; i < e.num_args(); ++i)
                s += (i ? std::string(" ") + op + " " : "") + cText(e.arg(i), compare);
            return wrap(s);
        };
        switch (k) {
        case Z3_OP_NOT: {
            const z3::expr a = e.arg(0);
            if (a.is_app()) {
                // !(a <= b) reads as a > b.
                switch (a.decl().decl_kind()) {
                case Z3_OP_EQ:
                    if (!a.arg(0).is_bv())
                        break;
                    return wrap(cText(a.arg(0)) + " != " + cText(a.arg(1)));
                case Z3_OP_SLEQ:
                case Z3_OP_ULEQ: return wrap(cText(a.arg(0)) + " > " + cText(a.arg(1)));
                case Z3_OP_SGEQ:
                case Z3_OP_UGEQ: return wrap(cText(a.arg(0)) + " < " + cText(a.arg(1)));
                case Z3_OP_SLT:
                case Z3_OP_ULT: return wrap(cText(a.arg(0)) + " >= " + cText(a.arg(1)));
                case Z3_OP_SGT:
                case Z3_OP_UGT: return wrap(cText(a.arg(0)) + " <= " + cText(a.arg(1)));
                default: break;
                }
            }
            return "!" + cText(a, false);
        }
        case Z3_OP_AND: return infix("&&");
        case Z3_OP_OR: return infix("||");
        case Z3_OP_IMPLIES: return wrap("!" + cText(e.arg(0), false) + " || " + cText(e.arg(1), false));
        case Z3_OP_EQ: return infix("==");
        case Z3_OP_DISTINCT: return infix("!=");
        case Z3_OP_SLEQ:
        case Z3_OP_ULEQ: return infix("<=");
        case Z3_OP_SGEQ:
        case Z3_OP_UGEQ: return infix(">=");
        case Z3_OP_SLT:
        case Z3_OP_ULT: return infix("<");
        case Z3_OP_SGT:
        case Z3_OP_UGT: return infix(">");
        case Z3_OP_BADD: return infix("+");
        case Z3_OP_BSUB: return infix("-");
        case Z3_OP_BMUL: return infix("*");
        case Z3_OP_BSDIV:
        case Z3_OP_BUDIV:
        case Z3_OP_BSDIV_I:
        case Z3_OP_BUDIV_I: return infix("/");
        case Z3_OP_BSREM:
        case Z3_OP_BUREM:
        case Z3_OP_BSREM_I:
        case Z3_OP_BUREM_I: return infix("%");
        case Z3_OP_BAND: return infix("&");
        case Z3_OP_BOR: return infix("|");
        case Z3_OP_BXOR: return infix("^");
        case Z3_OP_BSHL: return infix("<<");
        case Z3_OP_BASHR:
        case Z3_OP_BLSHR: return infix(">>");
        case Z3_OP_BNEG: return "-" + cText(e.arg(0), false);
        case Z3_OP_BNOT: return "~" + cText(e.arg(0), false);
        case Z3_OP_ITE:
            return wrap(cText(e.arg(0), false) + " ? " + cText(e.arg(1), false) + " : " + cText(e.arg(2), false));
        case Z3_OP_SIGN_EXT:
        case Z3_OP_ZERO_EXT:
        case Z3_OP_EXTRACT: return "(" + std::string(k == Z3_OP_EXTRACT ? "truncated" : "widened") + ")" + cText(e.arg(0), false);
        default: return e.to_string();
        }
    }

    // Where a move leads: the callee's entry for a call of a function with a body, else the
    // edge's target (a return move returns to the call's successor).
    NodeId target(PathMove m) const {
        const CfaEdge &e = P.edge(m.edge);
        if (!m.isReturn && e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None &&
            P.functions[size_t(e.call.callee)].hasBody)
            return P.functions[size_t(e.call.callee)].entry;
        return e.to;
    }
    std::string where(NodeId n) const { return "N" + std::to_string(n) + " (line " + std::to_string(P.node(n).line) + ")"; }
};

PredicateTransfer::PredicateTransfer(const Program &program, PredicateAbstraction abstraction, PredicateBlocks blocks)
    : d(std::make_unique<Impl>(program, abstraction, blocks)) {}
PredicateTransfer::~PredicateTransfer() = default;

std::shared_ptr<const AbstractState> PredicateTransfer::initialState() {
    const NodeId entry = d->P.functions[d->P.entryFunction].entry;
    auto a = d->post(d->ctx.bool_val(true), d->initialSteps(), entry);
    return d->state({{d->P.entryFunction, -1}}, a.value_or(Abstraction{}), entry);
}

std::vector<Successor> PredicateTransfer::successors(const AbstractState &abstract, NodeId location) {
    const auto &state = static_cast<const PredicateState &>(abstract);
    const Program &P = d->P;
    std::vector<Successor> out;
    const CfaNode &node = P.node(location);
    const FunctionCfa &fn = P.functions[node.function];
    if (location == fn.exit) {
        if (state.depth() == 0)
            return out; // the entry function returned: the execution is complete
        const PathMove move{state.stack.back().callEdge, true};
        const CfaEdge &call = P.edge(move.edge);
        std::vector<CallFrame> stack(state.stack.begin(), state.stack.end() - 1);
        auto next = d->after(state, move, call.to, std::move(stack));
        if (!next)
            return out;
        Successor s{move, call.to, SuccessorKind::Normal, false, {}, std::move(next)};
        if (s.state->depth() == 0 && call.to == P.functions[P.entryFunction].exit) {
            s.kind = SuccessorKind::Terminal;
            s.exits = true;
        }
        out.push_back(std::move(s));
        return out;
    }
    for (EdgeId eid : node.out) {
        const CfaEdge &e = P.edge(eid);
        const PathMove move{eid, false};
        const NodeId to = d->target(move);
        std::vector<CallFrame> stack = state.stack;
        Successor succ{move, to, SuccessorKind::Normal, false, {}, nullptr};
        if (e.kind == EdgeKind::Call) {
            const CallInfo &c = e.call;
            if (c.intrinsic == Intrinsic::None && P.functions[size_t(c.callee)].hasBody) {
                for (const CallFrame &f : stack)
                    if (f.function == c.callee)
                        Impl::unsupported("recursion (" + c.calleeName + ")");
                stack.push_back({c.callee, eid});
            }
            if (c.intrinsic == Intrinsic::InvalidCall)
                continue; // undefined behaviour: no execution goes on
            if (c.intrinsic == Intrinsic::Assert && !c.args.empty()) {
                // The assertion may fail here: a target where its negation is possible.
                if (auto failing = d->after(state, move, to, stack, true, true))
                    out.push_back({move, to, SuccessorKind::Target, false, "assertion " + e.text + " may fail",
                                   std::move(failing)});
            }
            if (c.intrinsic == Intrinsic::Error) {
                if (auto target = d->after(state, move, to, stack, false, true))
                    out.push_back({move, to, SuccessorKind::Target, false, c.calleeName + "() called", std::move(target)});
                continue;
            }
            if (c.intrinsic == Intrinsic::Abort || c.intrinsic == Intrinsic::Exit) {
                succ.kind = SuccessorKind::Terminal;
                succ.exits = c.intrinsic == Intrinsic::Exit;
            }
        }
        succ.state = d->after(state, move, to, std::move(stack));
        if (!succ.state)
            continue;
        // Returning from the entry function ends the execution normally.
        if (succ.kind == SuccessorKind::Normal && succ.state->depth() == 0 && to == P.functions[P.entryFunction].exit) {
            succ.kind = SuccessorKind::Terminal;
            succ.exits = true;
        }
        out.push_back(std::move(succ));
    }
    return out;
}

Refinement PredicateTransfer::refine(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
    Refinement r;
    if (path.empty())
        return r;
    const Program &P = d->P;
    // Node j is reached by the first j moves; its location:
    std::vector<NodeId> at{P.functions[P.entryFunction].entry};
    for (const PathMove &m : path)
        at.push_back(d->target(m));
    // What must hold before the target's move for the property to hold there.
    const PathMove last = path.back();
    const CfaEdge &le = P.edge(last.edge);
    z3::expr q = d->ctx.bool_val(false);
    if (!last.isReturn && le.kind == EdgeKind::Call && le.call.intrinsic == Intrinsic::Assert)
        q = d->wp(d->effect(last, true), d->ctx.bool_val(false));
    else if (last.isReturn || le.kind != EdgeKind::Call || le.call.intrinsic != Intrinsic::Error)
        throw DomainUnsupported{"a target of this kind (" + le.text + ") is not refined"};
    // Backwards: the weakest precondition at each node; its atoms join that location's precision.
    std::vector<std::string> core;
    for (size_t j = path.size() - 1;; --j) {
        std::vector<z3::expr> atoms;
        std::set<unsigned> seen;
        d->atoms(q, atoms, seen);
        if (!d->abstractsAt(at[j]))
            atoms.clear(); // within a block the path formula is exact: no predicates needed
        auto &prec = d->precision[at[j]];
        for (const z3::expr &a : atoms) {
            int id = d->predicateId(a);
            if (!std::binary_search(prec.begin(), prec.end(), id)) {
                prec.insert(std::upper_bound(prec.begin(), prec.end(), id), id);
                ++r.newPredicates;
                r.learned.push_back(d->texts[size_t(id)] + " at " + d->where(at[j]));
            }
        }
        if (j == 0)
            break;
        std::vector<z3::expr> havocked;
        z3::expr next = d->eliminate(d->wp(d->effect(path[j - 1]), q, &havocked), havocked);
        const CfaEdge &e = P.edge(path[j - 1].edge);
        if (!path[j - 1].isReturn && (e.kind == EdgeKind::Assume || (e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Assume ||
                                                                                                  e.call.intrinsic == Intrinsic::Assert))))
            if (!z3::eq(next, q) && !next.simplify().is_true())
                core.push_back(e.text + " (line " + std::to_string(e.line()) + ")");
        q = next;
    }
    // The first state computed with less precision than its location has now: learned just
    // now, or by another path's refinement after the state was made.
    for (size_t j = 0; j + 1 < at.size() && j < states.size(); ++j) {
        auto now = d->precision.find(at[j]);
        const auto *s = dynamic_cast<const PredicateState *>(states[j]);
        if (d->abstractsAt(at[j]) && now != d->precision.end() && (!s || now->second.size() > s->precisionUsed)) {
            r.pivot = int(j);
            break;
        }
    }
    std::reverse(core.begin(), core.end());
    std::string conditions;
    for (const auto &c : core)
        conditions += (conditions.empty() ? "" : ", ") + c;
    r.why = conditions.empty() ? "the path's operations contradict the property's violation"
                               : "no execution meets " + conditions + " together";
    if (r.newPredicates)
        d->textSnapshot = std::make_shared<std::vector<std::string>>(d->texts);
    if (r.pivot < 0)
        r.why = "the weakest preconditions along the path give no new predicate, and every state on it was computed "
                "with its location's whole precision (" + r.why + ")";
    return r;
}

std::vector<std::pair<std::string, std::string>> PredicateTransfer::precision() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &[n, ids] : d->precision) {
        if (ids.empty())
            continue;
        std::string s;
        for (int id : ids)
            s += (s.empty() ? "" : "; ") + d->texts[size_t(id)];
        out.push_back({d->where(n), s});
    }
    return out;
}

size_t PredicateTransfer::precisionSize() const {
    size_t n = 0;
    for (const auto &[at, ids] : d->precision)
        n += ids.size();
    return n;
}

std::vector<std::pair<NodeId, std::vector<std::string>>> PredicateTransfer::predicatesByLocation() const {
    std::vector<std::pair<NodeId, std::vector<std::string>>> out;
    for (const auto &[n, ids] : d->precision) {
        std::vector<std::string> texts;
        for (int id : ids)
            texts.push_back(d->texts[size_t(id)]);
        if (!texts.empty())
            out.push_back({n, std::move(texts)});
    }
    return out;
}

} // namespace vcov
