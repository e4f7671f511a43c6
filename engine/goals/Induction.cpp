#include "goals/Induction.h"

#include "bmc/LoopStructure.h"
#include "analysis/LiveVariables.h"
#include "goals/AllocationSites.h"
#include "semantics/Layout.h"

#include <algorithm>
#include <chrono>
#include <map>

namespace vcov {

namespace {

// The variable an assignment to `lvalue` writes (part of), or NoVar when it writes through
// a pointer.
VarId rootOf(const ExprPtr &lvalue) {
    switch (lvalue->kind) {
    case ExprKind::Var: return lvalue->var;
    case ExprKind::Index:
    case ExprKind::Member: return rootOf(lvalue->ops[0]);
    default: return NoVar;
    }
}

// What a function with a body (and everything it calls) may write outside its own frame:
// globals. A write through a pointer anywhere makes the answer unknown.
struct Writes {
    std::set<VarId> vars;
    std::set<EdgeId> sites; // objects of these allocation sites, written through pointers
    std::string refused;
};

class WriteSets {
public:
    // sites: where writes through pointers may go; without it, such a write is refused.
    explicit WriteSets(const Program &p, const AllocationSites *sites = nullptr) : P(p), m_sites(sites) {}

    // Adds what `e` may write among the globals and the locals of `top` (the loop's function).
    void addEdge(const CfaEdge &e, FunctionId top, Writes &w, std::set<FunctionId> &visiting) {
        auto keep = [&](VarId v) {
            const Variable &var = P.variable(v);
            if (var.function == NoFunction || var.function == top)
                w.vars.insert(v);
        };
        auto note = [&](const ExprPtr &lv) {
            VarId v = rootOf(lv);
            if (v == NoVar && m_sites) {
                if (const std::optional<std::set<EdgeId>> sites = m_sites->writtenSites(lv)) {
                    w.sites.insert(sites->begin(), sites->end());
                    return;
                }
            }
            if (v == NoVar) {
                if (w.refused.empty())
                    w.refused = "it writes through a pointer (" + e.text + ")";
                return;
            }
            keep(v);
        };
        switch (e.kind) {
        case EdgeKind::Assignment: note(e.lhs); break;
        case EdgeKind::Declaration: keep(e.declared); break;
        case EdgeKind::Call:
            if (e.call.lhs)
                note(e.call.lhs);
            if (e.call.intrinsic == Intrinsic::None && e.call.callee != NoFunction &&
                P.functions[e.call.callee].hasBody && !visiting.count(e.call.callee)) {
                visiting.insert(e.call.callee);
                const FunctionCfa &f = P.functions[e.call.callee];
                for (EdgeId id : f.edges)
                    addEdge(P.edge(id), top, w, visiting);
            }
            break;
        default: break;
        }
    }

private:
    const Program &P;
    const AllocationSites *m_sites;
};

// Havoc gives no pointer a value an execution could have: a write set with one is refused.
void refusePointerWrites(const Program &p, const std::set<VarId> &vars, std::string &refused) {
    for (VarId v : vars)
        for (const Leaf &leaf : leavesOf(p.variable(v).type))
            if (leaf.type->isPointer() && refused.empty())
                refused = "it writes the pointer " + p.variable(v).name;
}

bool reaches(const Program &p, FunctionId from, FunctionId to, std::set<FunctionId> &seen) {
    if (from == to)
        return true;
    if (!seen.insert(from).second)
        return false;
    for (EdgeId id : p.functions[from].edges) {
        const CfaEdge &e = p.edge(id);
        if (callsBody(p, e) && reaches(p, e.call.callee, to, seen))
            return true;
    }
    return false;
}

} // namespace

std::set<FunctionId> recursiveFunctions(const Program &program) {
    std::set<FunctionId> out;
    for (const FunctionCfa &f : program.functions) {
        if (!f.hasBody)
            continue;
        for (EdgeId id : f.edges) {
            const CfaEdge &e = program.edge(id);
            std::set<FunctionId> seen;
            if (callsBody(program, e) && reaches(program, e.call.callee, f.id, seen)) {
                out.insert(f.id);
                break;
            }
        }
    }
    return out;
}

bool mayEnter(const Program &program, FunctionId from, FunctionId to) {
    std::set<FunctionId> seen;
    return reaches(program, from, to, seen);
}

CallWrites callWritesOf(const Program &program, FunctionId function) {
    CallWrites out;
    Writes w;
    WriteSets sets(program);
    std::set<FunctionId> visiting{function};
    for (EdgeId id : program.functions[size_t(function)].edges)
        sets.addEdge(program.edge(id), NoFunction, w, visiting); // NoFunction: globals only
    out.refused = w.refused;
    const Type *ft = program.functions[size_t(function)].type;
    const Type *result = ft ? ft->target : nullptr;
    if (out.refused.empty() && result && result->kind != TypeKind::Void && !result->isScalar())
        out.refused = "it returns a " + result->spelling();
    if (out.refused.empty() && result && result->isPointer())
        out.refused = "it returns a pointer";
    refusePointerWrites(program, w.vars, out.refused);
    out.globals.assign(w.vars.begin(), w.vars.end());
    return out;
}

std::vector<InductionLoop> inductionLoops(const Program &program) {
    std::vector<InductionLoop> out;
    if (program.entryFunction == NoFunction)
        return out;
    const FunctionCfa &main = program.functions[program.entryFunction];
    const LoopStructure ls = computeLoops(program, main);
    const AllocationSites sites(program);
    // A pointer local that is dead at a loop's head (written whole before it is read on
    // every path from there) needs no havoc; callees cannot name the others.
    const auto dead = deadLocals(program, main, sites.addressTaken());
    for (size_t i = 0; i < ls.loops.size(); ++i) {
        const LoopInfo &l = ls.loops[i];
        InductionLoop loop;
        loop.id = l.id;
        loop.parent = l.parent;
        loop.head = l.head;
        loop.body.insert(l.body.begin(), l.body.end());
        for (EdgeId e : program.node(l.head).in)
            if (!loop.body.count(program.edge(e).from))
                loop.entryEdges.insert(e);
        for (const auto &[e, which] : ls.backEdges)
            if (which == int(i))
                loop.backEdges.insert(e);
        Writes w;
        WriteSets sets(program, &sites);
        std::set<FunctionId> visiting{main.id};
        for (EdgeId id : main.edges)
            if (loop.body.count(program.edge(id).from))
                sets.addEdge(program.edge(id), main.id, w, visiting);
        loop.refused = w.refused;
        if (ls.irreducible)
            loop.refused = "the function has irreducible control flow";
        loop.writes.assign(w.vars.begin(), w.vars.end());
        const auto deadHere = dead.find(l.head);
        for (VarId v : loop.writes) {
            if (deadHere != dead.end() && holdsPointers(program.variable(v).type) && !program.variable(v).isParam &&
                std::find(deadHere->second.begin(), deadHere->second.end(), v) != deadHere->second.end())
                continue;
            if (holdsPointers(program.variable(v).type) && !sites.known(v) && loop.refused.empty())
                loop.refused = "it writes the pointer " + program.variable(v).name;
            loop.havocked.push_back(v);
        }
        loop.heap = sites.heap();
        for (EdgeId s : w.sites) {
            if (!loop.heap->fields.count(s) && loop.refused.empty())
                loop.refused = "it writes objects of the allocation at line " + std::to_string(program.edge(s).line()) +
                               " whose pointers may point elsewhere than to allocated objects";
            loop.sites.push_back(s);
        }
        out.push_back(std::move(loop));
    }
    return out;
}

namespace {

// Where the entry function reaches the goal: its edge, or the calls that lead to it.
std::set<NodeId> sitesOf(const Program &program, EdgeId goal) {
    const CfaEdge &g = program.edge(goal);
    const FunctionCfa &main = program.functions[program.entryFunction];
    std::set<NodeId> sites;
    if (g.function == main.id) {
        sites.insert(g.from);
    } else {
        for (EdgeId id : main.edges) {
            const CfaEdge &e = program.edge(id);
            std::set<FunctionId> seen;
            if (callsBody(program, e) && reaches(program, e.call.callee, g.function, seen))
                sites.insert(e.from);
        }
    }
    return sites;
}

} // namespace

bool encloses(const std::vector<InductionLoop> &loops, size_t outer, size_t inner) {
    for (int p = loops[inner].parent; p >= 0; p = loops[size_t(p)].parent)
        if (size_t(p) == outer)
            return true;
    return false;
}

int nestedLoopFor(const Program &program, const std::vector<InductionLoop> &loops, EdgeId goal) {
    const std::set<NodeId> sites = sitesOf(program, goal);
    // Loops come after the loops around them: the last one that contains a site is innermost.
    for (size_t i = loops.size(); i-- > 0;)
        for (NodeId n : sites)
            if (loops[i].parent >= 0 && loops[i].body.count(n))
                return int(i);
    return -1;
}

int inductionLoopFor(const Program &program, const std::vector<InductionLoop> &loops, EdgeId goal) {
    const std::set<NodeId> sites = sitesOf(program, goal);
    for (size_t i = 0; i < loops.size(); ++i)
        for (NodeId n : sites)
            if (loops[i].parent < 0 && loops[i].body.count(n))
                return int(i);
    // After a loop: the step over the last loop that leads to it (its k + 1-th segment is
    // the exit and what follows). Any loop would be sound; the nearest one is the likeliest.
    for (size_t i = loops.size(); i-- > 0;) {
        if (loops[i].parent >= 0)
            continue;
        std::set<NodeId> seen{loops[i].head};
        std::vector<NodeId> work{loops[i].head};
        while (!work.empty()) {
            NodeId n = work.back();
            work.pop_back();
            if (sites.count(n))
                return int(i);
            for (EdgeId e : program.node(n).out)
                if (seen.insert(program.edge(e).to).second)
                    work.push_back(program.edge(e).to);
        }
    }
    return -1;
}

std::string OtherLoops::names() const {
    std::string out;
    for (const std::string &id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

void OtherLoops::applyTo(BmcOptions &o) const {
    o.havocs.insert(o.havocs.end(), havocs.begin(), havocs.end());
    o.invariants.insert(o.invariants.end(), invariants.begin(), invariants.end());
    for (const std::string &id : enclosing)
        o.loopBounds[id] = 1; // no jump back: its head is reached once, from the havoc
}

OtherLoops abstractOtherLoops(const std::vector<InductionLoop> &loops, size_t except,
                              const std::map<size_t, std::vector<HeadInvariant>> &invariants) {
    OtherLoops out;
    for (size_t i = 0; i < loops.size(); ++i) {
        if (i == except || !loops[i].refused.empty())
            continue;
        // Inside a loop that stays exact, a nested loop's havoc would cut nothing: it runs as is.
        bool underExact = false;
        for (size_t o = 0; o < loops.size(); ++o)
            underExact = underExact || (o != except && !loops[o].refused.empty() && encloses(loops, o, i));
        if (underExact)
            continue;
        out.havocs.push_back(loops[i].havoc());
        out.ids.insert(loops[i].id);
        if (encloses(loops, i, except)) {
            out.enclosing.insert(loops[i].id);
            out.enclosingHeads.insert(loops[i].head);
        }
        if (auto it = invariants.find(i); it != invariants.end() && !it->second.empty()) {
            std::string list;
            for (const HeadInvariant &h : it->second) {
                out.invariants.push_back(h.at(loops[i].head));
                list += (list.empty() ? "" : ", ") + h.text;
            }
            out.assumed += (out.assumed.empty() ? ": " : "; ") + loops[i].id + ": " + list; // what a proof rests on
        }
    }
    return out;
}

BmcOptions InductiveStep::optionsFor(const InductionLoop &loop, unsigned k, double timeoutSeconds,
                                     const std::atomic<bool> *cancel, PropertySet properties,
                                     const std::vector<HeadInvariant> &invariants, const OtherLoops *others, bool base) {
    BmcOptions o;
    o.unwind = k;
    // The step: k iterations that avoid the goals, then one more; the base: the first k.
    o.loopBounds[loop.id] = base ? k : k + 1;
    o.unwindingAssertions = true;
    o.properties = std::move(properties); // goals: none (isolation: assertions cut paths)
    o.timeoutSeconds = timeoutSeconds;
    o.cancel = cancel;
    if (!base)
        o.havocs.push_back(loop.havoc());
    for (const HeadInvariant &h : invariants)
        o.invariants.push_back(h.at(loop.head)); // where the step enters the loop
    if (others)
        others->applyTo(o);
    return o;
}

InductiveStep::InductiveStep(const Program &program, const InductionLoop &loop, unsigned k, double timeoutSeconds,
                             const std::atomic<bool> *cancel, PropertySet properties,
                             const std::vector<HeadInvariant> &invariants, const OtherLoops *others, bool base)
    : m_program(program), m_loop(loop), m_k(k), m_properties(!properties.empty()), m_base(base),
      m_encoding(program, optionsFor(loop, k, timeoutSeconds, cancel, properties, invariants, others, base)) {
    if (others)
        m_ignoredCuts = others->ids;
}

InductionStep InductiveStep::check(const std::vector<EdgeId> &goals, double timeoutSeconds) {
    InductionStep out;
    if (!m_loop.refused.empty()) {
        out.reason = "no inductive step over " + m_loop.id + ": " + m_loop.refused;
        return out;
    }
    std::set<EdgeId> passed; // assertions: passed in the first k iterations, failing after
    if (m_properties)
        for (EdgeId e : goals)
            if (m_program.edge(e).kind == EdgeKind::Call && m_program.edge(e).call.intrinsic == Intrinsic::Assert)
                passed.insert(e);
    const InductionObserver observer(m_loop, std::set<EdgeId>(goals.begin(), goals.end()), m_k, passed);
    BmcQuery q;
    q.through = goals;
    if (!m_base)
        q.observer = &observer;
    q.timeoutSeconds = timeoutSeconds;
    q.boundedLoops = m_ignoredCuts;
    q.boundedLoops.insert(m_loop.id);
    q.violations = m_properties;
    const ExecutionSearch s = m_encoding.reach(q);
    out.seconds = s.seconds;
    if (s.status == ExecutionSearch::NotFound && s.complete) {
        out.status = InductionStep::Proved;
    } else if (s.status == ExecutionSearch::Found) {
        out.status = InductionStep::Failed;
        out.failing = s.reached;
        std::string others;
        for (const std::string &id : m_ignoredCuts)
            others += (others.empty() ? "" : ", ") + id;
        out.reason = m_base ? "with " + others + " taken as their effect, the first " + std::to_string(m_k) +
                                  " iterations of " + m_loop.id + " may enter it"
                            : "the inductive step fails at k=" + std::to_string(m_k) + " over " + m_loop.id;
    } else {
        out.reason = s.reason.empty() ? "the inductive step is not complete" : s.reason;
    }
    return out;
}

} // namespace vcov
