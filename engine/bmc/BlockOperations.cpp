// memcpy, memmove and memset in one step (Intrinsic::BlockOperation), as CBMC's
// __CPROVER_array_copy / _set: a block write over byte arrays held by their writes
// (ArrayWrite::length), so that a copy of a symbolic number of bytes needs no unwinding.
// Where the memory is not such an array (a struct's leaves, a region), the call returns 0
// and the library model's byte loop does the work, unwound as before.
#include "bmc/Encoder.h"

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
        if (t.object < 0)
            continue; // NULL or no object: the model's preconditions report it
        const ObjectDesc &d = objects[size_t(t.object)];
        if (d.region || !d.element || !d.element->isInt() || d.element->sizeBytes != 1 || d.readOnly)
            return std::nullopt;
        out.push_back(t);
    }
    return out;
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
