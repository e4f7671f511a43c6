// Bounded model checking: the CFAs are unwound into an acyclic graph of (node, context)
// pairs — a context is the inlined call stack and the iteration count of every loop
// around the node — which is then executed symbolically in topological order, merging
// the states of joining paths with if-then-else (as CBMC's symex does).
//
// Semantics as the interpreter's (semantics/Interpreter.cpp): objects are vectors of
// scalar leaves (semantics/Layout.h); pointers are (object, offset) with a guard per
// possible target; arithmetic wraps; checks that are not selected cut the paths on which
// they would fail, so every counterexample is an execution the interpreter can replay.
#include "bmc/Bmc.h"

#include "bmc/LoopStructure.h"
#include "bmc/MiniSat.h"
#include "bmc/SatSearch.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Interpreter.h"
#include "semantics/Layout.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace vcov {

const char *verdictName(Verdict v) {
    switch (v) {
    case Verdict::Safe: return "safe";
    case Verdict::Unsafe: return "unsafe";
    case Verdict::Unknown: return "unknown";
    }
    return "?";
}

namespace {

struct BmcUnsupported {
    std::string what;
};

// The run's time budget or its cancel flag stopped it.
struct BmcInterrupted {
    std::string what;
};

// Unwinding and encoding a large bound take a minute (pipeline.cil-2 at unwind 16: 689k
// locations, 55 s), so both look at the budget and the cancel flag as they go.
class Deadline {
public:
    Deadline(double seconds, const std::atomic<bool> *cancel)
        : m_end(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                       std::chrono::duration<double>(seconds))),
          m_timed(seconds > 0), m_cancel(cancel) {}
    // Throws BmcInterrupted; looks at the clock every 256th call only.
    void check(const char *phase) {
        if (++m_calls % 256)
            return;
        if (m_cancel && m_cancel->load())
            throw BmcInterrupted{std::string("cancelled while ") + phase};
        if (m_timed && std::chrono::steady_clock::now() > m_end)
            throw BmcInterrupted{std::string("time budget exhausted while ") + phase};
    }

private:
    std::chrono::steady_clock::time_point m_end;
    bool m_timed;
    const std::atomic<bool> *m_cancel;
    unsigned m_calls = 0;
};

// --- unwinding ---------------------------------------------------------------------

struct UFrame {
    int parent = -1;
    FunctionId function = NoFunction;
    int callerNode = -1; // the unrolled node of the call
    EdgeId callEdge = -1;
};

struct UEdge {
    enum Kind { Cfa, Enter, Leave } kind = Cfa;
    EdgeId edge = -1;
    int target = -1;
    // Taking this edge would exceed the unwinding bound of `loop` (a loop id, or the
    // function whose recursion is cut): the path ends here, with an unwinding assertion.
    bool unwindLimit = false;
    std::string loop;
    unsigned bound = 1; // how often the edge was taken in this visit of the loop
};

struct UNode {
    NodeId node = NoNode;
    int frame = 0;
    int monitor = 0; // the observer's state (0 without an observer)
    std::vector<uint32_t> counts; // per loop of loopsOf(node) (16 bits wrapped at --unwind 65536)
    std::vector<UEdge> out;
    int indegree = 0;
};

class Unroller {
public:
    Unroller(const Program &p, const BmcOptions &o) : P(p), opts(o) {}
    void build();

    std::vector<UNode> nodes;
    std::vector<UFrame> frames;
    std::vector<int> topo;
    Deadline *deadline = nullptr;

private:
    const LoopStructure &loops(FunctionId f);
    int nodeFor(NodeId n, int frame, std::vector<uint32_t> counts, int monitor);
    unsigned boundFor(const LoopInfo &l) const;
    // Successor of a function-local edge; -1 when the unwinding bound stops it.
    int transition(int from, const CfaEdge &e, UEdge &ue, int monitor);

    const Program &P;
    const BmcOptions &opts;
    std::map<FunctionId, LoopStructure> m_loops;
    std::map<std::tuple<NodeId, int, std::vector<uint32_t>, int>, int> m_index;
    std::deque<int> m_work;
};

constexpr size_t MaxUnrolledNodes = 4'000'000;

const LoopStructure &Unroller::loops(FunctionId f) {
    auto it = m_loops.find(f);
    if (it != m_loops.end())
        return it->second;
    LoopStructure ls = computeLoops(P, P.functions[f]);
    if (ls.irreducible)
        throw BmcUnsupported{"irreducible control flow in '" + P.functions[f].name + "' (a goto into a loop)"};
    return m_loops.emplace(f, std::move(ls)).first->second;
}

unsigned Unroller::boundFor(const LoopInfo &l) const {
    auto it = opts.loopBounds.find(l.id);
    return it == opts.loopBounds.end() ? opts.unwind : it->second;
}

int Unroller::nodeFor(NodeId n, int frame, std::vector<uint32_t> counts, int monitor) {
    auto key = std::make_tuple(n, frame, counts, monitor);
    auto it = m_index.find(key);
    if (it != m_index.end())
        return it->second;
    if (nodes.size() >= MaxUnrolledNodes)
        throw BmcUnsupported{"the unwound program has more than " + std::to_string(MaxUnrolledNodes) +
                             " locations: lower the bound"};
    UNode u;
    u.node = n;
    u.frame = frame;
    u.counts = std::move(counts);
    u.monitor = monitor;
    nodes.push_back(std::move(u));
    int id = int(nodes.size() - 1);
    m_index.emplace(std::move(key), id);
    m_work.push_back(id);
    return id;
}

int Unroller::transition(int from, const CfaEdge &e, UEdge &ue, int monitor) {
    const UNode &u = nodes[size_t(from)];
    if (opts.observer && opts.observer->finite())
        return nodeFor(e.to, u.frame, {}, monitor); // the observer bounds every path itself
    const LoopStructure &ls = loops(P.node(e.from).function);
    const auto &lu = ls.loopsOf(e.from);
    const auto &lv = ls.loopsOf(e.to);
    std::vector<uint32_t> counts(lv.size(), 0);
    for (size_t i = 0; i < lv.size(); ++i)
        for (size_t j = 0; j < lu.size(); ++j)
            if (lu[j] == lv[i])
                counts[i] = u.counts[j];
    auto back = ls.backEdges.find(e.id);
    if (back != ls.backEdges.end()) {
        for (size_t i = 0; i < lv.size(); ++i) {
            if (lv[i] != back->second)
                continue;
            const LoopInfo &loop = ls.loops[size_t(back->second)];
            // The n-th jump back is allowed while n < bound (CBMC's --unwind).
            if (unsigned(counts[i]) + 1 >= boundFor(loop)) {
                ue.unwindLimit = true;
                ue.bound = boundFor(loop);
                ue.loop = loop.id;
                return -1;
            }
            counts[i] = uint32_t(counts[i] + 1);
        }
    }
    return nodeFor(e.to, u.frame, std::move(counts), monitor);
}

void Unroller::build() {
    FunctionId mainId = P.entryFunction;
    frames.push_back(UFrame{-1, mainId, -1, -1});
    const PathObserver *obs = opts.observer;
    nodeFor(P.functions[mainId].entry, 0, {}, obs ? obs->initial() : 0);
    while (!m_work.empty()) {
        if (deadline)
            deadline->check("unwinding");
        int id = m_work.front();
        m_work.pop_front();
        NodeId n = nodes[size_t(id)].node;
        int frame = nodes[size_t(id)].frame;
        const int monitor = nodes[size_t(id)].monitor;
        auto observe = [&](PathMove m) { return obs ? obs->step(monitor, m) : 0; };
        const FunctionCfa &fn = P.functions[frames[size_t(frame)].function];
        std::vector<UEdge> outs;
        if (n == fn.exit) {
            const UFrame &f = frames[size_t(frame)];
            int next = f.parent >= 0 ? observe({f.callEdge, true}) : PathObserver::Blocked;
            if (next != PathObserver::Blocked) {
                UEdge ue;
                ue.kind = UEdge::Leave;
                ue.edge = f.callEdge;
                ue.target = transition(f.callerNode, P.edge(f.callEdge), ue, next);
                outs.push_back(ue);
            }
        }
        for (EdgeId eid : P.node(n).out) {
            const CfaEdge &e = P.edge(eid);
            UEdge ue;
            ue.edge = eid;
            const int next = observe({eid, false});
            if (next == PathObserver::Blocked)
                continue;
            if (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None && P.functions[e.call.callee].hasBody) {
                // Recursion: at most `unwind` frames of a function at once.
                unsigned active = 0;
                for (int q = frame; q >= 0; q = frames[size_t(q)].parent)
                    active += frames[size_t(q)].function == e.call.callee;
                if (active >= opts.unwind && !(obs && obs->finite())) {
                    ue.kind = UEdge::Enter;
                    ue.unwindLimit = true;
                    ue.loop = "recursion of " + P.functions[e.call.callee].name;
                    outs.push_back(ue);
                    continue;
                }
                frames.push_back(UFrame{frame, e.call.callee, id, eid});
                ue.kind = UEdge::Enter;
                ue.target = nodeFor(P.functions[e.call.callee].entry, int(frames.size() - 1), {}, next);
                outs.push_back(ue);
                continue;
            }
            ue.target = transition(id, e, ue, next);
            outs.push_back(ue);
        }
        for (const UEdge &ue : outs)
            if (ue.target >= 0)
                nodes[size_t(ue.target)].indegree++;
        nodes[size_t(id)].out = std::move(outs);
    }
    // Kahn's algorithm: the unwound graph is acyclic by construction.
    std::vector<int> indegree(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i)
        indegree[i] = nodes[i].indegree;
    std::vector<int> ready{0};
    while (!ready.empty()) {
        int n = ready.back();
        ready.pop_back();
        topo.push_back(n);
        for (const UEdge &ue : nodes[size_t(n)].out)
            if (ue.target >= 0 && --indegree[size_t(ue.target)] == 0)
                ready.push_back(ue.target);
    }
    if (topo.size() != nodes.size())
        throw BmcUnsupported{"internal error: the unwound program has a cycle"};
}

// --- symbolic state ------------------------------------------------------------------

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

struct ObjectContents {
    std::vector<SymValue> leaves;
};

// Term builders that fold constants on the spot: the formula stays small without
// calling Z3's simplifier, which would walk large shared terms again and again.
z3::expr andE(const z3::expr &a, const z3::expr &b) {
    if (a.is_false() || b.is_true())
        return a;
    if (b.is_false() || a.is_true())
        return b;
    return a && b;
}

z3::expr orE(const z3::expr &a, const z3::expr &b) {
    if (a.is_true() || b.is_false())
        return a;
    if (b.is_true() || a.is_false())
        return b;
    return a || b;
}

z3::expr notE(const z3::expr &a) {
    if (a.is_true())
        return a.ctx().bool_val(false);
    if (a.is_false())
        return a.ctx().bool_val(true);
    if (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT)
        return a.arg(0);
    return !a;
}

z3::expr addE(const z3::expr &a, const z3::expr &b) {
    uint64_t x, y;
    if (b.is_numeral_u64(y) && y == 0)
        return a;
    if (a.is_numeral_u64(x) && b.is_numeral_u64(y))
        return a.ctx().bv_val(x + y, a.get_sort().bv_size());
    return a + b;
}

// x * bytes for an index scaled to a byte offset: a shift when the size is a power of
// two (Z3 would otherwise bit-blast a full 64-bit multiplier for every array access).
z3::expr scaleE(const z3::expr &x, uint64_t bytes) {
    z3::context &c = x.ctx();
    unsigned w = x.get_sort().bv_size();
    uint64_t v;
    if (x.is_numeral_u64(v))
        return c.bv_val(v * bytes, w);
    if (bytes == 1)
        return x;
    if ((bytes & (bytes - 1)) == 0) {
        unsigned k = 0;
        while ((uint64_t(1) << k) != bytes)
            ++k;
        return z3::shl(x, c.bv_val(k, w));
    }
    return x * c.bv_val(bytes, w);
}

z3::expr eqE(const z3::expr &a, const z3::expr &b) {
    uint64_t x, y;
    if (a.is_numeral_u64(x) && b.is_numeral_u64(y))
        return a.ctx().bool_val(x == y);
    return a == b;
}

struct State {
    z3::expr guard;
    std::vector<std::shared_ptr<const ObjectContents>> memory;
};

struct ObjectDesc {
    std::string name;
    const Type *type = nullptr;
    bool readOnly = false;
};

struct Violation {
    z3::expr condition;
    Property property;
    EdgeId edge;
    std::string message;
    int unode = -1; // the unwound location whose edge it is on (for unwinding: the edge the bound cut)
    bool onReturn = false; // on the return from `edge`, a call, to the caller
    std::string loop = {}; // for unwinding: the loop id (or "recursion of f") the bound cut
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
};

class Encoder {
public:
    Encoder(const Program &p, const BmcOptions &o, Unroller &u, z3::context &c,
            const std::vector<ProgramVariant> &variants)
        : P(p), opts(o), U(u), ctx(c) {
        for (size_t k = 0; k < variants.size(); ++k)
            m_selectors.push_back(ctx.bool_const(("variant" + std::to_string(k + 1)).c_str()));
        for (size_t k = 0; k < variants.size(); ++k)
            for (const auto &[id, edge] : variants[k].edges)
                m_variantEdges[id].push_back({unsigned(k + 1), &edge});
    }
    void encode();
    Deadline *deadline = nullptr;
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
    std::vector<InputSymbol> inputs;
    std::vector<std::pair<int, z3::expr>> nodeGuards; // for diagnosing a failed replay
    std::vector<z3::expr> definitions;                 // guard literals of join locations
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
    int returnSlot(int frame, const Type *t);
    int stringObject(const Expr *lit);
    const ObjectContents &contents(const State &s, int object);
    SymValue zeroOf(const Type *t);

    SymValue eval(const ExprPtr &e, Eval &ev);
    SymValue address(const ExprPtr &e, Eval &ev);
    // The leaves of `object` that an access of type t at `offset` may be, each with the
    // condition that it is; `miss` becomes the condition that it is none of them.
    std::vector<std::pair<size_t, z3::expr>> leavesAt(int object, const z3::expr &offset, const Type *t, z3::expr &miss);
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
    // A check: a violation when selected; either way, later paths assume it did not fail.
    void check(Property p, const z3::expr &bad, Eval &ev, const std::string &message);
    SymValue freshInput(const Type *t, Eval &ev, bool uninitialized);

    State merge(std::vector<State> &in);
    bool accepting(int monitor) const { return !opts.observer || opts.observer->accepting(monitor); }
    void apply(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming);
    void applyEdge(int unode, const UEdge &ue, const CfaEdge &e, State s, std::vector<std::vector<State>> &incoming);
    void intrinsic(const CfaEdge &e, Eval &ev);

    const Program &P;
    const BmcOptions &opts;
    Unroller &U;
    z3::context &ctx;
    std::vector<ObjectDesc> objects;
    std::map<std::pair<int, VarId>, int> locals;
    std::map<VarId, int> globals;
    std::map<int, int> returnSlots;
    std::map<const Expr *, int> strings;
    uint64_t order = 0;
    unsigned fresh = 0;
    // Contents of objects never written, per type (terms of this context only).
    std::map<const Type *, std::shared_ptr<const ObjectContents>> m_zeros;
    std::vector<z3::expr> m_selectors; // per variant, true when an execution runs it
    int m_unode = -1;                  // the unwound location whose edges are being applied
    bool m_onReturn = false;           // ... and whether the edge is a return to the caller
    // The replacements of an edge in the variants, with the variant's number.
    std::unordered_map<EdgeId, std::vector<std::pair<unsigned, const CfaEdge *>>> m_variantEdges;
};

int Encoder::objectFor(VarId v, int frame) {
    const Variable &var = P.variable(v);
    if (var.function == NoFunction) {
        auto it = globals.find(v);
        if (it != globals.end())
            return it->second;
        objects.push_back({var.name, var.type, false});
        return globals[v] = int(objects.size() - 1);
    }
    auto key = std::make_pair(frame, v);
    auto it = locals.find(key);
    if (it != locals.end())
        return it->second;
    objects.push_back({var.name, var.type, false});
    return locals[key] = int(objects.size() - 1);
}

int Encoder::returnSlot(int frame, const Type *t) {
    auto it = returnSlots.find(frame);
    if (it != returnSlots.end())
        return it->second;
    objects.push_back({"return value of " + P.functions[U.frames[size_t(frame)].function].name, t, false});
    return returnSlots[frame] = int(objects.size() - 1);
}

int Encoder::stringObject(const Expr *lit) {
    auto it = strings.find(lit);
    if (it != strings.end())
        return it->second;
    objects.push_back({"string literal", lit->type, true});
    return strings[lit] = int(objects.size() - 1);
}

SymValue Encoder::zeroOf(const Type *t) {
    SymValue v{false, ctx.bv_val(0, 1), {}};
    if (t->isPointer()) {
        v.isPointer = true;
        v.targets.push_back({ctx.bool_val(true), -1, ctx.bv_val(0, 64)});
    } else {
        v.bv = ctx.bv_val(0, t->bits);
    }
    return v;
}

const ObjectContents &Encoder::contents(const State &s, int object) {
    if (size_t(object) < s.memory.size() && s.memory[size_t(object)])
        return *s.memory[size_t(object)];
    const ObjectDesc &d = objects[size_t(object)];
    // Every scalar of an object is a term: very large arrays are beyond this encoding.
    constexpr uint64_t MaxLeaves = uint64_t(1) << 16;
    if (d.type->leafCount() > MaxLeaves)
        throw BmcUnsupported{d.name + " has " + std::to_string(d.type->leafCount()) + " scalars (more than " +
                             std::to_string(MaxLeaves) + " are not encoded yet)"};
    auto &z = m_zeros[d.type];
    if (!z) {
        auto c = std::make_shared<ObjectContents>();
        for (const Leaf &l : leavesOf(d.type))
            c->leaves.push_back(zeroOf(l.type));
        z = c;
    }
    return *z;
}

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

SymValue Encoder::fromBool(const z3::expr &b, const Type *t) {
    if (b.is_true() || b.is_false())
        return SymValue{false, ctx.bv_val(b.is_true() ? 1 : 0, t->bits), {}};
    return SymValue{false, z3::ite(b, ctx.bv_val(1, t->bits), ctx.bv_val(0, t->bits)), {}};
}

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

z3::expr Encoder::convertBits(const z3::expr &v, const Type *from, const Type *to) {
    if (to->isBool)
        return z3::ite(v != ctx.bv_val(0, from->bits), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
    if (to->bits == from->bits)
        return v;
    if (to->bits < from->bits)
        return v.extract(to->bits - 1, 0);
    return from->isSigned ? z3::sext(v, to->bits - from->bits) : z3::zext(v, to->bits - from->bits);
}

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

SymValue Encoder::address(const ExprPtr &e, Eval &ev) {
    auto at = [&](int object) {
        return SymValue{true, ctx.bv_val(0, 1), {PtrTarget{ctx.bool_val(true), object, ctx.bv_val(0, 64)}}};
    };
    switch (e->kind) {
    case ExprKind::Var: return at(objectFor(e->var, ev.frame));
    case ExprKind::StringLit: return at(stringObject(e.get()));
    case ExprKind::Deref: {
        SymValue p = eval(e->ops[0], ev);
        z3::expr bad = ctx.bool_val(false);
        SymValue r{true, ctx.bv_val(0, 1), {}};
        for (const auto &t : p.targets) {
            if (t.object < 0)
                bad = bad || t.guard;
            else
                r.targets.push_back(t);
        }
        check(Property::Pointer, bad, ev, "null or invalid pointer dereference");
        if (r.targets.empty())
            r.targets.push_back({ctx.bool_val(false), -1, ctx.bv_val(0, 64)});
        return r;
    }
    case ExprKind::Index: {
        SymValue base = address(e->ops[0], ev);
        SymValue idx = eval(e->ops[1], ev);
        const Type *it = e->ops[1]->type;
        z3::expr i64 = it->bits == 64 ? idx.bv : it->isSigned ? z3::sext(idx.bv, 64 - it->bits) : z3::zext(idx.bv, 64 - it->bits);
        const Type *at = e->ops[0]->type;
        if (opts.properties.count(Property::ArrayBounds) && at->isArray()) {
            z3::expr n = ctx.bv_val(at->count, 64);
            check(Property::ArrayBounds, !(z3::sge(i64, ctx.bv_val(0, 64)) && z3::slt(i64, n)), ev,
                  "array index out of bounds");
        }
        return pointerAdd(base, scaleE(i64, sizeOf(e->type)));
    }
    case ExprKind::Member: {
        SymValue base = address(e->ops[0], ev);
        return pointerAdd(base, ctx.bv_val(e->ops[0]->type->fields[e->field].offsetBytes, 64));
    }
    default: throw BmcUnsupported{"address of a value that is not an object"};
    }
}

std::vector<std::pair<size_t, z3::expr>> Encoder::leavesAt(int object, const z3::expr &offset, const Type *t,
                                                           z3::expr &miss) {
    const ObjectDesc &d = objects[size_t(object)];
    const auto &leaves = leavesOf(d.type);
    std::vector<std::pair<size_t, z3::expr>> out;
    miss = ctx.bool_val(true);
    auto sameKind = [&](const Leaf &l) { return l.type->sizeBytes == t->sizeBytes && l.type->isPointer() == t->isPointer(); };
    uint64_t k;
    if (offset.is_numeral_u64(k)) {
        for (size_t i = 0; i < leaves.size(); ++i)
            if (leaves[i].offset == k) {
                if (!sameKind(leaves[i]))
                    throw BmcUnsupported{"access to " + d.name + " through a different type"};
                out.push_back({i, ctx.bool_val(true)});
                miss = ctx.bool_val(false);
                break;
            }
        return out;
    }
    for (size_t i = 0; i < leaves.size(); ++i) {
        if (!sameKind(leaves[i]))
            continue;
        z3::expr hit = eqE(offset, ctx.bv_val(leaves[i].offset, 64));
        out.push_back({i, hit});
        miss = andE(miss, notE(hit));
    }
    return out;
}

SymValue Encoder::read(const SymValue &ptr, const Type *t, Eval &ev) {
    std::optional<SymValue> result;
    z3::expr outside = ctx.bool_val(false);
    for (const auto &target : ptr.targets) {
        if (target.object < 0)
            continue; // reported by address()
        const ObjectContents &c = contents(ev.state, target.object);
        z3::expr miss = ctx.bool_val(true);
        std::optional<SymValue> v;
        for (auto &[i, hit] : leavesAt(target.object, target.offset, t, miss))
            v = v ? select(hit, c.leaves[i], *v) : c.leaves[i];
        outside = orE(outside, andE(target.guard, miss));
        if (!v)
            v = zeroOf(t);
        result = result ? select(target.guard, *v, *result) : *v;
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
    return result ? *result : zeroOf(t);
}

void Encoder::write(const SymValue &ptr, const Type *t, const SymValue &value, Eval &ev) {
    z3::expr outside = ctx.bool_val(false);
    bool single = ptr.targets.size() == 1;
    for (const auto &target : ptr.targets) {
        if (target.object < 0)
            continue;
        if (objects[size_t(target.object)].readOnly)
            check(Property::Pointer, target.guard, ev, "write to a string literal");
        auto updated = std::make_shared<ObjectContents>(contents(ev.state, target.object));
        // The write happens only where the path reaches it: states on other paths keep
        // their values when they merge, but within this state the guard is implied.
        z3::expr when = single ? ctx.bool_val(true) : target.guard;
        z3::expr miss = ctx.bool_val(true);
        for (auto &[i, hit] : leavesAt(target.object, target.offset, t, miss)) {
            z3::expr cond = andE(when, hit);
            updated->leaves[i] = cond.is_true() ? value : select(cond, value, updated->leaves[i]);
        }
        outside = orE(outside, andE(target.guard, miss));
        if (ev.state.memory.size() <= size_t(target.object))
            ev.state.memory.resize(objects.size());
        ev.state.memory[size_t(target.object)] = std::move(updated);
    }
    check(Property::ArrayBounds, outside, ev, "access outside its object");
}

void Encoder::copy(const SymValue &dst, const SymValue &src, const Type *t, Eval &ev) {
    for (const Leaf &l : leavesOf(t)) {
        z3::expr o = ctx.bv_val(l.offset, 64);
        SymValue v = read(pointerAdd(src, o), l.type, ev);
        write(pointerAdd(dst, o), l.type, v, ev);
    }
}

void Encoder::assign(const SymValue &dst, const Type *t, const ExprPtr &value, Eval &ev) {
    if (t->isScalar())
        write(dst, t, eval(value, ev), ev);
    else
        copy(dst, address(value, ev), t, ev);
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
    const Type *t = comparison ? l->type : e.type;
    const bool s = t->isSigned;
    const unsigned w = t->bits;
    z3::expr x = a.bv, y = b.bv;
    uint64_t cx, cy;
    if (x.is_numeral_u64(cx) && y.is_numeral_u64(cy)) {
        // Both known: the interpreter's integer semantics computes the value and says
        // statically whether a check fails.
        IntegerResult res = integerBinary(op, cx, cy, t, r->type);
        if (res.divByZero)
            check(Property::DivisionByZero, ctx.bool_val(true), ev, "division by zero");
        if (res.overflow && opts.properties.count(Property::Overflow))
            check(Property::Overflow, ctx.bool_val(true), ev, "arithmetic overflow on signed integers");
        unsigned rw = e.type->bits;
        return {false, ctx.bv_val(comparison ? res.bits : truncateBits(res.bits, rw), rw), {}};
    }
    switch (op) {
    case BinaryOp::Lt: return fromBool(s ? z3::slt(x, y) : z3::ult(x, y), e.type);
    case BinaryOp::Gt: return fromBool(s ? z3::sgt(x, y) : z3::ugt(x, y), e.type);
    case BinaryOp::Le: return fromBool(s ? z3::sle(x, y) : z3::ule(x, y), e.type);
    case BinaryOp::Ge: return fromBool(s ? z3::sge(x, y) : z3::uge(x, y), e.type);
    case BinaryOp::Eq: return fromBool(x == y, e.type);
    case BinaryOp::Ne: return fromBool(x != y, e.type);
    case BinaryOp::BitAnd: return {false, x & y, {}};
    case BinaryOp::BitOr: return {false, x | y, {}};
    case BinaryOp::BitXor: return {false, x ^ y, {}};
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul: {
        z3::expr res = op == BinaryOp::Add ? x + y : op == BinaryOp::Sub ? x - y : x * y;
        if (s && opts.properties.count(Property::Overflow)) {
            unsigned ext = op == BinaryOp::Mul ? w : 1;
            z3::expr xe = z3::sext(x, ext), ye = z3::sext(y, ext);
            z3::expr wide = op == BinaryOp::Add ? xe + ye : op == BinaryOp::Sub ? xe - ye : xe * ye;
            check(Property::Overflow, wide != z3::sext(res, ext), ev, "arithmetic overflow on signed integers");
        }
        return {false, res, {}};
    }
    case BinaryOp::Div:
    case BinaryOp::Rem: {
        check(Property::DivisionByZero, y == ctx.bv_val(0, w), ev, "division by zero");
        if (s && opts.properties.count(Property::Overflow))
            check(Property::Overflow, x == ctx.bv_val(uint64_t(1) << (w - 1), w) && y == ctx.bv_val(~uint64_t(0), w), ev,
                  "arithmetic overflow on signed division");
        z3::expr res = op == BinaryOp::Div ? (s ? z3::expr(x / y) : z3::udiv(x, y)) : (s ? z3::srem(x, y) : z3::urem(x, y));
        return {false, res, {}};
    }
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
        const Type *rt = r->type;
        // The count as a 64-bit value, to tell an out-of-range count from a truncated one.
        z3::expr c64 = rt->bits == 64 ? y : rt->isSigned ? z3::sext(y, 64 - rt->bits) : z3::zext(y, 64 - rt->bits);
        z3::expr inRange = z3::ult(c64, ctx.bv_val(w, 64));
        z3::expr c = w == 64 ? c64 : c64.extract(w - 1, 0);
        z3::expr res = op == BinaryOp::Shl ? z3::shl(x, c) : s ? z3::ashr(x, c) : z3::lshr(x, c);
        z3::expr outOfRange = op == BinaryOp::Shl || !s ? ctx.bv_val(0, w)
                                                        : z3::ite(z3::slt(x, ctx.bv_val(0, w)), ctx.bv_val(~uint64_t(0), w),
                                                                  ctx.bv_val(0, w));
        if (opts.properties.count(Property::Overflow)) {
            z3::expr bad = !inRange;
            if (op == BinaryOp::Shl && s) {
                // A negative value, or bits shifted into or past the sign bit.
                z3::expr back = z3::ashr(res, c);
                bad = bad || z3::slt(x, ctx.bv_val(0, w)) || back != x || z3::slt(res, ctx.bv_val(0, w));
            }
            check(Property::Overflow, bad, ev, "shift out of range");
        }
        return {false, z3::ite(inRange, res, outOfRange), {}};
    }
    case BinaryOp::LogAnd:
    case BinaryOp::LogOr: break;
    }
    throw BmcUnsupported{"operator"};
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
        if (!a.isPointer && e->unaryOp != UnaryOp::LogNot && a.bv.is_numeral_u64(k)) {
            IntegerResult res = integerUnary(e->unaryOp, k, e->type);
            if (res.overflow && opts.properties.count(Property::Overflow))
                check(Property::Overflow, ctx.bool_val(true), ev, "arithmetic overflow on signed negation");
            return {false, ctx.bv_val(res.bits, e->type->bits), {}};
        }
        switch (e->unaryOp) {
        case UnaryOp::LogNot: return fromBool(notE(truth(a)), e->type);
        case UnaryOp::BitNot: return {false, ~a.bv, {}};
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
        case CastKind::PointerToPointer: return eval(e->ops[0], ev);
        case CastKind::NullToPointer: eval(e->ops[0], ev); return zeroOf(e->type);
        case CastKind::PointerToBool: return fromBool(truth(eval(e->ops[0], ev)), e->type);
        case CastKind::ToVoid: eval(e->ops[0], ev); return {false, ctx.bv_val(0, 32), {}};
        case CastKind::IntToPointer:
        case CastKind::PointerToInt: throw BmcUnsupported{"conversion between pointers and integers"};
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
        // Not selected (a search for executions): a failing assertion cuts the path.
        if (opts.properties.count(Property::Assertion) && !ev.state.guard.is_false())
            violations.push_back(
                {andE(ev.state.guard, notE(ok)), Property::Assertion, e.id, "assertion " + e.text, m_unode, m_onReturn});
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
    case Intrinsic::Malloc:
    case Intrinsic::Free: throw BmcUnsupported{"dynamic memory (" + c.calleeName + ")"};
    case Intrinsic::None: break;
    }
}

State Encoder::merge(std::vector<State> &in) {
    if (in.size() == 1)
        return std::move(in[0]);
    State out{ctx.bool_val(false), {}};
    size_t width = 0;
    for (const auto &s : in) {
        out.guard = orE(out.guard, s.guard);
        width = std::max(width, s.memory.size());
    }
    // A join gets a guard literal of its own, defined once: guards stay small terms and
    // the model tells directly which locations the counterexample passes.
    if (!out.guard.is_true() && !out.guard.is_false()) {
        z3::expr literal = ctx.bool_const(("reach" + std::to_string(definitions.size())).c_str());
        definitions.push_back(literal == out.guard);
        out.guard = literal;
    }
    out.memory.resize(std::max(width, objects.size()));
    for (size_t o = 0; o < out.memory.size(); ++o) {
        const ObjectContents *first = nullptr;
        bool same = true;
        for (const auto &s : in) {
            const ObjectContents *c = o < s.memory.size() ? s.memory[o].get() : nullptr;
            if (&s == &in[0])
                first = c;
            else if (c != first)
                same = false;
        }
        if (same) {
            out.memory[o] = o < in[0].memory.size() ? in[0].memory[o] : nullptr;
            continue;
        }
        auto merged = std::make_shared<ObjectContents>(contents(in.back(), int(o)));
        for (size_t k = in.size() - 1; k-- > 0;) {
            const ObjectContents &c = contents(in[k], int(o));
            for (size_t i = 0; i < merged->leaves.size(); ++i)
                merged->leaves[i] = select(in[k].guard, c.leaves[i], merged->leaves[i]);
        }
        out.memory[o] = std::move(merged);
    }
    return out;
}

void Encoder::apply(int unode, const UEdge &ue, State s, std::vector<std::vector<State>> &incoming) {
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
            if (e.hasInitializer) {
                for (const Leaf &l : leavesOf(v.type))
                    write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, zeroOf(l.type), ev);
                for (const auto &init : e.inits)
                    assign(address(init.target, ev), init.target->type, init.value, ev);
            } else {
                for (const Leaf &l : leavesOf(v.type))
                    write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, freshInput(l.type, ev, true), ev);
            }
            break;
        }
        case EdgeKind::Assignment: assign(address(e.lhs, ev), e.lhs->type, e.rhs, ev); break;
        case EdgeKind::Assume: {
            z3::expr c = truth(eval(e.cond, ev));
            s.guard = andE(s.guard, e.truth ? c : notE(c));
            break;
        }
        case EdgeKind::Call:
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
    if (opts.havoc && ue.kind != UEdge::Enter && opts.havoc->entryEdges.count(ue.edge)) {
        // Entering the inductive step's loop: what it writes becomes arbitrary (not an input
        // of any execution: the step's paths are not replayed).
        Eval at{s, U.nodes[size_t(ue.target)].frame, ue.edge, ctx.bool_val(true)};
        for (VarId v : opts.havoc->vars) {
            const Type *t = P.variable(v).type;
            SymValue dst = address(makeVar(t, v), at);
            for (const Leaf &l : leavesOf(t)) {
                z3::expr x = ctx.bv_const(("havoc" + std::to_string(fresh++)).c_str(), l.type->bits);
                if (l.type->isBool)
                    x = z3::ite(x.extract(0, 0) == ctx.bv_val(1, 1), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
                write(pointerAdd(dst, ctx.bv_val(l.offset, 64)), l.type, SymValue{false, x, {}}, at);
            }
        }
    }
    taken[&ue].push_back(s.guard);
    incoming[size_t(ue.target)].push_back(std::move(s));
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
}

int64_t modelValue(const z3::model &m, const z3::expr &v, const Type *t) {
    z3::expr r = m.eval(v, true);
    uint64_t bits = 0;
    if (!r.is_numeral_u64(bits))
        return 0;
    return t->isPointer() ? int64_t(bits) : asSigned(bits, t); // a pointer: its address
}

} // namespace

namespace {

ExecutionInput inputsFromModel(const Encoder &encoder, const z3::model &model) {
    std::vector<const InputSymbol *> used;
    for (const auto &in : encoder.inputs)
        if (model.eval(in.guard, true).is_true())
            used.push_back(&in);
    std::stable_sort(used.begin(), used.end(), [](auto *a, auto *b) { return a->order < b->order; });
    ExecutionInput input;
    for (const InputSymbol *in : used)
        (in->uninitialized ? input.uninitialized : input.nondet).push_back(modelValue(model, in->value, in->type));
    return input;
}

// The product of the unwound program with an automaton given at query time (an extra
// constraint on the shared encoding): per unwound location, the condition that the
// execution is there with the automaton in each state, every move so far admitted. Built
// over the taken-edge guards, not by unwinding again.
using QueryProduct = std::vector<std::map<int, z3::expr>>;

} // namespace

struct BmcEncoding::Impl {
    Impl(const Program &p, const BmcOptions &o, std::vector<ProgramVariant> v)
        : program(p), options(o), variants(std::move(v)) {}
    const Program &program;
    BmcOptions options;
    std::vector<ProgramVariant> variants;
    std::string error;
    double encodeSeconds = 0;
    size_t unrolledNodes = 0;
    z3::context ctx;
    std::optional<Unroller> unroller;
    std::optional<Encoder> encoder;

    std::vector<z3::expr> variantFacts(size_t k) const { return encoder->variantFacts(k); }

    z3::expr takenGuard(const UEdge &ue) {
        auto it = encoder->taken.find(&ue);
        if (it == encoder->taken.end())
            return ctx.bool_val(false);
        return it->second.size() == 1 ? it->second[0] : z3::mk_or(toVector(it->second));
    }
    z3::expr_vector toVector(const std::vector<z3::expr> &v) {
        z3::expr_vector out(ctx);
        for (const auto &e : v)
            out.push_back(e);
        return out;
    }
    z3::expr any(const std::vector<z3::expr> &v) { return v.empty() ? ctx.bool_val(false) : z3::mk_or(toVector(v)); }
    // At least `k` of the edges are taken: a sum of bit-vector ones, which bit-blasting
    // turns into an adder (so MiniSat still gets plain CNF).
    z3::expr takesAtLeast(const std::vector<EdgeId> &edges, unsigned k) {
        if (k == 0)
            return ctx.bool_val(true);
        unsigned width = 2;
        while ((1ull << (width - 1)) <= edges.size())
            ++width;
        z3::expr sum = ctx.bv_val(0, width);
        for (EdgeId e : edges)
            sum = sum + z3::ite(takesOneOf({e}), ctx.bv_val(1, width), ctx.bv_val(0, width));
        return z3::uge(sum, ctx.bv_val(uint64_t(k), width));
    }

    // The most covering execution: a soft constraint per edge of `cover` (SatSearch.h).
    z3::check_result maximize(const std::vector<EdgeId> &cover, const std::vector<z3::expr> &conditions,
                              const std::vector<z3::expr> &facts, double timeoutSeconds,
                              std::optional<z3::model> &model, std::string &reason) {
        std::vector<z3::expr> soft;
        for (EdgeId e : cover)
            soft.push_back(takesOneOf({e}));
        return solveMaxSat(ctx, encoder->definitions, conditions, facts, soft, timeoutSeconds, options.cancel, model,
                           reason);
    }

    // The execution takes one of the edges (true when none are named).
    z3::expr takesOneOf(const std::vector<EdgeId> &edges) {
        if (edges.empty())
            return ctx.bool_val(true);
        const std::set<EdgeId> wanted(edges.begin(), edges.end());
        std::vector<z3::expr> guards;
        for (const UNode &n : unroller->nodes)
            for (const UEdge &ue : n.out)
                if (ue.kind != UEdge::Leave && wanted.count(ue.edge))
                    guards.push_back(takenGuard(ue));
        return any(guards);
    }

    QueryProduct productWith(const PathObserver &observer) {
        QueryProduct at(unroller->nodes.size());
        auto add = [](std::map<int, z3::expr> &states, int state, const z3::expr &c) {
            auto it = states.find(state);
            if (it == states.end())
                states.emplace(state, c);
            else
                it->second = orE(it->second, c);
        };
        at[0].emplace(observer.initial(), ctx.bool_val(true));
        for (int n : unroller->topo) {
            if (at[size_t(n)].empty())
                continue;
            for (const UEdge &ue : unroller->nodes[size_t(n)].out) {
                if (ue.target < 0)
                    continue;
                const z3::expr taken = takenGuard(ue);
                if (taken.is_false())
                    continue;
                for (const auto &[state, c] : at[size_t(n)]) {
                    const int next = observer.step(state, {ue.edge, ue.kind == UEdge::Leave});
                    if (next != PathObserver::Blocked)
                        add(at[size_t(ue.target)], next, andE(c, taken));
                }
            }
        }
        return at;
    }
    // The automaton admits the violation's move: the execution reaches its location in a
    // state from which the move is not blocked.
    z3::expr admits(const PathObserver &observer, const QueryProduct &p, const Violation &v) {
        if (v.unode < 0)
            return ctx.bool_val(true); // in the initial state, before any move
        std::vector<z3::expr> in;
        for (const auto &[state, c] : p[size_t(v.unode)])
            if (observer.step(state, {v.edge, v.onReturn}) != PathObserver::Blocked)
                in.push_back(c);
        return any(in);
    }
    z3::expr accepts(const PathObserver &observer, const QueryProduct &p, const Goal &g) {
        std::vector<z3::expr> in;
        for (const auto &[state, c] : p[size_t(g.unode)]) {
            const int end = g.exitCall < 0 ? state : observer.step(state, {g.exitCall, false});
            if (end != PathObserver::Blocked && observer.accepting(end))
                in.push_back(c);
        }
        return any(in);
    }

    // Is "not found" complete: does no path the product admits end at a bound that matters
    // (a path cut by the bound might have taken a wanted edge later)? Sets result.complete,
    // or the reason, naming the loop that needs a larger bound.
    void decideComplete(const Query &query, const std::optional<QueryProduct> &product,
                        const std::vector<z3::expr> &facts, double timeoutSeconds, ExecutionSearch &result) {
        std::vector<z3::expr> unwinding;
        std::vector<const Violation *> cut;
        for (const auto &v : encoder->violations)
            if (v.property == Property::Unwinding && !query.boundedLoops.count(v.loop)) {
                unwinding.push_back(product ? andE(v.condition, admits(*query.observer, *product, v)) : v.condition);
                cut.push_back(&v);
            }
        std::optional<z3::model> model;
        std::string why;
        const z3::check_result u =
            solveAny(ctx, encoder->definitions, unwinding, facts, timeoutSeconds, options.cancel, model, why);
        result.complete = u == z3::unsat;
        if (u == z3::sat) {
            result.reason = "bound " + std::to_string(options.unwind) + " too small";
            for (size_t i = 0; i < unwinding.size(); ++i)
                if (model->eval(unwinding[i], true).is_true()) {
                    result.reason += " for " + cut[i]->loop;
                    break;
                }
        } else if (u == z3::unknown) {
            result.reason = why;
        }
    }

    std::string queryError(const Query &q) const {
        if (!error.empty())
            return error;
        if (q.variant > variants.size())
            return "internal error: variant " + std::to_string(q.variant) + " of " + std::to_string(variants.size());
        return {};
    }
};

BmcEncoding::BmcEncoding(const Program &program, const BmcOptions &options, std::vector<ProgramVariant> variants)
    : d(std::make_unique<Impl>(program, options, std::move(variants))) {
    const auto start = std::chrono::steady_clock::now();
    if (program.entryFunction == NoFunction) {
        d->error = "the program has no entry function";
        return;
    }
    for (const ProgramVariant &v : d->variants) {
        std::string why = variantError(program, v);
        if (!why.empty()) {
            d->error = "variant '" + v.name + "': " + why;
            return;
        }
    }
    try {
        Deadline deadline(d->options.timeoutSeconds, d->options.cancel);
        d->unroller.emplace(program, d->options);
        d->unroller->deadline = &deadline;
        d->unroller->build();
        d->unrolledNodes = d->unroller->nodes.size();
        d->encoder.emplace(program, d->options, *d->unroller, d->ctx, d->variants);
        d->encoder->deadline = &deadline;
        d->encoder->encode();
    } catch (const BmcInterrupted &i) {
        d->error = i.what + " (" + std::to_string(d->unroller->nodes.size()) + " unwound locations)";
    } catch (const BmcUnsupported &u) {
        d->error = "unsupported by the bounded model checker: " + u.what;
    } catch (const z3::exception &ex) {
        d->error = std::string("solver error: ") + ex.msg();
    }
    d->encodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

BmcEncoding::~BmcEncoding() = default;

const std::vector<ProgramVariant> &BmcEncoding::variants() const { return d->variants; }
const std::string &BmcEncoding::error() const { return d->error; }
double BmcEncoding::encodeSeconds() const { return d->encodeSeconds; }
size_t BmcEncoding::unrolledNodes() const { return d->unrolledNodes; }

ExecutionSearch BmcEncoding::findExecution(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    ExecutionSearch result;
    result.unrolledNodes = d->unrolledNodes;
    result.reason = d->queryError(query);
    if (!result.reason.empty())
        return result;
    const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : d->options.timeoutSeconds;
    auto left = [&] { return budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0; };
    const Encoder &encoder = *d->encoder;
    try {
        // Without unwinding assertions nothing could tell whether "not found" is complete.
        if (!d->options.unwindingAssertions) {
            result.reason = "internal error: an execution search needs unwinding assertions";
            return result;
        }
        std::optional<z3::model> model;
        const std::vector<z3::expr> facts = d->variantFacts(query.variant);
        // With an automaton, goals and cut paths count where the product reaches them.
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        std::vector<z3::expr> goals;
        for (const Goal &g : encoder.goals)
            goals.push_back(product ? andE(g.guard, d->accepts(*query.observer, *product, g)) : g.guard);
        std::vector<z3::expr> found = facts;
        found.push_back(d->takesOneOf(query.through));
        if (query.coverAtLeast > 0)
            found.push_back(d->takesAtLeast(query.cover, query.coverAtLeast));
        z3::check_result r =
            query.maximizeCover
                ? d->maximize(query.cover, goals, found, left(), model, result.reason)
                : solveAny(d->ctx, encoder.definitions, goals, found, left(), d->options.cancel, model, result.reason);
        result.optimal = query.maximizeCover && r == z3::sat;
        if (r == z3::sat) {
            result.status = ExecutionSearch::Found;
            result.input = inputsFromModel(encoder, *model);
        } else if (r == z3::unsat) {
            result.status = ExecutionSearch::NotFound;
            d->decideComplete(query, product, facts, left(), result);
        }
    } catch (const z3::exception &ex) {
        result.status = ExecutionSearch::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    result.seconds = elapsed();
    return result;
}

ExecutionSearch BmcEncoding::reach(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    ExecutionSearch result;
    result.unrolledNodes = d->unrolledNodes;
    result.reason = d->queryError(query);
    if (result.reason.empty() && query.through.empty())
        result.reason = "internal error: a reach query names no edge";
    if (result.reason.empty() && !d->options.unwindingAssertions)
        result.reason = "internal error: a reach query needs unwinding assertions";
    if (!result.reason.empty())
        return result;
    const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : d->options.timeoutSeconds;
    auto left = [&] { return budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0; };
    const Encoder &encoder = *d->encoder;
    try {
        const std::vector<z3::expr> facts = d->variantFacts(query.variant);
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        // A wanted edge counts where it is taken in a state the automaton lets it be taken.
        const std::set<EdgeId> wanted(query.through.begin(), query.through.end());
        std::vector<z3::expr> hits;
        std::vector<EdgeId> hitEdges; // the wanted edge of each hit
        const auto &nodes = d->unroller->nodes;
        for (size_t n = 0; n < nodes.size(); ++n)
            for (const UEdge &ue : nodes[n].out) {
                if (ue.kind == UEdge::Leave || !wanted.count(ue.edge))
                    continue;
                z3::expr taken = d->takenGuard(ue);
                if (taken.is_false())
                    continue;
                if (product) {
                    std::vector<z3::expr> admitted;
                    for (const auto &[state, c] : (*product)[n])
                        if (query.observer->step(state, {ue.edge, false}) != PathObserver::Blocked)
                            admitted.push_back(c);
                    taken = andE(taken, d->any(admitted));
                }
                hits.push_back(taken);
                hitEdges.push_back(ue.edge);
            }
        // A wanted edge that the bound cuts (a back edge taken once too often) is still
        // taken: the cut ends the path after it. Missing these hid goals on back edges.
        for (const auto &v : encoder.violations)
            if ((v.property == Property::Unwinding ? !v.onReturn : query.violations) && wanted.count(v.edge)) {
                hits.push_back(product ? andE(v.condition, d->admits(*query.observer, *product, v)) : v.condition);
                hitEdges.push_back(v.edge);
            }
        std::optional<z3::model> model;
        z3::check_result r = solveAny(d->ctx, encoder.definitions, hits, facts, left(), d->options.cancel, model, result.reason);
        if (r == z3::sat) {
            result.status = ExecutionSearch::Found;
            result.input = inputsFromModel(encoder, *model);
            std::set<EdgeId> reached;
            for (size_t i = 0; i < hits.size(); ++i)
                if (model->eval(hits[i], true).is_true())
                    reached.insert(hitEdges[i]);
            result.reached.assign(reached.begin(), reached.end());
        } else if (r == z3::unsat) {
            result.status = ExecutionSearch::NotFound;
            d->decideComplete(query, product, facts, left(), result);
        }
    } catch (const z3::exception &ex) {
        result.status = ExecutionSearch::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    result.seconds = elapsed();
    return result;
}

ExecutionSearch findExecution(const Program &program, const BmcOptions &options) {
    BmcOptions opts = options;
    opts.unwindingAssertions = true; // to know whether "not found" is complete
    BmcEncoding encoding(program, opts);
    BmcEncoding::Query q;
    // The budget covers the encoding too.
    if (options.timeoutSeconds > 0)
        q.timeoutSeconds = std::max(0.001, options.timeoutSeconds - encoding.encodeSeconds());
    ExecutionSearch result = encoding.findExecution(q);
    result.seconds += encoding.encodeSeconds();
    return result;
}

BmcResult BmcEncoding::check(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const Program &program = d->program;
    const BmcOptions &options = d->options;
    BmcResult result;
    result.bound = options.unwind;
    result.unrolledNodes = d->unrolledNodes;
    result.encodeSeconds = d->encodeSeconds;
    auto finish = [&](BmcResult &r) -> BmcResult & {
        r.seconds = elapsed();
        return r;
    };
    result.reason = d->queryError(query);
    if (!result.reason.empty())
        return finish(result);
    const Encoder &encoder = *d->encoder;
    const Unroller &unroller = *d->unroller;
    result.checks = encoder.violations.size();
    try {
        if (encoder.violations.empty()) {
            result.verdict = Verdict::Safe;
            return finish(result);
        }
        const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : options.timeoutSeconds;
        const std::vector<z3::expr> facts = d->variantFacts(query.variant);
        // With an automaton, violations count where the product reaches them.
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        // A real violation counts only on an execution through a wanted edge; a path cut
        // by the bound counts wherever it is cut (it might have taken one later).
        const z3::expr through = d->takesOneOf(query.through);
        std::vector<z3::expr> conditions;
        for (const auto &v : encoder.violations) {
            z3::expr c = v.condition;
            if (product)
                c = andE(c, d->admits(*query.observer, *product, v));
            if (v.property != Property::Unwinding && !query.through.empty())
                c = andE(c, through);
            conditions.push_back(c);
        }
        // One query: is one of these checks violated? A fresh solver each time (the
        // tactic pipeline is not incremental); the encoding is shared.
        std::optional<z3::model> model;
        auto solve = [&](bool unwinding) -> z3::check_result {
            double left = budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0;
            std::vector<z3::expr> any;
            for (size_t i = 0; i < conditions.size(); ++i)
                if (unwinding || encoder.violations[i].property != Property::Unwinding)
                    any.push_back(conditions[i]);
            return solveAny(d->ctx, encoder.definitions, any, facts, left, options.cancel, model, result.reason,
                            &result.satSolver);
        };
        z3::check_result r = solve(true);
        const Violation *hit = nullptr;
        auto findHit = [&] {
            hit = nullptr;
            for (size_t i = 0; i < conditions.size() && !hit; ++i)
                if (model->eval(conditions[i], true).is_true())
                    hit = &encoder.violations[i];
        };
        if (r == z3::sat) {
            findHit();
            if (hit && hit->property == Property::Unwinding) {
                // The bound is too small somewhere; a real violation within the bound
                // still makes the program unsafe.
                std::optional<z3::model> unwindingModel = model;
                z3::check_result real = solve(false);
                if (real == z3::sat) {
                    findHit();
                } else {
                    model = unwindingModel;
                    findHit();
                    if (real == z3::unknown)
                        r = z3::unknown;
                }
            }
        }
        result.solveSeconds = elapsed();
        if (r == z3::unsat) {
            result.verdict = Verdict::Safe;
            return finish(result);
        }
        if (r == z3::unknown)
            return finish(result);
        if (!hit) {
            result.reason = "internal error: the model satisfies no check";
            return finish(result);
        }
        ExecutionInput input = inputsFromModel(encoder, *model);
        result.verdict = Verdict::Unsafe;
        result.property = hit->property;
        result.violationEdge = hit->edge;
        result.violationMessage = hit->message;
        // Replay: the concrete interpreter must reach the same violation in the same variant.
        InterpreterOptions io;
        io.properties = options.properties;
        io.properties.erase(Property::Unwinding);
        if (query.variant > 0)
            io.variant = &d->variants[query.variant - 1];
        std::vector<EdgeId> expected;
        if (hit->property == Property::Unwinding) {
            // The interpreter knows no bound: it must take the same edges as the path
            // that the bound cut, up to the cut.
            std::map<int, z3::expr> guards;
            for (auto &[n, g] : encoder.nodeGuards)
                guards.emplace(n, g);
            std::vector<int> position(unroller.nodes.size());
            for (size_t i = 0; i < unroller.topo.size(); ++i)
                position[size_t(unroller.topo[i])] = int(i);
            int cur = 0;
            while (cur != hit->unode) {
                const UEdge *next = nullptr;
                for (const UEdge &ue : unroller.nodes[size_t(cur)].out) {
                    if (ue.target < 0 || ue.unwindLimit || !guards.count(ue.target) ||
                        !model->eval(guards.at(ue.target), true).is_true())
                        continue;
                    if (!next || position[size_t(ue.target)] < position[size_t(next->target)])
                        next = &ue;
                }
                if (!next)
                    break;
                if (next->kind != UEdge::Leave)
                    expected.push_back(next->edge);
                cur = next->target;
            }
            for (const UEdge &ue : unroller.nodes[size_t(hit->unode)].out)
                if (ue.unwindLimit && ue.edge == hit->edge && ue.kind != UEdge::Leave)
                    expected.push_back(ue.edge);
            io.maxSteps = expected.size() + 1;
        }
        Execution x = runProgram(program, input, io);
        // The execution must also be one the query's automaton admits.
        bool admitted = true;
        if (query.observer) {
            int state = query.observer->initial();
            for (const PathMove &m : movesOf(program, x))
                if (state != PathObserver::Blocked)
                    state = query.observer->step(state, m);
            admitted = state != PathObserver::Blocked;
        }
        if (hit->property == Property::Unwinding) {
            bool same = x.steps.size() >= expected.size();
            for (size_t i = 0; same && i < expected.size(); ++i) {
                const CfaEdge &a = program.edge(x.steps[i].edge), &b = program.edge(expected[i]);
                // Two edges between the same locations are the same step to the unwinding.
                same = a.id == b.id || (a.from == b.from && a.to == b.to);
            }
            result.replayed = same && x.ending.kind == EndingKind::StepLimit;
        } else {
            result.replayed = x.ending.kind == EndingKind::PropertyViolation && x.ending.property == hit->property &&
                              x.ending.edge == hit->edge;
        }
        result.replayed = result.replayed && admitted;
        if (!result.replayed && getenv("VCOV_BMC_DEBUG")) {
            for (auto &[n, g] : encoder.nodeGuards)
                if (model->eval(g, true).is_true()) {
                    const UNode &u = unroller.nodes[size_t(n)];
                    fprintf(stderr, "path: N%d line %u frame %d\n", u.node, program.node(u.node).line, u.frame);
                }
            for (const auto &st : x.steps)
                fprintf(stderr, "replay: N%d->N%d line %u %s\n", program.edge(st.edge).from, program.edge(st.edge).to,
                        program.edge(st.edge).line(), program.edge(st.edge).text.c_str());
        }
        result.counterexample = std::move(x);
        if (result.replayed && hit->property == Property::Unwinding) {
            // Not a bug of the program: the bound does not cover this execution.
            result.verdict = Verdict::Unknown;
            result.reason = "bound too small: " + hit->message + " fails (the execution is shown)";
        }
        if (!result.replayed) {
            result.verdict = Verdict::Unknown;
            result.reason = "internal error: the counterexample for " + std::string(propertyName(hit->property)) +
                            " at " + program.edge(hit->edge).text + " did not replay (the interpreter says: " +
                            describeEnding(program, result.counterexample->ending) + ")";
        }
    } catch (const z3::exception &ex) {
        result.verdict = Verdict::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    return finish(result);
}

std::string solverDescription() {
    unsigned major = 0, minor = 0, build = 0, revision = 0;
    Z3_get_version(&major, &minor, &build, &revision);
    return "Z3 " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build) +
           (miniSatAvailable() ? " and MiniSat" : "");
}

BmcResult checkProgram(const Program &program, const BmcOptions &options) {
    BmcEncoding encoding(program, options);
    BmcQuery q;
    // The budget covers the encoding too.
    if (options.timeoutSeconds > 0)
        q.timeoutSeconds = std::max(0.001, options.timeoutSeconds - encoding.encodeSeconds());
    BmcResult result = encoding.check(q);
    result.seconds += encoding.encodeSeconds();
    return result;
}

} // namespace vcov
