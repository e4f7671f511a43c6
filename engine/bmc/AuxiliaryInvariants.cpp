// Auxiliary invariants at loop heads (BmcOptions::invariants): k-induction's strengthening.
// Checked where an arrival is one that must satisfy them, assumed where it may; each behind
// a literal of its own, so that Houdini drops candidates query by query on one encoding.
#include "bmc/Encoder.h"

namespace vcov::bmc {

void Encoder::invariantsAt(int unode, State &s) {
    const UNode &un = U.nodes[size_t(unode)];
    if (!m_entryLoops)
        m_entryLoops = computeLoops(P, P.functions[size_t(P.entryFunction)]);
    while (invariantSelectors.size() < opts.invariants.size())
        invariantSelectors.push_back(ctx.bool_const(("invariant" + std::to_string(invariantSelectors.size())).c_str()));
    // How many times the path jumped back to this head: its own loop's count (the unwinder
    // keeps one per loop around the node, outermost first). Unknown without counts (a finite
    // observer bounds the paths): then every arrival is checked.
    std::optional<unsigned> arrival;
    const std::vector<int> &around = m_entryLoops->loopsOf(un.node);
    for (size_t i = 0; i < around.size() && i < un.counts.size(); ++i)
        if (m_entryLoops->loops[size_t(around[i])].head == un.node)
            arrival = un.counts[i];
    // All checks on the arriving state first: each candidate is checked on its own, not
    // under the others (dropping one leaves the others' checks as they were).
    std::vector<z3::expr> holds;
    for (size_t i = 0; i < opts.invariants.size(); ++i) {
        const BmcOptions::Invariant &inv = opts.invariants[i];
        if (inv.head != un.node || s.guard.is_false())
            continue;
        if (inv.checkedFrom == UINT_MAX && inv.firstArrivalOnly && arrival && *arrival > 0)
            continue;
        const bool checked = inv.checkedFrom != UINT_MAX && (!arrival || *arrival >= inv.checkedFrom);
        if (inv.fact) {
            std::optional<AssumedFact> f = factIn(*inv.fact, s);
            if (checked) {
                // At an arbitrary index below the bound: every index, for the solver.
                const z3::expr k = ctx.bv_const(("index" + std::to_string(fresh++)).c_str(), 64);
                const z3::expr broken =
                    f ? notE(factAt(*f, k * ctx.bv_val(f->element->sizeBytes, 64), true)) : ctx.bool_val(true);
                invariantHits.push_back({andE(s.guard, broken), unode, i});
            }
            // Not assumed where checked: its instances are constraints on every model, the
            // check's own included (a condition is assumed on the paths after its check only).
            if (f && !checked) {
                f->when = andE(s.guard, invariantSelectors[i]);
                m_assumedFacts.push_back(std::move(*f));
            }
            continue;
        }
        Eval ev{s, 0, -1, ctx.bool_val(true)};
        const z3::expr h = truth(eval(inv.cond, ev));
        if (checked)
            invariantHits.push_back({andE(s.guard, notE(h)), unode, i});
        holds.push_back(z3::implies(invariantSelectors[i], h));
    }
    for (const z3::expr &h : holds)
        s.guard = andE(s.guard, h);
}

std::optional<Encoder::AssumedFact> Encoder::factIn(const ArrayFact &fact, State &s) {
    if (fact.pointee) {
        // An array of pointers held by its writes, an integer bound, the memory it points into.
        const int object = objectFor(fact.array, 0);
        const Type *element = objects[size_t(object)].element; // (eval below may add objects)
        const Type *bt = P.variable(fact.bound).type;
        if (!element || !element->isPointer() || !bt || !bt->isInt())
            return std::nullopt;
        std::shared_ptr<const ObjectContents> array =
            size_t(object) < s.memory.size() && s.memory[size_t(object)] ? s.memory[size_t(object)]
            : objects[size_t(object)].initial                             ? objects[size_t(object)].initial
                                                                          : zeroArray();
        Eval ev{s, 0, -1, ctx.bool_val(true)};
        const z3::expr bound = eval(makeVar(bt, fact.bound), ev).bv;
        const unsigned widen = 64 - bound.get_sort().bv_size();
        AssumedFact f{array, nullptr, std::nullopt, bt->isSigned ? z3::sext(bound, widen) : z3::zext(bound, widen),
                      ctx.bool_val(true), fact.equal, element, fact.pointee, fact.constant, s.memory};
        return f;
    }
    // Arrays of one integer type held by their writes, a value or a second array of that
    // type, an integer bound: anything else is no fact this encoding can state (a candidate
    // that is then never assumed and always broken).
    auto held = [&](VarId v) -> std::shared_ptr<const ObjectContents> {
        const int object = objectFor(v, 0);
        const ObjectDesc &d = objects[size_t(object)];
        if (!d.element || !d.element->isInt() || d.element->isBool)
            return nullptr;
        if (size_t(object) < s.memory.size() && s.memory[size_t(object)])
            return s.memory[size_t(object)];
        return d.initial ? d.initial : zeroArray();
    };
    auto scalar = [&](VarId v) -> std::optional<z3::expr> {
        const Type *t = P.variable(v).type;
        if (!t || !t->isInt())
            return std::nullopt;
        Eval ev{s, 0, -1, ctx.bool_val(true)};
        return eval(makeVar(t, v), ev).bv;
    };
    const std::shared_ptr<const ObjectContents> array = held(fact.array);
    const std::optional<z3::expr> bound = scalar(fact.bound);
    if (!array || !bound)
        return std::nullopt;
    const Type *element = objects[size_t(objectFor(fact.array, 0))].element;
    const unsigned widen = 64 - bound->get_sort().bv_size();
    AssumedFact f{array, nullptr, std::nullopt,
                  P.variable(fact.bound).type->isSigned ? z3::sext(*bound, widen) : z3::zext(*bound, widen),
                  ctx.bool_val(true), fact.equal, element};
    if (fact.other != NoVar) {
        f.other = held(fact.other);
        if (!f.other || objects[size_t(objectFor(fact.other, 0))].element->sizeBytes != element->sizeBytes)
            return std::nullopt;
    } else if (fact.value == NoVar) {
        const uint64_t mask = element->bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << element->bits) - 1;
        f.value = ctx.bv_val(uint64_t(fact.constant) & mask, element->bits);
    } else {
        f.value = scalar(fact.value);
        if (!f.value || f.value->get_sort().bv_size() != element->bits)
            return std::nullopt;
    }
    return f;
}

z3::expr Encoder::factAt(const AssumedFact &f, const z3::expr &offset, bool checked) {
    const uint64_t size = f.element->sizeBytes;
    z3::expr in = z3::sge(offset, ctx.bv_val(0, 64)) && z3::slt(offset, f.bound * ctx.bv_val(size, 64));
    if (size > 1)
        in = in && z3::urem(offset, ctx.bv_val(size, 64)) == ctx.bv_val(0, 64);
    in = in.simplify();
    if (in.is_false())
        return ctx.bool_val(true);
    if (f.pointee)
        return z3::implies(in, pointeeFactAt(f, offset, checked));
    const z3::expr a = readArray(*f.array, offset, f.element);
    const z3::expr b = f.other ? readArray(*f.other, offset, f.element) : *f.value;
    return z3::implies(in, f.equal ? a == b : a != b);
}

z3::expr Encoder::pointeeFactAt(const AssumedFact &f, const z3::expr &offset, bool checked) {
    const ArrayFact::Pointee &p = *f.pointee;
    const SymValue element = unpack(readArray(*f.array, offset, f.element), f.element);
    z3::expr holds = ctx.bool_val(true);
    for (const PtrTarget &t : element.targets) {
        if (t.object < 0)
            continue; // NULL, or no object: the fact says nothing of it
        z3::expr missGuard = ctx.bool_val(true), missPointer = ctx.bool_val(true);
        const std::optional<SymValue> guard = readIn(
            f.memory, t.object, addE(t.offset, ctx.bv_val(p.guardOffset, 64)).simplify(), p.guardType, missGuard);
        const std::optional<SymValue> pointer = readIn(
            f.memory, t.object, addE(t.offset, ctx.bv_val(p.pointerOffset, 64)).simplify(), p.pointerType, missPointer);
        // Where the object holds no such struct (another type, never typed): unproved where
        // checked, nothing assumed.
        const z3::expr unreadable = (!guard || !pointer || guard->isPointer || !pointer->isPointer)
                                        ? ctx.bool_val(true)
                                        : orE(missGuard, missPointer).simplify();
        if (checked)
            holds = andE(holds, notE(andE(t.guard, unreadable)));
        if (unreadable.is_true())
            continue;
        const uint64_t bits = guard->bv.get_sort().bv_size();
        const uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
        const z3::expr matches = guard->bv == ctx.bv_val(uint64_t(f.constant) & mask, unsigned(bits));
        z3::expr null = ctx.bool_val(false);
        for (const PtrTarget &q : pointer->targets)
            if (q.object == -1)
                null = orE(null, q.guard);
        const z3::expr premise = andE(andE(t.guard, notE(unreadable)), p.guardEqual ? matches : notE(matches));
        holds = andE(holds, z3::implies(premise, f.equal ? notE(null) : null));
    }
    return holds;
}

std::optional<SymValue> Encoder::readIn(const std::vector<std::shared_ptr<const ObjectContents>> &memory, int object,
                                        const z3::expr &offset, const Type *t, z3::expr &miss) {
    State s{ctx.bool_val(true), memory};
    try {
        if (objects[size_t(object)].region) {
            const int array = regionArray(object, t);
            const Type *element = objects[size_t(array)].element;
            miss = ctx.bool_val(false);
            return unpack(readArray(contents(s, array), offset, element), element);
        }
        const ObjectDesc &d = objects[size_t(object)];
        if (!d.type)
            return std::nullopt; // a heap object never accessed
        const ObjectContents &c = contents(s, object);
        if (c.base) {
            miss = arrayMiss(d, offset, t);
            return unpack(readArray(c, offset, d.element), d.element);
        }
        std::optional<SymValue> v;
        for (const LeafHit &h : leavesAt(object, offset, t, miss)) {
            const SymValue leaf = leafRead(c.leaves[h.leaf], h);
            v = v ? select(h.hit, leaf, *v) : leaf;
        }
        return v;
    } catch (const BmcUnsupported &) {
        return std::nullopt; // through a different type
    }
}

void Encoder::instantiateArrayFacts() {
    // Reads at listed offsets list none anew, so one pass over them is the fixpoint. Past
    // MaxInstances offsets a fact is stated at the first ones only: weaker, never unsound.
    constexpr size_t MaxInstances = 4000;
    const size_t offsets = m_readOffsets.size();
    for (const AssumedFact &f : m_assumedFacts) {
        size_t stated = 0;
        for (size_t i = 0; i < offsets && stated < MaxInstances; ++i) {
            if (m_readOffsets[i].second != f.element->sizeBytes)
                continue;
            if (deadline)
                deadline->check("encoding");
            const z3::expr at = m_readOffsets[i].first; // a copy: the list may grow
            definitions.push_back(z3::implies(f.when, factAt(f, at)));
            ++stated;
        }
    }
}

} // namespace vcov::bmc
