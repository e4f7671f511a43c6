#include "analysis/PredicateTransferImpl.h"

#include "bmc/IntegerTerms.h"

namespace vcov {

using bmc::boolTerm;
using bmc::convertTerm;
using bmc::integerBinaryTerm;

// --- terms and edges -------------------------------------------------------------

void PredicateTransfer::Impl::checkType(const Type *t, const std::string &name) {
    if (!t || !t->isInt())
        unsupported(std::string(t && t->isPointer() ? "pointers" : t && t->isFloat() ? "floating point" : "aggregates") +
                    (name.empty() ? "" : " (" + name + ")"));
}

z3::expr PredicateTransfer::Impl::var(VarId id) {
    auto it = vars.find(id);
    if (it != vars.end())
        return it->second;
    const Variable &v = P.variable(id);
    checkType(v.type, v.name);
    std::string name = "v" + std::to_string(id);
    cNames[name] = v.name;
    signedness[name] = v.type->isSigned;
    return vars.emplace(id, ctx.bv_const(name.c_str(), v.type->bits)).first->second;
}

z3::expr PredicateTransfer::Impl::returnSlot(FunctionId f) {
    auto it = returns.find(f);
    if (it != returns.end())
        return it->second;
    const FunctionCfa &fn = P.functions[size_t(f)];
    const Type *t = fn.type ? fn.type->target : nullptr;
    checkType(t, "the value " + fn.name + " returns");
    std::string name = "ret" + std::to_string(f);
    cNames[name] = fn.name + "()";
    return returns.emplace(f, ctx.bv_const(name.c_str(), t->bits)).first->second;
}

z3::expr PredicateTransfer::Impl::truth(const z3::expr &t) {
    if (t.is_app() && t.decl().decl_kind() == Z3_OP_ITE) {
        uint64_t a, b;
        if (t.arg(1).is_numeral_u64(a) && t.arg(2).is_numeral_u64(b)) {
            if (a == 1 && b == 0)
                return t.arg(0);
            if (a == 0 && b == 1)
                return !t.arg(0);
        }
    }
    return t != ctx.bv_val(0, t.get_sort().bv_size());
}

z3::expr PredicateTransfer::Impl::term(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::IntConst:
        checkType(e->type, "");
        return ctx.bv_val(uint64_t(e->value), e->type->bits);
    case ExprKind::Var: return var(e->var);
    case ExprKind::Unary: {
        checkType(e->type, "");
        z3::expr a = term(e->ops[0]);
        switch (e->unaryOp) {
        case UnaryOp::Neg: return -a;
        case UnaryOp::BitNot: return ~a;
        case UnaryOp::LogNot: return boolTerm(!truth(a), e->type);
        default: unsupported("floating-point functions");
        }
        break;
    }
    case ExprKind::Binary: {
        checkType(e->type, "");
        const BinaryOp op = e->binaryOp;
        if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
            z3::expr a = truth(term(e->ops[0])), b = truth(term(e->ops[1]));
            return boolTerm(op == BinaryOp::LogAnd ? (a && b) : (a || b), e->type);
        }
        checkType(e->ops[0]->type, "");
        checkType(e->ops[1]->type, "");
        const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le ||
                                op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
        return integerBinaryTerm(op, term(e->ops[0]), term(e->ops[1]), comparison ? e->ops[0]->type : e->type,
                                 e->ops[1]->type, e->type, {});
    }
    case ExprKind::Conditional: {
        checkType(e->type, "");
        return z3::ite(truth(term(e->ops[0])), term(e->ops[1]), term(e->ops[2]));
    }
    case ExprKind::Cast:
        if (e->castKind == CastKind::Integral) {
            checkType(e->type, "");
            checkType(e->ops[0]->type, "");
            return convertTerm(term(e->ops[0]), e->ops[0]->type, e->type);
        }
        if (e->castKind == CastKind::ToVoid)
            return ctx.bv_val(0, 32);
        unsupported(e->castKind == CastKind::IntToFloat || e->castKind == CastKind::FloatToInt ||
                            e->castKind == CastKind::FloatToFloat
                        ? "floating point"
                        : "pointers");
        break;
    case ExprKind::Deref:
    case ExprKind::AddrOf: unsupported("pointers"); break;
    case ExprKind::Index: unsupported("arrays"); break;
    case ExprKind::Member: unsupported("structs"); break;
    case ExprKind::StringLit: unsupported("strings"); break;
    }
    unsupported("this expression");
    return ctx.bv_val(0, 1);
}

z3::expr PredicateTransfer::Impl::anyValue(const Type *t) {
    const unsigned bits = t && t->bits > 0 && t->bits <= 128 ? unsigned(t->bits) : 64;
    return freshConst(bits);
}

z3::expr PredicateTransfer::Impl::value(const ExprPtr &e) {
    try {
        return term(e);
    } catch (const DomainUnsupported &) {
        return anyValue(e->type);
    }
}

bool PredicateTransfer::Impl::throughPointer(const Expr *e) {
    while (e->kind == ExprKind::Member || e->kind == ExprKind::Index) {
        if (e->kind == ExprKind::Index && !(e->ops[0]->type && e->ops[0]->type->kind == TypeKind::Array))
            return true;
        e = e->ops[0].get();
    }
    return e->kind != ExprKind::Var;
}

void PredicateTransfer::Impl::havocAddressTaken(std::vector<Step> &steps) {
    for (VarId v : addressTaken)
        steps.push_back({Step::Havoc, var(v), var(v)});
}

void PredicateTransfer::Impl::havocWrite(std::vector<Step> &steps, const ExprPtr &lhs) {
    write(steps, lhs, [&] { return anyValue(lhs->type); });
}

bool PredicateTransfer::Impl::anyPointerArgument(const CallInfo &c) const {
    for (const ExprPtr &a : c.args)
        if (a && a->type && !a->type->isInt() && !a->type->isFloat())
            return true;
    return false;
}

std::vector<PredicateTransfer::Impl::Step> PredicateTransfer::Impl::effect(PathMove m, bool violation) {
    const CfaEdge &e = P.edge(m.edge);
    std::vector<Step> steps;
    if (m.isReturn) {
        if (e.call.lhs) {
            const FunctionCfa &callee = P.functions[size_t(e.call.callee)];
            const Type *t = callee.type ? callee.type->target : nullptr;
            write(steps, e.call.lhs, [&] { return tracked(t) ? returnSlot(e.call.callee) : anyValue(e.call.lhs->type); });
        }
        return steps;
    }
    switch (e.kind) {
    case EdgeKind::Blank: break;
    case EdgeKind::Declaration: {
        const Variable &v = P.variable(e.declared);
        if (tracked(v.type)) {
            z3::expr x = var(v.id);
            if (!e.hasInitializer) {
                steps.push_back({Step::Havoc, x, x});
                break;
            }
            steps.push_back({Step::Assign, x, ctx.bv_val(0, v.type->bits)});
        }
        for (const auto &init : e.inits)
            write(steps, init.target, [&] { return value(init.value); });
        break;
    }
    case EdgeKind::Assignment: write(steps, e.lhs, [&] { return value(e.rhs); }); break;
    case EdgeKind::Assume: {
        z3::expr c = truth(value(e.cond));
        steps.push_back({Step::Assume, c, e.truth ? c : !c});
        break;
    }
    case EdgeKind::Return: {
        const FunctionCfa &fn = P.functions[size_t(e.function)];
        if (e.value && tracked(fn.type ? fn.type->target : nullptr))
            steps.push_back({Step::Assign, returnSlot(e.function), value(e.value)});
        break;
    }
    case EdgeKind::Call: {
        const CallInfo &c = e.call;
        const FunctionCfa &callee = P.functions[size_t(c.callee)];
        if (c.intrinsic == Intrinsic::None && callee.hasBody) {
            // Parameters take the arguments' values. No recursion: a parameter is no
            // variable of an argument, so one after the other is all at once.
            for (size_t i = 0; i < callee.params.size() && i < c.args.size(); ++i)
                if (tracked(P.variable(callee.params[i]).type))
                    steps.push_back({Step::Assign, var(callee.params[i]), value(c.args[i])});
            return steps;
        }
        switch (c.intrinsic) {
        case Intrinsic::None:     // a function without a body ...
        case Intrinsic::External: // ... may write through the pointers it is given
            if (anyPointerArgument(c))
                havocAddressTaken(steps);
            [[fallthrough]];
        case Intrinsic::Nondet:
        case Intrinsic::Printf:
        case Intrinsic::PointerOk: // over-approximated: any truth value
        case Intrinsic::Forall:
        case Intrinsic::Exists:
        case Intrinsic::Overflow:
        case Intrinsic::PointerPrimitive:
        case Intrinsic::Malloc:
            if (c.lhs)
                havocWrite(steps, c.lhs);
            break;
        case Intrinsic::Free: break; // frees no variable (freeing one is undefined)
        case Intrinsic::BlockOperation: // the byte loop after it does the work
            if (c.lhs)
                write(steps, c.lhs, [&] { return ctx.bv_val(0, c.lhs->type->bits); });
            break;
        case Intrinsic::Assume:
            if (!c.args.empty()) {
                z3::expr cond = truth(value(c.args[0]));
                steps.push_back({Step::Assume, cond, cond});
            }
            break;
        case Intrinsic::Assert:
            if (!c.args.empty()) {
                z3::expr cond = truth(value(c.args[0]));
                // A built-in assertion while they are off is never the violation (Program::builtinAssertions).
                steps.push_back({Step::Assume, cond, violation && P.assertsProgramProperty(c) ? !cond : cond});
            }
            break;
        case Intrinsic::Error:
        case Intrinsic::Abort:
        case Intrinsic::Exit:
        case Intrinsic::InvalidCall: break;
        }
        break;
    }
    }
    return steps;
}

z3::expr PredicateTransfer::Impl::wp(const std::vector<Step> &steps, z3::expr q, std::vector<z3::expr> *havocked) {
    for (size_t i = steps.size(); i-- > 0;) {
        const Step &s = steps[i];
        z3::expr_vector from(ctx), to(ctx);
        switch (s.kind) {
        case Step::Assign:
            from.push_back(s.var);
            to.push_back(s.term);
            q = q.substitute(from, to);
            break;
        case Step::Havoc: {
            z3::expr h = freshConst(s.var.get_sort().bv_size());
            from.push_back(s.var);
            to.push_back(h);
            q = q.substitute(from, to);
            if (havocked)
                havocked->push_back(h);
            break;
        }
        case Step::Assume: q = z3::implies(s.term, q); break;
        }
    }
    return q;
}

std::vector<PredicateTransfer::Impl::Step> PredicateTransfer::Impl::initialSteps() {
    std::vector<Step> steps;
    for (const auto &g : P.globals) {
        const Variable &v = P.variable(g.var);
        if (!v.type || !v.type->isInt())
            continue;
        z3::expr x = var(v.id);
        steps.push_back({Step::Assign, x, ctx.bv_val(0, v.type->bits)});
        for (const auto &init : g.inits)
            write(steps, init.target, [&] { return value(init.value); }); // beyond the domain: any value
    }
    for (VarId p : P.functions[P.entryFunction].params)
        if (P.variable(p).type && P.variable(p).type->isInt())
            steps.push_back({Step::Havoc, var(p), var(p)});
    return steps;
}

} // namespace vcov
