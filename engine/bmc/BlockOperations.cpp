// memcpy, memmove and memset in one step (Intrinsic::BlockOperation), as CBMC's
// __CPROVER_array_copy / _set: a block write over byte arrays held by their writes
// (ArrayWrite::length), so that a copy of a symbolic number of bytes needs no unwinding.
// Where the memory is not such an array (a struct's leaves, a region), the call returns 0
// and the library model's byte loop does the work, unwound as before.
#include "bmc/Encoder.h"
#include "bmc/IntegerTerms.h"
#include "semantics/Layout.h"

#include <algorithm>

namespace vcov::bmc {

std::optional<std::vector<PtrTarget>> Encoder::byteArrayTargets(const SymValue &p) {
    if (!p.isPointer)
        return std::nullopt;
    const Type *byte = m_heapTypes.intType(8, false, "unsigned char");
    for (const PtrTarget &t : p.targets)
        if (t.object >= 0 && objects[size_t(t.object)].heap && !objects[size_t(t.object)].type)
            typeHeapObject(t.object, byte); // as the byte loop's first access would
    z3::expr outside = ctx.bool_val(false); // the model's preconditions check the bounds
    const SymValue routed = routeTail(p, byte, outside);
    std::vector<PtrTarget> out;
    for (const PtrTarget &t : routed.targets) {
        if (t.object == -2 && outsideObjects())
            return std::nullopt; // memory outside every object: scalar by scalar, in the byte loop
        if (t.object < 0)
            continue; // NULL or no object: the model's preconditions report it
        const ObjectDesc &d = objects[size_t(t.object)];
        if (d.region || !d.element || !d.element->isInt() || d.element->sizeBytes != 1 || d.readOnly)
            return std::nullopt;
        out.push_back(t);
    }
    return out;
}

// memset over whole fields of one struct (AWS_ZERO_STRUCT): each field set at once, a
// pointer only to NULL; false (the byte loop runs) for anything less plain.
bool Encoder::setLeaves(const SymValue &dst, const z3::expr &fill, const z3::expr &n, Eval &ev) {
    if (!dst.isPointer || dst.targets.size() != 1 || dst.targets[0].object < 0)
        return false;
    const PtrTarget &t = dst.targets[0];
    const ObjectDesc &d = objects[size_t(t.object)];
    if (!d.type || d.region || d.element || d.readOnly || d.tail >= 0)
        return false;
    uint64_t offset = 0, length = 0, byte = 0;
    if (!constantU64(t.offset, offset) || !constantU64(n, length) || !constantU64(fill, byte) || length == 0 ||
        offset + length > d.type->sizeBytes)
        return false;
    const ObjectContents &old = contents(ev.state, t.object);
    if (old.base)
        return false;
    const auto &leaves = leavesOf(d.type);
    for (const Leaf &l : leaves) {
        const bool overlaps = l.offset < offset + length && offset < l.offset + l.type->sizeBytes;
        const bool inside = l.offset >= offset && l.offset + l.type->sizeBytes <= offset + length;
        if (overlaps && (!inside || (l.type->isPointer() && byte != 0)))
            return false;
    }
    auto updated = std::make_shared<ObjectContents>(old);
    for (size_t i = 0; i < leaves.size(); ++i) {
        const Leaf &l = leaves[i];
        if (l.offset < offset || l.offset + l.type->sizeBytes > offset + length)
            continue;
        if (l.type->isPointer()) {
            updated->leaves[i] = zeroOf(l.type);
            continue;
        }
        uint64_t bits = 0;
        for (uint64_t k = 0; k < l.type->sizeBytes && k < 8; ++k)
            bits |= byte << (8 * k);
        updated->leaves[i] = SymValue{false, ctx.bv_val(bits, l.type->bits), {}};
    }
    setContents(ev.state, t.object, std::move(updated));
    return true;
}

void Encoder::blockOperation(const CallInfo &c, Eval &ev) {
    if (c.args.size() != 3)
        throw BmcUnsupported{c.calleeName + " with " + std::to_string(c.args.size()) + " arguments"};
    const bool copy = c.calleeName == "__vcov_block_copy";
    auto done = [&](bool inOneStep) {
        if (c.lhs)
            write(address(c.lhs, ev), c.lhs->type, SymValue{false, ctx.bv_val(inOneStep ? 1 : 0, c.lhs->type->bits), {}}, ev);
    };
    const SymValue dst = eval(c.args[0], ev);
    const auto to = byteArrayTargets(dst);
    std::optional<std::vector<PtrTarget>> from;
    std::optional<z3::expr> fill;
    size_t sourceTargets = 1;
    if (copy) {
        const SymValue src = eval(c.args[1], ev);
        from = byteArrayTargets(src);
        sourceTargets = src.targets.size();
    } else {
        fill = eval(c.args[1], ev).bv.extract(7, 0);
    }
    const z3::expr n = to64(eval(c.args[2], ev).bv);
    if (!copy && !to && !ev.state.guard.is_false() && setLeaves(dst, *fill, n, ev))
        return done(true);
    if (!to || (copy && !from) || ev.state.guard.is_false())
        return done(false);
    // An array a path holds element by element (Encoder::compact) has no writes to add to.
    auto byWrites = [&](const std::vector<PtrTarget> &ts) {
        return std::all_of(ts.begin(), ts.end(), [&](const PtrTarget &t) { return contents(ev.state, t.object).base != nullptr; });
    };
    if (!byWrites(*to) || (copy && !byWrites(*from)))
        return done(false);
    // Every source as it is before the write (memmove's overlap), then the writes.
    std::vector<std::shared_ptr<const ObjectContents>> sources;
    if (copy)
        for (const PtrTarget &s : *from) {
            const auto &memory = ev.state.memory;
            const ObjectDesc &d = objects[size_t(s.object)];
            sources.push_back(size_t(s.object) < memory.size() && memory[size_t(s.object)] ? memory[size_t(s.object)]
                              : d.initial                                                  ? d.initial
                                                                                           : zeroArray());
        }
    // Unconditional only where the pointers can be nothing else (as Encoder::write): a NULL
    // target, reported by the preconditions, still leaves the object alone on its path.
    const bool single = dst.targets.size() == 1 && to->size() == 1 && sourceTargets == 1 && (!copy || from->size() == 1);
    for (const PtrTarget &d : *to) {
        auto block = [&](const z3::expr &when, std::shared_ptr<const ObjectContents> source, std::optional<z3::expr> at) {
            const ObjectContents &old = contents(ev.state, d.object);
            auto updated = std::make_shared<ObjectContents>(old);
            ArrayWrite w{old.newest, old.newest ? old.newest->depth + 1 : 1, d.offset,
                         fill ? *fill : ctx.bv_val(0, 8), single ? ctx.bool_val(true) : when};
            w.length = n;
            w.source = std::move(source);
            w.sourceOffset = std::move(at);
            updated->newest = std::make_shared<const ArrayWrite>(std::move(w));
            setContents(ev.state, d.object, compact(d.object, std::move(updated)));
        };
        if (!copy) {
            block(d.guard, nullptr, std::nullopt);
            continue;
        }
        for (size_t i = 0; i < from->size(); ++i) {
            const z3::expr when = andE(d.guard, (*from)[i].guard);
            if (!when.is_false())
                block(when, sources[i], (*from)[i].offset);
        }
    }
    done(true);
}

} // namespace vcov::bmc
