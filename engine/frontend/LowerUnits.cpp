// Struct members and the scalars held in storage units (Lowering.h, FieldPlace): bit-fields
// and integers and floats inside unions are read and written as shifts and masks of an
// unsigned integer member, as a compiler lowers them, so every analysis sees integers only.
#include "frontend/Lowering.h"

#include <algorithm>

namespace vcov::lowering {

ExprPtr FunctionBuilder::memberBase(const clang::MemberExpr *me) {
    if (!llvm::isa<clang::FieldDecl>(me->getMemberDecl()))
        throw Unsupported{me->getBeginLoc(), "member that is not a field"};
    ExprPtr base;
    if (me->isArrow()) {
        ExprPtr ptr = rvalue(me->getBase());
        base = makeNode(ExprKind::Deref, ptr->type->target, {ptr});
    } else {
        base = lvalue(me->getBase());
    }
    if (!base->type->isStruct())
        throw Unsupported{me->getBeginLoc(), "member access on a non-struct"};
    return base;
}

const FieldPlace &FunctionBuilder::place(const clang::MemberExpr *me, const Type *structType) {
    const auto *fd = llvm::cast<clang::FieldDecl>(me->getMemberDecl());
    auto it = L.fieldPlaces.find(structType);
    if (it == L.fieldPlaces.end() || fd->getFieldIndex() >= it->second.size())
        throw Unsupported{me->getBeginLoc(), "member of an incomplete struct"};
    return it->second[fd->getFieldIndex()];
}

bool FunctionBuilder::membersAsViews(clang::QualType unionType, clang::SourceLocation loc) {
    return type(unionType, loc)->membersAsViews;
}

ExprPtr FunctionBuilder::viewOfStorage(const ExprPtr &base, const Type *member) {
    // `*(M *)&u`: a pointer to the union is one to each member (C11 6.7.2.1p16).
    TypeTable &T = L.P.types;
    ExprPtr at = base->kind == ExprKind::Deref ? base->ops[0] : makeNode(ExprKind::AddrOf, T.pointerTo(base->type), {base});
    return makeNode(ExprKind::Deref, member, {makeCast(CastKind::PointerToPointer, T.pointerTo(member), at)});
}

bool FunctionBuilder::inUnion(const clang::Expr *e) {
    e = e->IgnoreParens();
    if (const auto *me = llvm::dyn_cast<clang::MemberExpr>(e)) {
        clang::QualType base = me->isArrow() ? me->getBase()->getType()->getPointeeType() : me->getBase()->getType();
        if (base->isUnionType())
            return !membersAsViews(base, me->getBeginLoc());
        return !me->isArrow() && inUnion(me->getBase());
    }
    if (const auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
        const auto *decay = llvm::dyn_cast<clang::ImplicitCastExpr>(as->getBase()->IgnoreParens());
        return decay && decay->getCastKind() == clang::CK_ArrayToPointerDecay && inUnion(decay->getSubExpr());
    }
    return false;
}

bool FunctionBuilder::inUnits(const clang::Expr *e) {
    const auto *me = llvm::dyn_cast<clang::MemberExpr>(e->IgnoreParens());
    const auto *fd = me ? llvm::dyn_cast<clang::FieldDecl>(me->getMemberDecl()) : nullptr;
    return (fd && fd->isBitField()) || inUnion(e);
}

FunctionBuilder::UnionPath FunctionBuilder::unionPath(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
        const Type *t = type(e->getType(), e->getBeginLoc());
        QualType baseType = me->isArrow() ? me->getBase()->getType()->getPointeeType() : me->getBase()->getType();
        if (baseType->isUnionType()) {
            // Every member of a union starts where the union does.
            if (me->isArrow()) {
                ExprPtr ptr = rvalue(me->getBase());
                return {makeNode(ExprKind::Deref, ptr->type->target, {ptr}), 0, t};
            }
            if (inUnion(me->getBase())) {
                UnionPath outer = unionPath(me->getBase());
                return {outer.object, outer.offset, t};
            }
            return {lvalue(me->getBase()), 0, t};
        }
        UnionPath outer = unionPath(me->getBase()); // a struct inside a union
        const FieldPlace &p = place(me, outer.type);
        if (p.bitField)
            throw Unsupported{e->getBeginLoc(), "bit-field inside a union"};
        return {outer.object, outer.offset + outer.type->fields[p.field].offsetBytes, t};
    }
    const auto *as = cast<ArraySubscriptExpr>(e);
    UnionPath outer = unionPath(cast<ImplicitCastExpr>(as->getBase()->IgnoreParens())->getSubExpr());
    auto index = as->getIdx()->getIntegerConstantExpr(m_ctx);
    if (!index)
        throw Unsupported{as->getIdx()->getBeginLoc(), "array in a union indexed by a value that is not a constant"};
    if (index->isNegative() || index->getZExtValue() >= outer.type->count)
        throw Unsupported{as->getIdx()->getBeginLoc(), "index " + std::to_string(index->getExtValue()) +
                                                           " outside an array of " + std::to_string(outer.type->count) +
                                                           " in a union"};
    return {outer.object, outer.offset + index->getZExtValue() * outer.type->target->sizeBytes, outer.type->target};
}

ExprPtr FunctionBuilder::unitAt(const ExprPtr &object, uint64_t offset, const Type *scalar, clang::SourceLocation loc,
                                FieldPlace &p) {
    if (!scalar->isArithmetic())
        throw Unsupported{loc, "a whole struct or array inside a union read or written at once"};
    const uint64_t unit = offset / 8;
    if (offset % 8 + scalar->sizeBytes > 8 || unit >= object->type->fields.size())
        throw Unsupported{loc, "union member across 8-byte storage units"};
    p = FieldPlace{};
    p.field = unsigned(unit);
    p.bitField = true;
    p.bitOffset = unsigned(offset % 8 * 8);
    p.width = scalar->bits;
    p.declared = scalar;
    auto u = makeNode(ExprKind::Member, object->type->fields[unit].type, {object});
    std::const_pointer_cast<vcov::Expr>(u)->field = unsigned(unit);
    return u;
}

ExprPtr FunctionBuilder::unitOf(const clang::Expr *e, FieldPlace &p) {
    if (inUnion(e)) {
        UnionPath path = unionPath(e);
        return unitAt(path.object, path.offset, path.type, e->getBeginLoc(), p);
    }
    const auto *me = llvm::cast<clang::MemberExpr>(e->IgnoreParens());
    ExprPtr base = memberBase(me);
    p = place(me, base->type);
    auto unit = makeNode(ExprKind::Member, base->type->fields[p.field].type, {base});
    std::const_pointer_cast<vcov::Expr>(unit)->field = p.field;
    return unit;
}

namespace {

// Unsigned arithmetic wide enough for a unit and a bit-field's declared type, so that
// shifting and masking never overflow and a sign extension is not lost.
const Type *bitFieldArithmetic(TypeTable &T, const Type *unit, const Type *declared) {
    return std::max(unit->bits, declared->bits) <= 32 ? T.uintT() : T.intType(64, false, "unsigned long long");
}

uint64_t lowBits(unsigned n) { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }

} // namespace

// A float or double in a union is the unsigned integer of its width in the unit's bits,
// reinterpreted: values are held as their IEEE bits, so the cast changes no bit.
const Type *FunctionBuilder::bitsOf(const Type *t) {
    return t->isFloat() ? L.P.types.intType(t->bits, false, t->bits == 32 ? "unsigned int" : "unsigned long long") : t;
}

ExprPtr FunctionBuilder::readFromUnit(const ExprPtr &unit, const FieldPlace &p) {
    if (p.declared->isFloat()) {
        FieldPlace bits = p;
        bits.declared = bitsOf(p.declared);
        return makeCast(CastKind::Reinterpret, p.declared, readFromUnit(unit, bits));
    }
    const Type *w = bitFieldArithmetic(L.P.types, unit->type, p.declared);
    ExprPtr v = convert(unit, w);
    if (p.bitOffset > 0)
        v = makeBinary(BinaryOp::Shr, w, v, makeIntConst(L.P.types.intT(), p.bitOffset));
    if (p.width < w->bits)
        v = makeBinary(BinaryOp::BitAnd, w, v, makeIntConst(w, int64_t(lowBits(p.width))));
    if (p.declared->isSigned && p.width < w->bits) {
        // Two's complement of `width` bits: flip the sign bit, then subtract it.
        ExprPtr sign = makeIntConst(w, int64_t(uint64_t(1) << (p.width - 1)));
        v = makeBinary(BinaryOp::Sub, w, makeBinary(BinaryOp::BitXor, w, v, sign), sign);
    }
    return convert(v, p.declared);
}

ExprPtr FunctionBuilder::storeIntoUnit(const ExprPtr &unit, const FieldPlace &p, const ExprPtr &value) {
    if (p.declared->isFloat()) {
        FieldPlace bits = p;
        bits.declared = bitsOf(p.declared);
        return storeIntoUnit(unit, bits, makeCast(CastKind::Reinterpret, bits.declared, convert(value, p.declared)));
    }
    const Type *w = bitFieldArithmetic(L.P.types, unit->type, p.declared);
    const uint64_t mask = lowBits(p.width);
    ExprPtr kept = makeBinary(BinaryOp::BitAnd, w, convert(unit, w),
                              makeIntConst(w, int64_t(~(mask << p.bitOffset) & lowBits(w->bits))));
    ExprPtr v = makeBinary(BinaryOp::BitAnd, w, convert(convert(value, p.declared), w), makeIntConst(w, int64_t(mask)));
    if (p.bitOffset > 0)
        v = makeBinary(BinaryOp::Shl, w, v, makeIntConst(L.P.types.intT(), p.bitOffset));
    return convert(makeBinary(BinaryOp::BitOr, w, kept, v), unit->type);
}

std::vector<Initializer> FunctionBuilder::unionInitializers(const clang::Expr *init, const ExprPtr &object,
                                                           uint64_t offset, const Type *t) {
    // Each integer the braces give is stored into the unit that holds it, in order; what
    // they leave out stays zero, as the declaration zero-fills first.
    using namespace clang;
    std::vector<Initializer> out;
    init = init->IgnoreParens();
    auto append = [&](std::vector<Initializer> part) { out.insert(out.end(), part.begin(), part.end()); };
    if (isa<ImplicitValueInitExpr>(init))
        return out;
    const auto *il = dyn_cast<InitListExpr>(init);
    if (il && t->isUnion) {
        const FieldDecl *fd = il->getInitializedFieldInUnion();
        if (!fd || il->getNumInits() == 0)
            return out;
        return unionInitializers(il->getInit(0), object, offset, L.fieldPlaces.at(t)[fd->getFieldIndex()].declared);
    }
    if (il && t->isArray()) {
        for (unsigned i = 0; i < il->getNumInits() && i < t->count; ++i)
            append(unionInitializers(il->getInit(i), object, offset + i * t->target->sizeBytes, t->target));
        return out;
    }
    if (il && t->isStruct()) {
        unsigned next = 0;
        for (const FieldPlace &p : L.fieldPlaces.at(t)) {
            if (!p.named)
                continue;
            if (next >= il->getNumInits())
                break;
            append(unionInitializers(il->getInit(next++), object, offset + t->fields[p.field].offsetBytes,
                                     t->fields[p.field].type));
        }
        return out;
    }
    if (il && il->getNumInits() == 1)
        return unionInitializers(il->getInit(0), object, offset, t);
    if (const auto *sl = dyn_cast<StringLiteral>(init); sl && t->isArray()) {
        std::string bytes = sl->getBytes().str();
        for (uint64_t i = 0; i < t->count && i < bytes.size(); ++i) {
            FieldPlace p;
            ExprPtr unit = unitAt(object, offset + i, t->target, init->getBeginLoc(), p);
            out.push_back({unit, storeIntoUnit(unit, p, makeIntConst(t->target, static_cast<signed char>(bytes[i])))});
        }
        return out;
    }
    if (t->isUnion || !t->isArithmetic())
        throw Unsupported{init->getBeginLoc(), "a whole struct, array or union stored into a union at once"};
    FieldPlace p;
    ExprPtr unit = unitAt(object, offset, t, init->getBeginLoc(), p);
    out.push_back({unit, storeIntoUnit(unit, p, convert(rvalue(init), t))});
    return out;
}

} // namespace vcov::lowering
