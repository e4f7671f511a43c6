#include "goals/CallSummaries.h"

#include "goals/RecursionTables.h"
#include "semantics/IntegerSemantics.h"

#include <z3++.h>

#include <chrono>
#include <functional>
#include <map>
#include <optional>

namespace vcov::goals {

namespace {

using Affine = PureCallMemo::Affine;

constexpr int64_t FitPoints = 8;                 // the free parameter's values 0 .. 7
constexpr int64_t LeastSelected = -2, MostSelected = 8;
constexpr size_t StepsPerResult = 100'000;
constexpr size_t MaxPaths = 512;                 // per body: beyond, no summary
constexpr unsigned CheckMilliseconds = 2000;     // per path

const Type *resultType(const Program &p, FunctionId f) { return p.functions[size_t(f)].type->target; }
const Type *paramType(const Program &p, FunctionId f, size_t i) {
    return p.variable(p.functions[size_t(f)].params[i]).type;
}

// Which functions may have summaries: pure, one or two integer parameters, an integer
// result, no loop in the body.
bool summarizable(const Program &p, FunctionId f) {
    const FunctionCfa &fn = p.functions[size_t(f)];
    std::set<VarId> counters;
    if (!fn.hasBody || !fn.type || !fn.type->target || !fn.type->target->isInt() || fn.type->target->bits > 64 ||
        fn.params.empty() || fn.params.size() > 2 || !isCountingFunction(p, f, &counters) || !counters.empty())
        return false;
    for (NodeId n : fn.nodes)
        if (p.node(n).loopHead)
            return false;
    return true;
}

// The function's result on these arguments, by a memoized run (as RecursionTables does).
class Results {
public:
    Results(const Program &p, const std::set<FunctionId> &functions, const std::atomic<bool> *cancel) : P(p) {
        memo.functions = functions;
        o.properties = {};
        o.recordSteps = false;
        o.maxSteps = StepsPerResult;
        o.cancel = cancel;
        o.memo = &memo;
    }
    // As the result type's bits.
    std::optional<uint64_t> of(FunctionId f, const std::vector<int64_t> &args) {
        std::vector<uint64_t> key;
        for (size_t i = 0; i < args.size(); ++i)
            key.push_back(truncateBits(uint64_t(args[i]), paramType(P, f, i)->bits));
        if (auto hit = memo.results.find({f, key}); hit != memo.results.end())
            return hit->second;
        o.entry = f;
        o.entryArguments = args;
        const Execution x = runProgram(P, {}, o);
        auto it = memo.results.find({f, key});
        if (x.ending.kind != EndingKind::Exit || it == memo.results.end())
            return std::nullopt;
        return it->second;
    }

private:
    const Program &P;
    PureCallMemo memo;
    InterpreterOptions o;
};

// c0 + c1*n through the results at n = 0 .. FitPoints-1 of the free parameter, the selector
// (if any) fixed; nullopt where a result is missing or the points lie on no line.
std::optional<Affine> fit(const Program &p, FunctionId f, int selector, int64_t selected, Results &results) {
    const size_t params = p.functions[size_t(f)].params.size();
    const size_t free = selector < 0 ? 0 : 1 - size_t(selector);
    const unsigned w = resultType(p, f)->bits;
    std::vector<uint64_t> y;
    for (int64_t n = 0; n < FitPoints; ++n) {
        std::vector<int64_t> args(params, 0);
        args[free] = n;
        if (selector >= 0)
            args[size_t(selector)] = selected;
        const auto r = results.of(f, args);
        if (!r)
            return std::nullopt;
        y.push_back(*r);
    }
    const uint64_t c0 = y[0], c1 = truncateBits(y[1] - y[0], w);
    for (int64_t n = 2; n < FitPoints; ++n)
        if (truncateBits(c0 + c1 * uint64_t(n), w) != y[size_t(n)])
            return std::nullopt;
    Affine a;
    a.function = f;
    a.selector = selector;
    a.selected = selected;
    a.coefficients.assign(params + 1, 0);
    a.coefficients[0] = signExtend(c0, w);
    a.coefficients[free + 1] = signExtend(c1, w);
    return a;
}

// The induction: each path of a summarized function's body, under the candidates.
class Induction {
public:
    Induction(const Program &p, double seconds) : P(p) {
        solver = std::make_unique<z3::solver>(ctx);
        z3::params ps(ctx);
        ps.set("timeout", unsigned(std::max(100.0, std::min(seconds * 1000, double(CheckMilliseconds)))));
        solver->set(ps);
    }

    // Whether every path of s.function's body that enters with s's selector returns what s says.
    bool holds(const Affine &s, const std::vector<Affine> &hypotheses) {
        const FunctionCfa &f = P.functions[size_t(s.function)];
        std::vector<z3::expr> params;
        Path path{{}, ctx.bool_val(true)};
        for (size_t i = 0; i < f.params.size(); ++i) {
            params.push_back(ctx.bv_const(("p" + std::to_string(i)).c_str(), paramType(P, s.function, i)->bits));
            path.vars.insert_or_assign(f.params[i], params.back());
        }
        if (s.selector >= 0)
            path.cond = path.cond && params[size_t(s.selector)] == constant(s.selected, params[size_t(s.selector)]);
        m_paths = 0;
        m_hypotheses = &hypotheses;
        m_goal = &s;
        m_params = &params;
        try {
            return follow(f.entry, path);
        } catch (const z3::exception &) {
            return false;
        } catch (const Unsupported &) {
            return false;
        }
    }

private:
    struct Unsupported {};
    struct Path {
        std::map<VarId, z3::expr> vars;
        z3::expr cond;
    };

    z3::expr constant(int64_t v, const z3::expr &like) {
        const unsigned w = like.get_sort().bv_size();
        return ctx.bv_val(truncateBits(uint64_t(v), w), w);
    }

    // The summary's value on these parameters (as their types hold them), modulo the result's width.
    z3::expr formula(const Affine &a, const std::vector<z3::expr> &params) {
        const unsigned w = resultType(P, a.function)->bits;
        z3::expr sum = ctx.bv_val(uint64_t(a.coefficients[0]), 64);
        for (size_t i = 0; i < params.size(); ++i) {
            if (a.coefficients[i + 1] == 0)
                continue;
            const Type *t = paramType(P, a.function, i);
            z3::expr x = t->bits == 64 ? params[i] : t->isSigned ? z3::sext(params[i], 64 - t->bits)
                                                                 : z3::zext(params[i], 64 - t->bits);
            sum = sum + ctx.bv_val(uint64_t(a.coefficients[i + 1]), 64) * x;
        }
        return w == 64 ? sum : sum.extract(w - 1, 0);
    }

    z3::expr convert(const z3::expr &v, const Type *from, const Type *to) {
        if (!from->isInt() || !to->isInt())
            throw Unsupported{};
        if (to->isBool)
            return z3::ite(v != ctx.bv_val(0, from->bits), ctx.bv_val(1, to->bits), ctx.bv_val(0, to->bits));
        if (to->bits == from->bits)
            return v;
        if (to->bits < from->bits)
            return v.extract(to->bits - 1, 0);
        return from->isSigned ? z3::sext(v, to->bits - from->bits) : z3::zext(v, to->bits - from->bits);
    }

    z3::expr boolean(const z3::expr &c, const Type *t) {
        return z3::ite(c, ctx.bv_val(1, t->bits), ctx.bv_val(0, t->bits));
    }
    z3::expr truth(const z3::expr &v) { return v != ctx.bv_val(0, v.get_sort().bv_size()); }

    // C's integer operations as vcov's semantics defines them (wrap-around; what is undefined
    // ends the execution, so any value there over-approximates the runs that go on).
    z3::expr term(const ExprPtr &e, Path &path) {
        if (!e->type || !e->type->isInt())
            throw Unsupported{};
        switch (e->kind) {
        case ExprKind::IntConst: return constant(e->value, ctx.bv_val(0, e->type->bits));
        case ExprKind::Var: {
            auto it = path.vars.find(e->var);
            if (it == path.vars.end()) // read before any write: any value
                it = path.vars.insert_or_assign(e->var, ctx.bv_const(("v" + std::to_string(m_fresh++)).c_str(),
                                                                     e->type->bits)).first;
            return it->second;
        }
        case ExprKind::Unary: {
            const z3::expr a = term(e->ops[0], path);
            switch (e->unaryOp) {
            case UnaryOp::Neg: return -a;
            case UnaryOp::BitNot: return ~a;
            case UnaryOp::LogNot: return boolean(!truth(a), e->type);
            default: throw Unsupported{};
            }
        }
        case ExprKind::Binary: {
            const BinaryOp op = e->binaryOp;
            const z3::expr x = term(e->ops[0], path), y = term(e->ops[1], path);
            const Type *lt = e->ops[0]->type;
            const bool s = lt->isSigned;
            switch (op) {
            case BinaryOp::Lt: return boolean(s ? z3::slt(x, y) : z3::ult(x, y), e->type);
            case BinaryOp::Gt: return boolean(s ? z3::sgt(x, y) : z3::ugt(x, y), e->type);
            case BinaryOp::Le: return boolean(s ? z3::sle(x, y) : z3::ule(x, y), e->type);
            case BinaryOp::Ge: return boolean(s ? z3::sge(x, y) : z3::uge(x, y), e->type);
            case BinaryOp::Eq: return boolean(x == y, e->type);
            case BinaryOp::Ne: return boolean(x != y, e->type);
            case BinaryOp::LogAnd: return boolean(truth(x) && truth(y), e->type);
            case BinaryOp::LogOr: return boolean(truth(x) || truth(y), e->type);
            case BinaryOp::BitAnd: return x & y;
            case BinaryOp::BitOr: return x | y;
            case BinaryOp::BitXor: return x ^ y;
            case BinaryOp::Add: return x + y;
            case BinaryOp::Sub: return x - y;
            case BinaryOp::Mul: return x * y;
            case BinaryOp::Div: return e->type->isSigned ? z3::expr(x / y) : z3::udiv(x, y);
            case BinaryOp::Rem: return e->type->isSigned ? z3::srem(x, y) : z3::urem(x, y);
            case BinaryOp::Shl:
            case BinaryOp::Shr: {
                const unsigned w = e->type->bits;
                const Type *rt = e->ops[1]->type;
                const z3::expr c64 = rt->bits == 64 ? y : rt->isSigned ? z3::sext(y, 64 - rt->bits) : z3::zext(y, 64 - rt->bits);
                const z3::expr c = w == 64 ? c64 : c64.extract(w - 1, 0);
                const bool sx = e->type->isSigned;
                const z3::expr shifted = op == BinaryOp::Shl ? z3::shl(x, c) : sx ? z3::ashr(x, c) : z3::lshr(x, c);
                const z3::expr outside = op == BinaryOp::Shl || !sx ? ctx.bv_val(0, w)
                                         : z3::ite(z3::slt(x, ctx.bv_val(0, w)), ctx.bv_val(~uint64_t(0), w), ctx.bv_val(0, w));
                return z3::ite(z3::ult(c64, ctx.bv_val(w, 64)), shifted, outside);
            }
            }
            throw Unsupported{};
        }
        case ExprKind::Conditional:
            return z3::ite(truth(term(e->ops[0], path)), term(e->ops[1], path), term(e->ops[2], path));
        case ExprKind::Cast:
            if (e->castKind != CastKind::Integral)
                throw Unsupported{};
            return convert(term(e->ops[0], path), e->ops[0]->type, e->type);
        default: throw Unsupported{};
        }
    }

    void assign(VarId var, const Type *to, const ExprPtr &value, Path &path) {
        path.vars.insert_or_assign(var, convert(term(value, path), value->type, to));
    }

    // Depth-first over the loop-free body; false as soon as a path returns something else.
    bool follow(NodeId n, Path &path) {
        for (EdgeId id : P.node(n).out) {
            const CfaEdge &e = P.edge(id);
            Path next = path;
            switch (e.kind) {
            case EdgeKind::Blank: break;
            case EdgeKind::Declaration:
                if (!e.hasInitializer)
                    next.vars.insert_or_assign(e.declared, ctx.bv_const(("d" + std::to_string(m_fresh++)).c_str(),
                                                                        P.variable(e.declared).type->bits));
                for (const Initializer &init : e.inits) {
                    if (init.target->kind != ExprKind::Var)
                        throw Unsupported{};
                    assign(init.target->var, init.target->type, init.value, next);
                }
                break;
            case EdgeKind::Assignment:
                if (e.lhs->kind != ExprKind::Var)
                    throw Unsupported{};
                assign(e.lhs->var, e.lhs->type, e.rhs, next);
                break;
            case EdgeKind::Assume: {
                const z3::expr c = truth(term(e.cond, next));
                next.cond = next.cond && (e.truth ? c : !c);
                break;
            }
            case EdgeKind::Call: {
                const FunctionId callee = e.call.callee;
                const FunctionCfa &g = P.functions[size_t(callee)];
                std::vector<z3::expr> args;
                for (size_t i = 0; i < g.params.size(); ++i) {
                    if (i >= e.call.args.size())
                        throw Unsupported{};
                    args.push_back(convert(term(e.call.args[i], next), e.call.args[i]->type, paramType(P, callee, i)));
                }
                const Type *rt = g.type->target;
                if (!rt->isInt()) {
                    if (e.call.lhs)
                        throw Unsupported{};
                    break;
                }
                // What the call returns: any value, but what a candidate says where it applies.
                const z3::expr r = ctx.bv_const(("r" + std::to_string(m_fresh++)).c_str(), rt->bits);
                for (const Affine &h : *m_hypotheses) {
                    if (h.function != callee)
                        continue;
                    z3::expr applies = ctx.bool_val(true);
                    if (h.selector >= 0)
                        applies = args[size_t(h.selector)] == constant(h.selected, args[size_t(h.selector)]);
                    next.cond = next.cond && z3::implies(applies, r == formula(h, args));
                }
                if (e.call.lhs) {
                    if (e.call.lhs->kind != ExprKind::Var)
                        throw Unsupported{};
                    next.vars.insert_or_assign(e.call.lhs->var, convert(r, rt, e.call.lhs->type));
                }
                break;
            }
            case EdgeKind::Return: {
                if (!e.value)
                    throw Unsupported{};
                const Type *rt = resultType(P, m_goal->function);
                const z3::expr ret = convert(term(e.value, next), e.value->type, rt);
                if (++m_paths > MaxPaths)
                    return false;
                solver->push();
                solver->add(next.cond);
                solver->add(ret != formula(*m_goal, *m_params));
                const z3::check_result answer = solver->check();
                solver->pop();
                if (answer != z3::unsat)
                    return false;
                continue; // the return edge leads to the exit: this path is done
            }
            }
            if (e.to == P.functions[size_t(m_goal->function)].exit)
                throw Unsupported{}; // falls off the end without a value
            if (!follow(e.to, next))
                return false;
        }
        return true;
    }

    const Program &P;
    z3::context ctx;
    std::unique_ptr<z3::solver> solver;
    const std::vector<Affine> *m_hypotheses = nullptr;
    const Affine *m_goal = nullptr;
    const std::vector<z3::expr> *m_params = nullptr;
    size_t m_paths = 0;
    unsigned m_fresh = 0;
};

} // namespace

std::vector<Affine> provedSummaries(const Program &program, const std::set<FunctionId> &functions, double seconds,
                                    const std::atomic<bool> *cancel) {
    const auto start = std::chrono::steady_clock::now();
    auto left = [&] {
        return seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto stopped = [&] { return (cancel && cancel->load()) || left() <= 0; };
    std::set<FunctionId> chosen;
    for (FunctionId f : functions)
        if (summarizable(program, f))
            chosen.insert(f);
    std::vector<Affine> candidates;
    Results results(program, chosen, cancel);
    for (FunctionId f : chosen) {
        const size_t params = program.functions[size_t(f)].params.size();
        if (params == 1) {
            if (auto a = fit(program, f, -1, 0, results))
                candidates.push_back(*a);
            continue;
        }
        for (int selector = 0; selector < 2 && !stopped(); ++selector)
            for (int64_t v = LeastSelected; v <= MostSelected && !stopped(); ++v)
                if (auto a = fit(program, f, selector, v, results))
                    candidates.push_back(*a);
    }
    // Houdini: drop what the others do not carry through, until the rest is inductive.
    Induction induction(program, seconds);
    for (bool dropped = true; dropped && !candidates.empty();) {
        dropped = false;
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (stopped())
                return {};
            if (!induction.holds(candidates[i], candidates)) {
                candidates.erase(candidates.begin() + std::ptrdiff_t(i));
                dropped = true;
                break;
            }
        }
    }
    return candidates;
}

std::string describeSummary(const Program &program, const Affine &a) {
    const FunctionCfa &f = program.functions[size_t(a.function)];
    std::string call = f.name + "(", sum;
    for (size_t i = 0; i < f.params.size(); ++i) {
        const std::string name = program.variable(f.params[i]).name;
        call += (i ? ", " : "") + (int(i) == a.selector ? std::to_string(a.selected) : name);
        const int64_t c = i + 1 < a.coefficients.size() ? a.coefficients[i + 1] : 0;
        if (c == 0 || int(i) == a.selector)
            continue;
        const std::string term = c == 1 ? name : c == -1 ? "-" + name : std::to_string(c) + "*" + name;
        sum += sum.empty() ? term : (c < 0 ? " - " + term.substr(1) : " + " + term);
    }
    const int64_t c0 = a.coefficients.empty() ? 0 : a.coefficients[0];
    if (sum.empty())
        sum = std::to_string(c0);
    else if (c0 != 0)
        sum += (c0 < 0 ? " - " : " + ") + std::to_string(c0 < 0 ? -c0 : c0);
    return call + ") = " + sum;
}

} // namespace vcov::goals
