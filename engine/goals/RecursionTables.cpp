#include "goals/RecursionTables.h"

#include "semantics/IntegerSemantics.h"
#include "semantics/Interpreter.h"

#include <chrono>
#include <functional>
#include <optional>

namespace vcov {

namespace {

constexpr int64_t MaxUp = 512, MaxDown = 64;
constexpr size_t StepsPerArgument = 100'000; // a memoized run of fibonacci(n) takes a few dozen

// An expression of integers and the function's own locals only.
bool plainExpr(const Program &program, FunctionId function, const ExprPtr &e, std::string &why) {
    if (!e)
        return true;
    if (e->type && !e->type->isInt() && e->type->kind != TypeKind::Void) {
        why = "it computes with a " + e->type->spelling();
        return false;
    }
    switch (e->kind) {
    case ExprKind::AddrOf:
    case ExprKind::Deref:
    case ExprKind::Index:
    case ExprKind::Member:
    case ExprKind::StringLit: why = "it reads memory"; return false;
    case ExprKind::Var:
        if (program.variable(e->var).function != function) {
            why = "it reads " + program.variable(e->var).name;
            return false;
        }
        break;
    default: break;
    }
    for (const ExprPtr &op : e->ops)
        if (!plainExpr(program, function, op, why))
            return false;
    return true;
}

// `g = g + e` or `g = g - e` on an integer global g, e of the function's own locals: what
// it adds does not depend on what g held (modulo g's width, through the conversions of C).
std::optional<VarId> counting(const Program &program, FunctionId function, const CfaEdge &e) {
    auto strip = [](const ExprPtr &x) {
        return x->kind == ExprKind::Cast && x->castKind == CastKind::Integral ? x->ops[0] : x;
    };
    if (!e.lhs || e.lhs->kind != ExprKind::Var || !e.lhs->type->isInt() || e.lhs->type->isBool)
        return std::nullopt;
    const VarId g = e.lhs->var;
    if (program.variable(g).function != NoFunction)
        return std::nullopt;
    const ExprPtr sum = strip(e.rhs);
    if (sum->kind != ExprKind::Binary || (sum->binaryOp != BinaryOp::Add && sum->binaryOp != BinaryOp::Sub))
        return std::nullopt;
    const ExprPtr a = strip(sum->ops[0]);
    std::string why;
    if (a->kind == ExprKind::Var && a->var == g && plainExpr(program, function, sum->ops[1], why))
        return g;
    const ExprPtr b = strip(sum->ops[1]);
    if (sum->binaryOp == BinaryOp::Add && b->kind == ExprKind::Var && b->var == g &&
        plainExpr(program, function, sum->ops[0], why))
        return g;
    return std::nullopt;
}

} // namespace

bool isPureIntegerFunction(const Program &program, FunctionId function, std::string *whyOut) {
    const FunctionCfa &f = program.functions[size_t(function)];
    const Type *ft = f.type;
    if (!f.hasBody || !ft || !ft->target || !ft->target->isInt() || f.params.size() != 1 ||
        !program.variable(f.params[0]).type->isInt()) {
        if (whyOut)
            *whyOut = "not a function of one integer to an integer";
        return false;
    }
    return isCountingFunction(program, function, nullptr, whyOut);
}

bool isCountingFunction(const Program &program, FunctionId function, std::set<VarId> *counters, std::string *whyOut) {
    std::string why;
    const FunctionCfa &f = program.functions[size_t(function)];
    const Type *ft = f.type;
    if (!f.hasBody || !ft || !ft->target || (!ft->target->isInt() && ft->target->kind != TypeKind::Void))
        why = "its result is not an integer";
    for (VarId p : f.params)
        if (!program.variable(p).type->isInt())
            why = "its parameter " + program.variable(p).name + " is not an integer";
    std::set<FunctionId> seen{function};
    for (std::vector<FunctionId> work{function}; why.empty() && !work.empty();) {
        const FunctionId g = work.back();
        work.pop_back();
        for (EdgeId id : program.functions[size_t(g)].edges) {
            const CfaEdge &e = program.edge(id);
            bool ok = true;
            switch (e.kind) {
            case EdgeKind::Declaration:
                ok = program.variable(e.declared).type->isInt() &&
                     (e.hasInitializer || assignedByNextCall(program, e)) && !indeterminateReturn(program, e);
                if (!ok)
                    why = "it declares " + program.variable(e.declared).name + " without a value";
                for (const auto &init : e.inits)
                    ok = ok && plainExpr(program, g, init.target, why) && plainExpr(program, g, init.value, why);
                break;
            case EdgeKind::Assignment:
                if (auto counter = counters ? counting(program, g, e) : std::nullopt) {
                    counters->insert(*counter);
                    break;
                }
                ok = plainExpr(program, g, e.lhs, why) && plainExpr(program, g, e.rhs, why);
                break;
            case EdgeKind::Assume: ok = plainExpr(program, g, e.cond, why); break;
            case EdgeKind::Return: ok = plainExpr(program, g, e.value, why); break;
            case EdgeKind::Call: {
                const FunctionCfa &callee = program.functions[size_t(e.call.callee)];
                if (e.call.intrinsic != Intrinsic::None || !callee.hasBody) {
                    why = "it calls " + callee.name;
                    ok = false;
                    break;
                }
                ok = plainExpr(program, g, e.call.lhs, why);
                for (const ExprPtr &a : e.call.args)
                    ok = ok && plainExpr(program, g, a, why);
                for (VarId p : callee.params)
                    ok = ok && program.variable(p).type->isInt();
                if (seen.insert(callee.id).second)
                    work.push_back(callee.id);
                break;
            }
            case EdgeKind::Blank: break;
            }
            if (!ok) {
                if (why.empty())
                    why = "it is not plain integer code";
                break;
            }
        }
    }
    if (whyOut)
        *whyOut = why;
    return why.empty();
}

std::map<FunctionId, RecursionTable> tabulateRecursion(const Program &program, const std::set<FunctionId> &functions,
                                                       double seconds, const std::atomic<bool> *cancel) {
    std::map<FunctionId, RecursionTable> out;
    PureCallMemo memo;
    for (FunctionId f : functions)
        if (isPureIntegerFunction(program, f))
            memo.functions.insert(f);
    const auto start = std::chrono::steady_clock::now();
    auto timeUp = [&] {
        return (cancel && cancel->load()) ||
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds;
    };
    for (FunctionId f : std::set<FunctionId>(memo.functions)) {
        const Type *result = program.functions[size_t(f)].type->target;
        InterpreterOptions o;
        o.properties = {};
        o.recordSteps = false;
        o.maxSteps = StepsPerArgument;
        o.cancel = cancel;
        o.memo = &memo;
        o.entry = f;
        // The value the run returned, from the memo (the run's exit code is an int).
        auto value = [&](int64_t a) -> std::optional<int64_t> {
            o.entryArguments = {a};
            const Execution x = runProgram(program, {}, o);
            const Type *param = program.variable(program.functions[size_t(f)].params[0]).type;
            auto it = memo.results.find({f, {truncateBits(uint64_t(a), param->bits)}});
            if (x.ending.kind != EndingKind::Exit || it == memo.results.end())
                return std::nullopt;
            return result->isSigned ? signExtend(it->second, result->bits) : int64_t(it->second);
        };
        RecursionTable t;
        std::vector<int64_t> down;
        for (int64_t a = -1; a >= -MaxDown && !timeUp(); --a) {
            const auto v = value(a);
            if (!v)
                break;
            down.push_back(*v);
        }
        t.first = -int64_t(down.size());
        t.results.assign(down.rbegin(), down.rend());
        for (int64_t a = 0; a < MaxUp && !timeUp(); ++a) {
            const auto v = value(a);
            if (!v)
                break;
            t.results.push_back(*v);
        }
        if (!t.results.empty())
            out[f] = std::move(t);
    }
    return out;
}

std::string describeTable(const Program &program, FunctionId function, const RecursionTable &table) {
    return program.functions[size_t(function)].name + "(" + std::to_string(table.first) + " .. " +
           std::to_string(table.first + int64_t(table.results.size()) - 1) + ")";
}

} // namespace vcov
