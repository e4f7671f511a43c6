// Expressions and edges of the encoder (Encoder.h).
#include "bmc/Encoder.h"
#include "bmc/IntegerTerms.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

namespace vcov::bmc {

z3::expr Encoder::truth(const SymValue &v) {
    uint64_t k;
    if (!v.isPointer && v.bv.is_numeral_u64(k))
        return ctx.bool_val(k != 0);
    if (!v.isPointer)
        return v.bv != ctx.bv_val(0, v.bv.get_sort().bv_size());
    z3::expr r = ctx.bool_val(false);
    for (const auto &t : v.targets)
        if (t.object != -1)
            r = orE(r, t.guard);
    return r;
}

SymValue Encoder::fromBool(const z3::expr &b, const Type *t) { return SymValue{false, boolTerm(b, t), {}}; }

SymValue Encoder::select(const z3::expr &c, const SymValue &a, const SymValue &b) {
    if (c.is_true())
        return a;
    if (c.is_false())
        return b;
    if (!a.isPointer) {
        if (z3::eq(a.bv, b.bv))
            return a;
        return SymValue{false, z3::ite(c, a.bv, b.bv), {}};
    }
    SymValue r{true, ctx.bv_val(0, 1), {}};
    auto add = [&](const PtrTarget &t, const z3::expr &cond) {
        for (auto &x : r.targets)
            if (x.object == t.object) {
                if (!z3::eq(x.offset, t.offset))
                    x.offset = z3::ite(andE(cond, t.guard), t.offset, x.offset);
                x.guard = orE(x.guard, andE(cond, t.guard));
                return;
            }
        r.targets.push_back({andE(cond, t.guard), t.object, t.offset});
    };
    for (const auto &t : a.targets)
        add(t, c);
    for (const auto &t : b.targets)
        add(t, notE(c));
    return r;
}

SymValue Encoder::pointerAdd(const SymValue &p, const z3::expr &bytes) {
    SymValue r = p;
    for (auto &t : r.targets)
        t.offset = addE(t.offset, bytes);
    return r;
}

z3::expr Encoder::convertBits(const z3::expr &v, const Type *from, const Type *to) { return convertTerm(v, from, to); }

void Encoder::check(Property p, const z3::expr &bad, Eval &ev, const std::string &message) {
    const z3::expr &b = bad;
    if (b.is_false() || ev.state.guard.is_false())
        return;
    if (opts.properties.count(p))
        violations.push_back({andE(andE(ev.state.guard, ev.local), b), p, ev.edge, message, m_unode, m_onReturn});
    ev.state.guard = andE(ev.state.guard, notE(andE(ev.local, b)));
}

SymValue Encoder::freshInput(const Type *t, Eval &ev, bool uninitialized) {
    const unsigned width = t->isPointer() ? unsigned(t->sizeBytes * 8) : t->bits;
    z3::expr v = ctx.bv_const(((uninitialized ? "uninit" : "nondet") + std::to_string(fresh++)).c_str(), width);
    if (t->isPointer()) {
        // NULL for 0, else an address that is no object (as in the interpreter): an
        // indeterminate pointer is not assumed NULL.
        inputs.push_back({v, ev.state.guard, order++, uninitialized, t});
        z3::expr address = width < 64 ? z3::zext(v, 64 - width) : v;
        z3::expr null = v == ctx.bv_val(0, width);
        return SymValue{true, ctx.bv_val(0, 1), {PtrTarget{null, -1, ctx.bv_val(0, 64)}, PtrTarget{!null, -2, address}}};
    }
    if (t->isBool)
        v = z3::ite(v.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
    inputs.push_back({v, ev.state.guard, order++, uninitialized, t});
    return SymValue{false, v, {}};
}

SymValue Encoder::binary(const Expr &e, Eval &ev) {
    const BinaryOp op = e.binaryOp;
    const ExprPtr &l = e.ops[0], &r = e.ops[1];
    if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
        z3::expr a = truth(eval(l, ev));
        Eval inner{ev.state, ev.frame, ev.edge, op == BinaryOp::LogAnd ? (ev.local && a) : (ev.local && !a)};
        z3::expr b = truth(eval(r, inner));
        return fromBool(op == BinaryOp::LogAnd ? (a && b) : (a || b), e.type);
    }
    SymValue a = eval(l, ev), b = eval(r, ev);
    if (l->type->isFloat())
        return floatBinary(e, a, b);
    if (a.isPointer || b.isPointer) {
        auto index64 = [&](const SymValue &v, const Type *t) {
            return t->bits == 64 ? v.bv : t->isSigned ? z3::sext(v.bv, 64 - t->bits) : z3::zext(v.bv, 64 - t->bits);
        };
        if ((op == BinaryOp::Add || op == BinaryOp::Sub) && a.isPointer && !b.isPointer) {
            z3::expr d = scaleE(index64(b, r->type), sizeOf(l->type->target));
            return pointerAdd(a, op == BinaryOp::Add ? d : -d);
        }
        if (op == BinaryOp::Add && b.isPointer && !a.isPointer)
            return pointerAdd(b, scaleE(index64(a, l->type), sizeOf(r->type->target)));
        if (!(a.isPointer && b.isPointer))
            throw BmcUnsupported{"comparison of a pointer with an integer"};
        // Two pointers: the same object is required except for == and !=.
        z3::expr sameObj = ctx.bool_val(false), eq = ctx.bool_val(false), lt = ctx.bool_val(false);
        z3::expr diff = ctx.bv_val(0, 64);
        for (const auto &x : a.targets)
            for (const auto &y : b.targets) {
                z3::expr both = x.guard && y.guard;
                if (x.object == y.object) {
                    sameObj = sameObj || both;
                    eq = eq || (both && x.offset == y.offset);
                    lt = lt || (both && z3::slt(x.offset, y.offset));
                    diff = z3::ite(both, x.offset - y.offset, diff);
                }
            }
        if (op == BinaryOp::Eq || op == BinaryOp::Ne)
            return fromBool(op == BinaryOp::Eq ? eq : !eq, e.type);
        check(Property::Pointer, !sameObj, ev, "comparison or subtraction of pointers to different objects");
        switch (op) {
        case BinaryOp::Lt: return fromBool(lt, e.type);
        case BinaryOp::Ge: return fromBool(!lt, e.type);
        case BinaryOp::Le: return fromBool(lt || eq, e.type);
        case BinaryOp::Gt: return fromBool(!(lt || eq), e.type);
        case BinaryOp::Sub: {
            z3::expr q = diff / ctx.bv_val(sizeOf(l->type->target), 64); // signed, truncating
            return SymValue{false, e.type->bits == 64 ? q : q.extract(e.type->bits - 1, 0), {}};
        }
        default: throw BmcUnsupported{std::string("operator ") + binaryOpSpelling(op) + " on pointers"};
        }
    }
    const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le || op == BinaryOp::Ge ||
                            op == BinaryOp::Eq || op == BinaryOp::Ne;
    IntegerChecks checks{[&](Property p, const z3::expr &bad, const char *message) { check(p, bad, ev, message); },
                         opts.properties.count(Property::Overflow) > 0};
    return {false, integerBinaryTerm(op, a.bv, b.bv, comparison ? l->type : e.type, r->type, e.type, checks), {}};
}


SymValue Encoder::eval(const ExprPtr &e, Eval &ev) {
    switch (e->kind) {
    case ExprKind::IntConst:
        if (e->type->isPointer())
            return zeroOf(e->type);
        return {false, ctx.bv_val(uint64_t(e->value), e->type->bits), {}};
    case ExprKind::Var:
    case ExprKind::Deref:
    case ExprKind::Index:
    case ExprKind::Member:
        if (!e->type->isScalar())
            throw BmcUnsupported{"aggregate used as a scalar"};
        return read(address(e, ev), e->type, ev);
    case ExprKind::StringLit: throw BmcUnsupported{"string literal used as a value"};
    case ExprKind::AddrOf: return address(e->ops[0], ev);
    case ExprKind::Unary: {
        SymValue a = eval(e->ops[0], ev);
        uint64_t k;
        if (e->type->isFloat()) { // - flips the sign bit, fabs clears it (NaN and zeros too)
            const unsigned w = e->type->bits;
            if (a.bv.is_numeral_u64(k))
                return {false, ctx.bv_val(floatUnary(e->unaryOp, k, e->type), w), {}};
            if (e->unaryOp == UnaryOp::FAbs)
                return {false, a.bv & ctx.bv_val((uint64_t(1) << (w - 1)) - 1, w), {}};
            if (e->unaryOp == UnaryOp::Neg)
                return {false, a.bv ^ ctx.bv_val(uint64_t(1) << (w - 1), w), {}};
            return floatFunction(*e, a);
        }
        if (!a.isPointer && e->unaryOp != UnaryOp::LogNot && a.bv.is_numeral_u64(k)) {
            IntegerResult res = integerUnary(e->unaryOp, k, e->type);
            if (res.overflow && opts.properties.count(Property::Overflow))
                check(Property::Overflow, ctx.bool_val(true), ev, "arithmetic overflow on signed negation");
            return {false, ctx.bv_val(res.bits, e->type->bits), {}};
        }
        switch (e->unaryOp) {
        case UnaryOp::LogNot: return fromBool(notE(truth(a)), e->type);
        case UnaryOp::BitNot: return {false, ~a.bv, {}};
        case UnaryOp::FAbs: // floats only, above
        case UnaryOp::Sqrt:
        case UnaryOp::Floor:
        case UnaryOp::Ceil:
        case UnaryOp::Trunc:
        case UnaryOp::Round: break;
        case UnaryOp::Neg:
            if (e->type->isSigned && opts.properties.count(Property::Overflow))
                check(Property::Overflow, a.bv == ctx.bv_val(uint64_t(1) << (e->type->bits - 1), e->type->bits), ev,
                      "arithmetic overflow on signed negation");
            return {false, -a.bv, {}};
        }
        break;
    }
    case ExprKind::Conditional: {
        z3::expr c = truth(eval(e->ops[0], ev));
        Eval t{ev.state, ev.frame, ev.edge, ev.local && c};
        SymValue a = eval(e->ops[1], t);
        Eval f{ev.state, ev.frame, ev.edge, ev.local && !c};
        SymValue b = eval(e->ops[2], f);
        return select(c, a, b);
    }
    case ExprKind::Cast:
        switch (e->castKind) {
        case CastKind::ArrayDecay: return address(e->ops[0], ev);
        case CastKind::Integral: {
            SymValue a = eval(e->ops[0], ev);
            uint64_t k;
            if (a.bv.is_numeral_u64(k))
                return {false, ctx.bv_val(convertInteger(k, e->ops[0]->type, e->type), e->type->bits), {}};
            return {false, convertBits(a.bv, e->ops[0]->type, e->type), {}};
        }
        case CastKind::IntToFloat:
        case CastKind::FloatToFloat:
        case CastKind::FloatToInt: return floatCast(*e, eval(e->ops[0], ev), ev);
        case CastKind::Reinterpret: return {false, eval(e->ops[0], ev).bv, {}};
        case CastKind::PointerToPointer: return eval(e->ops[0], ev);
        case CastKind::NullToPointer: eval(e->ops[0], ev); return zeroOf(e->type);
        case CastKind::PointerToBool: return fromBool(truth(eval(e->ops[0], ev)), e->type);
        case CastKind::ToVoid: eval(e->ops[0], ev); return {false, ctx.bv_val(0, 32), {}};
        case CastKind::PointerToInt: {
            // The number a compiled program would see (addressOf), in the integer's width.
            const z3::expr a = addressOf(eval(e->ops[0], ev));
            const unsigned bits = e->type->bits;
            return SymValue{false, bits < 64 ? a.extract(bits - 1, 0) : bits > 64 ? z3::zext(a, bits - 64) : a, {}};
        }
        case CastKind::IntToPointer: return pointerAt(to64(convertBits(eval(e->ops[0], ev).bv, e->ops[0]->type,
                                                                      machineInteger(64, false))));
        }
        break;
    case ExprKind::Binary: return binary(*e, ev);
    }
    throw BmcUnsupported{"expression"};
}

void Encoder::intrinsic(const CfaEdge &e, Eval &ev) {
    const CallInfo &c = e.call;
    switch (c.intrinsic) {
    case Intrinsic::Nondet:
    case Intrinsic::External: {
        const Type *rt = P.functions[c.callee].type ? P.functions[c.callee].type->target : machineInteger(32, true);
        for (const auto &a : c.args)
            eval(a, ev);
        if (rt->kind == TypeKind::Void)
            return;
        SymValue v = freshInput(rt, ev, false);
        if (c.lhs) {
            if (c.lhs->type != rt && (rt->isFloat() || c.lhs->type->isFloat()))
                throw BmcUnsupported{"a nondeterministic value converted to or from floating point"};
            if (c.lhs->type != rt && !rt->isPointer())
                v.bv = convertBits(v.bv, rt, c.lhs->type);
            write(address(c.lhs, ev), c.lhs->type, v, ev);
        }
        return;
    }
    case Intrinsic::Assume:
        if (!c.args.empty())
            ev.state.guard = andE(ev.state.guard, truth(eval(c.args[0], ev)));
        return;
    case Intrinsic::Assert: {
        if (c.args.empty())
            return;
        z3::expr ok = truth(eval(c.args[0], ev));
        // A built-in assertion while they are off is of the pointer check (as the interpreter's).
        const Property checked = P.assertsProgramProperty(c) ? Property::Assertion : Property::Pointer;
        // Not selected (a search for executions): a failing assertion cuts the path.
        if (opts.properties.count(checked) && !ev.state.guard.is_false())
            violations.push_back({andE(ev.state.guard, notE(ok)), checked, e.id,
                                  (checked == Property::Pointer ? "precondition " : "assertion ") + e.text, m_unode,
                                  m_onReturn});
        ev.state.guard = andE(ev.state.guard, ok); // the interpreter stops at the first violation
        return;
    }
    case Intrinsic::Error:
        if (opts.properties.count(Property::Assertion) && !ev.state.guard.is_false())
            violations.push_back(
                {ev.state.guard, Property::Assertion, e.id, c.calleeName + "() called", m_unode, m_onReturn});
        ev.state.guard = ctx.bool_val(false);
        return;
    case Intrinsic::Abort:
    case Intrinsic::Exit:
        for (const auto &a : c.args)
            eval(a, ev);
        ev.state.guard = ctx.bool_val(false);
        return;
    case Intrinsic::Printf:
        if (c.lhs)
            throw BmcUnsupported{"use of the value that " + c.calleeName + " returns"};
        for (const auto &a : c.args)
            if (a->type->isScalar())
                eval(a, ev);
        return;
    case Intrinsic::Malloc: allocate(c, ev); return;
    case Intrinsic::Free: release(c, ev); return;
    case Intrinsic::PointerOk: {
        // CBMC's __CPROVER_r_ok(p, n): p points into a live object that has n bytes from p on.
        if (c.args.size() != 2)
            throw BmcUnsupported{c.calleeName + " with " + std::to_string(c.args.size()) + " arguments"};
        SymValue p = eval(c.args[0], ev);
        const z3::expr n = to64(eval(c.args[1], ev).bv);
        z3::expr ok = ctx.bool_val(false);
        for (const PtrTarget &t : p.isPointer ? p.targets : std::vector<PtrTarget>{}) {
            if (t.object == -2 && outsideObjects()) {
                ok = orE(ok, t.guard); // memory outside every object: readable and writable
                continue;
            }
            if (t.object < 0)
                continue;
            const ObjectDesc &d = objects[size_t(t.object)];
            if (d.region)
                throw BmcUnsupported{"__CPROVER_r_ok of an object a havoc stands for"};
            const z3::expr size = d.dynamicBytes ? *d.dynamicBytes
                                                 : ctx.bv_val(d.heap || !d.type ? d.sizeBytes : d.type->sizeBytes, 64);
            z3::expr in = z3::ule(t.offset, size) && z3::ule(n, size - t.offset);
            if (d.heap)
                in = in && alive(ev.state, t.object);
            ok = orE(ok, andE(t.guard, in));
        }
        if (c.lhs)
            write(address(c.lhs, ev), c.lhs->type, fromBool(ok.simplify(), c.lhs->type), ev);
        return;
    }
    case Intrinsic::Forall:
    case Intrinsic::Exists: quantifier(c, ev); return;
    case Intrinsic::BlockOperation: blockOperation(c, ev); return;
    case Intrinsic::Overflow: {
        // Exact: both operands widened so that the operation cannot wrap, then compared with
        // the type's range.
        if (c.args.size() != 2)
            throw BmcUnsupported{"malformed " + c.calleeName};
        const Type *t = c.args[0]->type;
        const unsigned w = t->bits, wide = 2 * w + 2;
        auto widen = [&](const z3::expr &v) { return t->isSigned ? z3::sext(v, wide - w) : z3::zext(v, wide - w); };
        const z3::expr a = widen(eval(c.args[0], ev).bv), b = widen(eval(c.args[1], ev).bv);
        const z3::expr r = c.calleeName == "__CPROVER_overflow_plus"    ? a + b
                           : c.calleeName == "__CPROVER_overflow_minus" ? a - b
                                                                        : a * b;
        const z3::expr fits = widen(r.extract(w - 1, 0)) == r;
        if (c.lhs)
            write(address(c.lhs, ev), c.lhs->type, fromBool((!fits).simplify(), c.lhs->type), ev);
        return;
    }
    case Intrinsic::PointerPrimitive: {
        // As the interpreter: objects numbered from 1 (its own numbering: only equality between
        // numbers is shared), NULL 0, an address that is no object all ones.
        // Declared implicitly, the call may have any number of arguments.
        if (c.args.size() != (c.calleeName == "__CPROVER_same_object" ? 2u : 1u))
            throw BmcUnsupported{c.calleeName + " with " + std::to_string(c.args.size()) + " arguments"};
        const SymValue p = eval(c.args[0], ev);
        if (!p.isPointer)
            throw BmcUnsupported{c.calleeName + " of an integer"};
        auto number = [&](const PtrTarget &t) -> z3::expr {
            return ctx.bv_val(t.object == -1 ? 0 : t.object < 0 ? UINT64_MAX : uint64_t(t.object) + 1, 64);
        };
        z3::expr v = ctx.bv_val(0, 64);
        if (c.calleeName == "__CPROVER_same_object") {
            const SymValue q = eval(c.args[1], ev);
            if (!q.isPointer)
                throw BmcUnsupported{c.calleeName + " of an integer"};
            z3::expr same = ctx.bool_val(false);
            for (const PtrTarget &a : p.targets)
                for (const PtrTarget &b : q.targets)
                    if (a.object == b.object && a.object != -2)
                        same = orE(same, andE(a.guard, b.guard));
            v = z3::ite(same, ctx.bv_val(1, 64), v);
        } else {
            for (const PtrTarget &t : p.targets)
                v = z3::ite(t.guard, c.calleeName == "__CPROVER_POINTER_OBJECT" ? number(t) : t.offset, v);
        }
        if (c.lhs) {
            const unsigned bits = c.lhs->type->bits;
            write(address(c.lhs, ev), c.lhs->type,
                  SymValue{false, (bits < 64 ? v.extract(bits - 1, 0) : v).simplify(), {}}, ev);
        }
        return;
    }
    case Intrinsic::InvalidCall:
        // Undefined behaviour: the execution goes no further, a violation when pointers are checked.
        check(Property::Pointer, ctx.bool_val(true), ev,
              "call through a function pointer that points to no function of its type");
        ev.state.guard = ctx.bool_val(false);
        return;
    case Intrinsic::None: break;
    }
}

void Encoder::apply(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming) {
    try {
        applyVariants(unode, ue, std::move(s), incoming);
    } catch (BmcUnsupported &u) {
        // Where, as every refusal says it (a driver's "access through a different type" did not).
        if (ue.edge >= 0) {
            const CfaEdge &e = P.edge(ue.edge);
            if (e.range.valid() && size_t(e.range.file) < P.files.size())
                u.what += " at " + P.files[size_t(e.range.file)].path + ":" + std::to_string(e.range.beginLine) + ":" +
                          std::to_string(e.range.beginColumn) + " [" + e.text + "]";
        }
        throw;
    }
}

void Encoder::applyVariants(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming) {
    m_unode = unode;
    m_onReturn = ue.kind == UEdge::Leave;
    auto variants = ue.kind == UEdge::Cfa ? m_variantEdges.find(ue.edge) : m_variantEdges.end();
    if (variants != m_variantEdges.end()) {
        // A mutated edge: each variant's operation on the paths that select it; the states
        // join again at the edge's target like the branches of an if.
        z3::expr original = ctx.bool_val(true);
        for (const auto &[k, edge] : variants->second) {
            State mutated = s;
            mutated.guard = andE(s.guard, chosen(k));
            applyEdge(unode, ue, *edge, std::move(mutated), incoming);
            original = andE(original, notE(chosen(k)));
        }
        s.guard = andE(s.guard, original);
    }
    applyEdge(unode, ue, P.edge(ue.edge), std::move(s), incoming);
}

void Encoder::applyEdge(int unode, const UEdge &ue, const CfaEdge &e, State s,
                        std::vector<std::vector<State>> &incoming) {
    const UNode &u = U.nodes[size_t(unode)];
    Eval ev{s, u.frame, ue.edge, ctx.bool_val(true)};
    switch (ue.kind) {
    case UEdge::Enter: {
        if (ue.unwindLimit)
            break; // the call that would exceed the recursion bound
        const FunctionCfa &callee = P.functions[e.call.callee];
        int calleeFrame = U.nodes[size_t(ue.target)].frame;
        std::vector<std::pair<size_t, SymValue>> values;
        for (size_t i = 0; i < callee.params.size() && i < e.call.args.size(); ++i) {
            const Type *pt = P.variable(callee.params[i]).type;
            values.push_back({i, pt->isScalar() ? eval(e.call.args[i], ev) : address(e.call.args[i], ev)});
        }
        for (size_t i = callee.params.size(); i < e.call.args.size(); ++i)
            eval(e.call.args[i], ev);
        for (auto &[i, v] : values) {
            const Type *pt = P.variable(callee.params[i]).type;
            Eval inCallee{s, calleeFrame, ue.edge, ctx.bool_val(true)};
            SymValue dst = address(makeVar(pt, callee.params[i]), inCallee);
            if (pt->isScalar())
                write(dst, pt, v, inCallee);
            else
                copy(dst, v, pt, inCallee);
        }
        break;
    }
    case UEdge::Leave: {
        const CfaEdge &call = e;
        if (call.call.lhs) {
            int calleeFrame = u.frame;
            int callerFrame = U.frames[size_t(calleeFrame)].parent;
            const Type *t = call.call.lhs->type;
            int slot = returnSlot(calleeFrame, t);
            Eval inCaller{s, callerFrame, ue.edge, ctx.bool_val(true)};
            SymValue src{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), slot, ctx.bv_val(0, 64)}}};
            SymValue dst = address(call.call.lhs, inCaller);
            if (t->isScalar())
                write(dst, t, read(src, t, inCaller), inCaller);
            else
                copy(dst, src, t, inCaller);
        }
        break;
    }
    case UEdge::Cfa: {
        switch (e.kind) {
        case EdgeKind::Blank: break;
        case EdgeKind::Declaration: {
            const Variable &v = P.variable(e.declared);
            SymValue dst = address(makeVar(v.type, v.id), ev);
            const int object = dst.targets[0].object;
            const ObjectDesc &d = objects[size_t(object)];
            if (!e.hasInitializer) {
                // Indeterminate: inputs of the execution, an array's all at once.
                if (d.element) {
                    auto c = indeterminateArray(true);
                    inputs.push_back({ctx.bv_val(0, 1), s.guard, order++, true, d.element, c->base, d.count});
                    setContents(s, object, std::move(c));
                } else {
                    for (const Leaf &l : leavesOf(v.type))
                        write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, freshInput(l.type, ev, true), ev);
                }
                break;
            }
            if (d.element)
                setContents(s, object, zeroArray());
            else
                for (const Leaf &l : leavesOf(v.type))
                    write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, zeroOf(l.type), ev);
            for (const auto &init : e.inits)
                assign(address(init.target, ev), init.target->type, init.value, ev);
            break;
        }
        case EdgeKind::Assignment: assign(address(e.lhs, ev), e.lhs->type, e.rhs, ev); break;
        case EdgeKind::Assume: {
            z3::expr c = truth(eval(e.cond, ev));
            s.guard = andE(s.guard, e.truth ? c : notE(c));
            break;
        }
        case EdgeKind::Call:
            if (ue.summarized) {
                // The callee's summary: its arguments are evaluated (their side effects
                // happen), then its result and everything it may write become arbitrary.
                std::vector<SymValue> args;
                for (const auto &a : e.call.args)
                    if (a->type->isScalar())
                        args.push_back(eval(a, ev));
                if (e.call.lhs)
                    havoc(address(e.call.lhs, ev), e.call.lhs->type, ev);
                for (VarId v : opts.summarizedRecursion.at(e.call.callee)) {
                    const Type *t = P.variable(v).type;
                    havoc(address(makeVar(t, v), ev), t, ev);
                }
                if (auto table = opts.recursionTables.find(e.call.callee);
                    table != opts.recursionTables.end() && e.call.lhs && args.size() == 1)
                    tabulate(table->second, e, args[0], s, ev);
                break;
            }
            if (e.call.intrinsic == Intrinsic::Exit && ue.target >= 0 && accepting(U.nodes[size_t(ue.target)].monitor)) {
                if (!s.guard.is_false())
                    goals.push_back({s.guard, unode, e.id});
            }
            intrinsic(e, ev);
            break;
        case EdgeKind::Return:
            if (e.value) {
                const Type *t = e.value->type;
                int slot = returnSlot(u.frame, t);
                SymValue dst{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), slot, ctx.bv_val(0, 64)}}};
                assign(dst, t, e.value, ev);
            }
            break;
        }
        break;
    }
    }
    if (ue.unwindLimit) {
        // After the edge's own condition: the path really takes it one time too many.
        if (opts.unwindingAssertions && !s.guard.is_false())
            violations.push_back({s.guard, Property::Unwinding, ue.edge, "unwinding assertion: " + ue.loop, unode,
                                  m_onReturn, ue.loop});
        return;
    }
    if (ue.target < 0 || s.guard.is_false())
        return;
    for (const BmcOptions::Havoc &h : opts.havocs) {
        if (ue.kind == UEdge::Enter || !h.entryEdges.count(ue.edge))
            continue;
        // Entering a loop of the inductive step: what it writes becomes arbitrary (not an
        // input of any execution: the step's paths are not replayed).
        Eval at{s, U.nodes[size_t(ue.target)].frame, ue.edge, ctx.bool_val(true)};
        if (h.heap)
            m_heapSites = h.heap;
        for (VarId v : h.vars) {
            const Type *t = P.variable(v).type;
            // A pointer by allocation site: NULL or an object of its sites (else anywhere).
            std::optional<std::vector<int>> pointees;
            if (h.heap)
                if (auto it = h.heap->variables.find(v); it != h.heap->variables.end())
                    pointees = pointeesOf(it->second);
            havoc(address(makeVar(t, v), at), t, at, pointees ? &*pointees : nullptr);
        }
        for (EdgeId site : h.sites)
            havocSite(site, at);
        // Memory outside every object: the loop may write it through any address of no object.
        for (const auto &[key, array] : m_outsideArrays)
            setContents(at.state, array, indeterminateArray(false));
    }
    taken[&ue].push_back(s.guard);
    incoming[size_t(ue.target)].push_back(std::move(s));
}

// A summarized call of a tabulated function (BmcOptions::recursionTables): where the argument
// lies in the table's range, the arbitrary result is the table's value there.
void Encoder::tabulate(const BmcOptions::Table &table, const CfaEdge &e, const SymValue &arg, State &s, Eval &ev) {
    const FunctionCfa &callee = P.functions[size_t(e.call.callee)];
    const Type *param = callee.params.size() == 1 ? P.variable(callee.params[0]).type : nullptr;
    const Type *result = callee.type ? callee.type->target : nullptr;
    const Type *lhs = e.call.lhs->type;
    // Only where the values need no conversion (the front end casts an argument to its parameter).
    if (!param || !result || arg.isPointer || !lhs->isInt() || !result->isInt() || lhs->bits != result->bits ||
        arg.bv.get_sort().bv_size() != param->bits)
        return;
    const SymValue r = eval(e.call.lhs, ev);
    z3::expr value = r.bv;
    for (size_t i = table.results.size(); i-- > 0;)
        value = z3::ite(arg.bv == ctx.bv_val(table.first + int64_t(i), param->bits),
                        ctx.bv_val(table.results[i], result->bits), value);
    s.guard = andE(s.guard, r.bv == value);
}

void Encoder::havoc(const SymValue &dst, const Type *t, Eval &at, const std::vector<int> *pointees) {
    if (const ObjectDesc &d = objects[size_t(dst.targets[0].object)]; d.element) {
        std::optional<std::vector<int>> where;
        if (pointees && d.element->isPointer())
            where = *pointees;
        setContents(at.state, dst.targets[0].object, indeterminateArray(false, std::move(where)));
        return;
    }
    for (const Leaf &l : leavesOf(t)) {
        const unsigned width = unsigned(l.type->sizeBytes * 8);
        if (l.type->isPointer() && pointees) {
            const z3::expr raw = ctx.bv_const(("havoc" + std::to_string(fresh++)).c_str(), PointerBits);
            write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, pointerFrom(raw, *pointees), at);
            continue;
        }
        z3::expr x = ctx.bv_const(("havoc" + std::to_string(fresh++)).c_str(), width);
        SymValue value{false, x, {}};
        if (l.type->isPointer()) {
            // Pointers not known by allocation site get no inductive step (Induction.cpp):
            // this only keeps the encoding well-formed until the step says so.
            const z3::expr null = x == ctx.bv_val(0, width);
            value = SymValue{true, ctx.bv_val(0, 1),
                             {PtrTarget{null, -1, ctx.bv_val(0, 64)},
                              PtrTarget{!null, -2, width < 64 ? z3::zext(x, 64 - width) : x}}};
        } else if (l.type->isBool) {
            value.bv = z3::ite(x.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
        }
        write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, value, at);
    }
}

void Encoder::encode() {
    std::vector<std::vector<State>> incoming(U.nodes.size());
    // The initial state: globals zero, then their initializers.
    State init{ctx.bool_val(true), {}};
    {
        Eval ev{init, 0, -1, ctx.bool_val(true)};
        for (const auto &g : P.globals)
            for (const auto &i : g.inits)
                assign(address(i.target, ev), i.target->type, i.value, ev);
    }
    incoming[0].push_back(std::move(init));
    for (int n : U.topo) {
        if (deadline)
            deadline->check("encoding");
        auto &in = incoming[size_t(n)];
        if (in.empty())
            continue;
        State s = merge(in);
        in.clear();
        in.shrink_to_fit();
        if (!opts.invariants.empty() && U.nodes[size_t(n)].frame == 0)
            invariantsAt(n, s);
        if (s.guard.is_false())
            continue;
        nodeGuards.push_back({n, s.guard});
        const UNode &un = U.nodes[size_t(n)];
        if (un.frame == 0 && un.node == P.functions[P.entryFunction].exit && accepting(un.monitor))
            goals.push_back({s.guard, n});
        const auto &outs = U.nodes[size_t(n)].out;
        for (size_t i = 0; i < outs.size(); ++i) {
            ++order;
            if (i + 1 == outs.size())
                apply(n, outs[i], std::move(s), incoming);
            else
                apply(n, outs[i], s, incoming);
        }
    }
    instantiateArrayFacts();
}

void Encoder::quantifier(const CallInfo &c, Eval &ev) {
    // CBMC's quantifier over [lo, hi] (Intrinsic::Forall): one instance of range and body per
    // value, as the interpreter takes them — each instance is read only where the ones
    // before did not decide it, like the operands of && and ||, so a check in the body
    // (a bounds check) fails only where the interpreter's would.
    if (c.args.size() != 5)
        throw BmcUnsupported{"malformed quantifier"};
    const bool exists = c.intrinsic == Intrinsic::Exists;
    const Type *vt = c.args[0]->type;
    auto bound = [&](size_t i) -> std::optional<__int128> {
        const z3::expr b = eval(c.args[i], ev).bv.simplify();
        uint64_t u = 0;
        if (!b.is_numeral() || !b.is_numeral_u64(u))
            return std::nullopt;
        const Type *t = c.args[i]->type;
        return t->isSigned && t->bits < 128 && t->bits > 0 && (u >> (t->bits - 1)) & 1 ? __int128(u) - (__int128(1) << t->bits)
                                                                                      : __int128(u);
    };
    const std::optional<__int128> lo0 = bound(1), hi0 = bound(2);
    if (!lo0 || !hi0)
        return symbolicQuantifier(c, ev);
    const __int128 typeMin = vt->isSigned ? -(__int128(1) << (vt->bits - 1)) : 0;
    const __int128 typeMax = vt->isSigned ? (__int128(1) << (vt->bits - 1)) - 1 : (__int128(1) << vt->bits) - 1;
    const __int128 lo = std::max(*lo0, typeMin), hi = std::min(*hi0, typeMax);
    if (hi - lo >= (__int128(1) << 16))
        throw BmcUnsupported{c.calleeName + " over more than 65,536 values"};
    // A scratch state: the variable's values stay inside; the checks' assumptions come back.
    State scratch = ev.state;
    Eval qe{scratch, ev.frame, ev.edge, ev.local};
    const SymValue v = address(c.args[0], qe);
    z3::expr result = ctx.bool_val(!exists);
    for (__int128 k = lo; k <= hi; ++k) {
        write(v, vt, SymValue{false, ctx.bv_val(uint64_t(k), vt->bits), {}}, qe);
        // Undecided so far: every instance held (forall), or none did (exists).
        qe.local = andE(ev.local, exists ? notE(result) : result);
        const z3::expr inRange = truth(eval(c.args[3], qe));
        qe.local = andE(qe.local, inRange);
        const z3::expr holds = truth(eval(c.args[4], qe));
        result = exists ? orE(result, andE(inRange, holds)) : andE(result, orE(notE(inRange), holds));
    }
    ev.state.guard = scratch.guard;
    if (c.lhs)
        write(address(c.lhs, ev), c.lhs->type, fromBool(result.simplify(), c.lhs->type), ev);
}

void Encoder::symbolicQuantifier(const CallInfo &c, Eval &ev) {
    // Bounds that are terms (AWS_BYTES_EQ over a symbolic length): range and body at one value
    // the solver picks (a Skolem constant). Every value the quantifier has is one this term
    // may take — and more where the instances disagree — so "safe" and "unreachable" hold;
    // a violation that rests on a wrong pick does not replay (the interpreter takes every
    // value) and ends unknown.
    const bool exists = c.intrinsic == Intrinsic::Exists;
    const Type *vt = c.args[0]->type;
    const z3::expr x = ctx.bv_const(("quantified" + std::to_string(fresh++)).c_str(), vt->bits);
    // Compared in a width where every operand's value fits, each with its own signedness.
    auto wide = [&](const z3::expr &v, const Type *t) {
        return t->isSigned ? z3::sext(v, 130 - t->bits) : z3::zext(v, 130 - t->bits);
    };
    const z3::expr lo = eval(c.args[1], ev).bv, hi = eval(c.args[2], ev).bv;
    const z3::expr within = z3::sle(wide(lo, c.args[1]->type), wide(x, vt)) && z3::sle(wide(x, vt), wide(hi, c.args[2]->type));
    State scratch = ev.state;
    Eval qe{scratch, ev.frame, ev.edge, andE(ev.local, within)};
    write(address(c.args[0], qe), vt, SymValue{false, x, {}}, qe);
    const z3::expr inRange = truth(eval(c.args[3], qe));
    qe.local = andE(qe.local, inRange);
    const z3::expr holds = truth(eval(c.args[4], qe));
    const z3::expr result = exists ? andE(within, andE(inRange, holds)) : orE(notE(within), orE(notE(inRange), holds));
    ev.state.guard = scratch.guard;
    if (c.lhs)
        write(address(c.lhs, ev), c.lhs->type, fromBool(result.simplify(), c.lhs->type), ev);
}

} // namespace vcov::bmc
