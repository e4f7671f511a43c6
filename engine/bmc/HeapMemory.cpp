// The encoder's dynamic memory (Encoder.h): every malloc or calloc on an unwound edge is
// an object of its own, as CBMC's symex makes one dynamic object per allocation step. Its
// alive flag is an ordinary one-byte object, so paths merge it like any variable; free
// checks and clears it, and every access through a pointer checks it.
#include "bmc/Encoder.h"

#include "semantics/Interpreter.h"
#include "semantics/Layout.h"

#include <algorithm>

namespace vcov::bmc {

namespace {

// A heap array of symbolic size holds at most this many bytes: every size malloc makes an
// object of (at most PTRDIFF_MAX bytes, as in the interpreter), so that no offset inside the
// object lies beyond the array (aws-c-common's harnesses malloc nondet sizes, which the
// solver makes huge: past 2^40, a read inside was taken for one outside).
constexpr uint64_t MaxDynamicBytes = uint64_t(1) << 63;

} // namespace

void Encoder::allocate(const CallInfo &c, Eval &ev) {
    const bool zeroed = c.calleeName == "calloc";
    if (c.args.empty() || (zeroed && c.args.size() < 2))
        throw BmcUnsupported{c.calleeName + " without its size"};
    z3::expr bytes = to64(eval(c.args[0], ev).bv);
    // As the interpreter: more than PTRDIFF_MAX bytes, or a calloc product that wraps, is NULL.
    z3::expr fits = ctx.bool_val(true);
    if (zeroed) {
        const z3::expr n = to64(eval(c.args[1], ev).bv);
        fits = z3::bvmul_no_overflow(bytes, n, false);
        bytes = bytes * n;
    }
    bytes = bytes.simplify();
    fits = (fits && z3::ule(bytes, ctx.bv_val(P.maxAllocation, 64))).simplify();

    const int number = int(std::count_if(objects.begin(), objects.end(), [](const ObjectDesc &d) { return d.heap; }));
    ObjectDesc d;
    d.name = "heap object " + std::to_string(number + 1) + " (" + c.calleeName + " at line " +
             std::to_string(P.edge(ev.edge).line()) + ")";
    d.heap = true;
    d.site = ev.edge;
    d.zeroed = zeroed;
    uint64_t constant;
    if (bytes.is_numeral_u64(constant))
        d.sizeBytes = constant;
    else
        d.dynamicBytes = bytes;
    ObjectDesc flag;
    flag.name = "alive flag of " + d.name;
    flag.type = m_heapTypes.intType(8, false, "unsigned char");
    objects.push_back(std::move(flag));
    d.alive = int(objects.size() - 1);
    objects.push_back(std::move(d));
    const int object = int(objects.size() - 1);
    heapAllocations.push_back({object, andE(ev.state.guard, fits)});

    const int flagObject = objects[size_t(object)].alive;
    const SymValue flagAt{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), flagObject, ctx.bv_val(0, 64)}}};
    write(flagAt, objects[size_t(flagObject)].type, SymValue{false, ctx.bv_val(1, 8), {}}, ev);
    if (c.lhs) {
        // Otherwise malloc never fails, in the interpreter as in CBMC's default.
        SymValue p{true, ctx.bv_val(0, 1), {PtrTarget{fits, object, ctx.bv_val(0, 64)}}};
        if (!fits.is_true())
            p.targets.push_back(PtrTarget{!fits, -1, ctx.bv_val(0, 64)});
        write(address(c.lhs, ev), c.lhs->type, p, ev);
    }
}

void Encoder::release(const CallInfo &c, Eval &ev) {
    if (c.args.empty())
        return;
    const SymValue p = eval(c.args[0], ev);
    if (!p.isPointer)
        throw BmcUnsupported{"free of an integer"};
    // In the interpreter's order: a pointer malloc did not return, then one already freed.
    z3::expr invalid = ctx.bool_val(false), twice = ctx.bool_val(false);
    SymValue flags{true, ctx.bv_val(0, 1), {}}; // the alive flags of the objects p may be
    for (const PtrTarget &t : p.targets) {
        if (t.object == -1)
            continue; // free(NULL) does nothing
        if (t.object >= 0 && objects[size_t(t.object)].region)
            throw BmcUnsupported{"free of an object allocated before a loop taken as its effect"};
        if (t.object < 0 || !objects[size_t(t.object)].heap) {
            invalid = orE(invalid, t.guard);
            continue;
        }
        const z3::expr start = eqE(t.offset, ctx.bv_val(0, 64));
        invalid = orE(invalid, andE(t.guard, notE(start)));
        twice = orE(twice, andE(andE(t.guard, start), notE(alive(ev.state, t.object))));
        flags.targets.push_back({t.guard, objects[size_t(t.object)].alive, ctx.bv_val(0, 64)});
    }
    check(Property::Pointer, invalid, ev, "free of a pointer that malloc did not return");
    check(Property::Pointer, twice, ev, "double free");
    // Each flag cleared only where the pointer is that object: on a path where it is NULL
    // (or another object) the flag keeps its value.
    for (const PtrTarget &f : flags.targets) {
        const ObjectDesc &flag = objects[size_t(f.object)];
        const z3::expr zero = ctx.bv_val(0, 8);
        const z3::expr old = contents(ev.state, f.object).leaves[0].bv;
        const z3::expr cleared = f.guard.is_true() ? zero : z3::ite(f.guard, zero, old);
        const SymValue at{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), f.object, ctx.bv_val(0, 64)}}};
        write(at, flag.type, SymValue{false, cleared, {}}, ev);
    }
}

void Encoder::typeHeapObject(int object, const Type *t) {
    ObjectDesc &d = objects[size_t(object)];
    if (!d.heap || d.type)
        return;
    if (t->kind == TypeKind::Void || t->kind == TypeKind::Function || t->sizeBytes == 0)
        throw BmcUnsupported{"access to " + d.name + " through " + t->spelling()};
    auto integerElement = [](const Type *e) { return e->isInt() && (e->sizeBytes & (e->sizeBytes - 1)) == 0; };
    if (d.dynamicBytes && t->isStruct() && !t->isUnion) {
        // A struct in memory of symbolic size (aws_string: malloc(sizeof *s + len + 1)): its
        // leaves as a struct's, and a trailing array of integers continued by an array
        // object over the rest of the bytes.
        d.type = t;
        const StructField *last = t->fields.empty() ? nullptr : &t->fields.back();
        if (last && last->type->isArray() && integerElement(last->type->target)) {
            const Type *e = last->type->target;
            ObjectDesc tail;
            tail.name = d.name + ", its " + last->name + " array";
            tail.element = e;
            tail.count = MaxDynamicBytes / e->sizeBytes;
            tail.type = m_heapTypes.arrayOf(e, tail.count);
            const z3::expr from = ctx.bv_val(last->offsetBytes, 64);
            tail.dynamicBytes = z3::ite(z3::uge(*d.dynamicBytes, from), *d.dynamicBytes - from, ctx.bv_val(0, 64)).simplify();
            tail.initial = d.zeroed ? zeroArray() : indeterminateArray(false);
            tail.tailOf = object;
            tail.site = d.site;
            if (!d.zeroed)
                heapArrays.push_back({object, tail.initial->base, last->offsetBytes});
            objects.push_back(std::move(tail));
            objects[size_t(object)].tail = int(objects.size() - 1);
            objects[size_t(object)].tailOffset = last->offsetBytes;
        }
    } else if (d.dynamicBytes) {
        // A symbolic size: an array of integers held by its writes, bounded by the term.
        if (!integerElement(t))
            throw BmcUnsupported{d.name + " has a symbolic size and holds " + t->spelling() +
                                 " (only integers and structs are encoded in memory of symbolic size)"};
        d.element = t;
        d.count = MaxDynamicBytes / t->sizeBytes;
        d.type = m_heapTypes.arrayOf(t, d.count);
    } else {
        if (d.sizeBytes % t->sizeBytes != 0)
            throw BmcUnsupported{d.name + " has " + std::to_string(d.sizeBytes) + " bytes, used as " + t->spelling() +
                                 " (" + std::to_string(t->sizeBytes) + " bytes)"};
        const uint64_t n = d.sizeBytes / t->sizeBytes;
        d.type = n == 1 ? t : m_heapTypes.arrayOf(t, n);
        uint64_t count = 0;
        const Type *e = sparseElement(d.type, count);
        if (e && count >= opts.sparseArraysFrom) {
            d.element = e;
            d.count = count;
        } else if (d.type->leafCount() > uint64_t(1) << 16) {
            throw BmcUnsupported{
                d.name + " holds " + std::to_string(d.type->leafCount()) +
                " scalars of more than one type (more than 65536 are encoded only in arrays of one scalar type)"};
        }
    }
    // What it holds before any write: zeros from calloc; from malloc, symbols the model
    // gives values, which replay hands the interpreter (Encoder::heapInputs).
    finishHeapObject(object);
}

void Encoder::finishHeapObject(int object) {
    ObjectDesc &d = objects[size_t(object)];
    if (d.element) {
        d.initial = d.zeroed ? zeroArray() : indeterminateArray(false);
        if (!d.zeroed)
            heapArrays.push_back({object, d.initial->base, 0});
        return;
    }
    auto c = std::make_shared<ObjectContents>();
    for (const Leaf &l : leavesOf(d.type)) {
        if (d.zeroed || (d.tail >= 0 && l.offset >= d.tailOffset)) {
            c->leaves.push_back(zeroOf(l.type)); // a tail's leaves are never read: its array is
            continue;
        }
        const unsigned width = unsigned(l.type->sizeBytes * 8);
        z3::expr v = ctx.bv_const(("heap" + std::to_string(fresh++)).c_str(), width);
        if (l.type->isPointer()) {
            z3::expr null = v == ctx.bv_val(0, width);
            c->leaves.push_back(
                SymValue{true,
                         ctx.bv_val(0, 1),
                         {PtrTarget{null, -1, ctx.bv_val(0, 64)}, PtrTarget{!null, -2, to64(v)}}});
        } else {
            if (l.type->isBool)
                v = z3::ite(v.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
            c->leaves.push_back(SymValue{false, v, {}});
        }
        heapInputs.push_back({object, l.offset, l.type->isPointer() ? v : c->leaves.back().bv});
    }
    d.initial = std::move(c);
}

SymValue Encoder::routeTail(const SymValue &ptr, const Type *t, z3::expr &outside) {
    auto header = [&](const PtrTarget &x) {
        if (x.object < 0)
            return false;
        const ObjectDesc &d = objects[size_t(x.object)];
        return d.heap && d.dynamicBytes && d.type && !d.element;
    };
    if (std::none_of(ptr.targets.begin(), ptr.targets.end(), header))
        return ptr;
    SymValue out{true, ptr.bv, {}};
    for (const PtrTarget &x : ptr.targets) {
        if (!header(x)) {
            out.targets.push_back(x);
            continue;
        }
        const ObjectDesc &d = objects[size_t(x.object)];
        const z3::expr from = ctx.bv_val(d.tailOffset, 64);
        const z3::expr inTail = d.tail >= 0 ? z3::uge(x.offset, from).simplify() : ctx.bool_val(false);
        const z3::expr before = andE(x.guard, notE(inTail));
        if (!before.is_false()) {
            // Leaves are not bounded by the object's bytes as an array is: check here.
            const z3::expr n = ctx.bv_val(t->sizeBytes, 64), size = *d.dynamicBytes;
            outside = orE(outside, andE(before, notE(z3::ule(n, size) && z3::ule(x.offset, size - n))));
            out.targets.push_back({before, x.object, x.offset});
        }
        const z3::expr after = andE(x.guard, inTail);
        if (d.tail >= 0 && !after.is_false())
            out.targets.push_back({after, d.tail, (x.offset - from).simplify()});
    }
    return out;
}

int Encoder::regionOf(EdgeId site) {
    if (auto it = m_regions.find(site); it != m_regions.end())
        return it->second;
    ObjectDesc d;
    d.name = "the objects of the allocation at line " + std::to_string(P.edge(site).line()) + " before the loop";
    d.region = true;
    d.site = site;
    objects.push_back(std::move(d));
    return m_regions[site] = int(objects.size() - 1);
}

int Encoder::regionArray(int region, const Type *t) {
    const int kind = t->isPointer() ? 1 : t->isBool ? 2 : t->isFloat() ? 3 : 0;
    const auto key = std::make_tuple(region, t->sizeBytes, kind);
    if (auto it = m_regionArrays.find(key); it != m_regionArrays.end())
        return it->second;
    if (t->sizeBytes == 0 || (t->sizeBytes & (t->sizeBytes - 1)) != 0)
        throw BmcUnsupported{"access to " + objects[size_t(region)].name + " as " + t->spelling()};
    std::optional<std::vector<int>> pointees;
    if (t->isPointer()) {
        const EdgeId site = objects[size_t(region)].site;
        if (!m_heapSites || !m_heapSites->fields.count(site))
            throw BmcUnsupported{"a pointer in " + objects[size_t(region)].name + " that may point anywhere"};
        pointees = pointeesOf(m_heapSites->fields.at(site));
    }
    ObjectDesc d;
    d.name = objects[size_t(region)].name + ", their " + t->spelling() + " scalars";
    d.type = t;
    d.element = t;
    d.count = (uint64_t(1) << 62) / t->sizeBytes;
    // Before the havoc that made the region, nothing: arbitrary contents.
    d.initial = indeterminateArray(false, pointees);
    objects.push_back(std::move(d));
    return m_regionArrays[key] = int(objects.size() - 1);
}

int Encoder::outsideArray(const Type *t) {
    const auto key = std::make_pair(uint64_t(t->sizeBytes), outsideKind(t));
    if (auto it = m_outsideArrays.find(key); it != m_outsideArrays.end())
        return it->second;
    if (t->sizeBytes == 0 || (t->sizeBytes & (t->sizeBytes - 1)) != 0)
        throw BmcUnsupported{"access outside every object as " + t->spelling()};
    ObjectDesc d;
    d.name = "memory outside every object, its " + t->spelling() + " scalars";
    d.type = t;
    d.element = t;
    d.count = (uint64_t(1) << 62) / t->sizeBytes;
    // Arbitrary before it is written, inputs of the execution (a pointer: NULL for 0, else
    // an address that is no object, as the interpreter reads it).
    d.initial = indeterminateArray(true);
    outsideArrays.push_back({t->sizeBytes, outsideKind(t), d.initial->base});
    objects.push_back(std::move(d));
    return m_outsideArrays[key] = int(objects.size() - 1);
}

SymValue Encoder::pointerFrom(const z3::expr &raw, const std::vector<int> &pointees) {
    // Chosen by the top 8 bits: NULL, or the j-th pointee; the object within a region by the rest.
    const z3::expr choice = raw.extract(PointerBits - 1, PointerBits - 8);
    const z3::expr number = raw.extract(PointerBits - 9, 0);
    SymValue v{true, ctx.bv_val(0, 1), {}};
    v.targets.push_back({pointees.empty() ? ctx.bool_val(true) : choice == ctx.bv_val(0, 8), -1, ctx.bv_val(0, 64)});
    if (pointees.size() > 200)
        throw BmcUnsupported{"a havocked pointer that may point to " + std::to_string(pointees.size()) + " objects"};
    for (size_t j = 0; j < pointees.size(); ++j) {
        const int o = pointees[j];
        const z3::expr is = j + 1 == pointees.size() ? z3::uge(choice, ctx.bv_val(j + 1, 8)) : choice == ctx.bv_val(j + 1, 8);
        if (o < 0) { // an indeterminate address, as freshInput gives
            v.targets.push_back({is, -2, z3::zext(number, RegionBits)});
            continue;
        }
        const z3::expr offset = objects[size_t(o)].region ? z3::concat(number, ctx.bv_val(0, RegionBits)) : ctx.bv_val(0, 64);
        v.targets.push_back({is, o, offset});
        m_pointees.insert(o);
    }
    return v;
}

std::vector<int> Encoder::pointeesOf(const std::vector<EdgeId> &sites) {
    std::vector<int> out;
    for (EdgeId site : sites) {
        if (site < 0) { // an indeterminate address (HeapSites::variables)
            out.push_back(-2);
            continue;
        }
        out.push_back(regionOf(site));
        // And those allocated on the unwound paths before: a path that did not allocate one
        // finds it not alive (a dereference ends that choice).
        for (size_t o = 0; o < objects.size(); ++o)
            if (objects[o].heap && objects[o].site == site)
                out.push_back(int(o));
    }
    return out;
}

void Encoder::havocSite(EdgeId site, Eval &at) {
    if (!m_heapSites || !m_heapSites->fields.count(site))
        throw BmcUnsupported{"a havoc of objects whose pointers may point anywhere"};
    const std::vector<int> pointees = pointeesOf(m_heapSites->fields.at(site));
    const int region = regionOf(site);
    for (const auto &[key, array] : m_regionArrays)
        if (std::get<0>(key) == region)
            setContents(at.state, array,
                        indeterminateArray(false, objects[size_t(array)].element->isPointer()
                                                      ? std::optional<std::vector<int>>(pointees)
                                                      : std::nullopt));
    for (size_t o = 0; o < objects.size(); ++o) {
        const ObjectDesc &d = objects[o];
        if (!(d.heap || d.tailOf >= 0) || d.site != site || !d.type)
            continue; // untyped: never read or written, its contents are arbitrary already
        if (d.element) {
            setContents(at.state, int(o),
                        indeterminateArray(false, d.element->isPointer() ? std::optional<std::vector<int>>(pointees)
                                                                         : std::nullopt));
            continue;
        }
        // Set directly, not written: on a path that did not allocate it, it stays not alive.
        auto c = std::make_shared<ObjectContents>();
        for (const Leaf &l : leavesOf(d.type)) {
            if (l.type->isPointer()) {
                c->leaves.push_back(pointerFrom(ctx.bv_const(("havoc" + std::to_string(fresh++)).c_str(), PointerBits), pointees));
                continue;
            }
            z3::expr v = ctx.bv_const(("havoc" + std::to_string(fresh++)).c_str(), unsigned(l.type->sizeBytes * 8));
            if (l.type->isBool)
                v = z3::ite(v.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
            c->leaves.push_back(SymValue{false, v, {}});
        }
        setContents(at.state, int(o), std::move(c));
    }
}

z3::expr Encoder::alive(const State &s, int object) {
    const ObjectContents &flag = contents(s, objects[size_t(object)].alive);
    return flag.leaves[0].bv == ctx.bv_val(1, 8);
}

void Encoder::checkAlive(const SymValue &ptr, Eval &ev) {
    z3::expr freed = ctx.bool_val(false);
    for (const PtrTarget &t : ptr.targets)
        if (t.object >= 0 && objects[size_t(t.object)].heap)
            freed = orE(freed, andE(t.guard, notE(alive(ev.state, t.object))));
    check(Property::Pointer, freed, ev, "access to freed memory");
}

} // namespace vcov::bmc
