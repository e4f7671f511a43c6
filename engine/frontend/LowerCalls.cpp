// Calls (FunctionBuilder, Lowering.h): of functions with a body, of intrinsics and of the
// math library's exact functions, through function pointers, and CBMC's built-ins that are
// operators (quantifiers, overflow predicates).
#include "frontend/Lowering.h"

#include <map>
#include <optional>
#include <string>

namespace vcov::lowering {
namespace {

std::optional<UnaryOp> mathFunction(std::string name) {
    if (name.rfind("__builtin_", 0) == 0)
        name = name.substr(10);
    if (!name.empty() && name.back() == 'f' && name != "f")
        name.pop_back(); // sqrtf: the float version; the type comes from the call
    static const std::map<std::string, UnaryOp> functions{{"fabs", UnaryOp::FAbs},   {"sqrt", UnaryOp::Sqrt},
                                                          {"floor", UnaryOp::Floor}, {"ceil", UnaryOp::Ceil},
                                                          {"trunc", UnaryOp::Trunc}, {"round", UnaryOp::Round}};
    auto it = functions.find(name);
    return it == functions.end() ? std::nullopt : std::optional<UnaryOp>(it->second);
}

} // namespace

ExprPtr FunctionBuilder::call(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range, bool valueNeeded) {
    using namespace clang;
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd)
        return callThroughPointer(c, lhs, range, valueNeeded);
    std::string name = fd->getNameAsString();
    if (name == "__builtin_expect" && c->getNumArgs() == 2) {
        ExprPtr v = rvalue(c->getArg(0));
        if (lhs) {
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(v, lhs->type);
        }
        return v;
    }
    // The math library's exactly defined functions (fabs, sqrt, floor, ceil, trunc, round
    // and their float versions) are operators, as gcc inlines them; any other function
    // without a body stays an input.
    if (std::optional<UnaryOp> op = mathFunction(name); op && c->getNumArgs() == 1 && !fd->hasBody()) {
        const Type *t = type(c->getType(), c->getBeginLoc());
        if (!t->isFloat())
            throw Unsupported{c->getBeginLoc(), "'" + name + "' of type '" + t->spelling() + "'"};
        ExprPtr v = makeUnary(*op, t, convert(rvalue(c->getArg(0)), t));
        if (lhs) {
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(v, lhs->type);
        }
        return v;
    }
    if (name.rfind("__builtin_va_", 0) == 0 && vaBuiltin(c, name, range)) {
        if (valueNeeded || lhs)
            throw Unsupported{c->getBeginLoc(), "the value of '" + name + "'"};
        return nullptr;
    }
    if (name == "__vcov_struct_assign" && !fd->hasBody() && c->getNumArgs() == 2) {
        // goto-cc's assignment of a struct with const members (rewriteStructOperators):
        // `__vcov_struct_assign(&(a), (b))` is `a = b`.
        const auto *addr = dyn_cast<UnaryOperator>(c->getArg(0)->IgnoreParenImpCasts());
        if (!addr || addr->getOpcode() != UO_AddrOf || valueNeeded || lhs)
            throw Unsupported{c->getBeginLoc(), "the value of an assignment of a struct with const members"};
        const clang::Expr *to = addr->getSubExpr(), *from = c->getArg(1)->IgnoreParenImpCasts();
        assignment(to, from, range, text(to->IgnoreParens()->getSourceRange()) + " = " + text(from->IgnoreParens()->getSourceRange()));
        return nullptr;
    }
    if ((name == "__vcov_forall" || name == "__vcov_exists") && !fd->hasBody())
        return quantifier(c, name == "__vcov_exists", lhs, range, valueNeeded);
    if (classifyIntrinsic(name) == Intrinsic::Overflow && !fd->hasBody()) {
        // The operands in the type C gives a + b: promoted, then the usual arithmetic conversions.
        if (c->getNumArgs() != 2)
            throw Unsupported{c->getBeginLoc(), "'" + name + "' with " + std::to_string(c->getNumArgs()) + " arguments"};
        clang::QualType a = c->getArg(0)->IgnoreParenImpCasts()->getType(), b = c->getArg(1)->IgnoreParenImpCasts()->getType();
        if (!a->isIntegerType() || !b->isIntegerType())
            throw Unsupported{c->getBeginLoc(), "'" + name + "' of operands that are not integers"};
        if (m_ctx.isPromotableIntegerType(a))
            a = m_ctx.getPromotedIntegerType(a);
        if (m_ctx.isPromotableIntegerType(b))
            b = m_ctx.getPromotedIntegerType(b);
        clang::QualType common = a;
        if (m_ctx.getCanonicalType(a) != m_ctx.getCanonicalType(b)) {
            const bool as = a->isSignedIntegerType(), bs = b->isSignedIntegerType();
            const int order = m_ctx.getIntegerTypeOrder(a, b);
            if (as == bs)
                common = order >= 0 ? a : b;
            else {
                const clang::QualType u = as ? b : a, sgn = as ? a : b;
                if (m_ctx.getIntegerTypeOrder(u, sgn) >= 0)
                    common = u;
                else if (m_ctx.getTypeSize(sgn) > m_ctx.getTypeSize(u))
                    common = sgn;
                else
                    common = m_ctx.getCorrespondingUnsignedType(sgn);
            }
        }
        const Type *t = type(common, c->getBeginLoc());
        std::vector<ExprPtr> args = {convert(rvalue(c->getArg(0)->IgnoreParenImpCasts()), t),
                                     convert(rvalue(c->getArg(1)->IgnoreParenImpCasts()), t)};
        const Type *rt = L.P.types.intT();
        if (!lhs && valueNeeded)
            lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
        const ExprPtr result = lhs && lhs->type != rt ? makeVar(rt, temporary(rt, c->getBeginLoc())) : lhs;
        callEdge(L.functionFor(fd, m_ctx), name, std::move(args), result, range);
        if (result != lhs) {
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(result, lhs->type);
        }
        return lhs;
    }
    if ((name == "__builtin_popcount" || name == "__builtin_popcountl" || name == "__builtin_popcountll") &&
        c->getNumArgs() == 1) {
        // The sum of the argument's bits, over a temporary that holds it once.
        const Type *at = type(fd->getParamDecl(0)->getType(), c->getBeginLoc());
        const Type *rt = type(c->getType(), c->getBeginLoc());
        const ExprPtr x = makeVar(at, temporary(at, c->getBeginLoc()));
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = x;
        e.rhs = convert(rvalue(c->getArg(0)), at);
        ExprPtr sum = makeIntConst(rt, 0);
        for (unsigned i = 0; i < at->bits; ++i) {
            ExprPtr bit = makeBinary(BinaryOp::BitAnd, at, makeBinary(BinaryOp::Shr, at, x, makeIntConst(at, i)),
                                     makeIntConst(at, 1));
            sum = makeBinary(BinaryOp::Add, rt, sum, makeCast(CastKind::Integral, rt, bit));
        }
        if (lhs) {
            CfaEdge &a = addEdgeAt(EdgeKind::Assignment, range, text(range));
            a.lhs = lhs;
            a.rhs = convert(sum, lhs->type);
        }
        return sum;
    }
    if ((name == "__builtin_object_size" || name == "__builtin_dynamic_object_size") && c->getNumArgs() == 2) {
        // What gcc answers where it cannot tell the object (always, at -O0): "unknown", -1
        // for types 0 and 1 and 0 for 2 and 3. The pointer is not evaluated, as in gcc.
        auto kind = c->getArg(1)->getIntegerConstantExpr(m_ctx);
        if (!kind || kind->getExtValue() < 0 || kind->getExtValue() > 3)
            throw Unsupported{c->getArg(1)->getBeginLoc(), "'" + name + "' of a type that is not 0 to 3"};
        const Type *rt = type(c->getType(), c->getBeginLoc());
        ExprPtr v = makeIntConst(rt, kind->getExtValue() < 2 ? -1 : 0);
        if (lhs) {
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(v, lhs->type);
        }
        return v;
    }
    if (fd->getBuiltinID() != 0 && classifyIntrinsic(name) == Intrinsic::External && !fd->hasBody() &&
        name.rfind("__builtin_", 0) == 0)
        throw Unsupported{c->getBeginLoc(), "compiler builtin '" + name + "'"};
    FunctionId callee = L.functionFor(fd, m_ctx);
    // Copies: lowering the arguments may register functions and move the table.
    const Type *ft = L.P.functions[callee].type;
    const bool calleeHasBody = L.bodies.count(callee) > 0;
    // A program may define its own `read` or `signal`: only library functions without a
    // body are refused.
    if (std::string why = unsupportedLibraryFunction(name); !why.empty() && !calleeHasBody)
        throw Unsupported{c->getBeginLoc(), why};
    if (!calleeHasBody && (name == "sprintf" || name == "snprintf" || name == "sscanf"))
        checkedFormat(c, name);
    if (L.opts.mallocMayFail && !m_allocating && !calleeHasBody && (name == "malloc" || name == "calloc") &&
        (lhs || valueNeeded))
        return allocationMayFail(c, lhs, range);
    std::vector<ExprPtr> args;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
        ExprPtr a = rvalue(c->getArg(i));
        if (ft && i < ft->params.size())
            a = convert(a, ft->params[i]);
        args.push_back(a);
    }
    if (calleeHasBody && L.bodies.at(callee).first->isVariadic())
        packVariadicArguments(args, L.bodies.at(callee).first->getNumParams(), range);
    const Type *rt = ft ? ft->target : type(c->getType(), c->getBeginLoc());
    if (!lhs && valueNeeded) {
        if (rt->kind == TypeKind::Void)
            throw Unsupported{c->getBeginLoc(), "use of a void function's value"};
        lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
    }
    if (lhs && rt->kind != TypeKind::Void && rt != lhs->type) {
        // The callee returns one type and the caller stores another: go through a temporary.
        VarId tmp = temporary(rt, c->getBeginLoc());
        call(c, makeVar(rt, tmp), range, false);
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = lhs;
        e.rhs = convert(makeVar(rt, tmp), lhs->type);
        return lhs;
    }
    callEdge(callee, name, std::move(args), rt->kind == TypeKind::Void ? nullptr : lhs, range);
    return lhs;
}

namespace {

// The && conjuncts of a condition, parentheses and conversions to int seen through.
void conjuncts(const clang::Expr *e, std::vector<const clang::Expr *> &out) {
    e = e->IgnoreParenImpCasts();
    if (const auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e); bo && bo->getOpcode() == clang::BO_LAnd) {
        conjuncts(bo->getLHS(), out);
        conjuncts(bo->getRHS(), out);
        return;
    }
    out.push_back(e);
}

const clang::VarDecl *variableOf(const clang::Expr *e) {
    if (const auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()))
        return llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
    return nullptr;
}

bool mentions(const clang::Stmt *s, const clang::VarDecl *v) {
    if (!s)
        return false;
    if (const auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(s); dr && dr->getDecl() == v)
        return true;
    for (const clang::Stmt *child : s->children())
        if (mentions(child, v))
            return true;
    return false;
}

} // namespace

ExprPtr FunctionBuilder::quantifier(const clang::CallExpr *c, bool exists, ExprPtr lhs, clang::SourceRange range,
                                    bool valueNeeded) {
    using namespace clang;
    const char *what = exists ? "__CPROVER_exists" : "__CPROVER_forall";
    if (c->getNumArgs() != 2)
        throw Unsupported{c->getBeginLoc(), std::string(what) + " not written as { T v; range ==> body }"};
    const clang::Expr *rangeE = c->getArg(0), *bodyE = c->getArg(1);
    if (rangeE->HasSideEffects(m_ctx) || bodyE->HasSideEffects(m_ctx))
        throw Unsupported{c->getBeginLoc(), std::string(what) + " with a side effect or a call in it"};
    std::vector<const clang::Expr *> parts;
    conjuncts(rangeE, parts);
    // __CPROVER_exists { int i; (range) && body }: the range is the body's leading conjuncts.
    if (clang::Expr::EvalResult one; exists && rangeE->EvaluateAsInt(one, m_ctx) && one.Val.getInt() == 1)
        conjuncts(bodyE, parts);
    // The bound variable: compared in the first comparison with a local variable on one side.
    const VarDecl *v = nullptr;
    const clang::Expr *vRef = nullptr;
    struct Bound {
        const clang::Expr *expr; // the other side, in the comparison's type
        bool preserving;         // the comparison sees v's own value
    };
    std::vector<Bound> lows, highs;
    for (const clang::Expr *part : parts) {
        const auto *bo = dyn_cast<BinaryOperator>(part);
        if (!bo || !bo->isRelationalOp())
            continue;
        const VarDecl *l = variableOf(bo->getLHS()), *r = variableOf(bo->getRHS());
        if (!v) {
            v = l && l->isLocalVarDecl() && !l->hasInit() ? l : r && r->isLocalVarDecl() && !r->hasInit() ? r : nullptr;
            vRef = (v == l ? bo->getLHS() : bo->getRHS())->IgnoreParenImpCasts();
        }
        if (!v || (l == v) == (r == v))
            continue;
        const bool vLeft = l == v;
        const clang::Expr *other = vLeft ? bo->getRHS() : bo->getLHS();
        if (mentions(other, v))
            continue;
        const BinaryOperatorKind op = bo->getOpcode();
        // v >= a, v > a, a <= v, a < v bound v from below; the others from above.
        const bool below = vLeft ? (op == BO_GE || op == BO_GT) : (op == BO_LE || op == BO_LT);
        const QualType vt = v->getType(), ct = bo->getLHS()->getType();
        const uint64_t vw = m_ctx.getTypeSize(vt), cw = m_ctx.getTypeSize(ct);
        const bool vs = vt->isSignedIntegerOrEnumerationType(), cs = ct->isSignedIntegerOrEnumerationType();
        const bool preserving = cs ? (cw > vw || (cw == vw && vs)) : (!vs && cw >= vw);
        (below ? lows : highs).push_back({other, preserving});
    }
    if (!v || !v->getType()->isIntegerType())
        throw Unsupported{c->getBeginLoc(), std::string(what) +
                                                " whose range vcov cannot bound: write lo <= v && v < hi over an integer variable v"};
    // A comparison in an unsigned type sees a negative v as huge: it bounds v only where a
    // constant lower bound >= 0 holds v away from negative values.
    bool nonNegative = !v->getType()->isSignedIntegerType();
    for (const Bound &b : lows)
        if (clang::Expr::EvalResult r; b.preserving && b.expr->EvaluateAsInt(r, m_ctx) && !r.Val.getInt().isNegative())
            nonNegative = true;
    const Bound *low = nullptr, *high = nullptr;
    for (const Bound &b : lows)
        if (!low && (b.preserving || nonNegative))
            low = &b;
    for (const Bound &b : highs)
        if (!high && (b.preserving || nonNegative))
            high = &b;
    if (!low || !high)
        throw Unsupported{c->getBeginLoc(), std::string(what) + " whose range vcov cannot bound: write lo <= " +
                                                v->getNameAsString() + " && " + v->getNameAsString() + " < hi"};
    const FunctionId callee = L.functionFor(c->getDirectCallee(), m_ctx);
    std::vector<ExprPtr> args = {lvalue(vRef), rvalue(low->expr), rvalue(high->expr), rvalue(rangeE), rvalue(bodyE)};
    const Type *rt = L.P.types.intT();
    if (!lhs && valueNeeded)
        lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
    const ExprPtr result = lhs && lhs->type != rt ? makeVar(rt, temporary(rt, c->getBeginLoc())) : lhs;
    callEdge(callee, what, std::move(args), result, range).call.intrinsic = exists ? Intrinsic::Exists : Intrinsic::Forall;
    if (result != lhs) {
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = lhs;
        e.rhs = convert(result, lhs->type);
    }
    return lhs;
}

void FunctionBuilder::checkedFormat(const clang::CallExpr *c, const std::string &name) {
    // The library's models (CLibrary.cpp) print and read d i u x X c s and %, with l, ll or
    // z: a format they would get wrong is refused here, at its place, with what it asks.
    const unsigned at = name == "snprintf" ? 2 : 1;
    const auto *literal = at < c->getNumArgs() ? llvm::dyn_cast<clang::StringLiteral>(c->getArg(at)->IgnoreParenImpCasts())
                                               : nullptr;
    if (!literal || !literal->isOrdinary())
        throw Unsupported{c->getBeginLoc(), "'" + name + "' with a format that is not a string literal"};
    const std::string f = literal->getString().str();
    const std::string allowed = name == "sscanf" ? "diux" : "diuxXcs";
    for (size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%')
            continue;
        size_t j = i + 1;
        if (j < f.size() && f[j] == '%') {
            i = j;
            continue;
        }
        while (j < f.size() && (f[j] == 'l' || f[j] == 'z') && j < i + 3)
            ++j;
        if (j >= f.size() || allowed.find(f[j]) == std::string::npos)
            throw Unsupported{c->getArg(at)->getBeginLoc(),
                              "'" + name + "' with the conversion '" + f.substr(i, std::min(f.size(), j + 1) - i) +
                                  "' (vcov's model reads and prints %" + allowed + " and %%, with l, ll or z)"};
        i = j;
    }
}

ExprPtr FunctionBuilder::allocationMayFail(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range) {
    // CBMC's --malloc-may-fail: an input chooses NULL before the allocation is made, so
    // that the interpreter replays a counterexample's choice.
    auto &T = L.P.types;
    const Type *rt = type(c->getType(), c->getBeginLoc());
    if (!lhs)
        lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
    const VarId fails = temporary(T.boolType(), c->getBeginLoc());
    const FunctionId choice = L.bodilessFunction("\x01malloc may fail", "__VERIFIER_nondet_bool",
                                                 T.functionType(T.boolType(), {}, false), Intrinsic::Nondet);
    callEdge(choice, "__VERIFIER_nondet_bool", {}, makeVar(T.boolType(), fails), range).text =
        "malloc may fail (--malloc-may-fail)";
    const NodeId failing = newNode(), allocating = newNode(), join = newNode();
    const ExprPtr cond = truth(makeVar(T.boolType(), fails));
    CfaEdge &y = addEdge(m_cur, failing, EdgeKind::Assume, range, "[malloc fails]");
    y.cond = cond;
    y.truth = true;
    CfaEdge &n = addEdge(m_cur, allocating, EdgeKind::Assume, range, "[!(malloc fails)]");
    n.cond = cond;
    n.truth = false;
    m_cur = failing;
    CfaEdge &null = addEdgeAt(EdgeKind::Assignment, range, text(range) + " (fails: NULL)");
    null.lhs = lhs;
    null.rhs = makeCast(CastKind::NullToPointer, lhs->type, makeIntConst(T.intT(), 0));
    addEdge(m_cur, join, EdgeKind::Blank, range, "");
    m_cur = allocating;
    m_allocating = true;
    call(c, lhs, range, false);
    m_allocating = false;
    addEdge(m_cur, join, EdgeKind::Blank, range, "");
    m_cur = join;
    return lhs;
}

CfaEdge &FunctionBuilder::callEdge(FunctionId callee, const std::string &name, std::vector<ExprPtr> args, ExprPtr lhs,
                                   clang::SourceRange range) {
    CfaEdge &e = addEdgeAt(EdgeKind::Call, range, text(range));
    e.call.callee = callee;
    e.call.calleeName = name;
    // SV-COMP's property is "reach_error() is never called", whatever its body does
    // (some tasks define it empty).
    const bool errorFunction = name == "reach_error" || name == "__VERIFIER_error";
    const bool hasBody = L.bodies.count(callee) > 0;
    e.call.intrinsic = errorFunction ? Intrinsic::Error
                       : hasBody     ? Intrinsic::None
                       : L.P.functions[callee].intrinsic == Intrinsic::InvalidCall ? Intrinsic::InvalidCall
                                                                                   : classifyIntrinsic(name);
    e.call.lhs = std::move(lhs);
    e.call.args = std::move(args);
    return e;
}

ExprPtr FunctionBuilder::functionValue(const clang::Expr *designator) {
    using namespace clang;
    const clang::Expr *d = designator->IgnoreParens();
    if (const auto *ref = dyn_cast<DeclRefExpr>(d))
        if (const auto *fd = dyn_cast<FunctionDecl>(ref->getDecl()))
            return makeIntConst(L.P.types.ulongT(), Lowering::functionNumber(L.functionFor(fd, m_ctx)));
    // `*fp` designates the function fp points to (and decays back to fp).
    if (const auto *uo = dyn_cast<UnaryOperator>(d); uo && uo->getOpcode() == UO_Deref)
        return rvalue(uo->getSubExpr());
    throw Unsupported{designator->getBeginLoc(), "function designator '" + text(designator->getSourceRange()) + "'"};
}

ExprPtr FunctionBuilder::callThroughPointer(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range,
                                            bool valueNeeded) {
    using namespace clang;
    const QualType pointee = c->getCallee()->getType()->getPointeeType();
    if (pointee.isNull() || !pointee->isFunctionType())
        throw Unsupported{c->getBeginLoc(), "call of '" + text(c->getCallee()->getSourceRange()) + "'"};
    const Type *ft = type(pointee, c->getBeginLoc());
    const std::string callee = text(c->getCallee()->getSourceRange());
    // The pointer once, then the arguments once: every branch calls with the same values.
    const Type *ulong = L.P.types.ulongT();
    const VarId target = temporary(ulong, c->getBeginLoc());
    L.P.variables[size_t(target)].holdsFunctions = true;
    {
        ExprPtr v = rvalue(c->getCallee());
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, c->getCallee()->getSourceRange(), callee);
        e.lhs = makeVar(ulong, target);
        e.rhs = v;
    }
    std::vector<ExprPtr> args;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
        ExprPtr a = rvalue(c->getArg(i));
        if (i < ft->params.size())
            a = convert(a, ft->params[i]);
        args.push_back(a);
    }
    const Type *rt = ft->target;
    if (!lhs && valueNeeded) {
        if (rt->kind == TypeKind::Void)
            throw Unsupported{c->getBeginLoc(), "use of a void function's value"};
        lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
    }
    // The candidates: address-taken functions of the pointer's type (a K&R type matches any
    // with its return type), in the order of their numbers.
    auto matches = [&](const Type *t) {
        if (!t || t->kind != TypeKind::Function)
            return false;
        if (t == ft)
            return true;
        const bool unprototyped = (ft->params.empty() && ft->variadic) || (t->params.empty() && t->variadic);
        return unprototyped && t->target == ft->target;
    };
    const NodeId join = newNode();
    const ExprPtr targetValue = makeVar(ulong, target);
    for (FunctionId f : L.addressTaken) {
        const FunctionCfa &candidate = L.P.functions[f];
        if (!matches(candidate.type))
            continue;
        const std::string name = candidate.name;
        const Type *ct = candidate.type;
        const ExprPtr number = makeIntConst(ulong, Lowering::functionNumber(f));
        const ExprPtr same = makeBinary(BinaryOp::Eq, L.P.types.intT(), targetValue, number);
        const NodeId yes = newNode(), no = newNode();
        CfaEdge &in = addEdge(m_cur, yes, EdgeKind::Assume, c->getCallee()->getSourceRange(),
                              "[" + callee + " == " + name + "]");
        in.cond = same;
        in.truth = true;
        CfaEdge &out = addEdge(m_cur, no, EdgeKind::Assume, c->getCallee()->getSourceRange(),
                               "[!(" + callee + " == " + name + ")]");
        out.cond = same;
        out.truth = false;
        m_cur = yes;
        std::vector<ExprPtr> converted = args;
        for (size_t i = 0; i < converted.size() && i < ct->params.size(); ++i)
            converted[i] = convert(converted[i], ct->params[i]);
        if (auto body = L.bodies.find(f); body != L.bodies.end() && body->second.first->isVariadic())
            packVariadicArguments(converted, body->second.first->getNumParams(), range);
        if (lhs && ct->target->kind != TypeKind::Void && ct->target != lhs->type) {
            VarId tmp = temporary(ct->target, c->getBeginLoc());
            callEdge(f, name, std::move(converted), makeVar(ct->target, tmp), range);
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(makeVar(ct->target, tmp), lhs->type);
        } else {
            callEdge(f, name, std::move(converted), ct->target->kind == TypeKind::Void ? nullptr : lhs, range);
        }
        addEdge(m_cur, join, EdgeKind::Blank, range, "");
        m_cur = no;
    }
    // NULL or a function of another type: undefined behaviour, reported by --property pointer.
    callEdge(L.invalidCallFunction(), "(no function)", {}, nullptr, range);
    addEdge(m_cur, join, EdgeKind::Blank, range, "");
    m_cur = join;
    return lhs;
}


} // namespace vcov::lowering
