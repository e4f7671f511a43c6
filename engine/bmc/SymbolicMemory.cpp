// The encoder's memory (Encoder.h): objects per variable, frame and string literal, their
// contents per state, addresses, reads and writes through pointers, and the merge of the
// states of joining paths.
#include "bmc/Encoder.h"
#include "bmc/IntegerTerms.h"

#include "semantics/Interpreter.h"
#include "semantics/Layout.h"

namespace vcov::bmc {

namespace {

// Objects held scalar by scalar have at most this many: every scalar is a term.
constexpr uint64_t MaxLeaves = uint64_t(1) << 16;

} // namespace

// The scalar type of every element when `t` is an array (of arrays) of one integer or
// floating-point type, or of more than MaxLeaves pointers (or structs of one pointer): those are otherwise
// beyond the encoding, and smaller ones keep their exact targets leaf by leaf.
const Type *Encoder::sparseElement(const Type *t, uint64_t &count) {
    const Type *e = t->uniformElement(count);
    if (!e && t->isArray()) {
        // An array of structs of one scalar is an array of that scalar.
        const Type *inner = t;
        count = 1;
        while (inner->isArray()) {
            count = inner->count != 0 && count > UINT64_MAX / inner->count ? UINT64_MAX : count * inner->count;
            inner = inner->target;
        }
        const auto &leaves = inner->leaves();
        if (inner->isStruct() && leaves.size() == 1 && leaves[0].offset == 0 &&
            leaves[0].type->sizeBytes == inner->sizeBytes)
            e = leaves[0].type;
    }
    const bool powerOfTwo = e && e->sizeBytes != 0 && (e->sizeBytes & (e->sizeBytes - 1)) == 0;
    if (!e || !powerOfTwo)
        return nullptr;
    if (e->isInt() || e->isFloat()) // a float is its bits
        return e;
    return e->isPointer() && count > MaxLeaves ? e : nullptr;
}

namespace {

unsigned log2Of(uint64_t power) {
    unsigned k = 0;
    while ((uint64_t(1) << k) < power)
        ++k;
    return k;
}

} // namespace

int Encoder::newObject(const std::string &name, const Type *type, bool readOnly) {
    ObjectDesc d{name, type, readOnly};
    if (type->leafCount() > InterpreterMaxScalars)
        throw BmcUnsupported{name + " has " + std::to_string(type->leafCount()) +
                             " scalars: more than the interpreter holds (" + std::to_string(InterpreterMaxScalars) +
                             "), so no counterexample could be replayed"};
    uint64_t count = 0;
    if (const Type *element = sparseElement(type, count); element && count >= opts.sparseArraysFrom) {
        d.element = element;
        d.count = count;
    }
    objects.push_back(std::move(d));
    return int(objects.size() - 1);
}

void Encoder::setContents(State &s, int object, std::shared_ptr<const ObjectContents> c) {
    if (s.memory.size() <= size_t(object))
        s.memory.resize(objects.size());
    s.memory[size_t(object)] = std::move(c);
}

int Encoder::objectFor(VarId v, int frame) {
    const Variable &var = P.variable(v);
    if (var.function == NoFunction) {
        auto it = globals.find(v);
        if (it != globals.end())
            return it->second;
        return globals[v] = newObject(var.name, var.type);
    }
    auto key = std::make_pair(frame, v);
    auto it = locals.find(key);
    if (it != locals.end())
        return it->second;
    return locals[key] = newObject(var.name, var.type);
}

int Encoder::returnSlot(int frame, const Type *t) {
    auto it = returnSlots.find(frame);
    if (it != returnSlots.end())
        return it->second;
    return returnSlots[frame] = newObject("return value of " + P.functions[U.frames[size_t(frame)].function].name, t);
}

int Encoder::stringObject(const Expr *lit) {
    auto it = strings.find(lit);
    if (it != strings.end())
        return it->second;
    const int id = newObject("string literal", lit->type, true);
    // Its characters, then zeros to the end of the array (the interpreter's slots alike).
    const Type *charT = lit->type->target;
    auto c = std::make_shared<ObjectContents>();
    ObjectDesc &d = objects[size_t(id)];
    if (d.element)
        *c = *zeroArray();
    for (uint64_t i = 0; i < lit->type->count; ++i) {
        const uint64_t bits = i < lit->str.size() ? uint64_t(uint8_t(lit->str[i])) : 0;
        const SymValue ch{false, ctx.bv_val(bits, charT->bits), {}};
        if (!d.element)
            c->leaves.push_back(ch);
        else if (bits != 0)
            c->newest = std::make_shared<const ArrayWrite>(ArrayWrite{c->newest, c->newest ? c->newest->depth + 1 : 1,
                                                                      ctx.bv_val(i * charT->sizeBytes, 64),
                                                                      pack(ch, charT), ctx.bool_val(true)});
    }
    d.initial = std::move(c);
    return strings[lit] = id;
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
    if (d.initial)
        return *d.initial;
    if (!d.type)
        throw BmcUnsupported{"access to " + d.name + " before its type is known"};
    if (d.element)
        return *zeroArray();
    // Every scalar of any other object is a term: large arrays of pointers or of structs
    // are beyond this encoding.
    if (d.type->leafCount() > MaxLeaves)
        throw BmcUnsupported{d.name + " has " + std::to_string(d.type->leafCount()) + " scalars (more than " +
                             std::to_string(MaxLeaves) + " are encoded only in arrays of one scalar type)"};
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
            if (t.object == -2 && outsideObjects()) {
                r.targets.push_back(t); // memory outside every object (outsideArray)
                continue;
            }
            if (t.object < 0) {
                bad = bad || t.guard;
                continue;
            }
            typeHeapObject(t.object, e->type);
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
            z3::expr in = z3::sge(i64, ctx.bv_val(0, 64));
            if (!e->ops[0]->isTrailingArrayThroughPointer()) // else the object's bounds
                in = in && z3::slt(i64, ctx.bv_val(at->count, 64));
            check(Property::ArrayBounds, !in, ev, "array index out of bounds");
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

std::vector<Encoder::LeafHit> Encoder::leavesAt(int object, const z3::expr &given, const Type *t, z3::expr &miss) {
    // `8 + (long)0` through a parameter is one constant offset: the leaf, not a choice
    // among leaves (which would mark a pointer leaf as written through its bytes).
    const z3::expr offset = given.is_numeral() || !ofConstants(given) ? given : given.simplify();
    const ObjectDesc &d = objects[size_t(object)];
    const auto &leaves = leavesOf(d.type);
    std::vector<LeafHit> out;
    miss = ctx.bool_val(true);
    auto sameKind = [&](const Leaf &l) { return l.type->sizeBytes == t->sizeBytes && l.type->isPointer() == t->isPointer(); };
    // A pointer accessed as an integer of its size (aws-c-common's AWS_IS_ZEROED reads
    // structs as uint64_t words).
    auto asNumber = [&](const Leaf &l) { return l.type->isPointer() && t->isInt() && l.type->sizeBytes == t->sizeBytes; };
    // Bytes of a wider integer, float or pointer through a narrower integer (a char; a short
    // of an int through a union's other member): little-endian, as x86-64 and i386 are.
    const unsigned width = unsigned(t->sizeBytes);
    auto bytesOf = [&](const Leaf &l) {
        return t->isInt() && l.type->sizeBytes > t->sizeBytes && (l.type->isArithmetic() || l.type->isPointer());
    };
    uint64_t k;
    if (offset.is_numeral_u64(k)) {
        for (size_t i = 0; i < leaves.size(); ++i) {
            if (leaves[i].offset == k && (sameKind(leaves[i]) || asNumber(leaves[i]))) {
                out.push_back({i, ctx.bool_val(true), -1, !sameKind(leaves[i])});
                miss = ctx.bool_val(false);
                return out;
            }
            if (bytesOf(leaves[i]) && k >= leaves[i].offset && k + width <= leaves[i].offset + leaves[i].type->sizeBytes) {
                out.push_back({i, ctx.bool_val(true), int(k - leaves[i].offset), leaves[i].type->isPointer(), width});
                miss = ctx.bool_val(false);
                return out;
            }
            // Inside a leaf, and neither it nor a byte of it: a miss that missedAccess calls
            // not modelled where a path makes it (unknown), never an access outside the
            // object. Refusing it here refused every program where some pointer only might
            // point there (pktcdvd: a driver struct's pointer field read where the pointer
            // may, by the encoding alone, be a string literal's address).
            if (k >= leaves[i].offset && k < leaves[i].offset + leaves[i].type->sizeBytes)
                return out;
        }
        return out;
    }
    for (size_t i = 0; i < leaves.size(); ++i) {
        if (sameKind(leaves[i]) || asNumber(leaves[i])) {
            z3::expr hit = eqE(offset, ctx.bv_val(leaves[i].offset, 64));
            out.push_back({i, hit, -1, !sameKind(leaves[i])});
            miss = andE(miss, notE(hit));
        } else if (bytesOf(leaves[i])) {
            for (unsigned j = 0; j + width <= leaves[i].type->sizeBytes; ++j) {
                z3::expr hit = eqE(offset, ctx.bv_val(leaves[i].offset + j, 64));
                out.push_back({i, hit, int(j), leaves[i].type->isPointer(), width});
                miss = andE(miss, notE(hit));
            }
        }
    }
    return out;
}

SymValue Encoder::leafRead(const SymValue &leaf, const LeafHit &h) {
    if (h.byte < 0 && !h.number)
        return leaf;
    z3::expr bits = h.number ? addressOf(leaf) : leaf.bv;
    if (h.number && P.dataModel() == DataModel::ILP32)
        bits = bits.extract(31, 0);
    if (h.byte < 0)
        return SymValue{false, bits, {}};
    return SymValue{false, bits.extract(unsigned(8 * (h.byte + int(h.width)) - 1), unsigned(8 * h.byte)), {}};
}

void Encoder::assembledPointer(const SymValue &leaf, const z3::expr &at, Eval &ev) {
    // A pointer written byte by byte (memcpy of a struct) is NULL or an address the encoding
    // cannot map back to its object: used as a pointer, the latter is unmodelled.
    z3::expr raw = ctx.bool_val(false);
    for (const PtrTarget &t : leaf.targets)
        if (t.object == -2)
            raw = orE(raw, t.guard);
    const z3::expr used = andE(at, raw);
    if (used.is_false() || ev.state.guard.is_false())
        return;
    violations.push_back({andE(andE(ev.state.guard, ev.local), used), Property::Pointer, ev.edge,
                          "a pointer assembled from bytes (memcpy or memset of a struct that holds pointers), used as a "
                          "pointer",
                          m_unode, m_onReturn, "", true});
    ev.state.guard = andE(ev.state.guard, notE(andE(ev.local, used)));
}

SymValue Encoder::pointerAt(const z3::expr &v) {
    // Into an object whose address was taken as a number (only those: an address no number
    // was made from cannot have been computed), first match first, where v lies in it or
    // one past its end; else NULL for 0, else an address that is no object. Exact where
    // objects do not overlap, as in every real layout; the others only add executions.
    std::vector<PtrTarget> targets;
    z3::expr taken = ctx.bool_val(false);
    for (const auto &[object, a] : m_addresses) {
        const z3::expr offset = v - a;
        const z3::expr in = andE(notE(taken), z3::ule(a, v) && z3::ule(offset, objectBytes(objects[size_t(object)])));
        if (in.is_false())
            continue;
        targets.push_back({in.simplify(), object, offset.simplify()});
        taken = orE(taken, in);
    }
    const z3::expr null = andE(notE(taken), v == ctx.bv_val(0, 64));
    targets.push_back({null.simplify(), -1, ctx.bv_val(0, 64)});
    targets.push_back({andE(notE(taken), v != ctx.bv_val(0, 64)).simplify(), -2, v});
    return SymValue{true, ctx.bv_val(0, 1), std::move(targets)};
}

z3::expr Encoder::addressOf(const SymValue &p) {
    if (!p.isPointer)
        return to64(p.bv);
    z3::expr v = ctx.bv_val(0, 64);
    for (const PtrTarget &t : p.targets) {
        z3::expr at = ctx.bv_val(0, 64);
        if (t.object == -2)
            at = t.offset;
        else if (t.object >= 0) {
            auto it = m_addresses.find(t.object);
            if (it == m_addresses.end()) {
                const z3::expr a = ctx.bv_const(("address" + std::to_string(t.object)).c_str(), 64);
                definitions.push_back(z3::uge(a, ctx.bv_val(uint64_t(1) << 16, 64)) &&
                                      z3::ult(a, ctx.bv_val(uint64_t(1) << 46, 64)));
                // Apart from every other numbered object, with a byte between (one past the
                // end is no other object's start), as in a real layout; 65 bits: no wrap.
                auto end = [&](const z3::expr &start, int object) {
                    return z3::zext(start, 1) + z3::zext(objectBytes(objects[size_t(object)]), 1);
                };
                for (const auto &[other, b] : m_addresses)
                    definitions.push_back(z3::ult(end(a, t.object), z3::zext(b, 1)) ||
                                          z3::ult(end(b, other), z3::zext(a, 1)));
                it = m_addresses.emplace(t.object, a).first;
            }
            at = it->second + t.offset;
        }
        v = t.guard.is_true() ? at : z3::ite(t.guard, at, v);
    }
    return v.simplify();
}

SymValue Encoder::leafWritten(const SymValue &leaf, const LeafHit &h, const SymValue &value) {
    if (h.number) {
        // Bytes or a word written over a pointer: NULL where all are zero, else the raw
        // address, which is no object here (assembledPointer stops a path that uses it).
        // The old address only matters for the bytes the write leaves (building it for a
        // whole-word write cost gigaset's path checks ~6 s each, in Z3's simplifier).
        const unsigned width = P.dataModel() == DataModel::ILP32 ? 32 : 64;
        z3::expr raw = value.bv;
        if (h.byte >= 0) {
            raw = addressOf(leaf).extract(width - 1, 0);
            const unsigned lo = unsigned(8 * h.byte), hi = lo + 8 * h.width;
            z3::expr bits = value.bv;
            if (hi < width)
                bits = z3::concat(raw.extract(width - 1, hi), bits);
            if (lo > 0)
                bits = z3::concat(bits, raw.extract(lo - 1, 0));
            raw = bits.simplify();
        }
        const z3::expr null = raw == ctx.bv_val(0, width);
        return SymValue{true, ctx.bv_val(0, 1), {PtrTarget{null, -1, ctx.bv_val(0, 64)}, PtrTarget{!null, -2, to64(raw)}}};
    }
    const int byte = h.byte;
    if (byte < 0)
        return value;
    const unsigned width = leaf.bv.get_sort().bv_size(), lo = unsigned(8 * byte), hi = lo + 8 * h.width;
    z3::expr bits = value.bv;
    if (hi < width)
        bits = z3::concat(leaf.bv.extract(width - 1, hi), bits);
    if (lo > 0)
        bits = z3::concat(bits, leaf.bv.extract(lo - 1, 0));
    return SymValue{false, bits, {}};
}

z3::expr Encoder::objectBytes(const ObjectDesc &d) const {
    return d.dynamicBytes ? *d.dynamicBytes : ctx.bv_val(d.heap || !d.type ? d.sizeBytes : d.type->sizeBytes, 64);
}

void Encoder::missedAccess(int object, const z3::expr &miss, const z3::expr &guard, const z3::expr &offset,
                           const Type *t, z3::expr &outside, Eval &ev) {
    const uint64_t bytes = t->sizeBytes;
    if (miss.is_false())
        return;
    const ObjectDesc &d = objects[size_t(object)];
    // An object of scalars all of the access's kind (an int array read as ints): inside it,
    // only an offset between two of them misses, which C's arithmetic on a pointer of that
    // kind cannot make (a char pointer cast back could: taken for outside, as before — the
    // finer check cost qsort's proof three times its time).
    auto sameKind = [&](const Type *l) { return l->sizeBytes == bytes && l->isPointer() == t->isPointer(); };
    bool uniform = d.element ? sameKind(d.element) : d.type != nullptr;
    if (!d.element && d.type)
        for (const Leaf &l : leavesOf(d.type))
            uniform = uniform && sameKind(l.type) && l.offset % bytes == 0;
    if (uniform) {
        outside = orE(outside, andE(guard, miss));
        return;
    }
    const z3::expr size = objectBytes(d), n = ctx.bv_val(bytes, 64);
    const z3::expr inside = z3::ule(n, size) && z3::ule(offset, size - n);
    outside = orE(outside, andE(guard, andE(miss, notE(inside))));
    const z3::expr core = andE(miss, inside);
    if (core.is_false() || ev.state.guard.is_false())
        return;
    const z3::expr unmodelled = andE(guard, core);
    violations.push_back({andE(andE(ev.state.guard, ev.local), unmodelled), Property::ArrayBounds, ev.edge,
                          "an access to " + d.name + " inside it that BMC does not model (another type, or not at an element)",
                          m_unode, m_onReturn, "", true});
    ev.state.guard = andE(ev.state.guard, notE(andE(ev.local, unmodelled)));
}

SymValue Encoder::read(const SymValue &original, const Type *t, Eval &ev) {
    checkAlive(original, ev);
    std::optional<SymValue> result;
    z3::expr outside = ctx.bool_val(false);
    const SymValue ptr = routeTail(original, t, outside);
    for (const auto &target : ptr.targets) {
        if (target.object == -2 && outsideObjects()) {
            const int array = outsideArray(t);
            const SymValue v = unpack(readArray(contents(ev.state, array), target.offset, t), t);
            result = result ? select(target.guard, v, *result) : v;
            continue;
        }
        if (target.object < 0)
            continue; // reported by address()
        z3::expr miss = ctx.bool_val(true);
        std::optional<SymValue> v;
        if (objects[size_t(target.object)].region) {
            // An object before a havoc: its scalar of t's kind at the offset that is the object's and the field's.
            const int array = regionArray(target.object, t);
            const Type *element = objects[size_t(array)].element;
            v = unpack(readArray(contents(ev.state, array), target.offset, element), element);
            result = result ? select(target.guard, *v, *result) : *v;
            continue;
        }
        const ObjectContents &c = contents(ev.state, target.object);
        if (c.base && otherWidth(objects[size_t(target.object)].element, t)) {
            v = SymValue{false, readOtherWidth(c, objects[size_t(target.object)], target.offset, t, miss), {}};
        } else if (c.base) {
            const ObjectDesc &d = objects[size_t(target.object)];
            miss = arrayMiss(d, target.offset, t);
            if (!miss.is_true())
                v = unpack(readArray(c, target.offset, d.element), d.element);
        } else {
            for (const LeafHit &h : leavesAt(target.object, target.offset, t, miss)) {
                const SymValue leaf = leafRead(c.leaves[h.leaf], h);
                if (!h.number && leaf.isPointer && m_rawPointerLeaves.count({target.object, h.leaf}))
                    assembledPointer(leaf, andE(target.guard, h.hit), ev);
                v = v ? select(h.hit, leaf, *v) : leaf;
            }
        }
        missedAccess(target.object, miss, target.guard, target.offset, t, outside, ev);
        if (!v)
            v = zeroOf(t);
        result = result ? select(target.guard, *v, *result) : *v;
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
    return result ? *result : zeroOf(t);
}

void Encoder::write(const SymValue &original, const Type *t, const SymValue &value, Eval &ev) {
    checkAlive(original, ev);
    z3::expr outside = ctx.bool_val(false);
    const SymValue ptr = routeTail(original, t, outside);
    bool single = ptr.targets.size() == 1;
    for (const auto &target : ptr.targets) {
        if (target.object == -2 && outsideObjects()) {
            const int array = outsideArray(t);
            const ObjectContents &old = contents(ev.state, array);
            auto updated = std::make_shared<ObjectContents>(old);
            updated->newest = std::make_shared<const ArrayWrite>(ArrayWrite{
                old.newest, old.newest ? old.newest->depth + 1 : 1, target.offset, pack(value, t),
                single ? ctx.bool_val(true) : target.guard});
            setContents(ev.state, array, std::move(updated));
            continue;
        }
        if (target.object < 0)
            continue;
        if (objects[size_t(target.object)].readOnly)
            check(Property::Pointer, target.guard, ev, "write to a string literal");
        // The write happens only where the path reaches it: states on other paths keep
        // their values when they merge, but within this state the guard is implied.
        z3::expr when = single ? ctx.bool_val(true) : target.guard;
        if (objects[size_t(target.object)].region) {
            const int array = regionArray(target.object, t);
            const ObjectContents &old = contents(ev.state, array);
            auto updated = std::make_shared<ObjectContents>(old);
            updated->newest = std::make_shared<const ArrayWrite>(ArrayWrite{
                old.newest, old.newest ? old.newest->depth + 1 : 1, target.offset,
                pack(value, objects[size_t(array)].element), when});
            setContents(ev.state, array, std::move(updated));
            continue;
        }
        const ObjectContents &old = contents(ev.state, target.object);
        if (old.base && otherWidth(objects[size_t(target.object)].element, t)) {
            z3::expr miss = ctx.bool_val(true);
            auto updated = std::make_shared<ObjectContents>(old);
            updated->newest = writeOtherWidth(old, objects[size_t(target.object)], target.offset, value.bv, when, miss);
            missedAccess(target.object, miss, target.guard, target.offset, t, outside, ev);
            if (!miss.is_true())
                setContents(ev.state, target.object, compact(target.object, std::move(updated)));
            continue;
        }
        if (old.base) {
            const z3::expr miss = arrayMiss(objects[size_t(target.object)], target.offset, t);
            missedAccess(target.object, miss, target.guard, target.offset, t, outside, ev);
            if (miss.is_true())
                continue;
            auto updated = std::make_shared<ObjectContents>(old);
            updated->newest = std::make_shared<const ArrayWrite>(
                ArrayWrite{old.newest, old.newest ? old.newest->depth + 1 : 1, target.offset, pack(value, t), when});
            setContents(ev.state, target.object, compact(target.object, std::move(updated)));
            continue;
        }
        auto updated = std::make_shared<ObjectContents>(old);
        z3::expr miss = ctx.bool_val(true);
        for (const LeafHit &h : leavesAt(target.object, target.offset, t, miss)) {
            // One write through a pointer into every leaf of large objects is a budget's worth
            // of work by itself (synclink_gt: minutes at --timeout 2).
            if (deadline)
                deadline->checkNow("encoding");
            z3::expr cond = andE(when, h.hit);
            if (h.number)
                m_rawPointerLeaves.insert({target.object, h.leaf});
            const SymValue written = leafWritten(updated->leaves[h.leaf], h, value);
            updated->leaves[h.leaf] = cond.is_true() ? written : select(cond, written, updated->leaves[h.leaf]);
        }
        missedAccess(target.object, miss, target.guard, target.offset, t, outside, ev);
        setContents(ev.state, target.object, std::move(updated));
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
}

void Encoder::copy(const SymValue &dst, const SymValue &src, const Type *t, Eval &ev) {
    uint64_t count = 0;
    if (sparseElement(t, count) && count >= opts.sparseArraysFrom) {
        // An array held by its writes, copied as a whole object: its contents move as they
        // are. Otherwise scalar by scalar, which only small arrays afford.
        auto whole = [&](const SymValue &p) {
            return p.targets.size() == 1 && p.targets[0].object >= 0 && p.targets[0].guard.is_true() &&
                   eqE(p.targets[0].offset, ctx.bv_val(0, 64)).is_true() &&
                   objects[size_t(p.targets[0].object)].type == t;
        };
        if (whole(dst) && whole(src)) {
            const int from = src.targets[0].object, to = dst.targets[0].object;
            const bool held = ev.state.memory.size() > size_t(from) && ev.state.memory[size_t(from)];
            setContents(ev.state, to, held ? ev.state.memory[size_t(from)] : nullptr);
            return;
        }
        if (count > MaxLeaves)
            throw BmcUnsupported{"copy of a part of a large array"};
    }
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
        auto holding = [&](const State &st) -> std::shared_ptr<const ObjectContents> {
            if (o < st.memory.size() && st.memory[o])
                return st.memory[o];
            if (objects[o].initial)
                return objects[o].initial;
            if (objects[o].element)
                return zeroArray();
            contents(st, int(o)); // makes the zero contents
            return m_zeros[objects[o].type];
        };
        bool allWrites = objects[o].element != nullptr;
        for (const auto &st : in)
            allWrites = allWrites && contents(st, int(o)).base;
        if (allWrites) {
            std::shared_ptr<const ObjectContents> chosen = holding(in.back());
            for (size_t k = in.size() - 1; k-- > 0;)
                chosen = chooseArray(in[k].guard, holding(in[k]), chosen);
            out.memory[o] = compact(int(o), std::move(chosen));
            continue;
        }
        // Some paths hold the array element by element: all of them do at the join.
        auto leavesIn = [&](const State &st) { return materialize(int(o), holding(st)); };
        auto merged = std::make_shared<ObjectContents>(*leavesIn(in.back()));
        for (size_t k = in.size() - 1; k-- > 0;) {
            const auto held = leavesIn(in[k]);
            const ObjectContents &c = *held;
            for (size_t i = 0; i < merged->leaves.size(); ++i)
                merged->leaves[i] = select(in[k].guard, c.leaves[i], merged->leaves[i]);
        }
        out.memory[o] = std::move(merged);
    }
    return out;
}

z3::expr Encoder::arrayMiss(const ObjectDesc &d, const z3::expr &offset, const Type *t) {
    const uint64_t size = d.element->sizeBytes;
    const bool sameKind = t->sizeBytes == size && t->isPointer() == d.element->isPointer();
    // Heap memory of symbolic size: within its bytes as well.
    const z3::expr beyond = d.dynamicBytes ? notE(z3::ule(offset + ctx.bv_val(size, 64), *d.dynamicBytes)) : ctx.bool_val(false);
    uint64_t k;
    if (offset.is_numeral_u64(k)) {
        const bool element = k % size == 0 && k / size < d.count;
        // Another type at an element: a miss, not modelled where a path makes it (above).
        return element && sameKind ? beyond : ctx.bool_val(true);
    }
    if (!sameKind)
        return ctx.bool_val(true);
    z3::expr in = z3::ult(offset, ctx.bv_val(d.count * size, 64));
    if (size > 1) {
        const unsigned low = log2Of(size);
        in = in && offset.extract(low - 1, 0) == ctx.bv_val(0, low);
    }
    return orE(notE(in), beyond);
}

z3::expr Encoder::readArray(const ObjectContents &c, const z3::expr &offset, const Type *element) {
    if (m_readOffsetIds.insert({offset.id(), element->sizeBytes}).second)
        m_readOffsets.push_back({offset, element->sizeBytes}); // where array facts are instantiated
    // The writes that may be at `offset`, newest first, up to one that surely is.
    std::vector<std::pair<const ArrayWrite *, z3::expr>> hits;
    bool covered = false;
    for (const ArrayWrite *w = c.newest.get(); w; w = w->older.get()) {
        // A block covers the offsets from its start on, fewer than its length (unsigned: below
        // its start wraps to beyond).
        const z3::expr same = w->length ? z3::ult(offset - w->offset, *w->length).simplify() : eqE(offset, w->offset);
        if (same.is_false())
            continue;
        hits.emplace_back(w, same);
        if (same.is_true() && w->when.is_true()) {
            covered = true;
            break;
        }
    }
    auto valueOf = [&](const ArrayWrite *w) {
        if (!w->source)
            return w->value;
        return readArray(*w->source, (*w->sourceOffset + (offset - w->offset)).simplify(), element);
    };
    z3::expr r = covered ? valueOf(hits.back().first) : readBase(*c.base, offset, element);
    for (size_t i = hits.size() - (covered ? 1 : 0); i-- > 0;) {
        const auto &[w, same] = hits[i];
        const z3::expr cond = andE(w->when, same), value = valueOf(w);
        if (cond.is_true())
            r = value;
        else if (!z3::eq(r, value))
            r = z3::ite(cond, value, r);
    }
    return r;
}

z3::expr Encoder::readBase(ArrayBase &base, const z3::expr &offset, const Type *element) {
    switch (base.kind) {
    case ArrayBase::Zero: return ctx.bv_val(0, storedBits(element)); // NULL for pointers
    case ArrayBase::Choice: {
        const z3::expr a = readArray(*base.a, offset, element), b = readArray(*base.b, offset, element);
        return z3::eq(a, b) ? a : z3::ite(*base.guard, a, b);
    }
    case ArrayBase::Indeterminate: break;
    }
    // An indeterminate pointer is its bits as an input: NULL for 0, else an address that is
    // no object (as freshInput).
    // One of a havoc's pointees, where it was by allocation site.
    auto stored = [&](const z3::expr &raw) {
        if (!element->isPointer())
            return raw;
        return base.pointees ? pack(pointerFrom(raw, *base.pointees), element) : packAddress(raw, element);
    };
    auto known = base.readAt.find(offset.id());
    if (known != base.readAt.end())
        return stored(base.reads[known->second].second);
    const unsigned width = !element->isPointer() ? element->bits
                           : base.pointees       ? PointerBits
                                                 : unsigned(element->sizeBytes * 8);
    z3::expr v = ctx.bv_const(((base.input ? "uninit" : "havoc") + std::to_string(fresh++)).c_str(), width);
    if (element->isBool)
        v = z3::ite(v.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
    for (const auto &[o, x] : base.reads) {
        const z3::expr same = eqE(offset, o);
        if (!same.is_false())
            definitions.push_back(z3::implies(same, v == x));
    }
    base.readAt.emplace(offset.id(), base.reads.size());
    base.reads.push_back({offset, v});
    return stored(v);
}

// A pointer in an array held by its writes is one bit-vector: the object's number plus one
// (0 NULL, all ones an address that is no object) above the 64-bit offset; a read gives
// it back as targets, one per object whose address any such array has held.
unsigned Encoder::storedBits(const Type *element) { return element->isPointer() ? 96 : element->bits; }

z3::expr Encoder::pack(const SymValue &v, const Type *t) {
    if (!t->isPointer())
        return v.bv;
    std::optional<z3::expr> packed;
    for (size_t i = v.targets.size(); i-- > 0;) {
        const PtrTarget &target = v.targets[i];
        if (target.object >= 0)
            m_pointees.insert(target.object);
        const z3::expr p = z3::concat(ctx.bv_val(uint64_t(uint32_t(target.object + 1)), 32), target.offset);
        packed = packed ? z3::ite(target.guard, p, *packed) : p;
    }
    return packed ? *packed : ctx.bv_val(0, 96);
}

z3::expr Encoder::packAddress(const z3::expr &raw, const Type *t) {
    const unsigned width = unsigned(t->sizeBytes * 8);
    const z3::expr address = width < 64 ? z3::zext(raw, 64 - width) : raw;
    return z3::ite(raw == ctx.bv_val(0, width), ctx.bv_val(0, 96), z3::concat(ctx.bv_val(0xffffffffu, 32), address));
}

SymValue Encoder::unpack(const z3::expr &stored, const Type *element) {
    if (!element->isPointer())
        return SymValue{false, stored, {}};
    const z3::expr number = stored.extract(95, 64).simplify(), offset = stored.extract(63, 0).simplify();
    SymValue v{true, ctx.bv_val(0, 1), {}};
    uint64_t k;
    if (number.is_numeral_u64(k)) {
        v.targets.push_back({ctx.bool_val(true), int(int32_t(uint32_t(k))) - 1, offset});
        return v;
    }
    auto target = [&](int object) {
        const z3::expr is = number == ctx.bv_val(uint64_t(uint32_t(object + 1)), 32);
        v.targets.push_back({is, object, offset});
    };
    target(-1);
    target(-2);
    for (int object : m_pointees)
        target(object);
    return v;
}

std::shared_ptr<const ObjectContents> Encoder::chooseArray(const z3::expr &c, const std::shared_ptr<const ObjectContents> &a,
                                                           const std::shared_ptr<const ObjectContents> &b) {
    if (a == b || (a->base == b->base && a->newest == b->newest) || c.is_true())
        return a;
    if (c.is_false())
        return b;
    auto out = std::make_shared<ObjectContents>();
    if (a->base != b->base) {
        // Different bases (a declaration on one path only): a choice the reads resolve.
        out->base = std::make_shared<ArrayBase>();
        out->base->kind = ArrayBase::Choice;
        out->base->guard = c;
        out->base->a = a;
        out->base->b = b;
        return out;
    }
    // The writes since the last common one, each under its side's condition, on top of it.
    const ArrayWrite *x = a->newest.get(), *y = b->newest.get();
    std::vector<const ArrayWrite *> onA, onB;
    auto depth = [](const ArrayWrite *w) { return w ? w->depth : 0; };
    while (depth(x) > depth(y)) {
        onA.push_back(x);
        x = x->older.get();
    }
    while (depth(y) > depth(x)) {
        onB.push_back(y);
        y = y->older.get();
    }
    while (x != y) {
        onA.push_back(x);
        onB.push_back(y);
        x = x->older.get();
        y = y->older.get();
    }
    out->base = a->base;
    std::shared_ptr<const ArrayWrite> top = !onA.empty() ? onA.back()->older : !onB.empty() ? onB.back()->older : a->newest;
    auto push = [&](const std::vector<const ArrayWrite *> &side, const z3::expr &when) {
        for (size_t i = side.size(); i-- > 0;) {
            ArrayWrite w = *side[i];
            w.older = top;
            w.depth = depth(top.get()) + 1;
            w.when = andE(when, side[i]->when);
            top = std::make_shared<const ArrayWrite>(std::move(w));
        }
    };
    push(onB, notE(c));
    push(onA, c);
    out->newest = top;
    return out;
}

std::shared_ptr<const ObjectContents> Encoder::materialize(int object, std::shared_ptr<const ObjectContents> c) {
    if (!c->base)
        return c;
    const ObjectDesc &d = objects[size_t(object)];
    auto leaves = std::make_shared<ObjectContents>();
    leaves->leaves.reserve(size_t(d.count));
    for (uint64_t i = 0; i < d.count; ++i)
        leaves->leaves.push_back(unpack(readArray(*c, ctx.bv_val(i * d.element->sizeBytes, 64), d.element), d.element));
    return leaves;
}

std::shared_ptr<const ObjectContents> Encoder::compact(int object, std::shared_ptr<const ObjectContents> c) {
    // A read walks every write that may be at its offset, one scalar by one reads all of
    // them: once the writes outnumber the elements, element by element is the smaller
    // encoding (qsortexample SIZE=3: 45 s by writes, 4 s by elements; a 30x30 matrix with
    // symbolic indices the other way round: 0.1 s against 52 s).
    const ObjectDesc &d = objects[size_t(object)];
    if (!c->base || !c->newest || c->newest->depth <= d.count || d.count > MaxLeaves)
        return c;
    return materialize(object, std::move(c));
}

std::shared_ptr<const ObjectContents> Encoder::zeroArray() {
    if (!m_zeroArray) {
        auto c = std::make_shared<ObjectContents>();
        c->base = std::make_shared<ArrayBase>();
        m_zeroArray = std::move(c);
    }
    return m_zeroArray;
}

std::shared_ptr<const ObjectContents> Encoder::indeterminateArray(bool input, std::optional<std::vector<int>> pointees) {
    auto c = std::make_shared<ObjectContents>();
    c->base = std::make_shared<ArrayBase>();
    c->base->kind = ArrayBase::Indeterminate;
    c->base->input = input;
    c->base->pointees = std::move(pointees);
    return c;
}

} // namespace vcov::bmc
