#include "analysis/ValueDomain.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <algorithm>
#include <functional>

namespace vcov {

namespace {

ObjectKey localKey(int depth, VarId v) { return (ObjectKey(depth + 1) << 32) | ObjectKey(v); }
ObjectKey returnKey(int depth) { return (ObjectKey(depth + 1) << 32) | 0x7fffffff; }
int keyDepth(ObjectKey k) { return k >= 0 ? int(k >> 32) - 1 : -1; }
bool isReturnKey(ObjectKey k) { return k >= 0 && (k & 0xffffffff) == 0x7fffffff; }

// An evaluation that is certainly undefined (a known division by zero, a null
// dereference): no execution continues, so the path has no successor.
struct PathCut {};

enum class AddrKind { Known, ObjectOnly, Unknown };
struct AbstractAddress {
    AddrKind kind = AddrKind::Unknown;
    ObjectKey object = NullObject;
    int64_t offset = 0;
};

AbstractScalar knownInt(uint64_t bits) {
    AbstractScalar s;
    s.known = true;
    s.bits = bits;
    return s;
}

AbstractScalar knownPointer(ObjectKey object, int64_t offset) {
    AbstractScalar s;
    s.known = true;
    s.isPointer = true;
    s.object = object;
    s.offset = offset;
    return s;
}

AbstractScalar unknownOf(const Type *t) {
    AbstractScalar s;
    s.isPointer = t && t->isPointer();
    return s;
}

void forEachExpr(const ExprPtr &e, const std::function<void(const Expr &)> &f) {
    if (!e)
        return;
    f(*e);
    for (const auto &op : e->ops)
        forEachExpr(op, f);
}

} // namespace

// Evaluates the IR over one abstract state in one frame, and writes into a copy of it.
class ValueEvaluator {
public:
    ValueEvaluator(const ValueTransfer &t, ValueState &s, int depth) : T(t), P(t.P), state(s), depth(depth) {}

    const Type *objectType(ObjectKey key) const {
        auto it = state.objects.find(key);
        if (it != state.objects.end())
            return it->second->type;
        if (key >= 0 && !isReturnKey(key))
            return P.variable(VarId(key & 0xffffffff)).type;
        if (key <= -2 && size_t(-2 - key) < T.m_strings.size())
            return T.m_strings[size_t(-2 - key)]->type;
        return nullptr;
    }

    ObjectKey variableKey(VarId v) const {
        return P.variable(v).function == NoFunction ? ObjectKey(v) : localKey(depth, v);
    }

    AbstractAddress address(const ExprPtr &e) {
        switch (e->kind) {
        case ExprKind::Var: return {AddrKind::Known, variableKey(e->var), 0};
        case ExprKind::StringLit: {
            auto it = T.m_stringKeys.find(e.get());
            if (it == T.m_stringKeys.end())
                throw ValueUnsupported{"a string literal the analysis did not collect"};
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
        default: throw ValueUnsupported{"address of a value that is not an object"};
        }
    }

    // The leaf of `object` at `offset` accessed as `t`; -1 when the access is not one
    // leaf (the middle of a scalar, another type); throws PathCut when outside the object.
    int leafIndex(ObjectKey object, int64_t offset, const Type *t) const {
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

    AbstractScalar load(const AbstractAddress &a, const Type *t) {
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

    ObjectValues &writable(ObjectKey key, const Type *type) {
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

    void store(const AbstractAddress &a, const Type *t, const AbstractScalar &v) {
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
            throw ValueUnsupported{"write to an object of unknown type"};
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

    void copy(const AbstractAddress &dst, const AbstractAddress &src, const Type *t) {
        for (const Leaf &l : leavesOf(t)) {
            AbstractAddress s = src, d = dst;
            s.offset += int64_t(l.offset);
            d.offset += int64_t(l.offset);
            store(d, l.type, load(s, l.type));
        }
    }

    void assign(const AbstractAddress &dst, const Type *t, const ExprPtr &value) {
        if (t->isScalar())
            store(dst, t, eval(value));
        else
            copy(dst, address(value), t);
    }

    void zeroFill(const AbstractAddress &dst, const Type *t) {
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

    static bool truthKnown(const AbstractScalar &s, bool &value) {
        if (!s.known)
            return false;
        value = s.isPointer ? s.object != NullObject : s.bits != 0;
        return true;
    }

    AbstractScalar eval(const ExprPtr &e) {
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
                throw ValueUnsupported{"value of aggregate type used as a scalar"};
            return load(address(e), e->type);
        case ExprKind::StringLit: throw ValueUnsupported{"string literal used as a value"};
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

    // Evaluation on a branch that may not be taken: its undefinedness is no cut.
    AbstractScalar tryEval(const ExprPtr &e) {
        try {
            return eval(e);
        } catch (const PathCut &) {
            return unknownOf(e->type);
        }
    }

    AbstractScalar cast(const Expr &e) {
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

    AbstractScalar binary(const Expr &e) {
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

    // What an assume teaches beyond its truth: `x == 5` holds, so x is 5.
    void refine(const ExprPtr &cond, bool truth) {
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

    const ValueTransfer &T;
    const Program &P;
    ValueState &state;
    int depth;
};

ValueTransfer::ValueTransfer(const Program &program) : P(program) {
    auto collect = [&](const ExprPtr &e) {
        forEachExpr(e, [&](const Expr &x) {
            if (x.kind == ExprKind::StringLit && !m_stringKeys.count(&x)) {
                m_stringKeys[&x] = -2 - ObjectKey(m_strings.size());
                m_strings.push_back(&x);
            }
        });
    };
    for (const auto &g : P.globals)
        for (const auto &i : g.inits)
            collect(i.value);
    for (const auto &e : P.edges) {
        for (const auto &i : e.inits)
            collect(i.value);
        collect(e.lhs);
        collect(e.rhs);
        collect(e.cond);
        collect(e.value);
        collect(e.call.lhs);
        for (const auto &a : e.call.args)
            collect(a);
    }
}

std::shared_ptr<const ValueState> ValueTransfer::initialState() const {
    auto s = std::make_shared<ValueState>();
    s->stack.push_back({P.entryFunction, -1});
    ValueEvaluator ev(*this, *s, -1);
    try {
        for (const auto &g : P.globals)
            ev.zeroFill({AddrKind::Known, ObjectKey(g.var), 0}, P.variable(g.var).type);
        for (const auto &var : P.variables)
            if (var.function == NoFunction && var.type && var.type->kind != TypeKind::Function &&
                var.type->kind != TypeKind::Void && !s->objects.count(var.id))
                ev.zeroFill({AddrKind::Known, ObjectKey(var.id), 0}, var.type);
        for (const auto &g : P.globals)
            for (const auto &init : g.inits)
                ev.assign(ev.address(init.target), init.target->type, init.value);
        const FunctionCfa &entry = P.functions[P.entryFunction];
        ValueEvaluator inMain(*this, *s, 0);
        for (VarId param : entry.params)
            inMain.zeroFill({AddrKind::Known, localKey(0, param), 0}, P.variable(param).type);
    } catch (const PathCut &) {
        throw ValueUnsupported{"undefined behaviour in a global initializer"};
    }
    return s;
}

std::vector<ValueSuccessor> ValueTransfer::successors(const ValueState &state, NodeId location) const {
    std::vector<ValueSuccessor> out;
    const CfaNode &node = P.node(location);
    const FunctionCfa &fn = P.functions[node.function];
    const int depth = state.depth();
    if (location == fn.exit) {
        if (depth == 0)
            return out; // the entry function returned: the execution is complete
        const CfaEdge &call = P.edge(state.stack.back().callEdge);
        auto next = std::make_shared<ValueState>(state);
        try {
            if (call.call.lhs) {
                ValueEvaluator caller(*this, *next, depth - 1);
                const Type *t = call.call.lhs->type;
                AbstractAddress dst = caller.address(call.call.lhs);
                AbstractAddress src{AddrKind::Known, returnKey(depth), 0};
                if (!next->objects.count(returnKey(depth)))
                    caller.writable(returnKey(depth), t); // a callee that returned no value
                if (t->isScalar())
                    caller.store(dst, t, caller.load(src, t));
                else
                    caller.copy(dst, src, t);
            }
        } catch (const PathCut &) {
            return out;
        }
        for (auto it = next->objects.begin(); it != next->objects.end();)
            it = keyDepth(it->first) >= depth ? next->objects.erase(it) : std::next(it);
        next->stack.pop_back();
        out.push_back({{call.id, true}, call.to, SuccessorKind::Normal, false, {}, std::move(next)});
        return out;
    }
    for (EdgeId eid : node.out) {
        const CfaEdge &e = P.edge(eid);
        auto next = std::make_shared<ValueState>(state);
        ValueEvaluator ev(*this, *next, depth);
        ValueSuccessor succ{{eid, false}, e.to, SuccessorKind::Normal, false, {}, nullptr};
        try {
            switch (e.kind) {
            case EdgeKind::Blank: break;
            case EdgeKind::Declaration: {
                const Variable &v = P.variable(e.declared);
                AbstractAddress dst{AddrKind::Known, localKey(depth, v.id), 0};
                next->objects.erase(dst.object);
                ev.writable(dst.object, v.type);
                if (e.hasInitializer) {
                    ev.zeroFill(dst, v.type);
                    for (const auto &init : e.inits)
                        ev.assign(ev.address(init.target), init.target->type, init.value);
                }
                // Without an initializer every leaf, pointers included, is indeterminate: unknown.
                break;
            }
            case EdgeKind::Assignment: ev.assign(ev.address(e.lhs), e.lhs->type, e.rhs); break;
            case EdgeKind::Assume: {
                bool t;
                if (ValueEvaluator::truthKnown(ev.eval(e.cond), t)) {
                    if (t != e.truth)
                        continue;
                } else {
                    ev.refine(e.cond, e.truth);
                }
                break;
            }
            case EdgeKind::Return:
                if (e.value) {
                    const Type *t = e.value->type;
                    ObjectKey slot = returnKey(depth);
                    next->objects.erase(slot);
                    ev.writable(slot, t);
                    ev.assign({AddrKind::Known, slot, 0}, t, e.value);
                }
                break;
            case EdgeKind::Call: {
                const CallInfo &c = e.call;
                const FunctionCfa &callee = P.functions[c.callee];
                if (c.intrinsic == Intrinsic::None && callee.hasBody) {
                    std::vector<std::pair<VarId, AbstractScalar>> scalars;
                    std::vector<std::pair<VarId, AbstractAddress>> aggregates;
                    for (size_t i = 0; i < callee.params.size() && i < c.args.size(); ++i) {
                        const Type *pt = P.variable(callee.params[i]).type;
                        if (pt->isScalar())
                            scalars.push_back({callee.params[i], ev.eval(c.args[i])});
                        else
                            aggregates.push_back({callee.params[i], ev.address(c.args[i])});
                    }
                    for (size_t i = callee.params.size(); i < c.args.size(); ++i)
                        ev.eval(c.args[i]);
                    for (auto it = next->objects.begin(); it != next->objects.end();)
                        it = keyDepth(it->first) > depth ? next->objects.erase(it) : std::next(it);
                    ValueEvaluator in(*this, *next, depth + 1);
                    for (VarId p : callee.params)
                        in.writable(localKey(depth + 1, p), P.variable(p).type);
                    for (auto &[p, v] : scalars)
                        in.store({AddrKind::Known, localKey(depth + 1, p), 0}, P.variable(p).type, v);
                    for (auto &[p, a] : aggregates)
                        in.copy({AddrKind::Known, localKey(depth + 1, p), 0}, a, P.variable(p).type);
                    next->stack.push_back({callee.id, eid});
                    succ.location = callee.entry;
                    break;
                }
                switch (c.intrinsic) {
                case Intrinsic::Nondet:
                case Intrinsic::External:
                case Intrinsic::Malloc:
                case Intrinsic::Printf:
                    for (const auto &a : c.args)
                        if (a->type->isScalar())
                            ev.eval(a);
                    if (c.lhs) // nondet values, pointers included, are unknown
                        ev.store(ev.address(c.lhs), c.lhs->type, unknownOf(c.lhs->type));
                    break;
                case Intrinsic::Free:
                    if (!c.args.empty())
                        ev.eval(c.args[0]);
                    break;
                case Intrinsic::InvalidCall:
                    continue; // undefined behaviour: no execution goes on (the model checker reports it)
                case Intrinsic::Assume:
                    if (!c.args.empty()) {
                        bool t;
                        if (ValueEvaluator::truthKnown(ev.eval(c.args[0]), t)) {
                            if (!t)
                                continue;
                        } else {
                            ev.refine(c.args[0], true);
                        }
                    }
                    break;
                case Intrinsic::Assert: {
                    bool t = false;
                    bool known = !c.args.empty() && ValueEvaluator::truthKnown(ev.eval(c.args[0]), t);
                    if (c.args.empty() || (known && t))
                        break;
                    ValueSuccessor target = succ;
                    target.kind = SuccessorKind::Target;
                    target.message = "assertion " + e.text + " may fail";
                    target.state = std::make_shared<ValueState>(*next);
                    out.push_back(std::move(target));
                    if (known)
                        continue;
                    ev.refine(c.args[0], true);
                    break;
                }
                case Intrinsic::Error:
                    succ.kind = SuccessorKind::Target;
                    succ.message = c.calleeName + "() called";
                    break;
                case Intrinsic::Abort:
                case Intrinsic::Exit:
                    for (const auto &a : c.args)
                        ev.eval(a);
                    succ.kind = SuccessorKind::Terminal;
                    succ.exits = c.intrinsic == Intrinsic::Exit;
                    break;
                case Intrinsic::None:
                    throw ValueUnsupported{"call of " + c.calleeName + ", which has no body"};
                }
                break;
            }
            }
        } catch (const PathCut &) {
            continue;
        }
        // Returning from the entry function ends the execution normally.
        if (succ.kind == SuccessorKind::Normal && next->depth() == 0 &&
            succ.location == P.functions[P.entryFunction].exit) {
            succ.kind = SuccessorKind::Terminal;
            succ.exits = true;
        }
        succ.state = std::move(next);
        out.push_back(std::move(succ));
    }
    return out;
}

std::string ValueTransfer::objectName(ObjectKey key) const {
    if (key == NullObject)
        return "NULL";
    if (key <= -2)
        return "string literal";
    if (isReturnKey(key))
        return "return value";
    return P.variable(VarId(key & 0xffffffff)).name;
}

const AbstractScalar &ObjectValues::leaf(uint64_t i) const {
    if (!sparse)
        return leaves[size_t(i)];
    auto it = elements.find(i);
    return it == elements.end() ? fill : it->second;
}

void ObjectValues::set(uint64_t i, const AbstractScalar &v) {
    if (!sparse) {
        leaves[size_t(i)] = v;
        return;
    }
    if (v == fill) {
        elements.erase(i);
        return;
    }
    elements[i] = v;
    if (elements.size() <= SparseKnownElements)
        return;
    // Forget: first what the fill claims of the untouched elements, then the element
    // furthest from the one just written.
    if (fill.known) {
        fill.known = false;
        fill.bits = 0;
        fill.object = NullObject;
        fill.offset = 0;
        for (auto it = elements.begin(); it != elements.end();)
            it = it->second == fill ? elements.erase(it) : std::next(it);
    }
    if (elements.size() > SparseKnownElements)
        elements.erase(elements.begin()->first == i ? std::prev(elements.end()) : elements.begin());
}

uint64_t ObjectValues::leafCount() const {
    if (!sparse)
        return leaves.size();
    uint64_t count = 0;
    type->uniformElement(count);
    return count;
}

bool ValueState::lessOrEqual(const ValueState &other) const {
    if (stack != other.stack)
        return false;
    for (const auto &[key, values] : other.objects) {
        auto it = objects.find(key);
        const ObjectValues *mine = it == objects.end() ? nullptr : it->second.get();
        if (mine == values.get())
            continue;
        if (values->sparse) {
            // Everything other knows, this knows too: its fill over the elements this
            // holds apart, and its elements.
            if (values->fill.known) {
                if (!mine || !mine->sparse || !(mine->fill == values->fill))
                    return false;
                for (const auto &[i, v] : mine->elements)
                    if (!values->elements.count(i) && !(v == values->fill))
                        return false;
            }
            for (const auto &[i, v] : values->elements)
                if (v.known && (!mine || !mine->sparse || !(mine->leaf(i) == v)))
                    return false;
            continue;
        }
        for (size_t i = 0; i < values->leaves.size(); ++i) {
            const AbstractScalar &v = values->leaves[i];
            if (!v.known)
                continue;
            if (!mine || i >= mine->leaves.size() || !(mine->leaves[i] == v))
                return false;
        }
    }
    return true;
}

size_t ValueState::knownCount() const {
    size_t n = 0;
    for (const auto &[key, values] : objects) {
        if (values->sparse) {
            for (const auto &[i, v] : values->elements)
                n += v.known;
            if (values->fill.known)
                n += size_t(values->leafCount() - values->elements.size());
            continue;
        }
        for (const auto &v : values->leaves)
            n += v.known;
    }
    return n;
}

namespace {

// Calls visit(depth, "name", "value or ⊤") for every leaf of every user variable.
template <typename Visit>
void forEachLeaf(const ValueState &state, const Program &program, bool unknownToo, Visit visit) {
    for (const auto &[key, values] : state.objects) {
        if (key < 0 || isReturnKey(key))
            continue;
        const Variable &var = program.variable(VarId(key & 0xffffffff));
        if (var.isTemporary)
            continue;
        auto show = [&](const std::string &name, const AbstractScalar &v, const Type *type) {
            if (!v.known && !unknownToo)
                return;
            std::string value;
            if (!v.known)
                value = "\u22a4"; // ⊤: any value
            else if (v.isPointer)
                value = v.object == NullObject ? "NULL" : "&" + (v.object >= 0 && !isReturnKey(v.object) ? program.variable(VarId(v.object & 0xffffffff)).name : std::string("?"));
            else if (type->isFloat())
                value = floatText(v.bits, type);
            else
                value = type->isSigned ? std::to_string(signExtend(v.bits, type->bits)) : std::to_string(v.bits);
            visit(keyDepth(key), name, value);
        };
        if (values->sparse) {
            // The elements held apart by index, then the others at once: "a[…] = 0".
            uint64_t count = 0;
            const Type *element = values->type->uniformElement(count);
            for (const auto &[i, v] : values->elements)
                show(var.name + "[" + std::to_string(i) + "]", v, element);
            if (values->elements.size() < count)
                show(var.name + (values->elements.empty() ? "[*]" : "[\u2026]"), values->fill, element);
            continue;
        }
        const auto &leaves = leavesOf(values->type);
        for (size_t i = 0; i < values->leaves.size() && i < leaves.size(); ++i) {
            std::string name = var.name;
            if (values->type->isArray() && values->type->target->isScalar())
                name += "[" + std::to_string(leaves[i].offset / std::max<uint64_t>(1, values->type->target->sizeBytes)) + "]";
            else if (leaves.size() > 1)
                name += "@" + std::to_string(leaves[i].offset);
            show(name, values->leaves[i], leaves[i].type);
        }
    }
}

} // namespace

std::string ValueState::describe(const Program &program) const {
    std::string out;
    forEachLeaf(*this, program, false, [&](int, const std::string &name, const std::string &value) {
        out += (out.empty() ? "" : ", ") + name + " = " + value;
    });
    return out;
}

std::vector<std::pair<std::string, std::string>> ValueState::describeFrames(const Program &program) const {
    // Index 0: globals; 1 + d: the frame at call depth d.
    std::vector<std::pair<std::string, std::string>> out(stack.size() + 1);
    out[0].first = "globals";
    for (size_t d = 0; d < stack.size(); ++d) {
        out[d + 1].first = stack[d].function == NoFunction ? "?" : program.functions[size_t(stack[d].function)].name;
        if (stack[d].callEdge >= 0)
            out[d + 1].first += " (called at line " + std::to_string(program.edge(stack[d].callEdge).line()) + ")";
    }
    forEachLeaf(*this, program, true, [&](int depth, const std::string &name, const std::string &value) {
        size_t i = size_t(depth + 1);
        if (i < out.size())
            out[i].second += (out[i].second.empty() ? "" : ", ") + name + " = " + value;
    });
    if (out[0].second.empty())
        out.erase(out.begin());
    return out;
}

} // namespace vcov
