#include "semantics/Interpreter.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

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

namespace {

struct Scalar {
    bool isPointer = false;
    uint64_t bits = 0; // integers: the value's bits, truncated to the type's width
    int32_t object = -1; // pointers: -1 null, -2 an integer that points nowhere known
    int64_t offset = 0;
};

struct Slot {
    const Type *type = nullptr;
    Scalar value;
    bool initialized = false;
};

struct Object {
    std::string name;
    uint64_t size = 0;
    bool alive = true;
    bool heap = false;
    bool readOnly = false;
    bool zeroed = false; // calloc: unwritten bytes read as 0
    std::map<uint64_t, Slot> slots;
};

struct Address {
    int32_t object = -1;
    int64_t offset = 0;
};

struct Frame {
    FunctionId function = NoFunction;
    std::unordered_map<VarId, int32_t> locals;
    NodeId node = NoNode;
    EdgeId callEdge = -1;        // the caller's call edge
    std::optional<Address> result; // where the return value goes
    const Type *resultType = nullptr;
};

struct Stop {
    ExecutionEnding ending;
};

constexpr uint64_t AddressBase = 0x10000;
constexpr uint64_t AddressStride = 0x10000;

class Interpreter {
public:
    Interpreter(const Program &p, const ExecutionInput &in, const InterpreterOptions &o) : P(p), opts(o) {
        exec.input = in;
    }

    Execution run();

private:
    // memory
    int32_t newObject(const std::string &name, const Type *type, uint64_t size);
    Object &object(int32_t id, EdgeId where);
    Scalar load(Address a, const Type *t);
    void store(Address a, const Type *t, Scalar v);
    void copy(Address dst, Address src, const Type *t);
    void zeroFill(Address a, const Type *t);
    void checkAccess(const Object &o, Address a, uint64_t size);
    int32_t stringObject(const Expr *lit);

    // evaluation
    Scalar eval(const ExprPtr &e);
    Address addressOf(const ExprPtr &e);
    bool truth(const Scalar &s) const { return s.isPointer ? s.object != -1 : s.bits != 0; }
    Scalar integer(uint64_t bits) const {
        Scalar s;
        s.bits = bits;
        return s;
    }
    Scalar pointerArith(const Scalar &ptr, int64_t delta, const Type *ptrType);
    static Scalar pointerTo(Address a) {
        Scalar p;
        p.isPointer = true;
        p.object = a.object;
        p.offset = a.offset;
        return p;
    }
    uint64_t fakeAddress(const Scalar &ptr) const;
    void assign(Address dst, const Type *t, const ExprPtr &value);
    void initialize(Address dst, const Type *t, const std::vector<Initializer> &inits, bool hasInit);

    // execution
    void step(const CfaEdge &e);
    void call(const CfaEdge &e);
    void intrinsic(const CfaEdge &e);
    void returnFrom(const ExprPtr &value);
    Scalar drawNondet(const Type *t, ExecutionStep *rec);
    std::string format(const std::vector<ExprPtr> &args, size_t first);
    std::string readString(Scalar ptr);

    [[noreturn]] void stop(EndingKind k, std::string message, std::optional<Property> prop = std::nullopt);
    // A checked error: a violation when its property is selected, else undefined behaviour.
    [[noreturn]] void fail(Property prop, std::string message);
    // A returned or drawn value into the type of what receives it (as C converts on assignment).
    uint64_t convertValue(uint64_t bits, const Type *from, const Type *to);
    void overflowed(const char *what);
    std::string show(const Scalar &s, const Type *t) const;
    // A bit-field's storage unit (StructField::bitFields) written by an assignment, if
    // the lvalue is one; and how a step shows its value.
    const StructField *storageUnit(const ExprPtr &lvalue) const;
    std::string showBitFields(uint64_t unit, const StructField &f) const;
    Frame &frame() { return frames.back(); }
    int32_t variableObject(VarId v);

    const Program &P;
    InterpreterOptions opts;
    Execution exec;
    std::vector<Object> objects;
    std::unordered_map<VarId, int32_t> globals;
    std::unordered_map<const Expr *, int32_t> strings;
    std::vector<Frame> frames;
    EdgeId currentEdge = -1;
    size_t steps = 0;
};

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

int32_t Interpreter::newObject(const std::string &name, const Type *type, uint64_t size) {
    // A huge array is refused rather than exhausting memory.
    if (type && type->leafCount() > InterpreterMaxScalars)
        stop(EndingKind::Unsupported, name + " has " + std::to_string(type->leafCount()) +
                                          " scalars: more than the interpreter holds (" +
                                          std::to_string(InterpreterMaxScalars) + ")");
    Object o;
    o.name = name;
    o.size = size;
    if (type)
        for (const Leaf &l : leavesOf(type))
            o.slots[l.offset] = Slot{l.type, {}, false};
    objects.push_back(std::move(o));
    return int32_t(objects.size() - 1);
}

Object &Interpreter::object(int32_t id, EdgeId) {
    if (id == -1)
        fail(Property::Pointer, "null pointer dereference");
    if (id < 0 || size_t(id) >= objects.size())
        fail(Property::Pointer, "dereference of an invalid pointer");
    Object &o = objects[size_t(id)];
    if (!o.alive)
        fail(Property::Pointer, "access to " + o.name + " after its lifetime ended");
    return o;
}

void Interpreter::checkAccess(const Object &o, Address a, uint64_t size) {
    if (a.offset < 0 || uint64_t(a.offset) + size > o.size)
        fail(Property::ArrayBounds, "access outside " + o.name + " (offset " + std::to_string(a.offset) + ", size " +
                                        std::to_string(o.size) + ")");
}

Scalar Interpreter::load(Address a, const Type *t) {
    Object &o = object(a.object, currentEdge);
    checkAccess(o, a, sizeOf(t));
    auto it = o.slots.find(uint64_t(a.offset));
    // A byte of an integer or floating-point scalar read through a character type (C11
    // 6.5p7), little-endian: csmith hashes its float and double globals this way.
    if (t->isInt() && t->sizeBytes == 1 && (it == o.slots.end() || it->second.type->sizeBytes != 1)) {
        auto holder = o.slots.upper_bound(uint64_t(a.offset));
        if (holder != o.slots.begin()) {
            --holder;
            const Slot &s = holder->second;
            const uint64_t at = uint64_t(a.offset) - holder->first;
            if (at < s.type->sizeBytes && s.type->isArithmetic() && s.initialized)
                return integer(truncateBits(s.value.bits >> (8 * at), 8));
        }
    }
    if (it == o.slots.end()) {
        if (o.zeroed) {
            Scalar z;
            z.isPointer = t->isPointer();
            return z;
        }
        if (o.heap)
            stop(EndingKind::UndefinedBehaviour, "read of uninitialized memory in " + o.name);
        stop(EndingKind::Unsupported, "access to the middle of a scalar in " + o.name);
    }
    const Slot &s = it->second;
    if (s.type->sizeBytes != t->sizeBytes || s.type->isPointer() != t->isPointer())
        stop(EndingKind::Unsupported, "access to " + o.name + " through a different type (" + t->spelling() + " for " +
                                          s.type->spelling() + ")");
    if (!s.initialized) {
        if (o.zeroed) {
            Scalar z;
            z.isPointer = t->isPointer();
            return z;
        }
        stop(EndingKind::UndefinedBehaviour, "read of uninitialized memory in " + o.name);
    }
    return s.value;
}

void Interpreter::store(Address a, const Type *t, Scalar v) {
    Object &o = object(a.object, currentEdge);
    checkAccess(o, a, sizeOf(t));
    if (o.readOnly)
        fail(Property::Pointer, "write to the string literal " + o.name);
    auto it = o.slots.find(uint64_t(a.offset));
    if (it == o.slots.end()) {
        if (!o.heap)
            stop(EndingKind::Unsupported, "access to the middle of a scalar in " + o.name);
        // Heap memory takes the type of what is stored in it (C11 6.5p6).
        for (auto &[off, slot] : o.slots)
            if (off < uint64_t(a.offset) + sizeOf(t) && uint64_t(a.offset) < off + slot.type->sizeBytes)
                stop(EndingKind::Unsupported, "overlapping accesses of different types in " + o.name);
        it = o.slots.emplace(uint64_t(a.offset), Slot{t, {}, false}).first;
    } else if (it->second.type->sizeBytes != t->sizeBytes || it->second.type->isPointer() != t->isPointer()) {
        if (!o.heap)
            stop(EndingKind::Unsupported, "access to " + o.name + " through a different type");
        it->second.type = t;
    }
    it->second.value = v;
    it->second.initialized = true;
}

void Interpreter::copy(Address dst, Address src, const Type *t) {
    for (const Leaf &l : leavesOf(t)) {
        Address s{src.object, src.offset + int64_t(l.offset)}, d{dst.object, dst.offset + int64_t(l.offset)};
        store(d, l.type, load(s, l.type));
    }
}

void Interpreter::zeroFill(Address a, const Type *t) {
    for (const Leaf &l : leavesOf(t)) {
        Scalar z;
        z.isPointer = l.type->isPointer();
        store({a.object, a.offset + int64_t(l.offset)}, l.type, z);
    }
}

int32_t Interpreter::stringObject(const Expr *lit) {
    auto it = strings.find(lit);
    if (it != strings.end())
        return it->second;
    const Type *charT = lit->type->target;
    int32_t id = newObject("string literal \"" + lit->str + "\"", lit->type, lit->type->sizeBytes);
    for (uint64_t i = 0; i < lit->type->count; ++i) {
        Scalar c;
        c.bits = i < lit->str.size() ? truncateBits(uint8_t(lit->str[i]), charT->bits) : 0;
        objects[size_t(id)].slots[i * charT->sizeBytes] = Slot{charT, c, true};
    }
    objects[size_t(id)].readOnly = true;
    strings[lit] = id;
    return id;
}

int32_t Interpreter::variableObject(VarId v) {
    const Variable &var = P.variable(v);
    if (var.function == NoFunction) {
        auto it = globals.find(v);
        if (it != globals.end())
            return it->second;
        stop(EndingKind::Unsupported, "global " + var.name + " without storage");
    }
    auto &locals = frame().locals;
    auto it = locals.find(v);
    if (it != locals.end())
        return it->second;
    // A local reached before its declaration ran (a goto over it): storage without a value.
    int32_t id = newObject(var.name, var.type, var.type->sizeBytes);
    locals[v] = id;
    return id;
}

Address Interpreter::addressOf(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::Var: return {variableObject(e->var), 0};
    case ExprKind::Deref: {
        Scalar p = eval(e->ops[0]);
        if (!p.isPointer)
            stop(EndingKind::Unsupported, "dereference of a non-pointer");
        if (p.object == -1)
            fail(Property::Pointer, "null pointer dereference");
        if (p.object < 0)
            fail(Property::Pointer, "dereference of an invalid pointer");
        return {p.object, p.offset};
    }
    case ExprKind::Index: {
        Address base = addressOf(e->ops[0]);
        Scalar i = eval(e->ops[1]);
        int64_t idx = asSigned(i.bits, e->ops[1]->type);
        const Type *at = e->ops[0]->type;
        if (opts.properties.count(Property::ArrayBounds) && at->isArray() && (idx < 0 || uint64_t(idx) >= at->count))
            fail(Property::ArrayBounds, "array index " + std::to_string(idx) + " out of bounds [0, " +
                                            std::to_string(at->count) + ")");
        return {base.object, base.offset + idx * int64_t(sizeOf(e->type))};
    }
    case ExprKind::Member: {
        Address base = addressOf(e->ops[0]);
        return {base.object, base.offset + int64_t(e->ops[0]->type->fields[e->field].offsetBytes)};
    }
    case ExprKind::StringLit: return {stringObject(e.get()), 0};
    default: stop(EndingKind::Unsupported, "address of a value that is not an object");
    }
}

uint64_t Interpreter::fakeAddress(const Scalar &ptr) const {
    if (ptr.object == -1)
        return 0;
    if (ptr.object == -2)
        return uint64_t(ptr.offset);
    return AddressBase + uint64_t(ptr.object) * AddressStride + uint64_t(ptr.offset);
}

Scalar Interpreter::pointerArith(const Scalar &ptr, int64_t delta, const Type *ptrType) {
    Scalar r = ptr;
    r.offset += delta * int64_t(sizeOf(ptrType->target));
    return r;
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
            uint64_t v = convertInteger(a.bits, e->ops[0]->type, machineInteger(64, false));
            Scalar p;
            p.isPointer = true;
            if (v == 0)
                return p;
            if (v >= AddressBase && (v - AddressBase) / AddressStride < objects.size()) {
                p.object = int32_t((v - AddressBase) / AddressStride);
                p.offset = int64_t((v - AddressBase) % AddressStride);
            } else {
                p.object = -2;
                p.offset = int64_t(v);
            }
            return p;
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

Scalar Interpreter::drawNondet(const Type *t, ExecutionStep *rec) {
    int64_t raw = exec.nondetUsed < exec.input.nondet.size() ? exec.input.nondet[exec.nondetUsed] : 0;
    ++exec.nondetUsed;
    Scalar v;
    if (t->isPointer()) {
        // A pointer from the environment: NULL for 0, else an address that is no object
        // (the model checker chooses it the same way).
        v.isPointer = true;
        if (raw != 0) {
            v.object = -2;
            v.offset = int64_t(truncateBits(uint64_t(raw), unsigned(t->sizeBytes * 8)));
        }
        if (rec) {
            rec->nondet = raw;
            rec->nondetText = std::to_string(raw);
        }
        return v;
    }
    if (t->isFloat()) {
        v.bits = floatOfInputBits(uint64_t(raw), t);
        if (rec) {
            rec->nondet = raw;
            rec->nondetText = inputText(raw, t);
        }
        return v;
    }
    v.bits = t->isBool ? (raw != 0) : truncateBits(uint64_t(raw), t->bits);
    if (rec) {
        rec->nondet = asSigned(v.bits, t);
        rec->nondetText = std::to_string(*rec->nondet);
    }
    return v;
}

std::string Interpreter::readString(Scalar ptr) {
    std::string s;
    if (!ptr.isPointer)
        stop(EndingKind::Unsupported, "%s argument is not a pointer");
    const Type *charT = machineInteger(8, true);
    for (size_t i = 0; i < 1'000'000; ++i) {
        Scalar c = load({ptr.object, ptr.offset + int64_t(i)}, charT);
        if (truncateBits(c.bits, 8) == 0)
            return s;
        s += char(c.bits);
    }
    return s;
}

std::string Interpreter::format(const std::vector<ExprPtr> &args, size_t first) {
    if (args.size() <= first)
        return {};
    std::string fmt = readString(eval(args[first]));
    std::string out;
    size_t next = first + 1;
    for (size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            out += fmt[i];
            continue;
        }
        size_t j = i + 1;
        std::string spec = "%";
        while (j < fmt.size() && strchr("-+ #0", fmt[j]))
            spec += fmt[j++];
        while (j < fmt.size() && (isdigit(uint8_t(fmt[j])) || fmt[j] == '.'))
            spec += fmt[j++];
        std::string length;
        while (j < fmt.size() && strchr("hlzjt", fmt[j]))
            length += fmt[j++];
        if (j >= fmt.size())
            break;
        char conv = fmt[j];
        i = j;
        if (conv == '%') {
            out += '%';
            continue;
        }
        if (next >= args.size())
            stop(EndingKind::UndefinedBehaviour, "printf: too few arguments for the format");
        const ExprPtr &arg = args[next++];
        Scalar v = eval(arg);
        if (arg->type->isFloat() && !strchr("fFeEgGaA", conv))
            stop(EndingKind::UndefinedBehaviour, std::string("printf: %") + conv + " with a double argument");
        char buf[512];
        switch (conv) {
        case 'd':
        case 'i':
            snprintf(buf, sizeof buf, (spec + "lld").c_str(), (long long)asSigned(v.bits, arg->type));
            break;
        case 'u':
        case 'x':
        case 'X':
        case 'o':
            snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(),
                     (unsigned long long)convertInteger(v.bits, arg->type, machineInteger(64, false)));
            break;
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            if (!arg->type->isFloat())
                stop(EndingKind::UndefinedBehaviour, std::string("printf: %") + conv + " with an argument that is not a double");
            // The host's printf is glibc's, as the compiled program's is.
            snprintf(buf, sizeof buf, (spec + conv).c_str(), floatValue(v.bits, arg->type));
            break;
        case 'c':
            snprintf(buf, sizeof buf, (spec + "c").c_str(), int(uint8_t(v.bits)));
            break;
        case 's':
            snprintf(buf, sizeof buf, (spec + "s").c_str(), readString(v).c_str());
            break;
        case 'p':
            snprintf(buf, sizeof buf, "%s", v.isPointer && v.object == -1 ? "(nil)" : ("0x" + [&] {
                char h[32];
                snprintf(h, sizeof h, "%" PRIx64, fakeAddress(v));
                return std::string(h);
            }()).c_str());
            break;
        default:
            stop(EndingKind::Unsupported, std::string("printf conversion %") + conv);
        }
        // Unsigned conversions of a narrower argument: printf sees the promoted value.
        if ((conv == 'u' || conv == 'x' || conv == 'X' || conv == 'o') && length.empty() && arg->type->bits <= 32) {
            uint64_t u = convertInteger(v.bits, arg->type, machineInteger(32, false));
            snprintf(buf, sizeof buf, (spec + conv).c_str(), unsigned(u));
        }
        out += buf;
    }
    return out;
}

void Interpreter::intrinsic(const CfaEdge &e) {
    const CallInfo &c = e.call;
    ExecutionStep *rec = opts.recordSteps && !exec.steps.empty() ? &exec.steps.back() : nullptr;
    auto arg = [&](size_t i) { return i < c.args.size() ? eval(c.args[i]) : integer(0); };
    auto setResult = [&](Scalar v) {
        if (!c.lhs)
            return;
        store(addressOf(c.lhs), c.lhs->type, v);
        if (rec) {
            rec->assigned = exprToString(P, c.lhs);
            rec->value = show(v, c.lhs->type);
        }
    };
    switch (c.intrinsic) {
    case Intrinsic::Nondet:
    case Intrinsic::External: {
        const Type *rt = P.functions[c.callee].type ? P.functions[c.callee].type->target : machineInteger(32, true);
        if (rt->kind == TypeKind::Void) {
            for (size_t i = 0; i < c.args.size(); ++i)
                eval(c.args[i]);
            return;
        }
        Scalar v = drawNondet(rt, rec);
        if (c.lhs && c.lhs->type != rt && !rt->isPointer())
            v.bits = convertValue(v.bits, rt, c.lhs->type);
        setResult(v);
        return;
    }
    case Intrinsic::Assume:
        if (!truth(arg(0)))
            stop(EndingKind::AssumptionFailed, "assumption does not hold");
        return;
    case Intrinsic::Assert:
        if (!truth(arg(0)))
            stop(EndingKind::PropertyViolation, "assertion " + e.text + " failed", Property::Assertion);
        return;
    case Intrinsic::Error:
        stop(EndingKind::PropertyViolation, c.calleeName + "() called", Property::Assertion);
    case Intrinsic::Abort:
        stop(EndingKind::Abort, "abort() called");
    case Intrinsic::Exit: {
        Scalar code = arg(0);
        Stop s;
        s.ending.kind = EndingKind::Exit;
        s.ending.exitCode = int(asSigned(code.bits, c.args.empty() ? machineInteger(32, true) : c.args[0]->type));
        s.ending.edge = currentEdge;
        throw s;
    }
    case Intrinsic::Printf: {
        std::string text;
        if (c.calleeName == "printf")
            text = format(c.args, 0);
        else if (c.calleeName == "fprintf")
            text = format(c.args, 1);
        else if (c.calleeName == "puts")
            text = readString(arg(0)) + "\n";
        else if (c.calleeName == "putchar")
            text = std::string(1, char(arg(0).bits));
        exec.output += text;
        if (opts.recordSteps && !exec.steps.empty())
            exec.steps.back().printed += text;
        setResult(integer(truncateBits(text.size(), 32)));
        return;
    }
    case Intrinsic::Malloc: {
        uint64_t size = c.calleeName == "calloc" ? arg(0).bits * arg(1).bits : arg(0).bits;
        int32_t id = newObject("heap object " + std::to_string(objects.size()), nullptr, size);
        objects[size_t(id)].heap = true;
        objects[size_t(id)].zeroed = c.calleeName == "calloc";
        Scalar p;
        p.isPointer = true;
        p.object = id;
        setResult(p);
        return;
    }
    case Intrinsic::Free: {
        Scalar p = arg(0);
        if (!p.isPointer || p.object == -1)
            return;
        if (p.object < 0 || size_t(p.object) >= objects.size() || !objects[size_t(p.object)].heap || p.offset != 0)
            fail(Property::Pointer, "free of a pointer that malloc did not return");
        if (!objects[size_t(p.object)].alive)
            fail(Property::Pointer, "double free");
        objects[size_t(p.object)].alive = false;
        return;
    }
    case Intrinsic::InvalidCall:
        fail(Property::Pointer, "call through a function pointer that points to no function of its type");
    case Intrinsic::None: break;
    }
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
    frames.push_back(std::move(f));
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
            rec->value = show(objects[size_t(id)].slots[0].value, v.type);
        }
        frame().node = e.to;
        return;
    }
    case EdgeKind::Assignment: {
        Address dst = addressOf(e.lhs);
        assign(dst, e.lhs->type, e.rhs);
        if (rec && e.lhs->type->isScalar()) {
            rec->assigned = exprToString(P, e.lhs);
            rec->value = show(load(dst, e.lhs->type), e.lhs->type);
            if (const StructField *unit = storageUnit(e.lhs))
                rec->value = showBitFields(load(dst, e.lhs->type).bits, *unit);
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
        const FunctionCfa &entry = P.functions[P.entryFunction];
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
            step(*taken);
        }
    } catch (const Stop &s) {
        exec.ending = s.ending;
    }
    return std::move(exec);
}

} // namespace

Execution runProgram(const Program &program, const ExecutionInput &input, const InterpreterOptions &options) {
    Interpreter interpreter(program, input, options);
    return interpreter.run();
}

} // namespace vcov
