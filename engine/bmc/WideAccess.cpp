// An array of integers held by its writes, accessed as integers of another width: a uint16
// read from a byte buffer (aws_byte_cursor_read_be16 copies bytes, then reads the word), a
// uint64 word over an array of shorts (aws-c-common's memset and memcpy by words). Little-
// endian, as x86-64 and i386 are. An access that straddles elements or is not aligned to
// the narrower of the two stays a miss (Encoder::missedAccess: unmodelled inside the object).
#include "bmc/Encoder.h"

namespace vcov::bmc {

bool Encoder::otherWidth(const Type *element, const Type *t) const {
    auto plain = [](const Type *x) {
        return x->isInt() && !x->isBool && x->sizeBytes > 0 && x->sizeBytes <= 8 && (x->sizeBytes & (x->sizeBytes - 1)) == 0;
    };
    return element && plain(element) && plain(t) && element->sizeBytes != t->sizeBytes;
}

z3::expr Encoder::alignedTo(const z3::expr &offset, uint64_t bytes) {
    uint64_t k;
    if (offset.is_numeral_u64(k))
        return ctx.bool_val(k % bytes == 0);
    return (offset & ctx.bv_val(bytes - 1, 64)) == ctx.bv_val(0, 64);
}

z3::expr Encoder::readOtherWidth(const ObjectContents &c, const ObjectDesc &d, const z3::expr &offset, const Type *t,
                                 z3::expr &miss) {
    const Type *e = d.element;
    const uint64_t w = e->sizeBytes, k = t->sizeBytes;
    if (k > w) { // whole elements, the first the lowest bits
        miss = orE(arrayMiss(d, offset, e), arrayMiss(d, (offset + ctx.bv_val(k - w, 64)).simplify(), e));
        std::optional<z3::expr> v;
        for (uint64_t j = 0; j < k / w; ++j) {
            const z3::expr part = readArray(c, (offset + ctx.bv_val(j * w, 64)).simplify(), e);
            v = v ? z3::concat(part, *v) : part;
        }
        return *v;
    }
    // Part of one element.
    const z3::expr start = (offset & ctx.bv_val(~(w - 1), 64)).simplify();
    miss = orE(notE(alignedTo(offset, k)), arrayMiss(d, start, e));
    const z3::expr shift = ((offset & ctx.bv_val(w - 1, 64)) * ctx.bv_val(8, 64)).simplify().extract(unsigned(w * 8) - 1, 0);
    return z3::lshr(readArray(c, start, e), shift.simplify()).extract(unsigned(k * 8) - 1, 0).simplify();
}

std::shared_ptr<const ArrayWrite> Encoder::writeOtherWidth(const ObjectContents &c, const ObjectDesc &d,
                                                           const z3::expr &offset, const z3::expr &value, const z3::expr &when,
                                                           z3::expr &miss) {
    const Type *e = d.element;
    const uint64_t w = e->sizeBytes, k = value.get_sort().bv_size() / 8;
    std::shared_ptr<const ArrayWrite> top = c.newest;
    auto push = [&](const z3::expr &at, const z3::expr &v) {
        top = std::make_shared<const ArrayWrite>(ArrayWrite{top, top ? top->depth + 1 : 1, at, v, when});
    };
    if (k > w) {
        miss = orE(arrayMiss(d, offset, e), arrayMiss(d, (offset + ctx.bv_val(k - w, 64)).simplify(), e));
        for (uint64_t j = 0; j < k / w; ++j)
            push((offset + ctx.bv_val(j * w, 64)).simplify(),
                 value.extract(unsigned((j + 1) * w * 8) - 1, unsigned(j * w * 8)).simplify());
        return top;
    }
    const z3::expr start = (offset & ctx.bv_val(~(w - 1), 64)).simplify();
    miss = orE(notE(alignedTo(offset, k)), arrayMiss(d, start, e));
    const unsigned bits = unsigned(w * 8);
    const z3::expr shift = ((offset & ctx.bv_val(w - 1, 64)) * ctx.bv_val(8, 64)).simplify().extract(bits - 1, 0).simplify();
    const z3::expr mask = z3::shl(ctx.bv_val((uint64_t(1) << (k * 8)) - 1, bits), shift);
    const z3::expr old = readArray(c, start, e);
    push(start, ((old & ~mask) | z3::shl(z3::zext(value, bits - unsigned(k * 8)), shift)).simplify());
    return top;
}

} // namespace vcov::bmc
