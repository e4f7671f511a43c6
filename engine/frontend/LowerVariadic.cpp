// Variadic functions (FunctionBuilder, Lowering.h), as goto-cc lowers them: the arguments
// after the named ones are copied into temporaries of the caller, an array of pointers to
// them is the callee's extra parameter `__vcov_va_args`, and a va_list walks that array.
// Every analysis sees ordinary pointers; reading past the last argument (va_arg once too
// often) is an access outside the array, reported as such.
#include "frontend/Lowering.h"

namespace vcov::lowering {

bool isVaList(clang::QualType q) {
    q = q.getCanonicalType();
    auto isTag = [](clang::QualType t) {
        const auto *rt = t->getAs<clang::RecordType>();
        return rt && rt->getDecl()->getName() == "__va_list_tag";
    };
    if (const auto *at = llvm::dyn_cast<clang::ConstantArrayType>(q.getTypePtr()))
        return isTag(at->getElementType());
    if (const auto *pt = llvm::dyn_cast<clang::PointerType>(q.getTypePtr()))
        return isTag(pt->getPointeeType());
    return false;
}

ExprPtr FunctionBuilder::packVariadicArguments(std::vector<ExprPtr> &args, size_t named, clang::SourceRange range) {
    auto &T = L.P.types;
    const Type *vp = T.pointerTo(T.voidType()), *vpp = T.pointerTo(vp);
    if (args.size() <= named) {
        args.resize(named);
        // No argument to walk: a va_arg dereferences NULL, and is reported.
        args.push_back(makeCast(CastKind::NullToPointer, vpp, makeIntConst(T.intT(), 0)));
        return args.back();
    }
    const size_t n = args.size() - named;
    const Type *arrayT = T.arrayOf(vp, n);
    const VarId array = temporary(arrayT, range.getBegin());
    for (size_t i = 0; i < n; ++i) {
        const ExprPtr &a = args[named + i];
        const VarId copy = temporary(a->type, range.getBegin());
        CfaEdge &c = addEdgeAt(EdgeKind::Assignment, range, "variadic argument " + std::to_string(i + 1));
        c.lhs = makeVar(a->type, copy);
        c.rhs = a;
        CfaEdge &p = addEdgeAt(EdgeKind::Assignment, range, "variadic argument " + std::to_string(i + 1));
        p.lhs = makeNode(ExprKind::Index, vp, {makeVar(arrayT, array), makeIntConst(T.longT(), int64_t(i))});
        p.rhs = makeCast(CastKind::PointerToPointer, vp,
                         makeNode(ExprKind::AddrOf, T.pointerTo(a->type), {makeVar(a->type, copy)}));
    }
    args.resize(named);
    args.push_back(makeCast(CastKind::ArrayDecay, vpp, makeVar(arrayT, array)));
    return args.back();
}

ExprPtr FunctionBuilder::vaArg(const clang::VAArgExpr *e) {
    auto &T = L.P.types;
    const Type *vp = T.pointerTo(T.voidType()), *vpp = T.pointerTo(vp);
    const Type *t = type(e->getType(), e->getBeginLoc());
    const ExprPtr ap = lvalue(e->getSubExpr()->IgnoreParenImpCasts());
    const ExprPtr list = convert(ap, vpp);
    // The argument's address, then the list one further; the value is read through it.
    const VarId slot = temporary(vp, e->getBeginLoc());
    CfaEdge &s = addEdgeAt(EdgeKind::Assignment, e->getSourceRange(), text(e->getSourceRange()));
    s.lhs = makeVar(vp, slot);
    s.rhs = makeNode(ExprKind::Deref, vp, {list});
    CfaEdge &n = addEdgeAt(EdgeKind::Assignment, e->getSourceRange(), text(e->getSourceRange()));
    n.lhs = ap;
    n.rhs = convert(makeBinary(BinaryOp::Add, vpp, list, makeIntConst(T.longT(), 1)), ap->type);
    return makeNode(ExprKind::Deref, t, {makeCast(CastKind::PointerToPointer, T.pointerTo(t), makeVar(vp, slot))});
}

bool FunctionBuilder::vaBuiltin(const clang::CallExpr *c, const std::string &name, clang::SourceRange range) {
    if (name == "__builtin_va_end")
        return true; // nothing to release
    if (name == "__builtin_va_start" || name == "__builtin_c23_va_start") {
        if (m_vaArgs == NoVar)
            throw Unsupported{c->getBeginLoc(), "va_start outside a variadic function"};
        const ExprPtr ap = lvalue(c->getArg(0)->IgnoreParenImpCasts());
        const Variable &v = L.P.variable(m_vaArgs);
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = ap;
        e.rhs = convert(makeVar(v.type, m_vaArgs), ap->type);
        return true;
    }
    if (name == "__builtin_va_copy") {
        const ExprPtr to = lvalue(c->getArg(0)->IgnoreParenImpCasts());
        const ExprPtr from = lvalue(c->getArg(1)->IgnoreParenImpCasts());
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = to;
        e.rhs = convert(from, to->type);
        return true;
    }
    return false;
}

} // namespace vcov::lowering
