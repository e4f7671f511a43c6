#include "analysis/ValueEvaluator.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <algorithm>
#include <functional>

namespace vcov {

namespace {

void forEachExpr(const ExprPtr &e, const std::function<void(const Expr &)> &f) {
    if (!e)
        return;
    f(*e);
    for (const auto &op : e->ops)
        forEachExpr(op, f);
}

} // namespace

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
    for (const auto &e : P.edges)
        forEachEdgeExpr(e, collect);
}

std::shared_ptr<const AbstractState> ValueTransfer::initialState() {
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
        throw DomainUnsupported{"undefined behaviour in a global initializer"};
    }
    return s;
}

std::vector<Successor> ValueTransfer::successors(const AbstractState &abstract, NodeId location) {
    const auto &state = static_cast<const ValueState &>(abstract);
    std::vector<Successor> out;
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
        next->objects.eraseIf([&](ObjectKey k) { return keyDepth(k) >= depth; });
        next->stack.pop_back();
        out.push_back({{call.id, true}, call.to, SuccessorKind::Normal, false, {}, std::move(next)});
        return out;
    }
    for (EdgeId eid : node.out) {
        const CfaEdge &e = P.edge(eid);
        auto next = std::make_shared<ValueState>(state);
        ValueEvaluator ev(*this, *next, depth);
        Successor succ{{eid, false}, e.to, SuccessorKind::Normal, false, {}, nullptr};
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
                    next->objects.eraseIf([&](ObjectKey k) { return keyDepth(k) > depth; });
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
                case Intrinsic::PointerOk: // not decided here: the model checker decides it
                    for (const auto &a : c.args)
                        if (a->type->isScalar())
                            ev.eval(a);
                    if (c.lhs) // nondet values, pointers included, are unknown
                        ev.store(ev.address(c.lhs), c.lhs->type, unknownOf(c.lhs->type));
                    break;
                case Intrinsic::Forall:
                case Intrinsic::Exists: // not decided here; the body is read at each value of its variable
                case Intrinsic::Overflow:
                case Intrinsic::PointerPrimitive:
                    if (c.lhs)
                        ev.store(ev.address(c.lhs), c.lhs->type, unknownOf(c.lhs->type));
                    break;
                case Intrinsic::BlockOperation: // the byte loop after it does the work
                    if (c.lhs)
                        ev.store(ev.address(c.lhs), c.lhs->type, knownInt(0));
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
                    if (!P.assertsProgramProperty(c)) { // a built-in one, off: undefined behaviour ends the path
                        if (known)
                            continue;
                        ev.refine(c.args[0], true);
                        break;
                    }
                    Successor target = succ;
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
                    throw DomainUnsupported{"call of " + c.calleeName + ", which has no body"};
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

bool ValueState::lessOrEqual(const AbstractState &abstract) const {
    const auto &other = static_cast<const ValueState &>(abstract);
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

namespace {
uint64_t mixHash(uint64_t h, uint64_t v) {
    // splitmix64's finalizer over the running hash and the next word.
    uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t scalarHash(const AbstractScalar &v) {
    uint64_t h = mixHash(v.known, v.isPointer);
    h = mixHash(h, v.bits);
    h = mixHash(h, uint64_t(v.object));
    return mixHash(h, uint64_t(v.offset));
}

bool knowsAnything(const ObjectValues &o) {
    if (!o.sparse)
        return std::any_of(o.leaves.begin(), o.leaves.end(), [](const AbstractScalar &v) { return v.known; });
    return o.fill.known || std::any_of(o.elements.begin(), o.elements.end(), [](const auto &e) { return e.second.known; });
}
} // namespace

std::optional<FactPositions> ValueState::knownPositions() const {
    FactPositions positions;
    for (const auto &[key, values] : objects) {
        if (values->sparse) {
            if (knowsAnything(*values))
                return std::nullopt;
            continue;
        }
        for (size_t i = 0; i < values->leaves.size(); ++i)
            if (values->leaves[i].known)
                positions.push_back({key, uint32_t(i)});
    }
    return positions;
}

uint64_t ValueState::valuesAt(const FactPositions &positions) const {
    uint64_t h = 0x7a1e;
    auto it = objects.begin();
    for (const auto &[key, leaf] : positions) {
        // Both are sorted by object: walk forward instead of searching.
        while (it != objects.end() && it->first < key)
            ++it;
        const ObjectValues *mine = it != objects.end() && it->first == key ? it->second.get() : nullptr;
        const bool here = mine && !mine->sparse && leaf < mine->leaves.size();
        h = mixHash(h, here ? scalarHash(mine->leaves[leaf]) : 0);
    }
    return h;
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
