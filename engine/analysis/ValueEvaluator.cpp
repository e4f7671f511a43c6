// The value analysis's evaluator (ValueEvaluator.h): addresses, loads and stores over the
// abstract state, expressions with the interpreter's integer and floating-point semantics,
// and what an assume teaches.
#include "analysis/ValueEvaluator.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <algorithm>

namespace vcov {

const Type *ValueEvaluator::objectType(ObjectKey key) const {
    auto it = state.objects.find(key);
    if (it != state.objects.end())
        return it->second->type;
    if (key >= 0 && !isReturnKey(key))
        return P.variable(VarId(key & 0xffffffff)).type;
    if (key <= -2 && size_t(-2 - key) < T.m_strings.size())
        return T.m_strings[size_t(-2 - key)]->type;
    return nullptr;
}

ObjectKey ValueEvaluator::variableKey(VarId v) const {
    return P.variable(v).function == NoFunction ? ObjectKey(v) : localKey(depth, v);
}

AbstractAddress ValueEvaluator::address(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::Var: return {AddrKind::Known, variableKey(e->var), 0};
    case ExprKind::StringLit: {
        auto it = T.m_stringKeys.find(e.get());
        if (it == T.m_stringKeys.end())
            throw DomainUnsupported{"a string literal the analysis did not collect"};
        return {AddrKind::Known, it->second, 0};
    }
    case ExprKind::Deref: {
        AbstractScalar p = eval(e->ops[0]);
        if (!p.known || !p.isPointer)
            return {};
        if (p.object == NullObject)
            throw PathCut{};
        return {AddrKind::Known, p.object, p.offset};
    }
    case ExprKind::Index: {
        AbstractAddress base = address(e->ops[0]);
        AbstractScalar i = eval(e->ops[1]);
        if (base.kind == AddrKind::Unknown)
            return base;
        if (!i.known || base.kind == AddrKind::ObjectOnly)
            return {AddrKind::ObjectOnly, base.object, 0};
        int64_t idx = asSigned(i.bits, e->ops[1]->type);
        return {AddrKind::Known, base.object, base.offset + idx * int64_t(sizeOf(e->type))};
    }
    case ExprKind::Member: {
        AbstractAddress base = address(e->ops[0]);
        if (base.kind == AddrKind::Known)
            base.offset += int64_t(e->ops[0]->type->fields[e->field].offsetBytes);
        return base;
    }
    default: throw DomainUnsupported{"address of a value that is not an object"};
    }
}

int ValueEvaluator::leafIndex(ObjectKey object, int64_t offset, const Type *t) const {
    const Type *ot = objectType(object);
    if (!ot)
        return -1;
    if (offset < 0 || uint64_t(offset) + sizeOf(t) > ot->sizeBytes)
        throw PathCut{};
    uint64_t count = 0;
    if (const Type *element = ot->uniformElement(count)) {
        // An array of one scalar type: the index directly (large ones are sparse).
        if (uint64_t(offset) % element->sizeBytes || element->sizeBytes != t->sizeBytes ||
            element->isPointer() != t->isPointer())
            return -1;
        return int(uint64_t(offset) / element->sizeBytes);
    }
    const auto &leaves = leavesOf(ot);
    auto it = std::lower_bound(leaves.begin(), leaves.end(), uint64_t(offset),
                               [](const Leaf &l, uint64_t off) { return l.offset < off; });
    if (it == leaves.end() || it->offset != uint64_t(offset) || it->type->sizeBytes != t->sizeBytes ||
        it->type->isPointer() != t->isPointer())
        return -1;
    return int(it - leaves.begin());
}

AbstractScalar ValueEvaluator::load(const AbstractAddress &a, const Type *t) {
    if (a.kind != AddrKind::Known)
        return unknownOf(t);
    if (a.object <= -2) {
        // String literals are constant.
        const Expr *lit = T.m_strings[size_t(-2 - a.object)];
        if (a.offset < 0 || uint64_t(a.offset) >= lit->type->count)
            throw PathCut{};
        uint64_t i = uint64_t(a.offset);
        return knownInt(i < lit->str.size() ? truncateBits(uint8_t(lit->str[i]), t->bits) : 0);
    }
    int leaf = leafIndex(a.object, a.offset, t);
    auto it = state.objects.find(a.object);
    if (leaf < 0 || it == state.objects.end())
        return unknownOf(t);
    return it->second->leaf(uint64_t(leaf));
}

ObjectValues &ValueEvaluator::writable(ObjectKey key, const Type *type) {
    auto &slot = state.objects[key];
    if (!slot) {
        auto fresh = std::make_shared<ObjectValues>();
        fresh->type = type;
        uint64_t count = 0;
        if (const Type *element = type->uniformElement(count); element && count >= SparseArrayElements) {
            fresh->sparse = true;
            fresh->fill = unknownOf(element);
        } else {
            for (const Leaf &l : leavesOf(type))
                fresh->leaves.push_back(unknownOf(l.type));
        }
        slot = fresh;
    } else if (slot.use_count() > 1) {
        slot = std::make_shared<ObjectValues>(*slot);
    }
    return const_cast<ObjectValues &>(*slot);
}

void ValueEvaluator::store(const AbstractAddress &a, const Type *t, const AbstractScalar &v) {
    if (a.kind == AddrKind::Unknown) {
        // Anything but the string literals may have been written.
        state.objects.clear();
        return;
    }
    if (a.object <= -2)
        throw PathCut{}; // writing a string literal
    if (a.kind == AddrKind::ObjectOnly) {
        state.objects.erase(a.object);
        return;
    }
    const Type *ot = objectType(a.object);
    if (!ot)
        throw DomainUnsupported{"write to an object of unknown type"};
    int leaf = leafIndex(a.object, a.offset, t);
    if (leaf < 0) {
        state.objects.erase(a.object);
        return;
    }
    AbstractScalar stored = v;
    if (!stored.known)
        stored = unknownOf(t);
    writable(a.object, ot).set(uint64_t(leaf), stored);
}

void ValueEvaluator::copy(const AbstractAddress &dst, const AbstractAddress &src, const Type *t) {
    for (const Leaf &l : leavesOf(t)) {
        AbstractAddress s = src, d = dst;
        s.offset += int64_t(l.offset);
        d.offset += int64_t(l.offset);
        store(d, l.type, load(s, l.type));
    }
}

void ValueEvaluator::assign(const AbstractAddress &dst, const Type *t, const ExprPtr &value) {
    if (t->isScalar())
        store(dst, t, eval(value));
    else
        copy(dst, address(value), t);
}

void ValueEvaluator::zeroFill(const AbstractAddress &dst, const Type *t) {
    uint64_t count = 0;
    const Type *element = t->uniformElement(count);
    if (element && count >= SparseArrayElements && dst.kind == AddrKind::Known && dst.offset == 0 &&
        objectType(dst.object) == t) {
        ObjectValues &whole = writable(dst.object, t);
        whole.fill = element->isPointer() ? knownPointer(NullObject, 0) : knownInt(0);
        whole.elements.clear();
        return;
    }
    for (const Leaf &l : leavesOf(t)) {
        AbstractAddress d = dst;
        d.offset += int64_t(l.offset);
        store(d, l.type, l.type->isPointer() ? knownPointer(NullObject, 0) : knownInt(0));
    }
}

AbstractScalar ValueEvaluator::eval(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::IntConst:
        if (e->type->isPointer())
            return knownPointer(NullObject, 0);
        return knownInt(truncateBits(uint64_t(e->value), e->type->bits));
    case ExprKind::Var:
    case ExprKind::Deref:
    case ExprKind::Index:
    case ExprKind::Member:
        if (!e->type->isScalar())
            throw DomainUnsupported{"value of aggregate type used as a scalar"};
        return load(address(e), e->type);
    case ExprKind::StringLit: throw DomainUnsupported{"string literal used as a value"};
    case ExprKind::AddrOf: {
        AbstractAddress a = address(e->ops[0]);
        return a.kind == AddrKind::Known ? knownPointer(a.object, a.offset) : unknownOf(e->type);
    }
    case ExprKind::Unary: {
        AbstractScalar a = eval(e->ops[0]);
        if (e->unaryOp == UnaryOp::LogNot) {
            bool t;
            return truthKnown(a, t) ? knownInt(t ? 0 : 1) : AbstractScalar{};
        }
        if (!a.known)
            return {};
        if (e->type->isFloat())
            return knownInt(floatUnary(e->unaryOp, a.bits, e->type));
        return knownInt(integerUnary(e->unaryOp, a.bits, e->type).bits);
    }
    case ExprKind::Conditional: {
        bool c;
        if (truthKnown(eval(e->ops[0]), c))
            return eval(e->ops[c ? 1 : 2]);
        AbstractScalar a = tryEval(e->ops[1]), b = tryEval(e->ops[2]);
        return a.known && a == b ? a : unknownOf(e->type);
    }
    case ExprKind::Cast: return cast(*e);
    case ExprKind::Binary: return binary(*e);
    }
    return {};
}

AbstractScalar ValueEvaluator::tryEval(const ExprPtr &e) {
    try {
        return eval(e);
    } catch (const PathCut &) {
        return unknownOf(e->type);
    }
}

AbstractScalar ValueEvaluator::cast(const Expr &e) {
    const Type *to = e.type;
    switch (e.castKind) {
    case CastKind::ArrayDecay: {
        AbstractAddress a = address(e.ops[0]);
        return a.kind == AddrKind::Known ? knownPointer(a.object, a.offset) : unknownOf(to);
    }
    case CastKind::Integral: {
        AbstractScalar a = eval(e.ops[0]);
        return a.known ? knownInt(convertInteger(a.bits, e.ops[0]->type, to)) : AbstractScalar{};
    }
    case CastKind::IntToFloat: {
        AbstractScalar a = eval(e.ops[0]);
        return a.known ? knownInt(integerToFloat(a.bits, e.ops[0]->type, to)) : AbstractScalar{};
    }
    case CastKind::FloatToFloat: {
        AbstractScalar a = eval(e.ops[0]);
        return a.known ? knownInt(floatToFloat(a.bits, e.ops[0]->type, to)) : AbstractScalar{};
    }
    case CastKind::FloatToInt: {
        // Out of range is UB (or a violation of the overflow property): unknown, which
        // covers whatever follows.
        AbstractScalar a = eval(e.ops[0]);
        if (!a.known)
            return {};
        FloatResult r = floatToInteger(a.bits, e.ops[0]->type, to);
        return r.invalid ? AbstractScalar{} : knownInt(r.bits);
    }
    case CastKind::Reinterpret: {
        AbstractScalar a = eval(e.ops[0]);
        return a.known ? knownInt(a.bits) : AbstractScalar{};
    }
    case CastKind::PointerToPointer: return eval(e.ops[0]);
    case CastKind::NullToPointer: eval(e.ops[0]); return knownPointer(NullObject, 0);
    case CastKind::IntToPointer: {
        AbstractScalar a = eval(e.ops[0]);
        return a.known && a.bits == 0 ? knownPointer(NullObject, 0) : unknownOf(to);
    }
    case CastKind::PointerToInt: {
        // Addresses depend on the interpreter's object numbering; only NULL is known.
        AbstractScalar a = eval(e.ops[0]);
        return a.known && a.object == NullObject ? knownInt(0) : AbstractScalar{};
    }
    case CastKind::PointerToBool: {
        bool t;
        return truthKnown(eval(e.ops[0]), t) ? knownInt(t ? 1 : 0) : AbstractScalar{};
    }
    case CastKind::ToVoid: eval(e.ops[0]); return knownInt(0);
    }
    return {};
}

AbstractScalar ValueEvaluator::binary(const Expr &e) {
    const BinaryOp op = e.binaryOp;
    if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
        bool a, b;
        bool isAnd = op == BinaryOp::LogAnd;
        if (truthKnown(eval(e.ops[0]), a)) {
            if (a != isAnd)
                return knownInt(a ? 1 : 0);
            return truthKnown(eval(e.ops[1]), b) ? knownInt(b ? 1 : 0) : AbstractScalar{};
        }
        if (truthKnown(tryEval(e.ops[1]), b) && b != isAnd)
            return knownInt(b ? 1 : 0);
        return {};
    }
    const ExprPtr &l = e.ops[0], &r = e.ops[1];
    AbstractScalar a = eval(l), b = eval(r);
    if (!a.known || !b.known)
        return unknownOf(e.type);
    if (a.isPointer || b.isPointer) {
        if ((op == BinaryOp::Add || op == BinaryOp::Sub) && a.isPointer && !b.isPointer) {
            int64_t d = asSigned(b.bits, r->type) * int64_t(sizeOf(l->type->target));
            return knownPointer(a.object, a.offset + (op == BinaryOp::Add ? d : -d));
        }
        if (op == BinaryOp::Add && b.isPointer && !a.isPointer)
            return knownPointer(b.object, b.offset + asSigned(a.bits, l->type) * int64_t(sizeOf(r->type->target)));
        if (!a.isPointer || !b.isPointer)
            return unknownOf(e.type);
        if (op == BinaryOp::Sub) {
            if (a.object != b.object)
                return {};
            return knownInt(truncateBits(uint64_t((a.offset - b.offset) / int64_t(sizeOf(l->type->target))), e.type->bits));
        }
        if (op == BinaryOp::Eq || op == BinaryOp::Ne) {
            bool eq = a.object == b.object && a.offset == b.offset;
            return knownInt((op == BinaryOp::Eq) == eq ? 1 : 0);
        }
        if (a.object != b.object || a.object == NullObject)
            return {}; // the order of distinct objects is the interpreter's choice
        switch (op) {
        case BinaryOp::Lt: return knownInt(a.offset < b.offset);
        case BinaryOp::Gt: return knownInt(a.offset > b.offset);
        case BinaryOp::Le: return knownInt(a.offset <= b.offset);
        case BinaryOp::Ge: return knownInt(a.offset >= b.offset);
        default: return {};
        }
    }
    if (l->type->isFloat())
        return knownInt(floatBinary(op, a.bits, b.bits, l->type));
    const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le ||
                            op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
    IntegerResult res = integerBinary(op, a.bits, b.bits, comparison ? l->type : e.type, r->type);
    if (res.divByZero)
        throw PathCut{};
    return knownInt(comparison ? res.bits : truncateBits(res.bits, e.type->bits));
}

void ValueEvaluator::refine(const ExprPtr &cond, bool truth) {
    const Expr &c = *cond;
    if (c.kind == ExprKind::Unary && c.unaryOp == UnaryOp::LogNot) {
        refine(c.ops[0], !truth);
        return;
    }
    if (c.kind == ExprKind::Binary && ((c.binaryOp == BinaryOp::LogAnd && truth) || (c.binaryOp == BinaryOp::LogOr && !truth))) {
        refine(c.ops[0], truth);
        refine(c.ops[1], truth);
        return;
    }
    if (c.kind == ExprKind::Binary && ((c.binaryOp == BinaryOp::Eq && truth) || (c.binaryOp == BinaryOp::Ne && !truth))) {
        for (int side = 0; side < 2; ++side) {
            const ExprPtr &lv = c.ops[size_t(side)], &other = c.ops[size_t(1 - side)];
            if (!lv->isLValue() || !lv->type->isInt())
                continue;
            AbstractScalar v = tryEval(other);
            if (!v.known || v.isPointer)
                continue;
            AbstractAddress a = address(lv);
            if (a.kind == AddrKind::Known && !load(a, lv->type).known)
                store(a, lv->type, v);
        }
        return;
    }
    if (!truth && c.isLValue() && c.type->isInt()) {
        AbstractAddress a = address(cond);
        if (a.kind == AddrKind::Known)
            store(a, c.type, knownInt(0));
    }
}

} // namespace vcov
