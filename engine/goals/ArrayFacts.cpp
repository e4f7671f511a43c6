#include "goals/ArrayFacts.h"

#include <algorithm>
#include <optional>

namespace vcov {

namespace {

const Expr *stripCasts(const ExprPtr &e) {
    const Expr *x = e.get();
    while (x && x->kind == ExprKind::Cast && x->castKind == CastKind::Integral)
        x = x->ops[0].get();
    return x;
}

// A variable of the entry function (or a global) that a fact may name.
bool nameable(const Program &p, VarId v) {
    const Variable &var = p.variable(v);
    return !var.isTemporary && (var.function == NoFunction || var.function == p.entryFunction);
}

// `e` is arr[i] with arr an array variable of integers and i the counter: arr.
VarId elementAt(const Program &p, const ExprPtr &e, VarId counter) {
    const Expr *x = stripCasts(e);
    if (!x || x->kind != ExprKind::Index || x->ops[0]->kind != ExprKind::Var)
        return NoVar;
    const Expr *i = stripCasts(x->ops[1]);
    if (!i || i->kind != ExprKind::Var || i->var != counter || !x->type->isInt())
        return NoVar;
    const VarId a = x->ops[0]->var;
    return nameable(p, a) && p.variable(a).type->isArray() ? a : NoVar;
}

// `e` is an integer constant: its value as the element's type holds it.
std::optional<int64_t> constantOf(const ExprPtr &e, const Type *element) {
    const Expr *x = stripCasts(e);
    if (!x || x->kind != ExprKind::IntConst)
        return std::nullopt;
    const unsigned bits = unsigned(element->sizeBytes * 8);
    if (bits >= 64)
        return x->value;
    // Kept as the element holds it (the encoder compares bits; the text reads as C would).
    const uint64_t v = uint64_t(x->value) & ((uint64_t(1) << bits) - 1);
    const bool negative = element->isSigned && (v >> (bits - 1)) != 0;
    return negative ? int64_t(v | ~((uint64_t(1) << bits) - 1)) : int64_t(v);
}

// `e` is a variable of the element's type that the loop leaves alone.
VarId steadyValue(const Program &p, const InductionLoop &loop, const ExprPtr &e, const Type *element) {
    const Expr *x = e.get();
    if (!x || x->kind != ExprKind::Var || !nameable(p, x->var) || !x->type->isInt() ||
        x->type->sizeBytes != element->sizeBytes ||
        std::count(loop.writes.begin(), loop.writes.end(), x->var))
        return NoVar;
    return x->var;
}

// `e` is arr[i] with arr an array of pointers to structs and i the counter: arr.
VarId pointerElementAt(const Program &p, const ExprPtr &e, VarId counter) {
    const Expr *x = e.get();
    if (!x || x->kind != ExprKind::Index || x->ops[0]->kind != ExprKind::Var || !x->type->isPointer() ||
        !x->type->target || !x->type->target->isStruct())
        return NoVar;
    const Expr *i = stripCasts(x->ops[1]);
    if (!i || i->kind != ExprKind::Var || i->var != counter)
        return NoVar;
    const VarId a = x->ops[0]->var;
    return nameable(p, a) && p.variable(a).type->isArray() ? a : NoVar;
}

// Facts about the structs an array of pointers points to, where the loop stores a[i] = s:
// each pointer field of the struct, NULL or not, under each test of an integer field against
// a constant that the loop makes ("a[k]->n == 1 -> a[k]->p != 0": s->p = malloc(...) where
// s->n == 1). Candidates of every polarity: Houdini keeps what holds.
void addPointeeFacts(const Program &program, const InductionLoop &loop, const std::vector<VarId> &counters,
                     std::vector<HeadInvariant> &out) {
    const FunctionCfa &main = program.functions[size_t(program.entryFunction)];
    struct Test {
        const Type *record;
        unsigned field;
        int64_t constant;
    };
    std::vector<Test> tests;
    for (EdgeId id : main.edges) {
        const CfaEdge &e = program.edge(id);
        if (!loop.body.count(e.from) || e.kind != EdgeKind::Assume || !e.cond || e.cond->kind != ExprKind::Binary ||
            (e.cond->binaryOp != BinaryOp::Eq && e.cond->binaryOp != BinaryOp::Ne))
            continue;
        for (int side = 0; side < 2; ++side) {
            const Expr *m = stripCasts(e.cond->ops[size_t(side)]);
            const Expr *c = stripCasts(e.cond->ops[size_t(1 - side)]);
            if (m && c && m->kind == ExprKind::Member && m->ops[0]->kind == ExprKind::Deref && c->kind == ExprKind::IntConst &&
                m->type->isInt() && !m->type->isBool && m->ops[0]->type->fields[m->field].bitFields.empty())
                tests.push_back({m->ops[0]->type, m->field, c->value});
        }
    }
    for (EdgeId id : main.edges) {
        const CfaEdge &e = program.edge(id);
        if (!loop.body.count(e.from) || e.kind != EdgeKind::Assignment)
            continue;
        for (VarId i : counters) {
            const VarId a = pointerElementAt(program, e.lhs, i);
            if (a == NoVar)
                continue;
            const Type *record = e.lhs->type->target;
            for (const Test &t : tests) {
                if (t.record != record)
                    continue;
                const StructField &guard = record->fields[t.field];
                const std::optional<int64_t> constant = constantOf(makeIntConst(guard.type, t.constant), guard.type);
                for (const StructField &target : record->fields) {
                    if (!target.type->isPointer())
                        continue;
                    for (const bool guardEqual : {true, false})
                        for (const bool nonNull : {true, false}) {
                            ArrayFact f{a, NoVar, NoVar, i, nonNull, constant.value_or(t.constant)};
                            f.pointee = ArrayFact::Pointee{guard.offsetBytes, target.offsetBytes, guard.type, target.type,
                                                           guardEqual};
                            const std::string k = program.variable(a).name + "[k]->";
                            HeadInvariant h;
                            h.text = k + guard.name + (guardEqual ? " == " : " != ") + std::to_string(*constant) +
                                     " -> " + k + target.name + (nonNull ? " != 0" : " == 0") + " for 0 <= k < " +
                                     program.variable(i).name;
                            if (std::any_of(out.begin(), out.end(), [&](const HeadInvariant &o) { return o.text == h.text; }))
                                continue;
                            h.fact = std::make_shared<const ArrayFact>(f);
                            out.push_back(std::move(h));
                        }
                }
            }
        }
    }
}

} // namespace

std::vector<HeadInvariant> arrayFactCandidates(const Program &program, const InductionLoop &loop) {
    const FunctionCfa &main = program.functions[size_t(program.entryFunction)];
    std::vector<HeadInvariant> out;
    auto written = [&](VarId v) { return std::count(loop.writes.begin(), loop.writes.end(), v) > 0; };
    auto add = [&](ArrayFact f) {
        for (const HeadInvariant &h : out)
            if (h.fact->array == f.array && h.fact->other == f.other && h.fact->value == f.value &&
                h.fact->bound == f.bound && h.fact->equal == f.equal && h.fact->constant == f.constant)
                return;
        auto name = [&](VarId v) { return program.variable(v).name; };
        const std::string rhs = f.other != NoVar   ? name(f.other) + "[k]"
                                : f.value != NoVar ? name(f.value)
                                                   : std::to_string(f.constant);
        HeadInvariant h;
        h.text = name(f.array) + "[k] " + (f.equal ? "==" : "!=") + " " + rhs + " for 0 <= k < " + name(f.bound);
        h.fact = std::make_shared<const ArrayFact>(f);
        out.push_back(std::move(h));
    };
    // The counters: integers the loop writes (the fact's bound is one of them).
    std::vector<VarId> counters;
    for (VarId v : loop.writes)
        if (nameable(program, v) && program.variable(v).type && program.variable(v).type->isInt() &&
            !program.variable(v).type->isArray())
            counters.push_back(v);
    addPointeeFacts(program, loop, counters, out);
    for (EdgeId id : main.edges) {
        const CfaEdge &e = program.edge(id);
        if (!loop.body.count(e.from))
            continue;
        for (VarId i : counters) {
            if (e.kind == EdgeKind::Assignment) {
                // a[i] = b[i] or a[i] = v: behind the counter, a holds what it copied.
                const VarId a = elementAt(program, e.lhs, i);
                if (a == NoVar)
                    continue;
                const Type *element = stripCasts(e.lhs)->type;
                if (const VarId b = elementAt(program, e.rhs, i); b != NoVar && b != a && !written(b) &&
                                                                  stripCasts(e.rhs)->type->sizeBytes == element->sizeBytes)
                    add({a, b, NoVar, i, true});
                else if (const VarId v = steadyValue(program, loop, e.rhs, element); v != NoVar)
                    add({a, NoVar, v, i, true});
                else if (const std::optional<int64_t> c = constantOf(e.rhs, element))
                    add({a, NoVar, NoVar, i, true, *c});
            } else if (e.kind == EdgeKind::Assume && loop.body.count(e.to)) {
                // Staying in the loop on a[i] != v (or ==): so it was for every index behind.
                const Expr *c = e.cond.get();
                if (!c || c->kind != ExprKind::Binary ||
                    (c->binaryOp != BinaryOp::Eq && c->binaryOp != BinaryOp::Ne))
                    continue;
                const bool equal = (c->binaryOp == BinaryOp::Eq) == e.truth;
                for (int side = 0; side < 2; ++side) {
                    const VarId a = elementAt(program, c->ops[size_t(side)], i);
                    if (a == NoVar || written(a))
                        continue;
                    const Type *element = stripCasts(c->ops[size_t(side)])->type;
                    const ExprPtr &rest = c->ops[size_t(1 - side)];
                    if (const VarId b = elementAt(program, rest, i); b != NoVar && b != a && !written(b))
                        add({a, b, NoVar, i, equal});
                    else if (const VarId v = steadyValue(program, loop, rest, element); v != NoVar)
                        add({a, NoVar, v, i, equal});
                    else if (const std::optional<int64_t> c = constantOf(rest, element))
                        add({a, NoVar, NoVar, i, equal, *c});
                }
            }
        }
    }
    return out;
}

} // namespace vcov
