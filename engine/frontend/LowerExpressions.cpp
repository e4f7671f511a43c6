// Expressions into the side-effect-free IR (Lowering.h): calls, assignments and increments
// become edges of their own, every atomic condition of && || ! ?: a pair of assume edges.
#include "frontend/Lowering.h"
#include "semantics/FloatSemantics.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace vcov::lowering {

namespace {

bool containsCall(const clang::Stmt *s) {
    if (!s)
        return false;
    if (llvm::isa<clang::CallExpr>(s) || llvm::isa<clang::VAArgExpr>(s))
        return true;
    for (const clang::Stmt *child : s->children())
        if (containsCall(child))
            return true;
    return false;
}

} // namespace

bool FunctionBuilder::hasEffects(const clang::Expr *e, bool volatileReads) const {
    // Clang calls a call of a pure builtin (strlen, memcmp) free of side effects, but every
    // call is an edge of its own here: `p ? strlen(p) : 0` must branch before it.
    return e->HasSideEffects(m_ctx, volatileReads) || containsCall(e);
}

void FunctionBuilder::effect(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
        switch (bo->getOpcode()) {
        case BO_Assign:
            assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
            return;
        case BO_Comma:
            effect(bo->getLHS());
            effect(bo->getRHS());
            return;
        case BO_LAnd:
        case BO_LOr: {
            if (!hasEffects(bo->getRHS()))
                break;
            NodeId rhs = newNode(), after = newNode();
            if (bo->getOpcode() == BO_LAnd)
                cond(bo->getLHS(), rhs, after);
            else
                cond(bo->getLHS(), after, rhs);
            m_cur = rhs;
            effect(bo->getRHS());
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
            m_cur = after;
            return;
        }
        default:
            break;
        }
    }
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
        compoundAssign(ca, ca->getSourceRange());
        return;
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
        incDec(uo, false);
        return;
    }
    if (const auto *ce = dyn_cast<CallExpr>(e)) {
        call(ce, nullptr, ce->getSourceRange(), false);
        return;
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(e);
        co && (hasEffects(co->getTrueExpr()) || hasEffects(co->getFalseExpr()) ||
               co->getType()->isVoidType())) {
        NodeId t = newNode(), f = newNode(), after = newNode();
        cond(co->getCond(), t, f);
        m_cur = t;
        effect(co->getTrueExpr());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = f;
        effect(co->getFalseExpr());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = after;
        return;
    }
    if (const auto *c = dyn_cast<CastExpr>(e); c && c->getCastKind() == CK_ToVoid) {
        effect(c->getSubExpr());
        return;
    }
    // A value computed for nothing (`x;`, `*p;`): lower it for its side effects and
    // diagnostics; it needs no edge of its own.
    rvalue(e);
}

void FunctionBuilder::assignment(const clang::Expr *lhsE, const clang::Expr *rhsE, clang::SourceRange range,
                                 const std::string &t) {
    const clang::Expr *bare = rhsE->IgnoreParens();
    if (inUnits(lhsE)) {
        FieldPlace p;
        ExprPtr unit = unitOf(lhsE, p);
        ExprPtr value = rvalue(rhsE);
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, t);
        e.lhs = unit;
        e.rhs = storeIntoUnit(unit, p, value);
        return;
    }
    ExprPtr lhs = lvalue(lhsE);
    if (const auto *ce = llvm::dyn_cast<clang::CallExpr>(bare); ce && lhs->type->isScalar()) {
        call(ce, lhs, range, false);
        return;
    }
    ExprPtr rhs = convert(rvalue(rhsE), lhs->type);
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, t);
    e.lhs = lhs;
    e.rhs = rhs;
}

ExprPtr FunctionBuilder::compoundAssign(const clang::CompoundAssignOperator *op, clang::SourceRange range) {
    using namespace clang;
    // `lhs` is written; `cur` is its value (a bit-field's, read from its storage unit).
    FieldPlace bf;
    const bool units = inUnits(op->getLHS());
    ExprPtr lhs = units ? unitOf(op->getLHS(), bf) : lvalue(op->getLHS());
    ExprPtr cur = units ? readFromUnit(lhs, bf) : lhs;
    ExprPtr rhs = rvalue(op->getRHS());
    BinaryOp bop;
    switch (op->getOpcode()) {
    case BO_MulAssign: bop = BinaryOp::Mul; break;
    case BO_DivAssign: bop = BinaryOp::Div; break;
    case BO_RemAssign: bop = BinaryOp::Rem; break;
    case BO_AddAssign: bop = BinaryOp::Add; break;
    case BO_SubAssign: bop = BinaryOp::Sub; break;
    case BO_ShlAssign: bop = BinaryOp::Shl; break;
    case BO_ShrAssign: bop = BinaryOp::Shr; break;
    case BO_AndAssign: bop = BinaryOp::BitAnd; break;
    case BO_XorAssign: bop = BinaryOp::BitXor; break;
    case BO_OrAssign: bop = BinaryOp::BitOr; break;
    default: throw Unsupported{op->getBeginLoc(), "compound assignment operator"};
    }
    ExprPtr value;
    if (cur->type->isPointer()) {
        value = makeBinary(bop, cur->type, cur, rhs);
    } else {
        const Type *ct = type(op->getComputationLHSType(), op->getBeginLoc());
        const Type *rt = type(op->getComputationResultType(), op->getBeginLoc());
        bool isShift = bop == BinaryOp::Shl || bop == BinaryOp::Shr;
        ExprPtr r = isShift ? rhs : convert(rhs, ct);
        value = convert(makeBinary(bop, rt, convert(cur, ct), r), cur->type);
    }
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
    e.lhs = lhs;
    e.rhs = units ? storeIntoUnit(lhs, bf, value) : value;
    return units ? readFromUnit(lhs, bf) : lhs;
}

ExprPtr FunctionBuilder::incDec(const clang::UnaryOperator *op, bool valueNeeded) {
    FieldPlace bf;
    const bool units = inUnits(op->getSubExpr());
    ExprPtr lhs = units ? unitOf(op->getSubExpr(), bf) : lvalue(op->getSubExpr());
    ExprPtr cur = units ? readFromUnit(lhs, bf) : lhs;
    ExprPtr old;
    if (valueNeeded && op->isPostfix()) {
        VarId tmp = temporary(cur->type, op->getBeginLoc());
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, op->getSourceRange(), text(op->getSourceRange()));
        e.lhs = makeVar(cur->type, tmp);
        e.rhs = cur;
        old = e.lhs;
    }
    BinaryOp bop = op->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub;
    ExprPtr value;
    if (cur->type->isPointer()) {
        value = makeBinary(bop, cur->type, cur, makeIntConst(L.P.types.longT(), 1));
    } else {
        // Integer promotion, then back to the object's type.
        const Type *pt = cur->type->isFloat() ? cur->type
                         : cur->type->bits < 32 || cur->type->isBool ? L.P.types.intT() : cur->type;
        const ExprPtr one = makeIntConst(pt, pt->isFloat() ? int64_t(floatBits(1.0, pt)) : 1);
        value = convert(makeBinary(bop, pt, convert(cur, pt), one), cur->type);
        if (cur->type->isBool) // ++ on _Bool sets it to 1; -- toggles it
            value = makeCast(CastKind::Integral, cur->type, makeBinary(bop, pt, convert(cur, pt), makeIntConst(pt, 1)));
    }
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, op->getSourceRange(), text(op->getSourceRange()));
    e.lhs = lhs;
    e.rhs = units ? storeIntoUnit(lhs, bf, value) : value;
    return old ? old : units ? readFromUnit(lhs, bf) : lhs;
}

ExprPtr FunctionBuilder::branchValue(const clang::Expr *e) {
    using namespace clang;
    const Type *t = type(e->getType(), e->getBeginLoc());
    VarId tmp = temporary(t, e->getBeginLoc());
    ExprPtr v = makeVar(t, tmp);
    NodeId yes = newNode(), no = newNode(), after = newNode();
    if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
        cond(co->getCond(), yes, no);
        for (auto [node, arm] : {std::pair{yes, co->getTrueExpr()}, std::pair{no, co->getFalseExpr()}}) {
            m_cur = node;
            ExprPtr a = convert(rvalue(arm), t);
            CfaEdge &ed = addEdgeAt(EdgeKind::Assignment, arm->getSourceRange(), text(arm->getSourceRange()));
            ed.lhs = v;
            ed.rhs = a;
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        }
    } else {
        cond(e, yes, no);
        for (auto [node, bit] : {std::pair{yes, 1}, std::pair{no, 0}}) {
            m_cur = node;
            CfaEdge &ed = addEdgeAt(EdgeKind::Assignment, e->getSourceRange(), text(e->getSourceRange()));
            ed.lhs = v;
            ed.rhs = makeIntConst(t, bit);
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        }
    }
    m_cur = after;
    return v;
}

void FunctionBuilder::cond(const clang::Expr *e, NodeId ifTrue, NodeId ifFalse) {
    using namespace clang;
    const clang::Expr *p = e->IgnoreParens();
    const clang::Expr *inner = e->IgnoreParenImpCasts();
    if (const auto *bo = dyn_cast<BinaryOperator>(inner)) {
        if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
            NodeId mid = newNode();
            if (bo->getOpcode() == BO_LAnd)
                cond(bo->getLHS(), mid, ifFalse);
            else
                cond(bo->getLHS(), ifTrue, mid);
            m_cur = mid;
            cond(bo->getRHS(), ifTrue, ifFalse);
            return;
        }
        if (bo->getOpcode() == BO_Comma) {
            effect(bo->getLHS());
            cond(bo->getRHS(), ifTrue, ifFalse);
            return;
        }
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(inner); uo && uo->getOpcode() == UO_LNot) {
        cond(uo->getSubExpr(), ifFalse, ifTrue);
        return;
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(inner)) {
        NodeId a = newNode(), b = newNode();
        cond(co->getCond(), a, b);
        m_cur = a;
        cond(co->getTrueExpr(), ifTrue, ifFalse);
        m_cur = b;
        cond(co->getFalseExpr(), ifTrue, ifFalse);
        return;
    }
    std::string t = text(p->getSourceRange());
    if (!p->HasSideEffects(m_ctx) && !p->isValueDependent()) {
        bool value = false;
        if (p->EvaluateAsBooleanCondition(value, m_ctx) && p->isIntegerConstantExpr(m_ctx)) {
            // A constant condition (`while (1)`) has one way only.
            addEdge(m_cur, value ? ifTrue : ifFalse, EdgeKind::Blank, p->getSourceRange(), "[" + t + "]");
            return;
        }
    }
    ExprPtr v = truth(rvalue(p));
    CfaEdge &yes = addEdge(m_cur, ifTrue, EdgeKind::Assume, p->getSourceRange(), "[" + t + "]");
    yes.cond = v;
    yes.truth = true;
    CfaEdge &no = addEdge(m_cur, ifFalse, EdgeKind::Assume, p->getSourceRange(), "[!(" + t + ")]");
    no.cond = v;
    no.truth = false;
}

ExprPtr FunctionBuilder::lvalue(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
        const ValueDecl *d = dr->getDecl();
        if (const auto *vd = dyn_cast<VarDecl>(d)) {
            auto it = m_locals.find(vd);
            if (it != m_locals.end())
                return makeVar(L.P.variables[it->second].type, it->second);
            if (vd->hasGlobalStorage()) {
                VarId id = L.globalFor(vd, m_ctx);
                return makeVar(L.P.variables[id].type, id);
            }
            throw Unsupported{e->getBeginLoc(), "variable '" + vd->getNameAsString() + "' used outside its function"};
        }
        if (isa<FunctionDecl>(d))
            throw Unsupported{e->getBeginLoc(), "function pointer (use of '" + d->getNameAsString() + "' as a value)"};
        throw Unsupported{e->getBeginLoc(), "reference to '" + d->getNameAsString() + "'"};
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref) {
        ExprPtr ptr = rvalue(uo->getSubExpr());
        return makeNode(ExprKind::Deref, type(e->getType(), e->getBeginLoc()), {ptr});
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
        const clang::Expr *base = as->getBase()->IgnoreParens();
        const Type *t = type(e->getType(), e->getBeginLoc());
        ExprPtr idx = rvalue(as->getIdx());
        if (const auto *ic = dyn_cast<ImplicitCastExpr>(base); ic && ic->getCastKind() == CK_ArrayToPointerDecay) {
            ExprPtr arr = lvalue(ic->getSubExpr());
            if (arr->kind != ExprKind::StringLit && arr->type->isArray()) // not a variable-length array's pointer
                return makeNode(ExprKind::Index, t, {arr, idx});
        }
        ExprPtr ptr = rvalue(as->getBase());
        return makeNode(ExprKind::Deref, t, {makeBinary(BinaryOp::Add, ptr->type, ptr, idx)});
    }
    if (inUnion(e))
        throw Unsupported{e->getBeginLoc(), "this use of a union member (only reading or writing an integer or a float in it)"};
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
        ExprPtr base = memberBase(me);
        const FieldPlace &p = place(me, base->type);
        if (p.viewOfStorage)
            return viewOfStorage(base, type(e->getType(), e->getBeginLoc()));
        if (p.bitField)
            throw Unsupported{e->getBeginLoc(), "this use of bit-field '" + me->getMemberDecl()->getNameAsString() +
                                                    "' (only reading and assigning it)"};
        auto m = makeNode(ExprKind::Member, type(e->getType(), e->getBeginLoc()), {base});
        std::const_pointer_cast<vcov::Expr>(m)->field = p.field;
        return m;
    }
    if (const auto *sl = dyn_cast<StringLiteral>(e)) {
        auto s = makeNode(ExprKind::StringLit, type(e->getType(), e->getBeginLoc()), {});
        std::const_pointer_cast<vcov::Expr>(s)->str = sl->getBytes().str();
        return s;
    }
    if (const auto *pe = dyn_cast<PredefinedExpr>(e)) {
        auto s = makeNode(ExprKind::StringLit, type(e->getType(), e->getBeginLoc()), {});
        std::const_pointer_cast<vcov::Expr>(s)->str = pe->getFunctionName() ? pe->getFunctionName()->getBytes().str() : "";
        return s;
    }
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp)
        return lvalue(ic->getSubExpr());
    if (isa<CompoundLiteralExpr>(e))
        throw Unsupported{e->getBeginLoc(), "compound literal"};
    // Assignments and pre-increments are lvalues in C only through their side effect.
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Assign) {
        assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
        return lvalue(bo->getLHS());
    }
    throw Unsupported{e->getBeginLoc(), std::string("expression '") + e->getStmtClassName() + "' used as an lvalue"};
}

// GCC's and C11's atomic built-ins, in one thread (vcov's programs have one): the operation
// on the object, the memory order evaluated and otherwise of no effect. The pointer is read
// once, into a temporary.
ExprPtr FunctionBuilder::atomic(const clang::AtomicExpr *ae) {
    using namespace clang;
    using Op = AtomicExpr::AtomicOp;
    const clang::SourceRange range = ae->getSourceRange();
    const Type *pt = type(ae->getPtr()->getType(), ae->getBeginLoc());
    if (!pt->isPointer())
        throw Unsupported{ae->getBeginLoc(), "atomic operation on a non-pointer"};
    const Type *t = pt->target;
    const ExprPtr ptr = makeVar(pt, temporary(pt, ae->getBeginLoc()));
    CfaEdge &pe = addEdgeAt(EdgeKind::Assignment, range, text(range));
    pe.lhs = ptr;
    pe.rhs = rvalue(ae->getPtr());
    rvalue(ae->getOrder());
    const ExprPtr object = makeNode(ExprKind::Deref, t, {ptr});
    auto store = [&](ExprPtr value) {
        CfaEdge &se = addEdgeAt(EdgeKind::Assignment, range, text(range));
        se.lhs = object;
        se.rhs = convert(value, t);
    };
    auto old = [&]() {
        const ExprPtr v = makeVar(t, temporary(t, ae->getBeginLoc()));
        CfaEdge &le = addEdgeAt(EdgeKind::Assignment, range, text(range));
        le.lhs = v;
        le.rhs = object;
        return v;
    };
    auto fetch = [&](BinaryOp op) {
        if (!t->isInt())
            throw Unsupported{ae->getBeginLoc(), "atomic arithmetic on a non-integer"};
        const ExprPtr v = convert(rvalue(ae->getVal1()), t);
        const ExprPtr before = old();
        store(makeBinary(op, t, before, v));
        return before;
    };
    switch (ae->getOp()) {
    case Op::AO__atomic_load_n:
    case Op::AO__c11_atomic_load: return old();
    case Op::AO__atomic_store_n:
    case Op::AO__c11_atomic_store:
    case Op::AO__c11_atomic_init: store(rvalue(ae->getVal1())); return makeIntConst(L.P.types.intT(), 0);
    case Op::AO__atomic_exchange_n:
    case Op::AO__c11_atomic_exchange: {
        const ExprPtr v = rvalue(ae->getVal1());
        const ExprPtr before = old();
        store(v);
        return before;
    }
    case Op::AO__atomic_fetch_add:
    case Op::AO__c11_atomic_fetch_add: return fetch(BinaryOp::Add);
    case Op::AO__atomic_fetch_sub:
    case Op::AO__c11_atomic_fetch_sub: return fetch(BinaryOp::Sub);
    case Op::AO__atomic_fetch_or:
    case Op::AO__c11_atomic_fetch_or: return fetch(BinaryOp::BitOr);
    case Op::AO__atomic_fetch_and:
    case Op::AO__c11_atomic_fetch_and: return fetch(BinaryOp::BitAnd);
    case Op::AO__atomic_fetch_xor:
    case Op::AO__c11_atomic_fetch_xor: return fetch(BinaryOp::BitXor);
    default: break;
    }
    throw Unsupported{ae->getBeginLoc(), "atomic operation '" + text(range) + "'"};
}

ExprPtr FunctionBuilder::castExpr(const clang::CastExpr *c) {
    using namespace clang;
    const Type *to = type(c->getType(), c->getBeginLoc());
    // Function pointers are numbers (Lowering::type): between two of them nothing changes,
    // and NULL is 0; with data pointers and integers C gives no meaning vcov could keep.
    if (c->getCastKind() == CK_FunctionToPointerDecay)
        return functionValue(c->getSubExpr());
    const bool toFunction = c->getType()->isFunctionPointerType();
    const bool fromFunction = c->getSubExpr()->getType()->isFunctionPointerType();
    if ((toFunction || fromFunction) && c->getCastKind() != CK_LValueToRValue) {
        switch (c->getCastKind()) {
        case CK_NoOp:
        case CK_BitCast:
            if (toFunction && fromFunction)
                return rvalue(c->getSubExpr());
            // `fp != NULL` with NULL as ((void *)0): the null pointer of the function type.
            if (toFunction && c->getSubExpr()->isNullPointerConstant(m_ctx, clang::Expr::NPC_ValueDependentIsNotNull))
                return makeIntConst(to, 0);
            break;
        case CK_NullToPointer: return makeIntConst(to, 0);
        case CK_PointerToBoolean: return makeCast(CastKind::Integral, to, rvalue(c->getSubExpr()));
        default: break;
        }
        throw Unsupported{c->getBeginLoc(), "conversion of a function pointer to or from '" +
                                                (toFunction ? c->getSubExpr()->getType() : c->getType()).getAsString() + "'"};
    }
    switch (c->getCastKind()) {
    case CK_LValueToRValue:
        if (inUnits(c->getSubExpr())) {
            FieldPlace p;
            ExprPtr unit = unitOf(c->getSubExpr(), p);
            return readFromUnit(unit, p);
        }
        return lvalue(c->getSubExpr());
    case CK_NoOp:
    case CK_BitCast:
        if (c->getSubExpr()->getType()->isPointerType() || c->getType()->isPointerType()) {
            ExprPtr s = rvalue(c->getSubExpr());
            return s->type == to ? s : makeCast(CastKind::PointerToPointer, to, s);
        }
        return rvalue(c->getSubExpr());
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
        ExprPtr s = rvalue(c->getSubExpr());
        return s->type == to ? s : makeCast(CastKind::Integral, to, s);
    }
    case CK_ArrayToPointerDecay: {
        ExprPtr array = lvalue(c->getSubExpr());
        if (array->type->isPointer()) // a variable-length array is the pointer to its storage
            return array->type == to ? array : makeCast(CastKind::PointerToPointer, to, array);
        return makeCast(CastKind::ArrayDecay, to, array);
    }
    case CK_IntegralToPointer:
        return makeCast(CastKind::IntToPointer, to, rvalue(c->getSubExpr()));
    case CK_PointerToIntegral:
        return makeCast(CastKind::PointerToInt, to, rvalue(c->getSubExpr()));
    case CK_PointerToBoolean:
        return makeCast(CastKind::PointerToBool, to, rvalue(c->getSubExpr()));
    case CK_NullToPointer:
        return makeCast(CastKind::NullToPointer, to, rvalue(c->getSubExpr()));
    case CK_ToVoid:
        return makeCast(CastKind::ToVoid, to, rvalue(c->getSubExpr()));
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_FloatingToBoolean:
        return convert(rvalue(c->getSubExpr()), to);
    default:
        throw Unsupported{c->getBeginLoc(), std::string("cast '") + c->getCastKindName() + "'"};
    }
}

ExprPtr FunctionBuilder::rvalue(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    // Integer constant expressions (literals, enumerators, sizeof, macros like SIZE)
    // become constants.
    if (e->getType()->isIntegralOrEnumerationType() && !e->HasSideEffects(m_ctx) && !isa<DeclRefExpr>(e) &&
        !e->isValueDependent()) {
        if (auto v = e->getIntegerConstantExpr(m_ctx)) {
            const Type *t = type(e->getType(), e->getBeginLoc());
            return makeIntConst(t, v->isSigned() ? v->getExtValue() : int64_t(v->getZExtValue()));
        }
        // CIL's offsetof, (unsigned int)&((struct usb_device *)0)->dev: a number, as gcc folds
        // it; the member of the null pointer is never read (lowered, it was a dereference of
        // NULL, which ended every path through a driver's container_of).
        if (const auto *c = dyn_cast<CastExpr>(e); c && c->getCastKind() == CK_PointerToIntegral) {
            clang::Expr::EvalResult r;
            if (e->EvaluateAsInt(r, m_ctx) && r.Val.isInt()) {
                const llvm::APSInt &v = r.Val.getInt();
                return makeIntConst(type(e->getType(), e->getBeginLoc()), v.isSigned() ? v.getExtValue() : int64_t(v.getZExtValue()));
            }
        }
    }
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
        if (const auto *ec = dyn_cast<EnumConstantDecl>(dr->getDecl()))
            return makeIntConst(type(e->getType(), e->getBeginLoc()), ec->getInitVal().getExtValue());
        return lvalue(e);
    }
    if (const auto *c = dyn_cast<CastExpr>(e))
        return castExpr(c);
    if (const auto *fl = dyn_cast<FloatingLiteral>(e)) {
        // The literal's value as Clang rounded it into its type, held as its IEEE bits.
        const Type *t = type(e->getType(), e->getBeginLoc());
        return makeIntConst(t, int64_t(fl->getValue().bitcastToAPInt().getZExtValue()));
    }
    if (isa<ImaginaryLiteral>(e))
        throw Unsupported{e->getBeginLoc(), "complex number"};
    if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
        const Type *t = type(e->getType(), e->getBeginLoc());
        switch (uo->getOpcode()) {
        case UO_Minus: return makeUnary(UnaryOp::Neg, t, rvalue(uo->getSubExpr()));
        case UO_Not: return makeUnary(UnaryOp::BitNot, t, rvalue(uo->getSubExpr()));
        case UO_LNot: {
            ExprPtr a = rvalue(uo->getSubExpr());
            if (a->type->isFloat()) // !x is x == 0.0
                return makeBinary(BinaryOp::Eq, t, a, makeIntConst(a->type, 0));
            return makeUnary(UnaryOp::LogNot, t, a);
        }
        case UO_Plus: return rvalue(uo->getSubExpr());
        case UO_AddrOf:
            if (uo->getSubExpr()->getType()->isFunctionType())
                return functionValue(uo->getSubExpr());
            return makeNode(ExprKind::AddrOf, t, {lvalue(uo->getSubExpr())});
        case UO_Deref: return lvalue(e);
        case UO_PreInc:
        case UO_PreDec:
        case UO_PostInc:
        case UO_PostDec: return incDec(uo, true);
        case UO_Extension: return rvalue(uo->getSubExpr());
        default: throw Unsupported{e->getBeginLoc(), std::string("operator '") + UnaryOperator::getOpcodeStr(uo->getOpcode()).str() + "'"};
        }
    }
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(e))
        return compoundAssign(ca, ca->getSourceRange());
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
        const Type *t = type(e->getType(), e->getBeginLoc());
        BinaryOp op;
        switch (bo->getOpcode()) {
        case BO_Assign:
            assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
            if (inUnits(bo->getLHS())) {
                FieldPlace p;
                ExprPtr unit = unitOf(bo->getLHS(), p);
                return readFromUnit(unit, p);
            }
            return lvalue(bo->getLHS());
        case BO_Comma:
            effect(bo->getLHS());
            return rvalue(bo->getRHS());
        case BO_LAnd:
        case BO_LOr:
            if (hasEffects(bo->getRHS()))
                return branchValue(e);
            op = bo->getOpcode() == BO_LAnd ? BinaryOp::LogAnd : BinaryOp::LogOr;
            break;
        case BO_Mul: op = BinaryOp::Mul; break;
        case BO_Div: op = BinaryOp::Div; break;
        case BO_Rem: op = BinaryOp::Rem; break;
        case BO_Add: op = BinaryOp::Add; break;
        case BO_Sub: op = BinaryOp::Sub; break;
        case BO_Shl: op = BinaryOp::Shl; break;
        case BO_Shr: op = BinaryOp::Shr; break;
        case BO_LT: op = BinaryOp::Lt; break;
        case BO_GT: op = BinaryOp::Gt; break;
        case BO_LE: op = BinaryOp::Le; break;
        case BO_GE: op = BinaryOp::Ge; break;
        case BO_EQ: op = BinaryOp::Eq; break;
        case BO_NE: op = BinaryOp::Ne; break;
        case BO_And: op = BinaryOp::BitAnd; break;
        case BO_Xor: op = BinaryOp::BitXor; break;
        case BO_Or: op = BinaryOp::BitOr; break;
        default: throw Unsupported{e->getBeginLoc(), "operator '" + bo->getOpcodeStr().str() + "'"};
        }
        // CIL's `(unsigned long)fp == (unsigned long)&f`: function pointers are numbers that
        // are equal exactly where the addresses are, so the comparison is kept (the numbers
        // themselves are not addresses: any other use of the conversion stays refused).
        auto functionNumber = [&](const clang::Expr *x) -> ExprPtr {
            const auto *c = dyn_cast<CastExpr>(x->IgnoreParens());
            if (!c || c->getCastKind() != CK_PointerToIntegral || !c->getSubExpr()->getType()->isFunctionPointerType())
                return nullptr;
            return convert(rvalue(c->getSubExpr()), type(c->getType(), c->getBeginLoc()));
        };
        if (op == BinaryOp::Eq || op == BinaryOp::Ne) {
            const auto *l = dyn_cast<CastExpr>(bo->getLHS()->IgnoreParens());
            const auto *r = dyn_cast<CastExpr>(bo->getRHS()->IgnoreParens());
            auto isNumber = [](const CastExpr *c) {
                return c && c->getCastKind() == CK_PointerToIntegral && c->getSubExpr()->getType()->isFunctionPointerType();
            };
            if (isNumber(l) && isNumber(r))
                return makeBinary(op, t, functionNumber(bo->getLHS()), functionNumber(bo->getRHS()));
        }
        ExprPtr a = rvalue(bo->getLHS());
        ExprPtr b = rvalue(bo->getRHS());
        if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr)
            return makeBinary(op, t, truth(a), truth(b));
        if (a->type->isFloat() && (op == BinaryOp::Rem || op == BinaryOp::Shl || op == BinaryOp::Shr ||
                                   op == BinaryOp::BitAnd || op == BinaryOp::BitOr || op == BinaryOp::BitXor))
            throw Unsupported{e->getBeginLoc(), "operator '" + bo->getOpcodeStr().str() + "' on floating point"};
        return makeBinary(op, t, a, b);
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
        if (hasEffects(co->getTrueExpr()) || hasEffects(co->getFalseExpr()))
            return branchValue(e);
        const Type *t = type(e->getType(), e->getBeginLoc());
        ExprPtr c = truth(rvalue(co->getCond()));
        return makeNode(ExprKind::Conditional, t,
                        {c, convert(rvalue(co->getTrueExpr()), t), convert(rvalue(co->getFalseExpr()), t)});
    }
    if (isa<BinaryConditionalOperator>(e))
        throw Unsupported{e->getBeginLoc(), "'?:' with omitted middle operand (GNU extension)"};
    if (const auto *ce = dyn_cast<CallExpr>(e))
        return call(ce, nullptr, ce->getSourceRange(), true);
    if (inUnits(e)) {
        FieldPlace p;
        ExprPtr unit = unitOf(e, p);
        return readFromUnit(unit, p);
    }
    if (isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e) || isa<StringLiteral>(e) || isa<PredefinedExpr>(e))
        return lvalue(e);
    if (const auto *ae = dyn_cast<AtomicExpr>(e))
        return atomic(ae);
    if (const auto *oe = dyn_cast<OffsetOfExpr>(e)) {
        clang::Expr::EvalResult r;
        if (oe->EvaluateAsInt(r, m_ctx))
            return makeIntConst(type(e->getType(), e->getBeginLoc()), r.Val.getInt().getExtValue());
        // offsetof(T, a[i].b): the fields' offsets plus each index times its element's size,
        // in size_t arithmetic (aws-c-common sizes a string as offsetof(.., bytes[len + 1])).
        const Type *t = type(e->getType(), e->getBeginLoc());
        ExprPtr sum = makeIntConst(t, 0);
        clang::QualType current = oe->getTypeSourceInfo()->getType();
        for (unsigned i = 0; i < oe->getNumComponents(); ++i) {
            const clang::OffsetOfNode &n = oe->getComponent(i);
            if (n.getKind() == clang::OffsetOfNode::Field) {
                const clang::FieldDecl *f = n.getField();
                const auto &layout = m_ctx.getASTRecordLayout(f->getParent());
                const uint64_t bits = layout.getFieldOffset(f->getFieldIndex());
                if (bits % 8 != 0)
                    throw Unsupported{e->getBeginLoc(), "offsetof a bit-field"};
                sum = makeBinary(BinaryOp::Add, t, sum, makeIntConst(t, int64_t(bits / 8)));
                current = f->getType();
            } else if (n.getKind() == clang::OffsetOfNode::Array) {
                const clang::ArrayType *at = m_ctx.getAsArrayType(current);
                if (!at)
                    throw Unsupported{e->getBeginLoc(), "offsetof into a non-array"};
                current = at->getElementType();
                const int64_t size = int64_t(m_ctx.getTypeSizeInChars(current).getQuantity());
                ExprPtr index = convert(rvalue(oe->getIndexExpr(n.getArrayExprIndex())), t);
                sum = makeBinary(BinaryOp::Add, t, sum, makeBinary(BinaryOp::Mul, t, index, makeIntConst(t, size)));
            } else {
                throw Unsupported{e->getBeginLoc(), "offsetof through a base class"};
            }
        }
        return sum;
    }
    if (const auto *ue = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
        clang::Expr::EvalResult r;
        if (ue->EvaluateAsInt(r, m_ctx))
            return makeIntConst(type(e->getType(), e->getBeginLoc()), r.Val.getInt().getExtValue());
        throw Unsupported{e->getBeginLoc(), "sizeof of a variable-length array"};
    }
    if (const auto *ce = dyn_cast<ConstantExpr>(e))
        return rvalue(ce->getSubExpr());
    if (const auto *gs = dyn_cast<GenericSelectionExpr>(e))
        return rvalue(gs->getResultExpr());
    if (const auto *ch = dyn_cast<ChooseExpr>(e))
        return rvalue(ch->getChosenSubExpr());
    if (const auto *se = dyn_cast<StmtExpr>(e)) {
        // GNU ({ ...; value; }), as glibc's assert expands to: the statements, then the
        // value of the last one.
        const CompoundStmt *body = se->getSubStmt();
        const Stmt *last = body->body_empty() ? nullptr : body->body_back();
        for (const Stmt *s : body->body())
            if (s != last)
                stmt(s);
        if (const auto *le = last ? dyn_cast<clang::Expr>(last) : nullptr; le && !se->getType()->isVoidType())
            return rvalue(le);
        stmt(last);
        return makeIntConst(L.P.types.intT(), 0);
    }
    if (const auto *va = dyn_cast<VAArgExpr>(e))
        return vaArg(va);
    if (isa<AddrLabelExpr>(e))
        throw Unsupported{e->getBeginLoc(), "address of a label (computed goto)"};
    if (isa<CompoundLiteralExpr>(e))
        throw Unsupported{e->getBeginLoc(), "compound literal"};
    if (isa<InitListExpr>(e))
        throw Unsupported{e->getBeginLoc(), "initializer list outside a declaration"};
    throw Unsupported{e->getBeginLoc(), std::string("expression '") + e->getStmtClassName() + "'"};
}

} // namespace vcov::lowering
