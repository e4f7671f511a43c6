// The concrete interpreter (Interpreter.h): expressions evaluated and edges stepped, on the
// machine of InterpreterMachine.h; its memory and its library in the files beside this one.
#include "semantics/InterpreterMachine.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <chrono>
#include <cinttypes>
#include <cstring>
#include <map>
#include <unordered_map>

namespace vcov {

const char *endingKindName(EndingKind k) {
    switch (k) {
    case EndingKind::Exit: return "exit";
    case EndingKind::Abort: return "abort";
    case EndingKind::PropertyViolation: return "property-violation";
    case EndingKind::AssumptionFailed: return "assumption-failed";
    case EndingKind::UndefinedBehaviour: return "undefined-behaviour";
    case EndingKind::StepLimit: return "step-limit";
    case EndingKind::Unsupported: return "unsupported";
    }
    return "?";
}

std::vector<PathMove> movesOf(const Program &program, const Execution &execution) {
    std::vector<PathMove> moves;
    std::vector<EdgeId> calls; // the call edges of the active frames below the entry's
    for (const ExecutionStep &s : execution.steps) {
        const CfaEdge &e = program.edge(s.edge);
        moves.push_back({e.id, false});
        NodeId at = afterMove(program, moves.back(), calls);
        // Reaching a callee's exit returns to the caller (the interpreter records no step).
        while (!calls.empty() && at == program.functions[program.node(at).function].exit) {
            moves.push_back({calls.back(), true});
            at = afterMove(program, moves.back(), calls);
        }
    }
    return moves;
}

std::vector<std::string> inputTexts(const Execution &x) {
    std::vector<std::string> out;
    for (const ExecutionStep &s : x.steps)
        if (s.nondet && out.size() < x.input.nondet.size())
            out.push_back(s.nondetText.empty() ? std::to_string(*s.nondet) : s.nondetText);
    for (size_t i = out.size(); i < x.input.nondet.size(); ++i)
        out.push_back(std::to_string(x.input.nondet[i]));
    return out;
}

size_t completedSteps(const Execution &x) {
    size_t n = x.steps.size();
    if (n > 0 && x.ending.kind != EndingKind::Exit && x.ending.kind != EndingKind::StepLimit &&
        x.ending.edge == x.steps.back().edge)
        --n;
    return n;
}

std::string describeEnding(const Program &p, const ExecutionEnding &e) {
    std::string where;
    if (e.edge >= 0 && size_t(e.edge) < p.edges.size()) {
        const CfaEdge &edge = p.edge(e.edge);
        if (edge.range.valid())
            where = " at " + p.files[edge.range.file].path + ":" + std::to_string(edge.range.beginLine) + " (" +
                    edge.text + ")";
    }
    switch (e.kind) {
    case EndingKind::Exit: return "exit with code " + std::to_string(e.exitCode);
    case EndingKind::Abort: return "aborted" + where;
    case EndingKind::PropertyViolation:
        return std::string(e.property ? propertyName(*e.property) : "property") + " violated" + where +
               (e.message.empty() ? "" : ": " + e.message);
    case EndingKind::AssumptionFailed: return "assumption failed" + where;
    case EndingKind::UndefinedBehaviour: return "undefined behaviour" + where + ": " + e.message;
    case EndingKind::StepLimit: return "step limit reached" + where;
    case EndingKind::Unsupported: return "unsupported" + where + ": " + e.message;
    }
    return "?";
}

namespace interpreter {

[[noreturn]] void Interpreter::stop(EndingKind k, std::string message, std::optional<Property> prop) {
    Stop s;
    s.ending.kind = k;
    s.ending.message = std::move(message);
    s.ending.property = prop;
    s.ending.edge = currentEdge;
    throw s;
}

[[noreturn]] void Interpreter::fail(Property prop, std::string message) {
    if (opts.properties.count(prop))
        stop(EndingKind::PropertyViolation, std::move(message), prop);
    stop(EndingKind::UndefinedBehaviour, std::move(message));
}

uint64_t Interpreter::convertValue(uint64_t bits, const Type *from, const Type *to) {
    if (from->isFloat() && to->isFloat())
        return floatToFloat(bits, from, to);
    if (to->isFloat())
        return integerToFloat(bits, from, to);
    if (from->isFloat()) {
        FloatResult r = floatToInteger(bits, from, to);
        if (r.invalid)
            fail(Property::Overflow, "floating-point value out of the range of '" + to->spelling() + "' in a conversion");
        return r.bits;
    }
    return convertInteger(bits, from, to);
}

void Interpreter::overflowed(const char *what) {
    if (opts.properties.count(Property::Overflow))
        stop(EndingKind::PropertyViolation, what, Property::Overflow);
    // Unchecked: the wrapped value stands (as with gcc -fwrapv and CBMC).
}

Scalar Interpreter::eval(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::IntConst:
        if (e->type->isPointer()) {
            Scalar n;
            n.isPointer = true;
            return n;
        }
        return integer(truncateBits(uint64_t(e->value), e->type->bits));
    case ExprKind::Var:
    case ExprKind::Deref:
    case ExprKind::Index:
    case ExprKind::Member:
        if (!e->type->isScalar())
            stop(EndingKind::Unsupported, "value of aggregate type used as a scalar");
        return load(addressOf(e), e->type);
    case ExprKind::StringLit:
        stop(EndingKind::Unsupported, "string literal used as a value");
    case ExprKind::AddrOf:
        return pointerTo(addressOf(e->ops[0]));
    case ExprKind::Unary: {
        Scalar a = eval(e->ops[0]);
        if (e->unaryOp == UnaryOp::LogNot)
            return integer(truth(a) ? 0 : 1);
        if (e->type->isFloat())
            return integer(floatUnary(e->unaryOp, a.bits, e->type)); // - and fabs: the front end gives floats no other
        IntegerResult r = integerUnary(e->unaryOp, a.bits, e->type);
        if (r.overflow)
            overflowed("arithmetic overflow on signed negation");
        return integer(r.bits);
    }
    case ExprKind::Conditional:
        return truth(eval(e->ops[0])) ? eval(e->ops[1]) : eval(e->ops[2]);
    case ExprKind::Cast: {
        const Type *to = e->type;
        switch (e->castKind) {
        case CastKind::ArrayDecay:
            return pointerTo(addressOf(e->ops[0]));
        case CastKind::Integral: {
            Scalar a = eval(e->ops[0]);
            return integer(convertInteger(a.bits, e->ops[0]->type, to));
        }
        case CastKind::IntToFloat: return integer(integerToFloat(eval(e->ops[0]).bits, e->ops[0]->type, to));
        case CastKind::FloatToFloat: return integer(floatToFloat(eval(e->ops[0]).bits, e->ops[0]->type, to));
        case CastKind::FloatToInt: {
            FloatResult r = floatToInteger(eval(e->ops[0]).bits, e->ops[0]->type, to);
            if (r.invalid)
                fail(Property::Overflow, "floating-point value out of the range of '" + to->spelling() + "' in a conversion");
            return integer(r.bits);
        }
        case CastKind::Reinterpret: return integer(eval(e->ops[0]).bits);
        case CastKind::PointerToPointer: return eval(e->ops[0]);
        case CastKind::NullToPointer: {
            eval(e->ops[0]);
            Scalar n;
            n.isPointer = true;
            return n;
        }
        case CastKind::IntToPointer: {
            Scalar a = eval(e->ops[0]);
            return pointerAt(convertInteger(a.bits, e->ops[0]->type, machineInteger(64, false)));
        }
        case CastKind::PointerToInt: return integer(truncateBits(fakeAddress(eval(e->ops[0])), to->bits));
        case CastKind::PointerToBool: return integer(truth(eval(e->ops[0])) ? 1 : 0);
        case CastKind::ToVoid: eval(e->ops[0]); return integer(0);
        }
        return integer(0);
    }
    case ExprKind::Binary: {
        const BinaryOp op = e->binaryOp;
        if (op == BinaryOp::LogAnd)
            return integer(truth(eval(e->ops[0])) && truth(eval(e->ops[1])) ? 1 : 0);
        if (op == BinaryOp::LogOr)
            return integer(truth(eval(e->ops[0])) || truth(eval(e->ops[1])) ? 1 : 0);
        const ExprPtr &l = e->ops[0], &r = e->ops[1];
        Scalar a = eval(l), b = eval(r);
        if (a.isPointer || b.isPointer) {
            if ((op == BinaryOp::Add || op == BinaryOp::Sub) && a.isPointer && !b.isPointer) {
                int64_t d = asSigned(b.bits, r->type);
                return pointerArith(a, op == BinaryOp::Add ? d : -d, l->type);
            }
            if (op == BinaryOp::Add && b.isPointer && !a.isPointer)
                return pointerArith(b, asSigned(a.bits, l->type), r->type);
            if (op == BinaryOp::Sub && a.isPointer && b.isPointer) {
                if (a.object != b.object)
                    fail(Property::Pointer, "subtraction of pointers to different objects");
                return integer(truncateBits(uint64_t((a.offset - b.offset) / int64_t(sizeOf(l->type->target))),
                                            e->type->bits));
            }
            if (op == BinaryOp::Eq || op == BinaryOp::Ne) {
                bool eq = a.isPointer && b.isPointer ? (a.object == b.object && a.offset == b.offset)
                                                     : fakeAddress(a.isPointer ? a : b) == (a.isPointer ? b.bits : a.bits);
                return integer((op == BinaryOp::Eq) == eq ? 1 : 0);
            }
            uint64_t x = a.isPointer ? fakeAddress(a) : a.bits, y = b.isPointer ? fakeAddress(b) : b.bits;
            switch (op) {
            case BinaryOp::Lt: return integer(x < y);
            case BinaryOp::Gt: return integer(x > y);
            case BinaryOp::Le: return integer(x <= y);
            case BinaryOp::Ge: return integer(x >= y);
            default: stop(EndingKind::Unsupported, std::string("operator ") + binaryOpSpelling(op) + " on pointers");
            }
        }
        if (l->type->isFloat())
            return integer(floatBinary(op, a.bits, b.bits, l->type)); // IEEE: no trap, no UB
        const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le ||
                                op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
        const Type *opType = comparison ? l->type : e->type;
        IntegerResult res = integerBinary(op, a.bits, b.bits, opType, r->type);
        if (res.divByZero)
            fail(Property::DivisionByZero, "division by zero");
        if (res.overflow)
            overflowed(op == BinaryOp::Shl || op == BinaryOp::Shr ? "shift out of range"
                                                                   : "arithmetic overflow on signed integers");
        return integer(comparison ? res.bits : truncateBits(res.bits, e->type->bits));
    }
    }
    return integer(0);
}

void Interpreter::assign(Address dst, const Type *t, const ExprPtr &value) {
    if (t->isScalar()) {
        store(dst, t, eval(value));
        return;
    }
    copy(dst, addressOf(value), t);
}

void Interpreter::initialize(Address dst, const Type *t, const std::vector<Initializer> &inits, bool hasInit) {
    if (hasInit) {
        zeroFill(dst, t);
        for (const auto &init : inits) {
            Address a = addressOf(init.target);
            assign(a, init.target->type, init.value);
        }
        return;
    }
    // No initializer: an indeterminate value, taken from the execution's input (the
    // bounded model checker chooses it the same way).
    if (opts.indeterminateStops) {
        Object &o = object(dst.object, currentEdge);
        for (const Leaf &l : leavesOf(t))
            o.slots[uint64_t(dst.offset) + l.offset] = Slot{l.type, {}, false};
        return;
    }
    for (const Leaf &l : leavesOf(t)) {
        Scalar v;
        int64_t raw = exec.uninitializedUsed < exec.input.uninitialized.size()
                          ? exec.input.uninitialized[exec.uninitializedUsed]
                          : 0;
        ++exec.uninitializedUsed;
        if (l.type->isPointer()) {
            // An indeterminate pointer: NULL for 0, else an address that is no object.
            v.isPointer = true;
            if (raw != 0) {
                v.object = -2;
                v.offset = int64_t(truncateBits(uint64_t(raw), unsigned(l.type->sizeBytes * 8)));
            }
        } else if (l.type->isFloat()) {
            v.bits = floatOfInputBits(uint64_t(raw), l.type);
        } else {
            v.bits = l.type->isBool ? (raw != 0) : truncateBits(uint64_t(raw), l.type->bits);
        }
        store({dst.object, dst.offset + int64_t(l.offset)}, l.type, v);
    }
}

std::string Interpreter::show(const Scalar &s, const Type *t) const {
    if (s.isPointer) {
        if (s.object == -1)
            return "NULL";
        if (s.object == -2)
            return "(void *)" + std::to_string(s.offset);
        return "&" + objects[size_t(s.object)].name + (s.offset ? " + " + std::to_string(s.offset) : "");
    }
    if (t && t->isFloat())
        return floatText(s.bits, t);
    if (t && t->isInt())
        return t->isSigned ? std::to_string(signExtend(s.bits, t->bits)) : std::to_string(truncateBits(s.bits, t->bits));
    return std::to_string(s.bits);
}

const StructField *Interpreter::storageUnit(const ExprPtr &lvalue) const {
    if (lvalue->kind != ExprKind::Member || !lvalue->ops[0]->type->isStruct())
        return nullptr;
    const StructField &f = lvalue->ops[0]->type->fields[lvalue->field];
    return f.bitFields.empty() ? nullptr : &f;
}

std::string Interpreter::showBitFields(uint64_t unit, const StructField &f) const {
    // "{lo = 0, mid = -1}": the unit's bit-fields as C reads them, not the unit's number.
    std::string out = "{";
    for (const BitField &b : f.bitFields) {
        uint64_t v = truncateBits(unit >> b.offset, b.width);
        out += (out.size() > 1 ? ", " : "") + b.name + " = " +
               (b.isSigned ? std::to_string(signExtend(v, b.width)) : std::to_string(v));
    }
    return out + "}";
}

bool Interpreter::holdsFunctions(const ExprPtr &lvalue) const {
    switch (lvalue->kind) {
    case ExprKind::Var: return P.variable(lvalue->var).holdsFunctions;
    case ExprKind::Member: return lvalue->ops[0]->type->fields[lvalue->field].holdsFunctions;
    case ExprKind::Index: return holdsFunctions(lvalue->ops[0]);
    default: return false;
    }
}

std::string Interpreter::showUnion(Address at, const Type *u) {
    const Object &o = objects[size_t(at.object)];
    std::string out = "{";
    for (const StructField &m : u->members) {
        out += (out.size() > 1 ? ", " : "") + m.name + " = ";
        // A scalar member reads the low bytes of the first unit (little-endian, as gcc's).
        auto unit = o.slots.find(uint64_t(at.offset));
        if (!m.type->isScalar() || m.type->sizeBytes > 8 || unit == o.slots.end()) {
            out += "{…}";
            continue;
        }
        if (!unit->second.initialized && !o.zeroed) {
            out += "?";
            continue;
        }
        const uint64_t bits = unit->second.initialized ? truncateBits(unit->second.value.bits, unsigned(8 * m.type->sizeBytes)) : 0;
        if (m.holdsFunctions)
            out += P.functionPointerText(bits);
        else if (m.type->isFloat())
            out += floatText(bits, m.type);
        else if (m.type->isBool)
            out += bits ? "1" : "0";
        else
            out += m.type->isSigned ? std::to_string(signExtend(bits, m.type->bits)) : std::to_string(bits);
    }
    return out + "}";
}

void Interpreter::call(const CfaEdge &e) {
    const FunctionCfa &callee = P.functions[e.call.callee];
    if (!callee.hasBody || e.call.intrinsic != Intrinsic::None) {
        intrinsic(e);
        frame().node = e.to;
        return;
    }
    if (frames.size() >= opts.maxCallDepth)
        stop(EndingKind::StepLimit, "call depth limit reached");
    Frame f;
    f.function = callee.id;
    f.node = callee.entry;
    f.callEdge = e.id;
    if (e.call.lhs) {
        f.result = addressOf(e.call.lhs);
        f.resultType = e.call.lhs->type;
    }
    // Arguments are evaluated in the caller, then bound to fresh parameter objects.
    std::vector<std::pair<int32_t, std::pair<const Type *, Scalar>>> scalars;
    struct AggregateArg {
        int32_t object;
        Address source;
        const Type *type;
    };
    std::vector<AggregateArg> aggregates;
    for (size_t i = 0; i < callee.params.size(); ++i) {
        const Variable &param = P.variable(callee.params[i]);
        int32_t id = newObject(param.name, param.type, param.type->sizeBytes);
        f.locals[param.id] = id;
        if (i >= e.call.args.size())
            continue; // missing argument (K&R call): indeterminate
        if (param.type->isScalar())
            scalars.push_back({id, {param.type, eval(e.call.args[i])}});
        else
            aggregates.push_back({id, addressOf(e.call.args[i]), param.type});
    }
    for (size_t i = callee.params.size(); i < e.call.args.size(); ++i)
        eval(e.call.args[i]);
    for (auto &[id, tv] : scalars)
        store({id, 0}, tv.first, tv.second);
    for (const AggregateArg &a : aggregates)
        copy({a.object, 0}, a.source, a.type);
    frame().node = e.to; // where the caller continues
    if (opts.memo && opts.memo->functions.count(callee.id) && aggregates.empty()) {
        std::vector<uint64_t> key;
        for (auto &[id, tv] : scalars)
            key.push_back(load({id, 0}, tv.first).bits);
        if (auto hit = opts.memo->results.find({callee.id, key}); hit != opts.memo->results.end()) {
            for (auto &[var, id] : f.locals)
                objects[size_t(id)].alive = false;
            if (f.result)
                store(*f.result, f.resultType, Scalar{false, hit->second});
            if (auto added = opts.memo->added.find(hit->first); added != opts.memo->added.end())
                addToCounters(added->second);
            return;
        }
        if (auto value = summarized(callee, key)) {
            for (auto &[var, id] : f.locals)
                objects[size_t(id)].alive = false;
            if (f.result)
                store(*f.result, f.resultType,
                      Scalar{false, convertInteger(truncateBits(*value, callee.type->target->bits), callee.type->target,
                                                   f.resultType)});
            ++opts.memo->summarized;
            return;
        }
        f.memoKey = std::move(key);
        f.countersAtEntry = counterValues();
    }
    frames.push_back(std::move(f));
}

std::optional<uint64_t> Interpreter::summarized(const FunctionCfa &callee, const std::vector<uint64_t> &key) const {
    if (key.size() != callee.params.size())
        return std::nullopt;
    auto value = [&](size_t i) { return asSigned(key[i], P.variable(callee.params[i]).type); };
    for (const PureCallMemo::Affine &a : opts.memo->affine) {
        if (a.function != callee.id || a.coefficients.size() != key.size() + 1 ||
            (a.selector >= 0 && (size_t(a.selector) >= key.size() || value(size_t(a.selector)) != a.selected)))
            continue;
        uint64_t r = uint64_t(a.coefficients[0]); // modulo 2^64, truncated by the caller
        for (size_t i = 0; i < key.size(); ++i)
            r += uint64_t(a.coefficients[i + 1]) * uint64_t(value(i));
        return r;
    }
    return std::nullopt;
}

std::vector<uint64_t> Interpreter::counterValues() {
    std::vector<uint64_t> out;
    for (VarId g : opts.memo->counters)
        out.push_back(load({globals.at(g), 0}, P.variable(g).type).bits);
    return out;
}

void Interpreter::addToCounters(const std::vector<uint64_t> &added) {
    for (size_t i = 0; i < added.size() && i < opts.memo->counters.size(); ++i) {
        const Type *t = P.variable(opts.memo->counters[i]).type;
        const Address a{globals.at(opts.memo->counters[i]), 0};
        store(a, t, Scalar{false, truncateBits(load(a, t).bits + added[i], t->bits)});
    }
}

void Interpreter::returnFrom(const ExprPtr &value) {
    Frame &f = frame();
    std::optional<Scalar> scalar;
    std::optional<Address> aggregate;
    if (value) {
        if (value->type->isScalar())
            scalar = eval(value);
        else
            aggregate = addressOf(value);
    }
    if (f.memoKey && (!value || (scalar && !scalar->isPointer))) {
        opts.memo->results[{f.function, *f.memoKey}] = scalar ? truncateBits(scalar->bits, value->type->bits) : 0;
        if (!opts.memo->counters.empty()) {
            std::vector<uint64_t> added = counterValues();
            for (size_t i = 0; i < added.size(); ++i)
                added[i] -= f.countersAtEntry[i];
            opts.memo->added[{f.function, *f.memoKey}] = std::move(added);
        }
    }
    if (frames.size() == 1) {
        Stop s;
        s.ending.kind = EndingKind::Exit;
        s.ending.exitCode = scalar ? int(asSigned(scalar->bits, value->type)) : 0;
        s.ending.edge = currentEdge;
        throw s;
    }
    // The result goes to the caller before the callee's locals end (a returned struct
    // may be one of them).
    if (f.result && scalar)
        store(*f.result, f.resultType, *scalar);
    else if (f.result && aggregate)
        copy(*f.result, *aggregate, f.resultType);
    for (auto &[var, id] : frame().locals)
        objects[size_t(id)].alive = false;
    frames.pop_back();
}

void Interpreter::step(const CfaEdge &e) {
    currentEdge = e.id;
    ExecutionStep *rec = nullptr;
    if (opts.recordSteps) {
        ExecutionStep s;
        s.edge = e.id;
        s.function = e.function;
        s.depth = int(frames.size()) - 1;
        exec.steps.push_back(s);
        rec = &exec.steps.back();
    }
    switch (e.kind) {
    case EdgeKind::Blank:
    case EdgeKind::Assume:
        frame().node = e.to;
        return;
    case EdgeKind::Declaration: {
        const Variable &v = P.variable(e.declared);
        int32_t id = newObject(v.name, v.type, v.type->sizeBytes);
        frame().locals[v.id] = id;
        initialize({id, 0}, v.type, e.inits, e.hasInitializer);
        if (rec && v.type->isScalar()) {
            rec->assigned = v.name;
            const Scalar &value = objects[size_t(id)].slots[0].value;
            rec->value = v.holdsFunctions ? P.functionPointerText(value.bits) : show(value, v.type);
        } else if (rec && v.type->isUnion && !v.type->membersAsViews && e.hasInitializer) {
            rec->assigned = v.name;
            rec->value = showUnion({id, 0}, v.type);
        }
        frame().node = e.to;
        return;
    }
    case EdgeKind::Assignment: {
        Address dst = addressOf(e.lhs);
        assign(dst, e.lhs->type, e.rhs);
        if (rec && e.lhs->type->isScalar()) {
            rec->assigned = exprToString(P, e.lhs);
            const Scalar value = load(dst, e.lhs->type);
            const ExprPtr &whole = e.lhs->kind == ExprKind::Member ? e.lhs->ops[0] : e.lhs;
            if (const StructField *unit = storageUnit(e.lhs)) {
                rec->value = showBitFields(value.bits, *unit);
            } else if (whole != e.lhs && whole->type->isUnion && !whole->type->membersAsViews) {
                // A member written through the union's storage: every member, as C reads them.
                rec->assigned = exprToString(P, whole);
                rec->value = showUnion(addressOf(whole), whole->type);
            } else if (holdsFunctions(e.lhs)) {
                rec->value = P.functionPointerText(value.bits);
            } else {
                rec->value = show(value, e.lhs->type);
            }
        }
        frame().node = e.to;
        return;
    }
    case EdgeKind::Call:
        call(e);
        return;
    case EdgeKind::Return:
        returnFrom(e.value);
        return;
    }
}

Execution Interpreter::run() {
    const auto started = std::chrono::steady_clock::now();
    EdgeId pending = -1; // the step under way, for edgesTaken
    size_t lastNew = 0;  // the last step that took an edge for the first time
    try {
        if (P.entryFunction == NoFunction)
            stop(EndingKind::Unsupported, "the program has no entry function");
        // Globals: zero, then their initializers (C11 6.7.9p10).
        frames.push_back(Frame{});
        for (const auto &g : P.globals) {
            const Variable &v = P.variable(g.var);
            globals[g.var] = newObject(v.name, v.type, v.type->sizeBytes);
        }
        for (const auto &var : P.variables)
            if (var.function == NoFunction && !globals.count(var.id) && var.type && var.type->kind != TypeKind::Function)
                globals[var.id] = newObject(var.name, var.type, var.type->sizeBytes);
        for (auto &[var, id] : globals)
            zeroFill({id, 0}, P.variable(var).type);
        for (const auto &g : P.globals)
            for (const auto &init : g.inits)
                assign(addressOf(init.target), init.target->type, init.value);
        frames.clear();
        const FunctionCfa &entry = P.functions[opts.entry != NoFunction ? opts.entry : P.entryFunction];
        Frame f;
        f.function = entry.id;
        f.node = entry.entry;
        for (VarId param : entry.params) {
            const Variable &v = P.variable(param);
            f.locals[param] = newObject(v.name, v.type, v.type->sizeBytes);
        }
        frames.push_back(std::move(f));
        for (VarId param : entry.params)
            zeroFill({frame().locals[param], 0}, P.variable(param).type); // main(argc, argv): 0 and NULL
        std::vector<uint64_t> key;
        for (size_t i = 0; i < entry.params.size() && i < opts.entryArguments.size(); ++i) {
            const Type *t = P.variable(entry.params[i]).type;
            if (!t->isInt())
                continue;
            store({frame().locals[entry.params[i]], 0}, t, Scalar{false, truncateBits(uint64_t(opts.entryArguments[i]), t->bits)});
            key.push_back(load({frame().locals[entry.params[i]], 0}, t).bits);
        }
        if (opts.memo && opts.memo->functions.count(entry.id) && key.size() == entry.params.size()) {
            frame().memoKey = std::move(key);
            frame().countersAtEntry = counterValues();
        }
        while (true) {
            const FunctionCfa &fn = P.functions[frame().function];
            NodeId n = frame().node;
            if (n == fn.exit) {
                currentEdge = -1;
                returnFrom(nullptr);
                continue;
            }
            if (++steps > opts.maxSteps)
                stop(EndingKind::StepLimit, "step limit of " + std::to_string(opts.maxSteps) + " reached");
            if (steps % 4096 == 0) {
                if (opts.cancel && opts.cancel->load())
                    stop(EndingKind::StepLimit, "cancelled");
                if (opts.maxSeconds > 0 &&
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > opts.maxSeconds)
                    stop(EndingKind::StepLimit, "time limit of " + std::to_string(opts.maxSeconds) + " s reached");
            }
            const CfaNode &node = P.node(n);
            const CfaEdge *taken = nullptr;
            for (EdgeId id : node.out) {
                const CfaEdge &e = opts.variant ? opts.variant->edge(P, id) : P.edge(id);
                if (e.kind != EdgeKind::Assume) {
                    taken = &e;
                    break;
                }
                currentEdge = id;
                if (truth(eval(e.cond)) == e.truth) {
                    taken = &e;
                    break;
                }
            }
            if (!taken)
                stop(EndingKind::Unsupported, "no enabled edge at node N" + std::to_string(n));
            if (opts.edgesTaken && pending >= 0 && !(*opts.edgesTaken)[size_t(pending)]) {
                (*opts.edgesTaken)[size_t(pending)] = 1;
                lastNew = steps;
            }
            if (opts.stallSteps && steps - lastNew > opts.stallSteps)
                stop(EndingKind::StepLimit, "no edge taken for the first time in " + std::to_string(opts.stallSteps) +
                                                " steps");
            pending = taken->id;
            step(*taken);
        }
    } catch (const Stop &s) {
        exec.ending = s.ending;
    }
    // The last step counts when it completed (as completedSteps decides for recorded steps).
    if (opts.edgesTaken && pending >= 0 &&
        (exec.ending.kind == EndingKind::Exit || exec.ending.kind == EndingKind::StepLimit ||
         exec.ending.edge != pending))
        (*opts.edgesTaken)[size_t(pending)] = 1;
    return std::move(exec);
}

} // namespace interpreter

Execution runProgram(const Program &program, const ExecutionInput &input, const InterpreterOptions &options) {
    interpreter::Interpreter machine(program, input, options);
    return machine.run();
}

} // namespace vcov
