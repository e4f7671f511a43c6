// The interpreter's memory (InterpreterMachine.h): objects of typed scalar slots, loads
// and stores with their checks (null, lifetime, bounds, read-only, uninitialized), and
// addresses of lvalues.
#include "semantics/InterpreterMachine.h"

#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <algorithm>

namespace vcov::interpreter {

int32_t Interpreter::newObject(const std::string &name, const Type *type, uint64_t size) {
    // A huge array is refused rather than exhausting memory.
    if (type && type->leafCount() > InterpreterMaxScalars)
        stop(EndingKind::Unsupported, name + " has " + std::to_string(type->leafCount()) +
                                          " scalars: more than the interpreter holds (" +
                                          std::to_string(InterpreterMaxScalars) + ")");
    if (opts.maxObjects && objects.size() >= opts.maxObjects)
        stop(EndingKind::StepLimit, "the run made " + std::to_string(objects.size()) +
                                        " objects: more than a run bounded by time may hold");
    Object o;
    o.name = name;
    o.size = size;
    if (type)
        for (const Leaf &l : leavesOf(type))
            o.slots[l.offset] = Slot{l.type, {}, false};
    objects.push_back(std::move(o));
    return int32_t(objects.size() - 1);
}

Object &Interpreter::object(int32_t id, EdgeId) {
    if (id == -1)
        fail(Property::Pointer, "null pointer dereference");
    if (id < 0 || size_t(id) >= objects.size())
        fail(Property::Pointer, "dereference of an invalid pointer");
    Object &o = objects[size_t(id)];
    if (!o.alive)
        fail(Property::Pointer, "access to " + o.name + " after its lifetime ended");
    return o;
}

void Interpreter::checkAccess(const Object &o, Address a, uint64_t size) {
    if (a.offset < 0 || uint64_t(a.offset) + size > o.size)
        fail(Property::ArrayBounds, "access outside " + o.name + " (offset " + std::to_string(a.offset) + ", size " +
                                        std::to_string(o.size) + ")");
}

// The integer slots that tile [offset, offset + bytes) exactly, each narrower than the whole
// (a word over bytes or shorts, as aws-c-common reads and writes buffers); empty if none do.
static std::vector<std::pair<uint64_t, Slot *>> narrowerTiles(Object &o, uint64_t offset, uint64_t bytes) {
    std::vector<std::pair<uint64_t, Slot *>> out;
    for (uint64_t at = offset; at < offset + bytes;) {
        auto it = o.slots.find(at);
        if (it == o.slots.end() || !it->second.type->isInt() || it->second.type->isBool || it->second.type->sizeBytes >= bytes ||
            at + it->second.type->sizeBytes > offset + bytes)
            return {};
        out.emplace_back(at - offset, &it->second);
        at += it->second.type->sizeBytes;
    }
    return out;
}

Scalar Interpreter::loadOutside(Address a, const Type *t) {
    const auto key = std::make_tuple(uint64_t(t->sizeBytes), outsideKind(t), uint64_t(a.offset));
    if (auto it = outside.find(key); it != outside.end())
        return it->second;
    auto in = exec.input.outside.find(key);
    const bool given = in != exec.input.outside.end();
    const uint64_t bits = given ? in->second : 0;
    Scalar v;
    if (t->isPointer()) {
        // NULL for 0, else again an address that is no object (as an indeterminate pointer).
        // Not given (an execution no model checker chose): a fresh address far from the
        // others, so that a harness's chain of pointers (intf->cur_altsetting->desc) goes on.
        v.isPointer = true;
        const bool narrow = t->sizeBytes < 8;
        const uint64_t fresh = (narrow ? 0x70000000u : 0x7f0000000000u) + (outsideFresh++) * (narrow ? 0x10000u : 0x100000u);
        const uint64_t address = truncateBits(given ? bits : fresh, unsigned(8 * t->sizeBytes));
        if (address != 0) {
            v.object = -2;
            v.offset = int64_t(address);
        }
    } else {
        v.bits = t->isBool ? (bits != 0) : truncateBits(bits, t->bits);
    }
    // Read back as it was read first, until written.
    outside[key] = v;
    return v;
}

void Interpreter::storeOutside(Address a, const Type *t, const Scalar &v) {
    outside[std::make_tuple(uint64_t(t->sizeBytes), outsideKind(t), uint64_t(a.offset))] = v;
}

Scalar Interpreter::load(Address a, const Type *t) {
    if (outsideObjects(a))
        return loadOutside(a, t);
    Object &o = object(a.object, currentEdge);
    checkAccess(o, a, sizeOf(t));
    auto it = o.slots.find(uint64_t(a.offset));
    // An integer read over narrower scalars, little-endian.
    if (t->isInt() && t->sizeBytes > 1 && (it == o.slots.end() || it->second.type->sizeBytes < t->sizeBytes)) {
        const auto tiles = narrowerTiles(o, uint64_t(a.offset), t->sizeBytes);
        const bool known = !tiles.empty() && std::all_of(tiles.begin(), tiles.end(), [&](const auto &p) {
            return p.second->initialized || o.zeroed;
        });
        if (known) {
            uint64_t bits = 0;
            for (const auto &[at, s] : tiles)
                if (s->initialized)
                    bits |= truncateBits(s->value.bits, unsigned(8 * s->type->sizeBytes)) << (8 * at);
            return integer(truncateBits(bits, unsigned(8 * t->sizeBytes)));
        }
    }
    // Bytes of a wider integer or floating-point scalar read through a narrower integer type,
    // little-endian: a byte through a character type (C11 6.5p7; csmith hashes its float and
    // double globals this way), a short of an int through a union's other member (x86's
    // desc_struct in the Linux driver tasks).
    if (t->isInt() && (it == o.slots.end() || it->second.type->sizeBytes > t->sizeBytes)) {
        auto holder = o.slots.upper_bound(uint64_t(a.offset));
        if (holder != o.slots.begin()) {
            --holder;
            const Slot &s = holder->second;
            const uint64_t at = uint64_t(a.offset) - holder->first, bits = 8 * t->sizeBytes;
            const bool inside = s.type->sizeBytes > t->sizeBytes && at + t->sizeBytes <= s.type->sizeBytes;
            if (inside && s.type->isArithmetic() && s.initialized)
                return integer(truncateBits(s.value.bits >> (8 * at), unsigned(bits)));
            // Bytes of a pointer: of the address a compiled program would see (fakeAddress).
            if (inside && s.type->isPointer() && s.initialized)
                return integer(truncateBits(fakeAddress(s.value) >> (8 * at), unsigned(bits)));
        }
    }
    // Heap memory never written: the value the input gives it, if it gives one.
    auto heapInput = [&]() -> std::optional<Scalar> {
        auto in = exec.input.heap.find({uint64_t(o.allocation), uint64_t(a.offset)});
        const bool given = in != exec.input.heap.end();
        if (!o.heap || o.zeroed || o.allocation < 0 || (!given && !exec.input.heapUnreadIsZero))
            return std::nullopt;
        const uint64_t bits = given ? in->second : 0;
        for (auto &[off, slot] : o.slots)
            if (off != uint64_t(a.offset) && off < uint64_t(a.offset) + sizeOf(t) && uint64_t(a.offset) < off + slot.type->sizeBytes)
                return std::nullopt; // overlaps a scalar of another place
        Scalar v;
        if (t->isPointer()) {
            if (bits != 0)
                stop(EndingKind::Unsupported, "a pointer read from " + o.name + " before it is written, not NULL");
            v.isPointer = true;
            v.object = -1;
        } else {
            v.bits = truncateBits(bits, unsigned(t->sizeBytes * 8));
        }
        o.slots[uint64_t(a.offset)] = Slot{t, v, true};
        return v;
    };
    if (it == o.slots.end()) {
        if (o.zeroed) {
            Scalar z;
            z.isPointer = t->isPointer();
            return z;
        }
        if (auto v = heapInput())
            return *v;
        if (o.heap)
            stop(EndingKind::UndefinedBehaviour, "read of uninitialized memory in " + o.name);
        stop(EndingKind::Unsupported, "access to the middle of a scalar in " + o.name);
    }
    const Slot &s = it->second;
    // A pointer read as an integer of its size: its address, as a cast would give it.
    if (s.type->isPointer() && t->isInt() && s.type->sizeBytes == t->sizeBytes && s.initialized)
        return integer(truncateBits(fakeAddress(s.value), unsigned(t->sizeBytes * 8)));
    if (s.type->sizeBytes != t->sizeBytes || s.type->isPointer() != t->isPointer())
        stop(EndingKind::Unsupported, "access to " + o.name + " through a different type (" + t->spelling() + " for " +
                                          s.type->spelling() + ")");
    if (!s.initialized) {
        if (o.zeroed) {
            Scalar z;
            z.isPointer = t->isPointer();
            return z;
        }
        if (auto v = heapInput())
            return *v;
        stop(EndingKind::UndefinedBehaviour, "read of uninitialized memory in " + o.name);
    }
    return s.value;
}

void Interpreter::store(Address a, const Type *t, Scalar v) {
    if (outsideObjects(a))
        return storeOutside(a, t, v);
    Object &o = object(a.object, currentEdge);
    checkAccess(o, a, sizeOf(t));
    if (o.readOnly)
        fail(Property::Pointer, "write to the string literal " + o.name);
    auto it = o.slots.find(uint64_t(a.offset));
    // Bytes of a wider integer or floating-point scalar written through a narrower integer
    // type, as load reads them (memset-like stubs over a struct; a union's other member).
    if (t->isInt() && (it == o.slots.end() || it->second.type->sizeBytes > t->sizeBytes)) {
        auto holder = o.slots.upper_bound(uint64_t(a.offset));
        if (holder != o.slots.begin()) {
            --holder;
            Slot &s = holder->second;
            const uint64_t at = uint64_t(a.offset) - holder->first;
            if (s.type->sizeBytes > t->sizeBytes && at + t->sizeBytes <= s.type->sizeBytes &&
                (s.type->isArithmetic() || s.type->isPointer())) {
                if (!s.initialized && !o.zeroed)
                    stop(EndingKind::Unsupported, "bytes written into an uninitialized scalar in " + o.name);
                // A pointer's bytes are its address's (fakeAddress); once written, the pointer
                // is the one at the new address (memset of a struct to zero makes NULLs).
                const uint64_t old = !s.initialized ? 0 : s.type->isPointer() ? fakeAddress(s.value) : s.value.bits;
                const uint64_t mask = truncateBits(~uint64_t(0), unsigned(8 * t->sizeBytes));
                const uint64_t bits = (old & ~(mask << (8 * at))) | (truncateBits(v.bits, unsigned(8 * t->sizeBytes)) << (8 * at));
                s.value = s.type->isPointer() ? pointerAt(truncateBits(bits, unsigned(8 * s.type->sizeBytes))) : integer(bits);
                s.initialized = true;
                return;
            }
        }
    }
    // An integer written over narrower scalars: each its part, little-endian.
    if (t->isInt() && t->sizeBytes > 1 && (it == o.slots.end() || it->second.type->sizeBytes < t->sizeBytes)) {
        const auto tiles = narrowerTiles(o, uint64_t(a.offset), t->sizeBytes);
        if (!tiles.empty()) {
            for (const auto &[at, s] : tiles) {
                s->value = integer(truncateBits(v.bits >> (8 * at), unsigned(8 * s->type->sizeBytes)));
                s->initialized = true;
            }
            return;
        }
    }
    if (it == o.slots.end()) {
        // A byte of a struct's padding (memset over a whole struct) holds what is written.
        const bool padding = t->isInt() && t->sizeBytes == 1 &&
                             std::none_of(o.slots.begin(), o.slots.end(), [&](const auto &slot) {
                                 return slot.first <= uint64_t(a.offset) && uint64_t(a.offset) < slot.first + slot.second.type->sizeBytes;
                             });
        if (!o.heap && !padding)
            stop(EndingKind::Unsupported, "access to the middle of a scalar in " + o.name);
        // Heap memory takes the type of what is stored in it (C11 6.5p6).
        for (auto &[off, slot] : o.slots)
            if (off < uint64_t(a.offset) + sizeOf(t) && uint64_t(a.offset) < off + slot.type->sizeBytes)
                stop(EndingKind::Unsupported, "overlapping accesses of different types in " + o.name);
        it = o.slots.emplace(uint64_t(a.offset), Slot{t, {}, false}).first;
    } else if (it->second.type->isPointer() && t->isInt() && it->second.type->sizeBytes == t->sizeBytes) {
        // An integer written over a pointer: the pointer at that address.
        it->second.value = pointerAt(truncateBits(v.bits, unsigned(8 * t->sizeBytes)));
        it->second.initialized = true;
        return;
    } else if (it->second.type->sizeBytes != t->sizeBytes || it->second.type->isPointer() != t->isPointer()) {
        if (!o.heap)
            stop(EndingKind::Unsupported, "access to " + o.name + " through a different type");
        it->second.type = t;
    }
    it->second.value = v;
    it->second.initialized = true;
}

void Interpreter::copy(Address dst, Address src, const Type *t) {
    for (const Leaf &l : leavesOf(t)) {
        Address s{src.object, src.offset + int64_t(l.offset)}, d{dst.object, dst.offset + int64_t(l.offset)};
        store(d, l.type, load(s, l.type));
    }
}

void Interpreter::zeroFill(Address a, const Type *t) {
    for (const Leaf &l : leavesOf(t)) {
        Scalar z;
        z.isPointer = l.type->isPointer();
        store({a.object, a.offset + int64_t(l.offset)}, l.type, z);
    }
}

int32_t Interpreter::stringObject(const Expr *lit) {
    auto it = strings.find(lit);
    if (it != strings.end())
        return it->second;
    const Type *charT = lit->type->target;
    int32_t id = newObject("string literal \"" + lit->str + "\"", lit->type, lit->type->sizeBytes);
    for (uint64_t i = 0; i < lit->type->count; ++i) {
        Scalar c;
        c.bits = i < lit->str.size() ? truncateBits(uint8_t(lit->str[i]), charT->bits) : 0;
        objects[size_t(id)].slots[i * charT->sizeBytes] = Slot{charT, c, true};
    }
    objects[size_t(id)].readOnly = true;
    strings[lit] = id;
    return id;
}

int32_t Interpreter::variableObject(VarId v) {
    const Variable &var = P.variable(v);
    if (var.function == NoFunction) {
        auto it = globals.find(v);
        if (it != globals.end())
            return it->second;
        stop(EndingKind::Unsupported, "global " + var.name + " without storage");
    }
    auto &locals = frame().locals;
    auto it = locals.find(v);
    if (it != locals.end())
        return it->second;
    // A local reached before its declaration ran (a goto over it): storage without a value.
    int32_t id = newObject(var.name, var.type, var.type->sizeBytes);
    locals[v] = id;
    return id;
}

Address Interpreter::addressOf(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::Var: return {variableObject(e->var), 0};
    case ExprKind::Deref: {
        Scalar p = eval(e->ops[0]);
        if (!p.isPointer)
            stop(EndingKind::Unsupported, "dereference of a non-pointer");
        if (p.object == -1)
            fail(Property::Pointer, "null pointer dereference");
        if (p.object < 0 && !outsideObjects({p.object, p.offset}))
            fail(Property::Pointer, "dereference of an invalid pointer");
        return {p.object, p.offset};
    }
    case ExprKind::Index: {
        Address base = addressOf(e->ops[0]);
        Scalar i = eval(e->ops[1]);
        int64_t idx = asSigned(i.bits, e->ops[1]->type);
        const Type *at = e->ops[0]->type;
        if (opts.properties.count(Property::ArrayBounds) && at->isArray() &&
            (idx < 0 || (uint64_t(idx) >= at->count && !e->ops[0]->isTrailingArrayThroughPointer())))
            fail(Property::ArrayBounds, "array index " + std::to_string(idx) + " out of bounds [0, " +
                                            std::to_string(at->count) + ")");
        return {base.object, base.offset + idx * int64_t(sizeOf(e->type))};
    }
    case ExprKind::Member: {
        Address base = addressOf(e->ops[0]);
        return {base.object, base.offset + int64_t(e->ops[0]->type->fields[e->field].offsetBytes)};
    }
    case ExprKind::StringLit: return {stringObject(e.get()), 0};
    default: stop(EndingKind::Unsupported, "address of a value that is not an object");
    }
}

uint64_t Interpreter::fakeAddress(const Scalar &ptr) const {
    if (ptr.object == -1)
        return 0;
    if (ptr.object == -2)
        return uint64_t(ptr.offset);
    return AddressBase + uint64_t(ptr.object) * AddressStride + uint64_t(ptr.offset);
}

Scalar Interpreter::pointerAt(uint64_t v) const {
    Scalar p;
    p.isPointer = true;
    if (v == 0)
        return p;
    if (v >= AddressBase && (v - AddressBase) / AddressStride < objects.size()) {
        p.object = int32_t((v - AddressBase) / AddressStride);
        p.offset = int64_t((v - AddressBase) % AddressStride);
    } else {
        p.object = -2;
        p.offset = int64_t(v);
    }
    return p;
}

Scalar Interpreter::pointerArith(const Scalar &ptr, int64_t delta, const Type *ptrType) {
    Scalar r = ptr;
    r.offset += delta * int64_t(sizeOf(ptrType->target));
    return r;
}

} // namespace vcov::interpreter
