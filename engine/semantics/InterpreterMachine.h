// The interpreter's machine (Interpreter.h runs it): objects of scalar slots, frames, and
// the class that runs one execution. Private to semantics/: its members are defined in
// Interpreter.cpp (evaluation and steps), InterpreterMemory.cpp (objects, loads and
// stores) and InterpreterLibrary.cpp (inputs, printf and the other intrinsics).
#pragma once

#include "semantics/Interpreter.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace vcov::interpreter {

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
    int64_t allocation = -1; // heap objects: the execution's how-manyth malloc (ExecutionInput::heap)
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
    std::optional<std::vector<uint64_t>> memoKey; // a call InterpreterOptions::memo records
    std::vector<uint64_t> countersAtEntry;         // ... and its counters' values when it began
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
    // An address that is no object, where the pointer check is off: memory outside every
    // object (ExecutionInput::outside), consistent (what is written there is read back).
    bool outsideObjects(const Address &a) const { return a.object == -2 && !opts.properties.count(Property::Pointer); }
    Scalar loadOutside(Address a, const Type *t);
    void storeOutside(Address a, const Type *t, const Scalar &v);
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
    // The pointer whose fakeAddress is v: NULL for 0, into the object whose range holds it,
    // else an address that is no object.
    Scalar pointerAt(uint64_t v) const;
    void assign(Address dst, const Type *t, const ExprPtr &value);
    void initialize(Address dst, const Type *t, const std::vector<Initializer> &inits, bool hasInit);

    // execution
    void step(const CfaEdge &e);
    void call(const CfaEdge &e);
    void intrinsic(const CfaEdge &e);
    void returnFrom(const ExprPtr &value);
    // The memo's counters (PureCallMemo::counters): their values, and adding to them.
    std::vector<uint64_t> counterValues();
    // The value an affine summary of the memo gives a call of `callee` with these parameter bits.
    std::optional<uint64_t> summarized(const FunctionCfa &callee, const std::vector<uint64_t> &key) const;
    void addToCounters(const std::vector<uint64_t> &added);
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
    // Whether an lvalue holds function numbers (a function pointer, an element or member of
    // them): a step shows such a value as the function's name.
    bool holdsFunctions(const ExprPtr &lvalue) const;
    // A union held in storage units, member by member ("{d = -2.25, u = 13835621005235585024}"):
    // what each member reads from the same bytes.
    std::string showUnion(Address at, const Type *u);
    Frame &frame() { return frames.back(); }
    int32_t variableObject(VarId v);

    const Program &P;
    InterpreterOptions opts;
    Execution exec;
    std::vector<Object> objects;
    std::unordered_map<VarId, int32_t> globals;
    std::unordered_map<const Expr *, int32_t> strings;
    std::map<std::tuple<uint64_t, int, uint64_t>, Scalar> outside; // by ExecutionInput::outside's key
    uint64_t outsideFresh = 0; // pointers read there without a given value so far
    std::vector<Frame> frames;
    EdgeId currentEdge = -1;
    size_t steps = 0;
    uint64_t allocations = 0; // heap objects so far
};

} // namespace vcov::interpreter
