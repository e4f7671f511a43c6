#include "goals/InputEnumeration.h"

#include "bmc/LoopStructure.h"
#include "goals/CallSummaries.h"
#include "goals/Induction.h"
#include "goals/RecursionTables.h"
#include "semantics/IntegerSemantics.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace vcov::goals {

namespace {

using Wide = __int128;

// The paths of the entry function before its first loop double at every if: past this many
// locations visited on them the enumeration is refused.
constexpr size_t MaxVisits = 100'000;

bool drawsInput(const Program &p, const CfaEdge &e) {
    if (e.kind != EdgeKind::Call || (e.call.intrinsic != Intrinsic::Nondet && e.call.intrinsic != Intrinsic::External))
        return false;
    const Type *f = e.call.callee != NoFunction ? p.functions[size_t(e.call.callee)].type : nullptr;
    return !f || !f->target || f->target->kind != TypeKind::Void;
}

const Type *drawnType(const Program &p, const CfaEdge &e) {
    const Type *f = e.call.callee != NoFunction ? p.functions[size_t(e.call.callee)].type : nullptr;
    return f && f->target ? f->target : nullptr;
}

Wide least(const Type *t) { return t->isBool || !t->isSigned ? 0 : -(Wide(1) << (t->bits - 1)); }
Wide greatest(const Type *t) {
    if (t->isBool)
        return 1;
    return t->isSigned ? (Wide(1) << (t->bits - 1)) - 1 : (Wide(1) << t->bits) - 1;
}
// Every value of `from` is a value of `to`: converting keeps it.
bool keepsValues(const Type *from, const Type *to) {
    return from && to && from->isInt() && to->isInt() && least(to) <= least(from) && greatest(from) <= greatest(to);
}

struct Path {
    NodeId node = NoNode;
    std::vector<std::pair<Wide, Wide>> ranges;
    std::map<VarId, int> holds; // a local that holds exactly the value drawn k-th
    bool opaque = false;        // went through a call of a function with a body
};

class Enumeration {
public:
    Enumeration(const Program &p, uint64_t maxPoints) : P(p), maxPoints(maxPoints), F(p.functions[size_t(p.entryFunction)]) {}

    InputDomain run();

private:
    void refuse(std::string why) {
        if (out.refused.empty())
            out.refused = std::move(why);
    }
    std::string at(const CfaEdge &e) const { return "line " + std::to_string(e.line()); }
    // The value drawn k-th that `e` is (a local holding it, through conversions that keep
    // every value), or -1.
    int drawn(const ExprPtr &e, const Path &path) const {
        if (e->kind == ExprKind::Var) {
            auto it = path.holds.find(e->var);
            return it == path.holds.end() ? -1 : it->second;
        }
        if (e->kind == ExprKind::Cast && e->castKind == CastKind::Integral && keepsValues(e->ops[0]->type, e->type))
            return drawn(e->ops[0], path);
        return -1;
    }
    std::optional<Wide> constant(const ExprPtr &e) const {
        if (!e->type || !e->type->isInt())
            return std::nullopt;
        if (e->kind == ExprKind::IntConst) {
            const uint64_t bits = truncateBits(uint64_t(e->value), e->type->bits);
            return e->type->isSigned ? Wide(asSigned(bits, e->type)) : Wide(bits);
        }
        if (e->kind == ExprKind::Cast && e->castKind == CastKind::Integral) {
            auto c = constant(e->ops[0]);
            if (c && least(e->type) <= *c && *c <= greatest(e->type))
                return c;
        }
        if (e->kind == ExprKind::Unary && e->unaryOp == UnaryOp::Neg) {
            auto c = constant(e->ops[0]);
            if (c && least(e->type) <= -*c && -*c <= greatest(e->type))
                return -*c;
        }
        return std::nullopt;
    }
    // Narrows the ranges by a condition that holds (truth) or not; false: no value satisfies it.
    bool constrain(const ExprPtr &cond, bool truth, Path &path) const;
    // A local whose value only assignments to it change: no address taken, scalar integer.
    bool trackable(const ExprPtr &lhs) const {
        return lhs && lhs->kind == ExprKind::Var && P.variable(lhs->var).function == F.id && lhs->type &&
               lhs->type->isInt() && !addressTaken.count(lhs->var);
    }
    void finish(const Path &path) {
        std::vector<std::pair<int64_t, int64_t>> ranges;
        Wide points = 1;
        for (const auto &[lo, hi] : path.ranges) {
            points *= hi - lo + 1;
            if (points > Wide(maxPoints)) {
                refuse("more than " + std::to_string(maxPoints) + " input vectors");
                return;
            }
            if (lo <= INT64_MAX && hi > INT64_MAX) {
                refuse("an unsigned input ranges across 2^63");
                return;
            }
            ranges.push_back({int64_t(lo), int64_t(hi)});
        }
        boxes.insert(ranges);
    }

    const Program &P;
    const uint64_t maxPoints;
    const FunctionCfa &F;
    InputDomain out;
    std::set<VarId> addressTaken;
    std::set<NodeId> drawsLater; // nodes of the entry function from which an input may still be drawn
    std::set<std::vector<std::pair<int64_t, int64_t>>> boxes;
};

bool Enumeration::constrain(const ExprPtr &condition, bool truth, Path &path) const {
    ExprPtr e = condition;
    while (e->kind == ExprKind::Unary && e->unaryOp == UnaryOp::LogNot) {
        truth = !truth;
        e = e->ops[0];
    }
    int k = -1;
    std::optional<Wide> c;
    BinaryOp op = BinaryOp::Ne;
    if (e->kind == ExprKind::Binary && e->binaryOp >= BinaryOp::Lt && e->binaryOp <= BinaryOp::Ne) {
        op = e->binaryOp;
        if ((k = drawn(e->ops[0], path)) >= 0) {
            c = constant(e->ops[1]);
        } else if ((k = drawn(e->ops[1], path)) >= 0) {
            c = constant(e->ops[0]);
            // c op v  is  v op' c
            static const std::map<BinaryOp, BinaryOp> mirror{{BinaryOp::Lt, BinaryOp::Gt}, {BinaryOp::Gt, BinaryOp::Lt},
                                                             {BinaryOp::Le, BinaryOp::Ge}, {BinaryOp::Ge, BinaryOp::Le},
                                                             {BinaryOp::Eq, BinaryOp::Eq}, {BinaryOp::Ne, BinaryOp::Ne}};
            op = mirror.at(op);
        }
    } else if ((k = drawn(e, path)) >= 0) {
        c = 0; // `if (v)`: v != 0
    }
    if (k < 0 || !c)
        return true; // a condition on something else: every value stays
    if (!truth) {
        static const std::map<BinaryOp, BinaryOp> negation{{BinaryOp::Lt, BinaryOp::Ge}, {BinaryOp::Ge, BinaryOp::Lt},
                                                           {BinaryOp::Gt, BinaryOp::Le}, {BinaryOp::Le, BinaryOp::Gt},
                                                           {BinaryOp::Eq, BinaryOp::Ne}, {BinaryOp::Ne, BinaryOp::Eq}};
        op = negation.at(op);
    }
    auto &[lo, hi] = path.ranges[size_t(k)];
    switch (op) {
    case BinaryOp::Lt: hi = std::min(hi, *c - 1); break;
    case BinaryOp::Le: hi = std::min(hi, *c); break;
    case BinaryOp::Gt: lo = std::max(lo, *c + 1); break;
    case BinaryOp::Ge: lo = std::max(lo, *c); break;
    case BinaryOp::Eq: lo = std::max(lo, *c), hi = std::min(hi, *c); break;
    default: // Ne: only an end of the range moves
        if (lo == *c)
            ++lo;
        else if (hi == *c)
            --hi;
        break;
    }
    return lo <= hi;
}

InputDomain Enumeration::run() {
    // Functions that draw an input themselves or through what they call.
    std::set<FunctionId> drawing;
    for (const FunctionCfa &f : P.functions)
        for (EdgeId id : f.edges)
            if (drawsInput(P, P.edge(id)))
                drawing.insert(f.id);
    auto draws = [&](FunctionId f) {
        return std::any_of(drawing.begin(), drawing.end(), [&](FunctionId g) { return mayEnter(P, f, g); });
    };
    std::map<FunctionId, bool> drawsMemo;
    auto callDraws = [&](const CfaEdge &e) {
        if (drawsInput(P, e))
            return true;
        if (e.kind != EdgeKind::Call || !callsBody(P, e))
            return false;
        auto it = drawsMemo.find(e.call.callee);
        if (it == drawsMemo.end())
            it = drawsMemo.emplace(e.call.callee, draws(e.call.callee)).first;
        return it->second;
    };
    addressTaken = addressTakenVariables(P);
    // Backwards from the edges that draw.
    std::vector<NodeId> todo;
    for (EdgeId id : F.edges)
        if (callDraws(P.edge(id)) && drawsLater.insert(P.edge(id).from).second)
            todo.push_back(P.edge(id).from);
    while (!todo.empty()) {
        const NodeId n = todo.back();
        todo.pop_back();
        for (EdgeId in : P.node(n).in)
            if (drawsLater.insert(P.edge(in).from).second)
                todo.push_back(P.edge(in).from);
    }
    const LoopStructure loops = computeLoops(P, F);
    if (loops.irreducible)
        refuse("a cycle of " + F.name + " is not a loop with a single head");

    std::vector<Path> stack{Path{F.entry, {}, {}}};
    size_t visits = 0;
    while (!stack.empty() && out.refused.empty()) {
        Path path = std::move(stack.back());
        stack.pop_back();
        const CfaNode &node = P.node(path.node);
        if (!loops.loopsOf(node.id).empty()) {
            if (drawsLater.count(node.id))
                refuse("an input is drawn in or after the loop at line " + std::to_string(node.line));
            else
                finish(path);
            continue;
        }
        if (node.out.empty() || node.id == F.exit) {
            // A path through the entry function alone ends without any loop: the bounded
            // check decides its goals (they are not claimed here), and its inputs need no run.
            if (path.opaque)
                finish(path);
            continue;
        }
        if (++visits > MaxVisits) {
            refuse("too many paths before the first loop of " + F.name);
            break;
        }
        for (EdgeId id : node.out) {
            const CfaEdge &e = P.edge(id);
            out.prefix.insert(id);
            Path next = path;
            next.node = e.to;
            bool ends = false;
            switch (e.kind) {
            case EdgeKind::Declaration:
                next.holds.erase(e.declared);
                break;
            case EdgeKind::Assignment:
                if (e.lhs->kind == ExprKind::Var) {
                    const int k = drawn(e.rhs, path);
                    next.holds.erase(e.lhs->var);
                    if (k >= 0 && trackable(e.lhs))
                        next.holds[e.lhs->var] = k;
                }
                break;
            case EdgeKind::Assume:
                if (!constrain(e.cond, e.truth, next))
                    continue; // no execution takes it
                break;
            case EdgeKind::Call:
                if (e.call.lhs && e.call.lhs->kind == ExprKind::Var)
                    next.holds.erase(e.call.lhs->var);
                if (drawsInput(P, e)) {
                    const Type *t = drawnType(P, e);
                    if (!t || !t->isInt()) {
                        refuse("the input drawn at " + at(e) + " is not an integer");
                        break;
                    }
                    next.ranges.push_back({least(t), greatest(t)});
                    if (trackable(e.call.lhs) && keepsValues(t, e.call.lhs->type))
                        next.holds[e.call.lhs->var] = int(next.ranges.size() - 1);
                } else if (e.call.intrinsic == Intrinsic::Assume && !e.call.args.empty()) {
                    if (!constrain(e.call.args[0], true, next))
                        continue;
                } else if (callsBody(P, e)) {
                    if (callDraws(e)) {
                        refuse(e.call.calleeName + " (called at " + at(e) + ") draws inputs");
                        break;
                    }
                    // Nothing drawn from here on: the run decides the rest.
                    if (!drawsLater.count(e.from)) {
                        finish(path);
                        ends = true;
                    }
                    next.opaque = true;
                }
                break;
            default:
                break;
            }
            if (!out.refused.empty())
                break;
            if (ends)
                break; // a call is the only edge out of its location
            stack.push_back(std::move(next));
        }
    }
    if (!out.refused.empty())
        return out;
    for (const auto &ranges : boxes) {
        InputBox box{ranges};
        const uint64_t n = box.points();
        if (n > maxPoints || out.points + n > maxPoints) {
            out.refused = "more than " + std::to_string(maxPoints) + " input vectors";
            out.boxes.clear();
            return out;
        }
        out.points += n;
        out.boxes.push_back(std::move(box));
    }
    return out;
}

} // namespace

uint64_t InputBox::points() const {
    uint64_t n = 1;
    for (const auto &[lo, hi] : ranges) {
        const Wide size = Wide(hi) - Wide(lo) + 1;
        if (size <= 0)
            return 0;
        if (Wide(n) * size > Wide(UINT64_MAX))
            return UINT64_MAX;
        n = uint64_t(Wide(n) * size);
    }
    return n;
}

InputDomain enumerableInputs(const Program &program, uint64_t maxPoints) {
    if (program.entryFunction == NoFunction) {
        InputDomain none;
        none.refused = "the program has no entry function";
        return none;
    }
    return Enumeration(program, maxPoints).run();
}

PureCallMemo countingMemo(const Program &program, std::string *names) {
    PureCallMemo memo;
    std::set<VarId> counters;
    for (FunctionId f : recursiveFunctions(program))
        if (isCountingFunction(program, f, &counters)) {
            memo.functions.insert(f);
            if (names)
                *names += (names->empty() ? "" : ", ") + program.functions[size_t(f)].name;
        }
    memo.counters.assign(counters.begin(), counters.end());
    return memo;
}

EnumeratedRuns runEveryInput(const Program &program, const InputDomain &domain, InterpreterOptions options,
                             const std::function<bool(const ExecutionInput &, const Execution &)> &seen,
                             const std::function<bool()> &stop) {
    EnumeratedRuns out;
    PureCallMemo memo = countingMemo(program, &out.memoized);
    // A summarized call skips its body: an operation there that a selected check watches
    // (a division, an addition that may overflow) would go unchecked.
    if (!options.properties.count(Property::DivisionByZero) && !options.properties.count(Property::Overflow))
        memo.affine = provedSummaries(program, memo.functions, SummarySeconds, options.cancel);
    options.memo = &memo;
    options.indeterminateStops = true;
    options.recordSteps = false;
    for (const InputBox &box : domain.boxes) {
        std::vector<int64_t> vector = firstVector(box);
        do {
            if (out.runs % 64 == 0 && stop()) {
                out.why = "the budget ran out after " + std::to_string(out.runs) + " of " +
                          std::to_string(domain.points) + " runs over every input";
                return out;
            }
            ++out.runs;
            ExecutionInput input;
            input.nondet = vector;
            const Execution x = runProgram(program, input, options);
            switch (x.ending.kind) {
            case EndingKind::Exit:
            case EndingKind::Abort:
            case EndingKind::PropertyViolation:
            case EndingKind::AssumptionFailed:
                break;
            default:
                // A step limit, a read of an indeterminate value, undefined behaviour: the run
                // does not stand for every execution with its inputs.
                out.why = "the run over every input stops at a run that ends in " +
                          std::string(endingKindName(x.ending.kind)) + " (" + x.ending.message + ")";
                return out;
            }
            if (!seen(input, x)) {
                out.why = "stopped";
                return out;
            }
        } while (nextVector(box, vector));
    }
    out.complete = true;
    if (memo.summarized > 0) {
        for (const PureCallMemo::Affine &a : memo.affine) {
            out.summaries += (out.summaries.empty() ? "" : ", ") + describeSummary(program, a);
            out.skipped.insert(a.function);
        }
        // And what they call.
        for (std::vector<FunctionId> work(out.skipped.begin(), out.skipped.end()); !work.empty();) {
            const FunctionId f = work.back();
            work.pop_back();
            for (EdgeId id : program.functions[size_t(f)].edges)
                if (const CfaEdge &e = program.edge(id); callsBody(program, e) && out.skipped.insert(e.call.callee).second)
                    work.push_back(e.call.callee);
        }
    }
    return out;
}

std::string describeRuns(const Program &program, const InputDomain &domain, const EnumeratedRuns &runs) {
    std::string ranges;
    for (const InputBox &box : domain.boxes) {
        ranges += ranges.empty() ? "" : " or ";
        for (size_t i = 0; i < box.ranges.size(); ++i)
            ranges += (i ? " x " : "") + std::string("[") + std::to_string(box.ranges[i].first) + ", " +
                      std::to_string(box.ranges[i].second) + "]";
        if (box.ranges.empty())
            ranges += "none";
    }
    if (domain.boxes.size() == 1 && domain.boxes[0].ranges.empty())
        return "the one execution (no input drawn before the first loop or call of " +
               program.functions[size_t(program.entryFunction)].name + ") runs to its end" +
               (runs.memoized.empty() ? "" : " (calls of " + runs.memoized + " answered once per argument vector)");
    return "the " + std::to_string(runs.runs) + " executions whose inputs lie in " + ranges +
           " (all that pass the conditions before the first loop or call of " +
           program.functions[size_t(program.entryFunction)].name + ") run to their end" +
           (runs.memoized.empty() ? "" : " (calls of " + runs.memoized + " answered once per argument vector)") +
           (runs.summaries.empty() ? ""
                                   : ", calls answered by " + runs.summaries +
                                         " (proved by induction over the calls: what a call returns, where it returns)");
}

std::vector<int64_t> firstVector(const InputBox &box) {
    std::vector<int64_t> v;
    for (const auto &r : box.ranges)
        v.push_back(r.first);
    return v;
}

bool nextVector(const InputBox &box, std::vector<int64_t> &vector) {
    // An odometer, the last value turning fastest: the vectors in call order.
    for (size_t i = box.ranges.size(); i-- > 0;) {
        if (vector[i] < box.ranges[i].second) {
            ++vector[i];
            return true;
        }
        vector[i] = box.ranges[i].first;
    }
    return false;
}

} // namespace vcov::goals
