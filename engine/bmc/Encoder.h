// The encoder: symbolic execution of the unwound program in topological order, merging
// the states of joining paths with if-then-else (as CBMC's symex does). Its symbolic
// memory is in SymbolicMemory.cpp, expressions and edges in Encoder.cpp.
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"
#include "bmc/Deadline.h"
#include "bmc/Terms.h"
#include "bmc/Unwinder.h"

#include <z3++.h>

#include <map>
#include <set>
#include <tuple>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace vcov::bmc {

struct PtrTarget {
    z3::expr guard;
    int object; // -1 null, -2 an address that is no object
    z3::expr offset; // 64-bit
};

struct SymValue {
    bool isPointer = false;
    z3::expr bv;
    std::vector<PtrTarget> targets;
};

struct ObjectContents;

// Arrays of one integer or floating-point type (BmcOptions::sparseArraysFrom elements or
// more; pointers from 65,537) are not held
// scalar by scalar: their contents are the writes so far over a base, and a read walks the
// writes newest first (read over write, as an array decision procedure would), so only the
// elements a path touches cost terms. Once the writes outnumber the elements, a state holds
// the array element by element again (Encoder::compact). The base is all zero (a global, an initializer),
// indeterminate (a declaration without initializer, the inductive step's havoc), or the
// choice between two contents where joining paths wrote differently from different bases.
struct ArrayBase {
    enum Kind { Zero, Indeterminate, Choice } kind = Zero;
    // Indeterminate: the values its reads fell through to, one per distinct offset term, kept
    // consistent by "same offset, same value" constraints (Ackermann's reduction). When
    // `input` is set they are the execution's uninitialized inputs, in element order.
    bool input = false;
    std::vector<std::pair<z3::expr, z3::expr>> reads; // offset, value
    std::unordered_map<unsigned, size_t> readAt;      // by the offset term's id
    // A havoc by allocation site (BmcOptions::HeapSites): its pointers are NULL or the
    // start of one of these objects (Encoder::pointerFrom), not any address.
    std::optional<std::vector<int>> pointees;
    // Choice: `a` where guard holds, else `b`.
    std::optional<z3::expr> guard;
    std::shared_ptr<const ObjectContents> a, b;
};

struct ArrayWrite {
    std::shared_ptr<const ArrayWrite> older;
    size_t depth; // writes from the base up to this one
    z3::expr offset, value;
    z3::expr when; // beyond the state's guard, the write happened only where this holds
    // A block of `length` bytes from `offset` on, in one step (Intrinsic::BlockOperation, of a
    // byte array): each `value` (memset), or `source`'s bytes from `sourceOffset` on as they
    // were before the write (memcpy, memmove).
    std::optional<z3::expr> length = {}, sourceOffset = {};
    std::shared_ptr<const ObjectContents> source = {};
};

struct ObjectContents {
    std::vector<SymValue> leaves;
    // An array held by its writes: its base and newest write (leaves stay empty).
    std::shared_ptr<ArrayBase> base;
    std::shared_ptr<const ArrayWrite> newest;
};

struct State {
    z3::expr guard;
    std::vector<std::shared_ptr<const ObjectContents>> memory;
};

struct ObjectDesc {
    std::string name;
    const Type *type = nullptr;
    bool readOnly = false;
    // An array held by its writes (ArrayBase): the scalar type of its `count` elements.
    const Type *element = nullptr;
    uint64_t count = 0;
    // What a state that never wrote the object holds: null for zeros; a heap object's
    // indeterminate (malloc) or zero (calloc) contents.
    std::shared_ptr<const ObjectContents> initial = {};
    // Heap objects (malloc, calloc): untyped (type null) until the first dereference gives
    // them the pointee's type, as the effective type of C11 6.5p6; their size in bytes,
    // a number or a term; the object holding their alive flag (1 from malloc to free).
    bool heap = false;
    bool zeroed = false;
    uint64_t sizeBytes = 0;
    std::optional<z3::expr> dynamicBytes = {};
    int alive = -1;
    EdgeId site = -1; // heap objects and regions: the allocating call's edge
    // The objects of a site allocated before a havoc that stands for them (BmcOptions::Havoc
    // with HeapSites), all at once: a pointer to one has the object's number above bit
    // RegionBits of its offset; their scalars are held in one array per kind of scalar
    // (Encoder::regionArray), by offset. Alive throughout (no free reaches such a site).
    bool region = false;
    // A heap object of symbolic size typed as a struct that ends in an array of integers
    // (aws_string's `bytes[1]`, a flexible array member): its bytes from `tailOffset` on are
    // held by the array object `tail` (reads and writes go there, Encoder::routeTail), the
    // header before it by leaves. The tail names its object in `tailOf`.
    int tail = -1;
    uint64_t tailOffset = 0;
    int tailOf = -1;
};

constexpr unsigned RegionBits = 24;

struct Violation {
    z3::expr condition;
    Property property;
    EdgeId edge;
    std::string message;
    int unode = -1; // the unwound location whose edge it is on (for unwinding: the edge the bound cut)
    bool onReturn = false; // on the return from `edge`, a call, to the caller
    std::string loop = {}; // for unwinding: the loop id (or "recursion of f") the bound cut
    // Not a violation of the program: an access inside its object that the encoding does
    // not model (a byte of a pointer, an int read from a char array at a symbolic offset).
    // Checked whatever the properties, so that no verdict rests on it: reachable, it makes
    // the verdict unknown.
    bool unmodelled = false;
};

// A path on which a checked invariant fails at a loop head (BmcOptions::invariants).
struct InvariantHit {
    z3::expr condition;
    int unode;
    size_t invariant; // index into BmcOptions::invariants
};

// An execution that ends normally: at the entry function's exit, or by an exit() call.
struct Goal {
    z3::expr guard;
    int unode;
    EdgeId exitCall = -1; // the exit() call edge from unode, or -1 at the exit location
};

struct InputSymbol {
    z3::expr value;
    z3::expr guard;
    uint64_t order;
    bool uninitialized;
    const Type *type;
    // An array declared without initializer: `count` values of `type` from its base's
    // reads (the elements no read touches are 0), in element order.
    std::shared_ptr<ArrayBase> array = {};
    uint64_t count = 0;
};

class Encoder {
public:
    Encoder(const Program &p, const BmcOptions &o, Unwinder &u, z3::context &c,
            const std::vector<ProgramVariant> &variants)
        : P(p), opts(o), U(u), ctx(c), m_heapTypes(p.types.dataModel()) {
        for (size_t k = 0; k < variants.size(); ++k)
            m_selectors.push_back(ctx.bool_const(("variant" + std::to_string(k + 1)).c_str()));
        for (size_t k = 0; k < variants.size(); ++k)
            for (const auto &[id, edge] : variants[k].edges)
                m_variantEdges[id].push_back({unsigned(k + 1), &edge});
    }
    void encode();
    Deadline *deadline = nullptr;
    // A pointer as the number a compiled program sees (a cast to an integer, its bytes): NULL
    // 0, an address that is no object its bits, else the object's address plus the offset.
    // Object addresses are free (above 64 KiB, below 2^46): a verdict of safe holds for every
    // layout; the interpreter lays objects out its own way, so a counterexample that depends
    // on the numbers may not replay (addressesUsed says whether any was made).
    z3::expr addressOf(const SymValue &p);
    bool addressesUsed() const { return !m_addresses.empty(); }
    // The pointer whose number is v (a cast from an integer): addressOf's inverse.
    SymValue pointerAt(const z3::expr &v);
    // True when an execution runs the k-th variant (k >= 1).
    z3::expr chosen(size_t k) const { return m_selectors[k - 1]; }
    // What a query of variant k assumes: its literal, and no other.
    std::vector<z3::expr> variantFacts(size_t k) const {
        std::vector<z3::expr> facts;
        for (size_t j = 1; j <= m_selectors.size(); ++j)
            facts.push_back(j == k ? chosen(j) : !chosen(j));
        return facts;
    }

    std::vector<Violation> violations;
    std::vector<Goal> goals; // executions that end normally in an accepting observer state
    std::vector<InvariantHit> invariantHits;
    // Per invariant, the literal that makes it count (assumed and checked); queries fix them.
    std::vector<z3::expr> invariantSelectors;
    std::vector<InputSymbol> inputs;
    // malloc'd memory before any write, as replayable inputs (ExecutionInput::heap): each
    // allocation with the guard of its call (the taken ones, in order, number the heap
    // objects as the interpreter does), and the symbols of what each holds, by byte offset
    // (arrays held by their writes: the reads of their base).
    struct HeapAllocation {
        int object;
        z3::expr guard;
    };
    struct HeapInput {
        int object;
        uint64_t offset;
        z3::expr bits;
    };
    std::vector<HeapAllocation> heapAllocations;
    std::vector<HeapInput> heapInputs;
    struct HeapArray {
        int object; // the heap object (a tail's object, not the tail)
        std::shared_ptr<ArrayBase> base;
        uint64_t shift; // its offset in the object (a tail's tailOffset)
    };
    std::vector<HeapArray> heapArrays;
    // Memory outside every object (ExecutionInput::outside), read and written through an
    // address that is no object where the pointer check is off: one array per kind and size
    // of scalar, indexed by address; the reads of each base are the execution's inputs.
    struct OutsideArray {
        uint64_t size;
        int kind; // outsideKind
        std::shared_ptr<ArrayBase> base;
    };
    std::vector<OutsideArray> outsideArrays;
    std::vector<std::pair<int, z3::expr>> nodeGuards; // for diagnosing a failed replay
    std::vector<z3::expr> definitions;                 // guard literals of join locations
    // Whether a term of floating-point theory was made: the SAT search then lowers it to
    // bit-vectors first (Z3's fpa2bv), which costs a pass over formulas that have none.
    bool floatingPoint = false;
    // Per unwound edge, its guards after it is taken (one per variant that changes it; call
    // edges: entering the callee): an execution takes the edge when one of them holds.
    std::unordered_map<const UEdge *, std::vector<z3::expr>> taken;

private:
    struct Eval {
        State &state;
        int frame;
        EdgeId edge;
        // Beyond the state's guard, what must hold for this subexpression to be evaluated
        // (the left side of && and ||, the condition of ?:).
        z3::expr local;
    };

    int objectFor(VarId v, int frame);
    int newObject(const std::string &name, const Type *type, bool readOnly = false);
    void setContents(State &s, int object, std::shared_ptr<const ObjectContents> c);
    int returnSlot(int frame, const Type *t);
    int stringObject(const Expr *lit);
    const ObjectContents &contents(const State &s, int object);
    SymValue zeroOf(const Type *t);

    SymValue eval(const ExprPtr &e, Eval &ev);
    SymValue address(const ExprPtr &e, Eval &ev);
    // The leaves of `object` that an access of type t at `offset` may be, each with the
    // condition that it is; `miss` becomes the condition that it is none of them.
    // A one-byte integer access may also be one byte of an integer or floating-point leaf
    // (char pointers reading an object's bytes, as memcmp and aws-c-common's AWS_IS_ZEROED
    // do): `byte` says which, -1 for the whole leaf.
    // A pointer leaf may be accessed as an integer of its size or byte by byte (`number`: its
    // address, addressOf); what is written so is NULL or a raw address (assembledPointer).
    struct LeafHit {
        size_t leaf;
        z3::expr hit;
        int byte = -1;       // an access to bytes [byte, byte + width) of a wider leaf
        bool number = false; // a pointer leaf read or written as an integer
        unsigned width = 1;
    };
    std::vector<LeafHit> leavesAt(int object, const z3::expr &offset, const Type *t, z3::expr &miss);
    // The value a hit reads, and the leaf once `value` is written through the hit.
    SymValue leafRead(const SymValue &leaf, const LeafHit &h);
    SymValue leafWritten(const SymValue &leaf, const LeafHit &h, const SymValue &value);
    // A read as a pointer of a leaf that bytes were written into: unmodelled where it holds
    // a raw address (at: the condition that the read is of that leaf).
    void assembledPointer(const SymValue &leaf, const z3::expr &at, Eval &ev);
    // Arrays held by their writes: the condition that an access of type t at `offset` is not one element;
    // the element's value at `offset`; the contents `a` where c holds, else `b`.
    z3::expr arrayMiss(const ObjectDesc &d, const z3::expr &offset, const Type *t);
    z3::expr readArray(const ObjectContents &c, const z3::expr &offset, const Type *element);
    // An integer array read or written as integers of another width (WideAccess.cpp).
    bool otherWidth(const Type *element, const Type *t) const;
    z3::expr alignedTo(const z3::expr &offset, uint64_t bytes);
    z3::expr readOtherWidth(const ObjectContents &c, const ObjectDesc &d, const z3::expr &offset, const Type *t, z3::expr &miss);
    std::shared_ptr<const ArrayWrite> writeOtherWidth(const ObjectContents &c, const ObjectDesc &d, const z3::expr &offset,
                                                      const z3::expr &value, const z3::expr &when, z3::expr &miss);
    z3::expr readBase(ArrayBase &base, const z3::expr &offset, const Type *element);
    std::shared_ptr<const ObjectContents> chooseArray(const z3::expr &c, const std::shared_ptr<const ObjectContents> &a,
                                                      const std::shared_ptr<const ObjectContents> &b);
    // The array element by element (its contents unchanged if they are already); that, once
    // its writes outnumber its elements.
    std::shared_ptr<const ObjectContents> materialize(int object, std::shared_ptr<const ObjectContents> c);
    std::shared_ptr<const ObjectContents> compact(int object, std::shared_ptr<const ObjectContents> c);
    // The contents of every array held by its writes and never written (shared).
    std::shared_ptr<const ObjectContents> zeroArray();
    // A declaration without initializer (input) or a havoc (not one) of an array held by its writes.
    std::shared_ptr<const ObjectContents> indeterminateArray(bool input,
                                                            std::optional<std::vector<int>> pointees = std::nullopt);
    // Havocs by allocation site (HeapMemory.cpp): the region of a site's objects before the
    // havoc; its array of the scalars of t's kind; a pointer to NULL or one of `pointees`
    // (regions, heap objects) from the bits of raw (PointerBits wide); the objects a pointer
    // of these sites may point to now; arbitrary contents for the objects of a site.
    int regionOf(EdgeId site);
    int regionArray(int region, const Type *t);
    bool outsideObjects() const { return !opts.properties.count(Property::Pointer); }
    int outsideArray(const Type *t);
    static constexpr unsigned PointerBits = 8 + (64 - RegionBits);
    SymValue pointerFrom(const z3::expr &raw, const std::vector<int> &pointees);
    std::vector<int> pointeesOf(const std::vector<EdgeId> &sites);
    void havocSite(EdgeId site, Eval &at);
    std::shared_ptr<const HeapSites> m_heapSites; // of the havocs applied so far
    std::map<EdgeId, int> m_regions;
    std::map<std::tuple<int, uint64_t, int>, int> m_regionArrays;
    std::map<std::pair<uint64_t, int>, int> m_outsideArrays;
    // The element type when `t` is held by its writes (ArrayBase), and the element count.
    static const Type *sparseElement(const Type *t, uint64_t &count);
    // An element's bits in such an array: integers as they are, pointers packed (object
    // number and offset); an uninitialized pointer's input bits packed.
    static unsigned storedBits(const Type *element);
    z3::expr pack(const SymValue &v, const Type *t);
    z3::expr packAddress(const z3::expr &raw, const Type *t);
    SymValue unpack(const z3::expr &stored, const Type *element);
    SymValue read(const SymValue &ptr, const Type *t, Eval &ev);
    void write(const SymValue &ptr, const Type *t, const SymValue &value, Eval &ev);
    void copy(const SymValue &dst, const SymValue &src, const Type *t, Eval &ev);
    void assign(const SymValue &dst, const Type *t, const ExprPtr &value, Eval &ev);
    z3::expr truth(const SymValue &v);
    SymValue fromBool(const z3::expr &b, const Type *t);
    SymValue select(const z3::expr &c, const SymValue &a, const SymValue &b);
    SymValue pointerAdd(const SymValue &p, const z3::expr &bytes);
    z3::expr convertBits(const z3::expr &v, const Type *from, const Type *to);
    SymValue binary(const Expr &e, Eval &ev);
    // Floating point (FloatEncoding.cpp): values stay their IEEE bits, as in the interpreter,
    // and each operation goes through Z3's floating-point theory, rounding to nearest even.
    SymValue floatBinary(const Expr &e, const SymValue &a, const SymValue &b);
    SymValue floatCast(const Expr &e, const SymValue &a, Eval &ev);
    SymValue floatFunction(const Expr &e, const SymValue &a); // sqrt, floor, ceil, trunc, round
    z3::expr toFloat(const z3::expr &bits, const Type *t);
    // The IEEE bits of an operation's result, NaN's as the machine gives them.
    z3::expr resultBits(const z3::expr &result, const Type *t, const std::vector<z3::expr> &operands);
    // A check: a violation when selected; either way, later paths assume it did not fail.
    void check(Property p, const z3::expr &bad, Eval &ev, const std::string &message);
    // An access of `bytes` bytes at `offset` that matched no leaf or element of `object`:
    // where it lies outside the object, a bounds violation; inside, unmodelled (Violation).
    z3::expr objectBytes(const ObjectDesc &d) const;
    void missedAccess(int object, const z3::expr &miss, const z3::expr &guard, const z3::expr &offset, const Type *t,
                      z3::expr &outside, Eval &ev);
    SymValue freshInput(const Type *t, Eval &ev, bool uninitialized);
    // Dynamic memory: an allocation, a free, the type a heap object takes at its first
    // dereference, whether a heap object is alive in a state, and the check that an access
    // does not touch freed memory.
    void allocate(const CallInfo &c, Eval &ev);
    void quantifier(const CallInfo &c, Eval &ev); // Intrinsic::Forall, Exists
    void symbolicQuantifier(const CallInfo &c, Eval &ev);
    void release(const CallInfo &c, Eval &ev);
    // Intrinsic::BlockOperation (BlockOperations.cpp), over these targets of a pointer when
    // every object it may point into is a byte array held by its writes.
    void blockOperation(const CallInfo &c, Eval &ev);
    std::optional<std::vector<PtrTarget>> byteArrayTargets(const SymValue &p);
    bool setLeaves(const SymValue &dst, const z3::expr &fill, const z3::expr &n, Eval &ev);
    void typeHeapObject(int object, const Type *t);
    void finishHeapObject(int object);
    SymValue routeTail(const SymValue &ptr, const Type *t, z3::expr &outside);
    z3::expr alive(const State &s, int object);
    void checkAlive(const SymValue &ptr, Eval &ev);

    State merge(std::vector<State> &in);
    bool accepting(int monitor) const { return !opts.observer || opts.observer->accepting(monitor); }
    void apply(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming);
    void applyVariants(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming);
    void applyEdge(int unode, const UEdge &ue, const CfaEdge &e, State s, std::vector<std::vector<State>> &incoming);
    void intrinsic(const CfaEdge &e, Eval &ev);
    // Gives the object at dst (of type t) arbitrary contents: not an input of any execution.
    // pointees: where its pointers may point (a havoc by allocation site), else anywhere.
    void havoc(const SymValue &dst, const Type *t, Eval &at, const std::vector<int> *pointees = nullptr);
    void tabulate(const BmcOptions::Table &table, const CfaEdge &e, const SymValue &arg, State &s, Eval &ev);
    // The auxiliary invariants of the loop whose head `unode` is (BmcOptions::invariants):
    // checked (invariantHits) or assumed on the state arriving there.
    void invariantsAt(int unode, State &s);
    // Array facts (BmcOptions::Invariant::fact): the arrays' contents where one was assumed,
    // under `when`; instantiated once the encoding is built, at every offset read.
    struct AssumedFact {
        std::shared_ptr<const ObjectContents> array, other;
        std::optional<z3::expr> value;
        z3::expr bound, when;
        bool equal;
        const Type *element;
        // About the objects the elements point to: the fact, and the memory they are in.
        std::optional<ArrayFact::Pointee> pointee = {};
        int64_t constant = 0;
        std::vector<std::shared_ptr<const ObjectContents>> memory = {};
    };
    std::optional<AssumedFact> factIn(const ArrayFact &fact, State &s);
    // Whether fact f holds at byte offset `offset` (true where the offset is not an element
    // below its bound). A pointee this encoding cannot read: true where assumed, false where
    // checked.
    z3::expr factAt(const AssumedFact &f, const z3::expr &offset, bool checked = false);
    z3::expr pointeeFactAt(const AssumedFact &f, const z3::expr &offset, bool checked);
    // A scalar of type t at `offset` in `object` in this memory, and where it is none (miss);
    // nullopt where it never is.
    std::optional<SymValue> readIn(const std::vector<std::shared_ptr<const ObjectContents>> &memory, int object,
                                   const z3::expr &offset, const Type *t, z3::expr &miss);
    void instantiateArrayFacts();
    std::vector<AssumedFact> m_assumedFacts;
    // Every offset an array held by its writes was read at, with the element size read.
    std::vector<std::pair<z3::expr, uint64_t>> m_readOffsets;
    std::set<std::pair<unsigned, uint64_t>> m_readOffsetIds;

    const Program &P;
    const BmcOptions &opts;
    Unwinder &U;
    z3::context &ctx;
    std::vector<ObjectDesc> objects;
    std::map<std::pair<int, VarId>, int> locals;
    std::map<VarId, int> globals;
    std::optional<LoopStructure> m_entryLoops; // the entry function's, for invariantsAt
    std::map<int, int> returnSlots;
    std::map<const Expr *, int> strings;
    uint64_t order = 0;
    unsigned fresh = 0;
    std::map<int, z3::expr> m_addresses; // per object, its address (addressOf)
    std::set<std::pair<int, size_t>> m_rawPointerLeaves; // pointer leaves written through integers
    // Contents of objects never written, per type (terms of this context only).
    std::map<const Type *, std::shared_ptr<const ObjectContents>> m_zeros;
    std::shared_ptr<const ObjectContents> m_zeroArray; // every array held by its writes, never written
    std::set<int> m_pointees; // the objects whose address an array held by its writes has held
    TypeTable m_heapTypes;             // the array types heap objects take
    std::vector<z3::expr> m_selectors; // per variant, true when an execution runs it
    int m_unode = -1;                  // the unwound location whose edges are being applied
    bool m_onReturn = false;           // ... and whether the edge is a return to the caller
    // The replacements of an edge in the variants, with the variant's number.
    std::unordered_map<EdgeId, std::vector<std::pair<unsigned, const CfaEdge *>>> m_variantEdges;
};

} // namespace vcov::bmc
