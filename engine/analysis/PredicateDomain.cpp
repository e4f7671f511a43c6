#include "analysis/PredicateDomain.h"

#include "bmc/IntegerTerms.h"
#include "bmc/LoopStructure.h"
#include "semantics/IntegerSemantics.h"

#include <z3++.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <functional>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

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
    // A path formula is compared by identity: the merge operator joins those of one block.
    if (blockStart || other.blockStart)
        return blockStart == other.blockStart && serial == other.serial;
    if (!includes(literals, other.literals))
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
    if (blockStart) {
        if (paths > 1.5) {
            char n[32];
            snprintf(n, sizeof n, paths < 1e15 ? "%.0f" : "%.3g", paths);
            out += " at the last loop head, then any of " + std::string(n) + " merged paths (up to " +
                   std::to_string(operations) + " operations) since";
        } else {
            out += " at the last loop head, then the " + std::to_string(operations) + " operation(s) since";
        }
    }
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

    Impl(const Program &p, PredicateAbstraction a, PredicateBlocks b) : P(p), abstraction(a), blocks(b) {
        for (VarId v : addressTakenVariables(P))
            if (tracked(P.variable(v).type))
                addressTaken.push_back(v);
        findLoopHeads();
        collectConstants();
        solver.set(params());
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
        signedness[name] = v.type->isSigned;
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

    // The domain tracks integer variables; everything else (pointers, floats, aggregates, what
    // a pointer points to) is untracked: a read of it is any value of its type (a fresh
    // constant), and a write that may go through a pointer may change any integer variable
    // whose address the program takes (those become unknown). Sound, if blind to memory.
    static bool tracked(const Type *t) { return t && t->isInt(); }
    z3::expr anyValue(const Type *t) {
        const unsigned bits = t && t->bits > 0 && t->bits <= 128 ? unsigned(t->bits) : 64;
        return freshConst(bits);
    }
    z3::expr value(const ExprPtr &e) {
        try {
            return term(e);
        } catch (const DomainUnsupported &) {
            return anyValue(e->type);
        }
    }
    // Whether a write to this lvalue may land in another variable: it goes through a pointer.
    static bool throughPointer(const Expr *e) {
        while (e->kind == ExprKind::Member || e->kind == ExprKind::Index) {
            if (e->kind == ExprKind::Index && !(e->ops[0]->type && e->ops[0]->type->kind == TypeKind::Array))
                return true;
            e = e->ops[0].get();
        }
        return e->kind != ExprKind::Var;
    }
    void havocAddressTaken(std::vector<Step> &steps) {
        for (VarId v : addressTaken)
            steps.push_back({Step::Havoc, var(v), var(v)});
    }
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
    void havocWrite(std::vector<Step> &steps, const ExprPtr &lhs) {
        write(steps, lhs, [&] { return anyValue(lhs->type); });
    }
    bool anyPointerArgument(const CallInfo &c) const {
        for (const ExprPtr &a : c.args)
            if (a && a->type && !a->type->isInt() && !a->type->isFloat())
                return true;
        return false;
    }

    // --- edges -------------------------------------------------------------------------
    // What a move does to the variables. For a call of an assertion, `violation` chooses the
    // target's effect (the assertion fails) over the normal one (it holds).
    std::vector<Step> effect(PathMove m, bool violation = false) {
        const CfaEdge &e = P.edge(m.edge);
        std::vector<Step> steps;
        if (m.isReturn) {
            if (e.call.lhs) {
                const FunctionCfa &callee = P.functions[size_t(e.call.callee)];
                const Type *t = callee.type ? callee.type->target : nullptr;
                write(steps, e.call.lhs, [&] { return tracked(t) ? returnSlot(e.call.callee) : anyValue(e.call.lhs->type); });
            }
            return steps;
        }
        switch (e.kind) {
        case EdgeKind::Blank: break;
        case EdgeKind::Declaration: {
            const Variable &v = P.variable(e.declared);
            if (tracked(v.type)) {
                z3::expr x = var(v.id);
                if (!e.hasInitializer) {
                    steps.push_back({Step::Havoc, x, x});
                    break;
                }
                steps.push_back({Step::Assign, x, ctx.bv_val(0, v.type->bits)});
            }
            for (const auto &init : e.inits)
                write(steps, init.target, [&] { return value(init.value); });
            break;
        }
        case EdgeKind::Assignment: write(steps, e.lhs, [&] { return value(e.rhs); }); break;
        case EdgeKind::Assume: {
            z3::expr c = truth(value(e.cond));
            steps.push_back({Step::Assume, c, e.truth ? c : !c});
            break;
        }
        case EdgeKind::Return: {
            const FunctionCfa &fn = P.functions[size_t(e.function)];
            if (e.value && tracked(fn.type ? fn.type->target : nullptr))
                steps.push_back({Step::Assign, returnSlot(e.function), value(e.value)});
            break;
        }
        case EdgeKind::Call: {
            const CallInfo &c = e.call;
            const FunctionCfa &callee = P.functions[size_t(c.callee)];
            if (c.intrinsic == Intrinsic::None && callee.hasBody) {
                // Parameters take the arguments' values. No recursion: a parameter is no
                // variable of an argument, so one after the other is all at once.
                for (size_t i = 0; i < callee.params.size() && i < c.args.size(); ++i)
                    if (tracked(P.variable(callee.params[i]).type))
                        steps.push_back({Step::Assign, var(callee.params[i]), value(c.args[i])});
                return steps;
            }
            switch (c.intrinsic) {
            case Intrinsic::None:     // a function without a body ...
            case Intrinsic::External: // ... may write through the pointers it is given
                if (anyPointerArgument(c))
                    havocAddressTaken(steps);
                [[fallthrough]];
            case Intrinsic::Nondet:
            case Intrinsic::Printf:
            case Intrinsic::PointerOk: // over-approximated: any truth value
            case Intrinsic::Forall:
            case Intrinsic::Exists:
            case Intrinsic::Overflow:
            case Intrinsic::PointerPrimitive:
            case Intrinsic::Malloc:
                if (c.lhs)
                    havocWrite(steps, c.lhs);
                break;
            case Intrinsic::Free: break; // frees no variable (freeing one is undefined)
            case Intrinsic::BlockOperation: // the byte loop after it does the work
                if (c.lhs)
                    write(steps, c.lhs, [&] { return ctx.bv_val(0, c.lhs->type->bits); });
                break;
            case Intrinsic::Assume:
                if (!c.args.empty()) {
                    z3::expr cond = truth(value(c.args[0]));
                    steps.push_back({Step::Assume, cond, cond});
                }
                break;
            case Intrinsic::Assert:
                if (!c.args.empty()) {
                    z3::expr cond = truth(value(c.args[0]));
                    // A built-in assertion while they are off is never the violation (Program::builtinAssertions).
                    steps.push_back({Step::Assume, cond, violation && P.assertsProgramProperty(c) ? !cond : cond});
                }
                break;
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
    // 10 s by default: the refinement's queries keep it (an unknown there reads as a
    // feasible merged path, and a time budget is no reason to say so).
    z3::params params(unsigned ms = 10000) {
        z3::params p(ctx);
        p.set("timeout", ms);
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
    Encoding extend(Encoding t, const std::vector<Step> &steps) {
        for (const Step &s : steps) {
            if (s.kind == Step::Assume) {
                t.guard = t.guard && t.apply(ctx, s.term);
                continue;
            }
            z3::expr value = s.kind == Step::Havoc ? freshConst(s.var.get_sort().bv_size()) : t.apply(ctx, s.term);
            auto it = t.slot.find(s.var.id());
            if (it != t.slot.end()) {
                t.to[it->second] = value;
            } else {
                t.slot[s.var.id()] = t.from.size();
                t.from.push_back(s.var);
                t.to.push_back(value);
            }
        }
        return t;
    }
    // Path formulas of block states, by serial; entries of states no longer alive are dropped
    // now and then.
    std::unordered_map<uint64_t, std::pair<std::weak_ptr<const PredicateState>, Encoding>> encodings;
    uint64_t serials = 0;
    size_t sinceSweep = 0;
    Encoding encodingOf(const PredicateState &s) {
        if (!s.blockStart)
            return Encoding(ctx);
        auto it = encodings.find(s.serial);
        if (it == encodings.end())
            throw DomainUnsupported{"a block state whose path formula is gone (internal error)"};
        return it->second.second;
    }
    void keep(const std::shared_ptr<PredicateState> &s, Encoding e) {
        s->serial = ++serials;
        encodings.emplace(s->serial, std::make_pair(std::weak_ptr<const PredicateState>(s), std::move(e)));
        if (++sinceSweep >= 50000) {
            sinceSweep = 0;
            for (auto it = encodings.begin(); it != encodings.end();)
                it = it->second.first.expired() ? encodings.erase(it) : std::next(it);
        }
    }

    // The abstraction at `to` of the states after `steps` from phi; nullopt when no state
    // follows. Boolean abstraction enumerates the cubes over the predicates that neither
    // always hold nor never do; past MaxCubes of them it keeps the Cartesian part only.
    static constexpr size_t MaxCubes = 1024;
    std::optional<Abstraction> post(const z3::expr &phi, const Encoding &t, NodeId to) {
        auto it = precision.find(to);
        const size_t n = it == precision.end() ? 0 : it->second.size();
        // One solver frame: the states before and the step, and a name for each predicate after.
        solver.push();
        solver.add(phi && t.guard);
        std::vector<z3::expr> names;
        for (size_t i = 0; i < n; ++i) {
            const int id = it->second[i];
            z3::expr p = t.apply(ctx, preds[size_t(id)]);
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
        const z3::check_result feasible = timed().check();
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
                const z3::check_result r = timed().check(other);
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
            const z3::check_result r = timed().check();
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
            for (const auto &init : g.inits)
                write(steps, init.target, [&] { return value(init.value); }); // beyond the domain: any value
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
    void collectConstants() {
        std::function<void(const ExprPtr &)> visit = [&](const ExprPtr &e) {
            if (!e)
                return;
            if (e->kind == ExprKind::IntConst)
                constants.insert({e->value, -e->value});
            for (const ExprPtr &o : e->ops)
                visit(o);
        };
        for (const CfaEdge &e : P.edges) {
            for (const ExprPtr &x : {e.lhs, e.rhs, e.cond, e.value, e.call.lhs})
                visit(x);
            for (const ExprPtr &x : e.call.args)
                visit(x);
            for (const Initializer &i : e.inits)
                visit(i.value);
        }
        for (const GlobalDeclaration &g : P.globals)
            for (const Initializer &i : g.inits)
                visit(i.value);
    }
    bool abstractsAt(NodeId n) const { return blocks == PredicateBlocks::Edge || loopHeads[size_t(n)]; }

    // The state after `move` into `to`: abstracted at the end of a block, else the block's path
    // formula grows by the move (where some state can take it). A target is never abstracted.
    std::shared_ptr<PredicateState> after(const PredicateState &s, PathMove move, NodeId to, std::vector<CallFrame> stack,
                                          bool violation = false, bool target = false) {
        const std::vector<Step> last = effect(move, violation);
        const std::shared_ptr<const PredicateState> start = s.blockStart ? s.blockStart : s.shared_from_this();
        Encoding e = extend(encodingOf(s), last);
        const z3::expr phi = formula(*start);
        if (!target && abstractsAt(to)) {
            auto a = post(phi, e, to);
            if (!a)
                return nullptr;
            auto next = state(std::move(stack), std::move(*a), to);
            next->level = blocks == PredicateBlocks::LoopHead ? start->level + 1 : 0;
            return next;
        }
        // Only a condition can make the path infeasible: the state before was feasible.
        if (std::any_of(last.begin(), last.end(), [](const Step &x) { return x.kind == Step::Assume; }) &&
            check(phi && e.guard) == z3::unsat)
            return nullptr;
        auto next = std::make_shared<PredicateState>();
        next->stack = std::move(stack);
        next->literals = start->literals;
        next->cubes = start->cubes;
        next->texts = start->texts;
        next->precisionUsed = start->precisionUsed;
        next->blockStart = start;
        next->level = start->level;
        next->operations = s.operations + 1;
        next->paths = s.blockStart ? s.paths : 1;
        keep(next, std::move(e));
        return next;
    }

    // Two block states of one start whose paths exclude each other: one formula, the guard
    // either path's, each variable's value the one of the path taken. Paths that may overlap
    // stay apart (the choice by guard would lose the second's states there).
    std::shared_ptr<PredicateState> merge(const PredicateState &a, const PredicateState &b) {
        if (!mergeBlocks || !a.blockStart || a.blockStart != b.blockStart || a.stack != b.stack)
            return nullptr;
        const Encoding ea = encodingOf(a), eb = encodingOf(b);
        if (check(formula(*a.blockStart) && ea.guard && eb.guard) != z3::unsat)
            return nullptr;
        Encoding m(ctx);
        m.guard = ea.guard || eb.guard;
        auto add = [&](const z3::expr &v) {
            if (m.slot.count(v.id()))
                return;
            auto ia = ea.slot.find(v.id()), ib = eb.slot.find(v.id());
            const z3::expr va = ia == ea.slot.end() ? v : ea.to[ia->second];
            const z3::expr vb = ib == eb.slot.end() ? v : eb.to[ib->second];
            m.slot[v.id()] = m.from.size();
            m.from.push_back(v);
            m.to.push_back(z3::eq(va, vb) ? va : z3::ite(ea.guard, va, vb));
        };
        for (const auto &v : ea.from)
            add(v);
        for (const auto &v : eb.from)
            add(v);
        auto next = std::make_shared<PredicateState>(b);
        next->operations = std::max(a.operations, b.operations);
        next->paths = a.paths + b.paths;
        keep(next, std::move(m));
        return next;
    }

    // --- refinement ---------------------------------------------------------------------
    // A Boolean connective (and, or, not, implies, xor, a Boolean ite or ==): its atoms are its
    // operands'.
    static bool isConnective(const z3::expr &f) {
        if (!f.is_app())
            return false;
        const Z3_decl_kind k = f.decl().decl_kind();
        const bool boolArgs = f.num_args() > 0 && f.arg(0).is_bool();
        return k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES || k == Z3_OP_XOR ||
               (k == Z3_OP_ITE && f.arg(1).is_bool()) || (k == Z3_OP_EQ && boolArgs);
    }
    // Atoms of a Boolean formula, without the fresh constants of a havoc.
    void atoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen) {
        if (!seen.insert(f.id()).second)
            return;
        if (isConnective(f)) {
            for (unsigned i = 0; i < f.num_args(); ++i)
                if (f.arg(i).is_bool())
                    atoms(f.arg(i), out, seen);
            return;
        }
        if (!f.is_bool() || f.is_true() || f.is_false() || mentionsHavoc(f))
            return;
        if (isTrueAfterSimplify(f, true) || isTrueAfterSimplify(f, false))
            return;
        out.push_back(f);
    }
    // The atoms of a formula with its if-then-else terms lifted: `ite(c, a, b) == k` gives
    // `a == k`, `b == k` and the atoms of c. A merged path formula chooses each variable's value
    // by path (an ite per join); lifted, its atoms are the comparisons each path makes, which is
    // what eliminating the paths' havocs would leave where havocs only decide branches. At most
    // `cap` of them (the rest are not needed for soundness, only for precision).
    static constexpr size_t MaxLeaves = 32;
    std::map<unsigned, std::vector<z3::expr>> leafMemo; // cleared before each formula's lifting
    const std::vector<z3::expr> &leaves(const z3::expr &t, std::vector<z3::expr> &conditions) {
        auto memo = leafMemo.find(t.id());
        if (memo != leafMemo.end())
            return memo->second;
        std::vector<z3::expr> out;
        if (t.is_app() && t.decl().decl_kind() == Z3_OP_ITE && !t.arg(1).is_bool()) {
            conditions.push_back(t.arg(0));
            for (unsigned i = 1; i <= 2; ++i)
                for (const auto &l : leaves(t.arg(i), conditions))
                    if (out.size() < MaxLeaves && std::none_of(out.begin(), out.end(), [&](const z3::expr &o) { return z3::eq(o, l); }))
                        out.push_back(l);
        } else if (t.is_app() && t.num_args() > 0 && !t.is_bool()) {
            // f(args): every combination of the arguments' leaves, while there are few.
            std::vector<std::vector<z3::expr>> args;
            size_t combinations = 1;
            for (unsigned i = 0; i < t.num_args(); ++i) {
                args.push_back(leaves(t.arg(i), conditions));
                combinations *= std::max<size_t>(1, args.back().size());
            }
            if (combinations == 1 || combinations > MaxLeaves) {
                out.push_back(t);
            } else {
                std::vector<size_t> pick(args.size(), 0);
                while (true) {
                    z3::expr_vector a(ctx);
                    for (size_t i = 0; i < args.size(); ++i)
                        a.push_back(args[i][pick[i]]);
                    out.push_back(t.decl()(a));
                    size_t i = 0;
                    while (i < pick.size() && ++pick[i] == args[i].size())
                        pick[i++] = 0;
                    if (i == pick.size())
                        break;
                }
            }
        } else {
            out.push_back(t);
        }
        return leafMemo.emplace(t.id(), std::move(out)).first->second;
    }
    void liftedAtoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen) {
        if (!seen.insert(f.id()).second)
            return;
        if (isConnective(f)) {
            for (unsigned i = 0; i < f.num_args(); ++i)
                if (f.arg(i).is_bool())
                    liftedAtoms(f.arg(i), out, seen);
            return;
        }
        if (f.is_app()) {
            if (f.is_bool() && f.num_args() == 2 && f.arg(0).is_bv()) {
                std::vector<z3::expr> conditions;
                std::vector<z3::expr> left = leaves(f.arg(0), conditions), right = leaves(f.arg(1), conditions);
                for (const auto &c : conditions)
                    liftedAtoms(c, out, seen);
                if (left.size() * right.size() > 1 && left.size() * right.size() <= MaxLeaves) {
                    for (const auto &l : left)
                        for (const auto &r : right) {
                            z3::expr_vector a(ctx);
                            a.push_back(l);
                            a.push_back(r);
                            z3::expr atom = f.decl()(a).simplify();
                            std::set<unsigned> none;
                            atoms(atom, out, none);
                        }
                    return;
                }
            }
        }
        std::set<unsigned> none;
        atoms(f, out, none);
    }
    // Whether a havoc occurs other than as a branch's test against a constant (`h != 0`): then
    // only quantifier elimination tells what must hold before it.
    bool havocDecidesValues(const z3::expr &f) {
        std::set<unsigned> seen;
        std::function<bool(const z3::expr &)> walk = [&](const z3::expr &e) -> bool {
            if (!seen.insert(e.id()).second)
                return false;
            if (!e.is_app())
                return false;
            const Z3_decl_kind k = e.decl().decl_kind();
            if ((k == Z3_OP_EQ || k == Z3_OP_DISTINCT) && e.num_args() == 2 && e.arg(0).is_bv() &&
                ((e.arg(1).is_numeral() && e.arg(0).is_const()) || (e.arg(0).is_numeral() && e.arg(1).is_const())))
                return false;
            if (e.is_const() && !e.is_numeral())
                return e.decl().name().str().rfind("havoc!", 0) == 0;
            for (unsigned i = 0; i < e.num_args(); ++i)
                if (walk(e.arg(i)))
                    return true;
            return false;
        };
        return walk(f);
    }
    // The havoc constants a formula mentions (each once).
    void havocs(const z3::expr &f, std::vector<z3::expr> &out) {
        std::set<unsigned> seen, found;
        std::function<void(const z3::expr &)> walk = [&](const z3::expr &e) {
            if (!seen.insert(e.id()).second)
                return;
            if (e.is_const() && !e.is_numeral()) {
                if (e.decl().name().str().rfind("havoc!", 0) == 0 && found.insert(e.id()).second)
                    out.push_back(e);
                return;
            }
            if (e.is_app())
                for (unsigned i = 0; i < e.num_args(); ++i)
                    walk(e.arg(i));
        };
        walk(f);
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
    static constexpr size_t MaxFullEliminationInputs = 8;
    z3::expr eliminate(const z3::expr &q, const std::vector<z3::expr> &havocked) {
        if (havocked.empty())
            return q;
        z3::expr_vector bound(ctx);
        for (const auto &h : havocked)
            bound.push_back(h);
        // The cheap elimination first (equalities, one-sided bounds); the full one only for a
        // few inputs: its time limit is a cancel that Z3's qe checks rarely — 14 inputs of
        // pipeline.c's path held it 30 s past its 5 s.
        auto attempt = [&](z3::tactic t) -> std::optional<z3::expr> {
            try {
                z3::goal g(ctx);
                g.add(z3::forall(bound, q));
                z3::apply_result r = (t & z3::tactic(ctx, "simplify"))(g);
                if (r.size() == 1) {
                    z3::expr e = r[0].as_expr();
                    if (!hasQuantifier(e))
                        return e;
                }
            } catch (const z3::exception &) {
            }
            return std::nullopt;
        };
        // Never past the analysis's budget (deadline): a refinement along a long path
        // eliminates at many block starts.
        auto ms = [&](unsigned most) {
            if (!deadline)
                return most;
            const double left = std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count();
            return left <= 0.05 ? 0u : std::min(most, unsigned(left * 1000));
        };
        if (unsigned t = ms(2000))
            if (auto e = attempt(z3::try_for(z3::tactic(ctx, "qe-light"), t)))
                return *e;
        if (havocked.size() <= MaxFullEliminationInputs)
            if (unsigned t = ms(5000))
                if (auto e = attempt(z3::try_for(z3::tactic(ctx, "qe"), t)))
                    return *e;
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
    // An atom as the simplifier writes it where that is still one comparison: a refinement
    // along an unrolled loop learns ((q + 4) + 4) + 4 == 6, which is q == -6. Null (false)
    // for an atom that is constant.
    std::optional<z3::expr> normalized(const z3::expr &atom) {
        z3::expr s = atom.simplify();
        if (s.is_true() || s.is_false())
            return std::nullopt;
        z3::expr a = s.is_app() && s.decl().decl_kind() == Z3_OP_NOT ? s.arg(0) : s;
        if (!a.is_app() || isConnective(a) || a.decl().decl_kind() == Z3_OP_ITE || !a.is_bool() || slicesBits(a))
            return atom;
        return s;
    }
    // Whether a term takes bits apart (extract, concat, extensions): the simplifier writes
    // q & 3 so, which C says otherwise.
    static bool slicesBits(const z3::expr &e) {
        if (!e.is_app())
            return false;
        switch (e.decl().decl_kind()) {
        case Z3_OP_EXTRACT:
        case Z3_OP_CONCAT:
        case Z3_OP_ZERO_EXT:
        case Z3_OP_SIGN_EXT: return true;
        default: break;
        }
        for (unsigned i = 0; i < e.num_args(); ++i)
            if (slicesBits(e.arg(i)))
                return true;
        return false;
    }

    // The variable and constant of an atom v == c, if it is one.
    std::optional<std::pair<z3::expr, uint64_t>> constantEquality(const z3::expr &a) {
        if (!a.is_app() || a.decl().decl_kind() != Z3_OP_EQ || a.num_args() != 2 || !a.arg(0).is_bv())
            return std::nullopt;
        uint64_t c = 0;
        for (int side : {0, 1})
            if (a.arg(1 - side).is_numeral_u64(c) && a.arg(side).is_const() && !a.arg(side).is_numeral())
                return std::make_pair(a.arg(side), c);
        return std::nullopt;
    }

    // Equalities v == c1, v == c2, ... of one variable at one location, some with a constant
    // the program never writes, are a loop that the refinement unrolls one iteration at a
    // time (q += 4 and q == 6 learn q == 2, then q == -2, for ever). What every unrolling keeps
    // is added beside them: the residue modulo the power of two that divides every difference
    // (q & 3 == 2), and the range the constants span (v <= max, v >= min in v's signedness).
    // Only precision: no claim rests on them. A state variable's values (t == 0, 1, 2: all
    // written by the program) are left alone: their predicates would only multiply cubes.
    std::vector<z3::expr> generalized(const std::vector<int> &prec) {
        std::map<std::string, std::pair<z3::expr, std::vector<uint64_t>>> byVariable;
        for (int id : prec)
            if (auto eq = constantEquality(preds[size_t(id)])) {
                auto it = byVariable.try_emplace(eq->first.to_string(), eq->first, std::vector<uint64_t>{}).first;
                it->second.second.push_back(eq->second);
            }
        std::vector<z3::expr> out;
        for (auto &[name, entry] : byVariable) {
            const z3::expr &v = entry.first;
            std::vector<uint64_t> &cs = entry.second;
            if (cs.size() < 2)
                continue;
            const unsigned w = v.get_sort().bv_size();
            if (w > 64)
                continue;
            const uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
            const bool unrolled = std::any_of(cs.begin(), cs.end(), [&](uint64_t c) {
                const int64_t asSigned = w < 64 && ((c >> (w - 1)) & 1) ? int64_t(c | ~mask) : int64_t(c);
                return !constants.count(asSigned) && !constants.count(int64_t(c));
            });
            if (!unrolled)
                continue;
            unsigned t = w;
            for (uint64_t c : cs)
                if (uint64_t d = (c - cs.front()) & mask)
                    t = std::min(t, unsigned(std::countr_zero(d)));
            if (t >= 1 && t < w) {
                const uint64_t low = (uint64_t(1) << t) - 1;
                out.push_back((v & ctx.bv_val(low, w)) == ctx.bv_val(cs.front() & low, w));
            }
            bool isSigned = false;
            if (auto it = signedness.find(name); it != signedness.end())
                isSigned = it->second;
            auto value = [&](uint64_t c) {
                return isSigned && w < 64 && ((c >> (w - 1)) & 1) ? int64_t(c | ~mask) : int64_t(c);
            };
            auto [lo, hi] = std::minmax_element(cs.begin(), cs.end(),
                                                [&](uint64_t a, uint64_t b) { return isSigned ? value(a) < value(b) : a < b; });
            const z3::expr min = ctx.bv_val(*lo, w), max = ctx.bv_val(*hi, w);
            out.push_back(isSigned ? z3::sle(v, max) : z3::ule(v, max));
            out.push_back(isSigned ? z3::sge(v, min) : z3::uge(v, min));
        }
        return out;
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
        // Operands of a comparison are arithmetic, which binds tighter in C: no parentheses,
        // but for the bitwise operators, which bind looser ((q & 3) == 2).
        auto bitwise = [](const z3::expr &t) {
            if (!t.is_app())
                return false;
            const Z3_decl_kind d = t.decl().decl_kind();
            return d == Z3_OP_BAND || d == Z3_OP_BOR || d == Z3_OP_BXOR;
        };
        auto infix = [&](const char *op) {
            const bool compare = e.num_args() > 0 && e.arg(0).is_bv() && e.is_bool();
            std::string s;
            for (unsigned i = 0; i < e.num_args(); ++i)
                s += (i ? std::string(" ") + op + " " : "") + cText(e.arg(i), compare && !bitwise(e.arg(i)));
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

PredicateTransfer::PredicateTransfer(const Program &program, PredicateAbstraction abstraction, PredicateBlocks blocks,
                                     bool mergeBlocks, bool generalize)
    : d(std::make_unique<Impl>(program, abstraction, blocks)) {
    d->mergeBlocks = mergeBlocks;
    d->generalize = generalize;
}
PredicateTransfer::~PredicateTransfer() = default;

std::shared_ptr<const AbstractState> PredicateTransfer::initialState() {
    const NodeId entry = d->P.functions[d->P.entryFunction].entry;
    auto a = d->post(d->ctx.bool_val(true), d->extend(Impl::Encoding(d->ctx), d->initialSteps()), entry);
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
        if (e.kind == EdgeKind::Assume && d->goalEdges.count(eid)) {
            // A branch goal: its target (never abstracted, so that its path can be checked
            // and refined) beside the successor that goes on past it.
            if (auto reached = d->after(state, move, to, stack, false, true))
                out.push_back({move, to, SuccessorKind::Target, false,
                               "branch goal " + e.text + " (line " + std::to_string(e.line()) + ")", std::move(reached)});
        }
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
            if (c.intrinsic == Intrinsic::Assert && !c.args.empty() && P.assertsProgramProperty(c)) {
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

std::shared_ptr<const AbstractState> PredicateTransfer::merge(const AbstractState &incoming, const AbstractState &waiting) {
    const auto *a = dynamic_cast<const PredicateState *>(&incoming);
    const auto *b = dynamic_cast<const PredicateState *>(&waiting);
    return a && b ? d->merge(*a, *b) : nullptr;
}

namespace {

// The block starts (abstractions) on a path to a target, each block's path formula running
// to the next; the target's state holds its own block's, the violation included.
struct PathBlocks {
    std::vector<const PredicateState *> states; // states[i]: reached by the first i moves
    std::vector<size_t> starts;
};

std::optional<PathBlocks> pathBlocks(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
    if (path.empty() || states.size() != path.size() + 1)
        return std::nullopt;
    PathBlocks b;
    for (const AbstractState *a : states) {
        b.states.push_back(dynamic_cast<const PredicateState *>(a));
        if (!b.states.back())
            return std::nullopt;
    }
    for (size_t j = 0; j + 1 < b.states.size(); ++j)
        if (!b.states[j]->blockStart)
            b.starts.push_back(j);
    if (b.starts.empty() || b.starts.front() != 0 || !b.states.back()->blockStart)
        return std::nullopt;
    return b;
}

} // namespace

// Block k's path formula: up to the next block start's location, or the target's.
PredicateTransfer::Impl::Encoding blockEncoding(PredicateTransfer::Impl &d, const PathBlocks &b,
                                                const std::vector<PathMove> &path, size_t k) {
    if (k + 1 == b.starts.size())
        return d.encodingOf(*b.states.back());
    const size_t end = b.starts[k + 1];
    return d.extend(d.encodingOf(*b.states[end - 1]), d.effect(path[end - 1]));
}

// Backwards, block by block, what must hold at the root for no path of the blocks — merged
// ones included — to reach the violation, havocs free (read: for every value); with the
// initial values put in, its negation is satisfiable exactly when some execution follows
// them to the target.
z3::expr noPathFromRoot(PredicateTransfer::Impl &d, const PathBlocks &b, const std::vector<PathMove> &path) {
    z3::expr exact = d.ctx.bool_val(true);
    for (size_t k = b.starts.size(); k-- > 0;) {
        const auto e = blockEncoding(d, b, path, k);
        exact = k + 1 == b.starts.size() ? !e.guard : (!e.guard || e.apply(d.ctx, exact));
    }
    const auto init = d.extend(PredicateTransfer::Impl::Encoding(d.ctx), d.initialSteps());
    return !init.guard || init.apply(d.ctx, exact);
}

std::optional<bool> PredicateTransfer::pathFeasible(const std::vector<PathMove> &path,
                                                    const std::vector<const AbstractState *> &states) {
    auto b = pathBlocks(path, states);
    if (!b)
        return std::nullopt;
    const z3::check_result r = d->check(!noPathFromRoot(*d, *b, path));
    if (r == z3::unknown)
        return std::nullopt;
    return r == z3::sat;
}

Refinement PredicateTransfer::refine(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
    Refinement r;
    if (path.empty() || states.size() != path.size() + 1)
        return r;
    const Program &P = d->P;
    // Node j is reached by the first j moves; its location:
    std::vector<NodeId> at{P.functions[P.entryFunction].entry};
    for (const PathMove &m : path)
        at.push_back(d->target(m));
    const PathMove last = path.back();
    const CfaEdge &le = P.edge(last.edge);
    const bool goal = !last.isReturn && le.kind == EdgeKind::Assume && d->goalEdges.count(last.edge);
    if (!goal && (last.isReturn || le.kind != EdgeKind::Call ||
                  (le.call.intrinsic != Intrinsic::Assert && le.call.intrinsic != Intrinsic::Error)))
        throw DomainUnsupported{"a target of this kind (" + le.text + ") is not refined"};
    auto blocks = pathBlocks(path, states);
    if (!blocks)
        throw DomainUnsupported{"a path that does not start at an abstraction (internal error)"};
    const std::vector<const PredicateState *> &ps = blocks->states;
    const std::vector<size_t> &starts = blocks->starts;
    // Some execution follows the blocks to the target: the tree path is infeasible, but a path
    // merged into a state on it is not. No abstraction is to blame, nothing is learned.
    if (d->check(!noPathFromRoot(*d, *blocks, path)) != z3::unsat) {
        r.mergedPathFeasible = true;
        r.why = "a path merged into the path to the target reaches it";
        return r;
    }
    // Backwards, block by block: what must hold at each block start for no path of the blocks
    // after it to reach the violation, havocs eliminated where one decides a value (free
    // havocs read "for every value": they belong to later blocks only). Its atoms, ites
    // lifted, join the location's precision.
    z3::expr q = d->ctx.bool_val(true);
    for (size_t k = starts.size(); k-- > 0;) {
        const size_t j = starts[k];
        Impl::Encoding e = blockEncoding(*d, *blocks, path, k);
        q = k + 1 == starts.size() ? !e.guard : (!e.guard || e.apply(d->ctx, q));
        if (d->havocDecidesValues(q)) {
            std::vector<z3::expr> havocked;
            d->havocs(q, havocked);
            q = d->eliminate(q, havocked);
        }
        std::vector<z3::expr> atoms;
        std::set<unsigned> seen;
        d->leafMemo.clear(); // by term id: valid only while the terms it was made of live
        d->liftedAtoms(q, atoms, seen);
        auto &prec = d->precision[at[j]];
        auto learn = [&](const z3::expr &atom) {
            const auto a = d->normalized(atom);
            if (!a)
                return;
            int id = d->predicateId(*a);
            if (!std::binary_search(prec.begin(), prec.end(), id)) {
                prec.insert(std::upper_bound(prec.begin(), prec.end(), id), id);
                ++r.newPredicates;
                r.learned.push_back(d->texts[size_t(id)] + " at " + d->where(at[j]));
            }
        };
        for (const z3::expr &a : atoms)
            learn(a);
        if (d->generalize)
            for (const z3::expr &a : d->generalized(prec))
                learn(a);
    }
    // The conditions of the tree path that its infeasibility rests on (teaching text): where
    // the weakest precondition of the violation changes across a condition.
    std::vector<std::string> core;
    {
        z3::expr w = d->ctx.bool_val(false);
        if (goal || le.call.intrinsic == Intrinsic::Assert)
            w = d->wp(d->effect(last, true), w);
        for (size_t j = path.size() - 1; j > 0; --j) {
            z3::expr next = d->wp(d->effect(path[j - 1]), w);
            const CfaEdge &e = P.edge(path[j - 1].edge);
            if (!path[j - 1].isReturn &&
                (e.kind == EdgeKind::Assume ||
                 (e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Assume || e.call.intrinsic == Intrinsic::Assert))))
                if (!z3::eq(next, w) && !next.simplify().is_true())
                    core.push_back(e.text + " (line " + std::to_string(e.line()) + ")");
            w = next;
        }
    }
    // The first state computed with less precision than its location has now: learned just
    // now, or by another path's refinement after the state was made.
    for (size_t j : starts) {
        auto now = d->precision.find(at[j]);
        if (now != d->precision.end() && now->second.size() > ps[j]->precisionUsed) {
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

void PredicateTransfer::setGoalEdges(std::set<EdgeId> edges) { d->goalEdges = std::move(edges); }

void PredicateTransfer::setQuerySeconds(double seconds) {
    d->deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(seconds));
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
