// The encoder's memory (Encoder.h): objects per variable, frame and string literal, their
// contents per state, addresses, reads and writes through pointers, and the merge of the
// states of joining paths.
#include "bmc/Encoder.h"

#include "semantics/Layout.h"

namespace vcov::bmc {

int Encoder::objectFor(VarId v, int frame) {
    const Variable &var = P.variable(v);
    if (var.function == NoFunction) {
        auto it = globals.find(v);
        if (it != globals.end())
            return it->second;
        objects.push_back({var.name, var.type, false});
        return globals[v] = int(objects.size() - 1);
    }
    auto key = std::make_pair(frame, v);
    auto it = locals.find(key);
    if (it != locals.end())
        return it->second;
    objects.push_back({var.name, var.type, false});
    return locals[key] = int(objects.size() - 1);
}

int Encoder::returnSlot(int frame, const Type *t) {
    auto it = returnSlots.find(frame);
    if (it != returnSlots.end())
        return it->second;
    objects.push_back({"return value of " + P.functions[U.frames[size_t(frame)].function].name, t, false});
    return returnSlots[frame] = int(objects.size() - 1);
}

int Encoder::stringObject(const Expr *lit) {
    auto it = strings.find(lit);
    if (it != strings.end())
        return it->second;
    objects.push_back({"string literal", lit->type, true});
    return strings[lit] = int(objects.size() - 1);
}

SymValue Encoder::zeroOf(const Type *t) {
    SymValue v{false, ctx.bv_val(0, 1), {}};
    if (t->isPointer()) {
        v.isPointer = true;
        v.targets.push_back({ctx.bool_val(true), -1, ctx.bv_val(0, 64)});
    } else {
        v.bv = ctx.bv_val(0, t->bits);
    }
    return v;
}

const ObjectContents &Encoder::contents(const State &s, int object) {
    if (size_t(object) < s.memory.size() && s.memory[size_t(object)])
        return *s.memory[size_t(object)];
    const ObjectDesc &d = objects[size_t(object)];
    // Every scalar of an object is a term: very large arrays are beyond this encoding.
    constexpr uint64_t MaxLeaves = uint64_t(1) << 16;
    if (d.type->leafCount() > MaxLeaves)
        throw BmcUnsupported{d.name + " has " + std::to_string(d.type->leafCount()) + " scalars (more than " +
                             std::to_string(MaxLeaves) + " are not encoded yet)"};
    auto &z = m_zeros[d.type];
    if (!z) {
        auto c = std::make_shared<ObjectContents>();
        for (const Leaf &l : leavesOf(d.type))
            c->leaves.push_back(zeroOf(l.type));
        z = c;
    }
    return *z;
}

SymValue Encoder::address(const ExprPtr &e, Eval &ev) {
    auto at = [&](int object) {
        return SymValue{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), object, ctx.bv_val(0, 64)}}};
    };
    switch (e->kind) {
    case ExprKind::Var: return at(objectFor(e->var, ev.frame));
    case ExprKind::StringLit: return at(stringObject(e.get()));
    case ExprKind::Deref: {
        SymValue p = eval(e->ops[0], ev);
        z3::expr bad = ctx.bool_val(false);
        SymValue r{true, ctx.bv_val(0, 1), {}};
        for (const auto &t : p.targets) {
            if (t.object < 0)
                bad = bad || t.guard;
            else
                r.targets.push_back(t);
        }
        check(Property::Pointer, bad, ev, "null or invalid pointer dereference");
        if (r.targets.empty())
            r.targets.push_back({ctx.bool_val(false), -1, ctx.bv_val(0, 64)});
        return r;
    }
    case ExprKind::Index: {
        SymValue base = address(e->ops[0], ev);
        SymValue idx = eval(e->ops[1], ev);
        const Type *it = e->ops[1]->type;
        z3::expr i64 = it->bits == 64 ? idx.bv : it->isSigned ? z3::sext(idx.bv, 64 - it->bits) : z3::zext(idx.bv, 64 - it->bits);
        const Type *at = e->ops[0]->type;
        if (opts.properties.count(Property::ArrayBounds) && at->isArray()) {
            z3::expr n = ctx.bv_val(at->count, 64);
            check(Property::ArrayBounds, !(z3::sge(i64, ctx.bv_val(0, 64)) && z3::slt(i64, n)), ev,
                  "array index out of bounds");
        }
        return pointerAdd(base, scaleE(i64, sizeOf(e->type)));
    }
    case ExprKind::Member: {
        SymValue base = address(e->ops[0], ev);
        return pointerAdd(base, ctx.bv_val(e->ops[0]->type->fields[e->field].offsetBytes, 64));
    }
    default: throw BmcUnsupported{"address of a value that is not an object"};
    }
}

std::vector<std::pair<size_t, z3::expr>> Encoder::leavesAt(int object, const z3::expr &offset, const Type *t,
                                                           z3::expr &miss) {
    const ObjectDesc &d = objects[size_t(object)];
    const auto &leaves = leavesOf(d.type);
    std::vector<std::pair<size_t, z3::expr>> out;
    miss = ctx.bool_val(true);
    auto sameKind = [&](const Leaf &l) { return l.type->sizeBytes == t->sizeBytes && l.type->isPointer() == t->isPointer(); };
    uint64_t k;
    if (offset.is_numeral_u64(k)) {
        for (size_t i = 0; i < leaves.size(); ++i)
            if (leaves[i].offset == k) {
                if (!sameKind(leaves[i]))
                    throw BmcUnsupported{"access to " + d.name + " through a different type"};
                out.push_back({i, ctx.bool_val(true)});
                miss = ctx.bool_val(false);
                break;
            }
        return out;
    }
    for (size_t i = 0; i < leaves.size(); ++i) {
        if (!sameKind(leaves[i]))
            continue;
        z3::expr hit = eqE(offset, ctx.bv_val(leaves[i].offset, 64));
        out.push_back({i, hit});
        miss = andE(miss, notE(hit));
    }
    return out;
}

SymValue Encoder::read(const SymValue &ptr, const Type *t, Eval &ev) {
    std::optional<SymValue> result;
    z3::expr outside = ctx.bool_val(false);
    for (const auto &target : ptr.targets) {
        if (target.object < 0)
            continue; // reported by address()
        const ObjectContents &c = contents(ev.state, target.object);
        z3::expr miss = ctx.bool_val(true);
        std::optional<SymValue> v;
        for (auto &[i, hit] : leavesAt(target.object, target.offset, t, miss))
            v = v ? select(hit, c.leaves[i], *v) : c.leaves[i];
        outside = orE(outside, andE(target.guard, miss));
        if (!v)
            v = zeroOf(t);
        result = result ? select(target.guard, *v, *result) : *v;
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
    return result ? *result : zeroOf(t);
}

void Encoder::write(const SymValue &ptr, const Type *t, const SymValue &value, Eval &ev) {
    z3::expr outside = ctx.bool_val(false);
    bool single = ptr.targets.size() == 1;
    for (const auto &target : ptr.targets) {
        if (target.object < 0)
            continue;
        if (objects[size_t(target.object)].readOnly)
            check(Property::Pointer, target.guard, ev, "write to a string literal");
        auto updated = std::make_shared<ObjectContents>(contents(ev.state, target.object));
        // The write happens only where the path reaches it: states on other paths keep
        // their values when they merge, but within this state the guard is implied.
        z3::expr when = single ? ctx.bool_val(true) : target.guard;
        z3::expr miss = ctx.bool_val(true);
        for (auto &[i, hit] : leavesAt(target.object, target.offset, t, miss)) {
            z3::expr cond = andE(when, hit);
            updated->leaves[i] = cond.is_true() ? value : select(cond, value, updated->leaves[i]);
        }
        outside = orE(outside, andE(target.guard, miss));
        if (ev.state.memory.size() <= size_t(target.object))
            ev.state.memory.resize(objects.size());
        ev.state.memory[size_t(target.object)] = std::move(updated);
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
}

void Encoder::copy(const SymValue &dst, const SymValue &src, const Type *t, Eval &ev) {
    for (const Leaf &l : leavesOf(t)) {
        z3::expr o = ctx.bv_val(l.offset, 64);
        SymValue v = read(pointerAdd(src, o), l.type, ev);
        write(pointerAdd(dst, o), l.type, v, ev);
    }
}

void Encoder::assign(const SymValue &dst, const Type *t, const ExprPtr &value, Eval &ev) {
    if (t->isScalar())
        write(dst, t, eval(value, ev), ev);
    else
        copy(dst, address(value, ev), t, ev);
}

State Encoder::merge(std::vector<State> &in) {
    if (in.size() == 1)
        return std::move(in[0]);
    State out{ctx.bool_val(false), {}};
    size_t width = 0;
    for (const auto &s : in) {
        out.guard = orE(out.guard, s.guard);
        width = std::max(width, s.memory.size());
    }
    // A join gets a guard literal of its own, defined once: guards stay small terms and
    // the model tells directly which locations the counterexample passes.
    if (!out.guard.is_true() && !out.guard.is_false()) {
        z3::expr literal = ctx.bool_const(("reach" + std::to_string(definitions.size())).c_str());
        definitions.push_back(literal == out.guard);
        out.guard = literal;
    }
    out.memory.resize(std::max(width, objects.size()));
    for (size_t o = 0; o < out.memory.size(); ++o) {
        const ObjectContents *first = nullptr;
        bool same = true;
        for (const auto &s : in) {
            const ObjectContents *c = o < s.memory.size() ? s.memory[o].get() : nullptr;
            if (&s == &in[0])
                first = c;
            else if (c != first)
                same = false;
        }
        if (same) {
            out.memory[o] = o < in[0].memory.size() ? in[0].memory[o] : nullptr;
            continue;
        }
        auto merged = std::make_shared<ObjectContents>(contents(in.back(), int(o)));
        for (size_t k = in.size() - 1; k-- > 0;) {
            const ObjectContents &c = contents(in[k], int(o));
            for (size_t i = 0; i < merged->leaves.size(); ++i)
                merged->leaves[i] = select(in[k].guard, c.leaves[i], merged->leaves[i]);
        }
        out.memory[o] = std::move(merged);
    }
    return out;
}

} // namespace vcov::bmc
