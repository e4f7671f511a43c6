#include "goals/BranchGoals.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "goals/Induction.h"
#include "goals/Invariants.h"
#include "semantics/Interpreter.h"
#include "semantics/SampleInputs.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>

namespace vcov {

const char *goalStatusName(GoalStatus s) {
    switch (s) {
    case GoalStatus::Covered: return "covered";
    case GoalStatus::Unreachable: return "unreachable";
    case GoalStatus::Unknown: break;
    }
    return "unknown";
}

size_t GoalReport::count(GoalStatus s) const {
    return size_t(std::count_if(goals.begin(), goals.end(), [&](const BranchGoal &g) { return g.status == s; }));
}

namespace {

// The line of the first operation after `e`, past blank edges and declarations without an
// initializer (gcc compiles no code for `int i;`, so gcov never counts its line) (0: none
// before a join).
unsigned armLineOf(const Program &program, const CfaEdge &e) {
    NodeId n = e.to;
    for (int hops = 0; hops < 64; ++hops) {
        const CfaNode &node = program.node(n);
        if (node.out.empty())
            return 0;
        const CfaEdge &next = program.edge(node.out.front());
        const bool noCode = next.kind == EdgeKind::Blank || (next.kind == EdgeKind::Declaration && !next.hasInitializer);
        if (node.out.size() == 1 && noCode && node.in.size() <= 1) {
            n = next.to;
            continue;
        }
        if (node.in.size() > 1)
            return 0; // a join: the code there is not this half's own
        return next.range.valid() && next.range.file == e.range.file ? next.range.beginLine : 0;
    }
    return 0;
}

} // namespace

std::vector<BranchGoal> branchGoals(const Program &program) {
    std::vector<BranchGoal> out;
    for (const FunctionCfa &f : program.functions) {
        if (!f.hasBody)
            continue;
        for (NodeId n : f.nodes) {
            EdgeId holds = -1, fails = -1;
            for (EdgeId id : program.node(n).out) {
                const CfaEdge &e = program.edge(id);
                if (e.kind == EdgeKind::Assume)
                    (e.truth ? holds : fails) = id;
            }
            if (holds < 0 || fails < 0)
                continue;
            const CfaEdge &h = program.edge(holds);
            if (h.range.file < 0 || !program.files[size_t(h.range.file)].isInput)
                continue; // headers: not the program under test (as gcov's per-file report)
            std::string text = h.text;
            if (text.size() >= 2 && text.front() == '[' && text.back() == ']')
                text = text.substr(1, text.size() - 2);
            for (bool polarity : {true, false}) {
                BranchGoal g;
                g.edge = polarity ? holds : fails;
                g.sibling = polarity ? fails : holds;
                g.file = h.range.file;
                g.line = h.range.beginLine;
                g.column = h.range.beginColumn;
                g.function = f.name;
                g.condition = text;
                g.polarity = polarity;
                g.armLine = armLineOf(program, program.edge(g.edge));
                out.push_back(std::move(g));
            }
        }
    }
    // Source order; the two halves of a branch together, the holding one first.
    auto key = [](const BranchGoal &g) {
        return std::make_tuple(g.file, g.line, g.column, std::min(g.edge, g.sibling), !g.polarity);
    };
    std::sort(out.begin(), out.end(), [&](const BranchGoal &a, const BranchGoal &b) { return key(a) < key(b); });
    for (size_t i = 0; i < out.size(); ++i)
        out[i].id = "G" + std::to_string(i + 1);
    return out;
}

namespace {

// A solver's execution enters its goal within the bound; what follows may run long.
constexpr double ReplaySeconds = 5;
// A long run ends after this many steps without a new edge (a tenth of a second): going
// round a known loop covers nothing, and a loop of 100,000 iterations still gets through.
constexpr size_t LongRunStall = 2'000'000;
// Sampled inputs beyond the first few: cheap only while their runs are short.
constexpr size_t ShortRunSteps = 20'000;
constexpr size_t LongRuns = 4;

class GoalSearch {
public:
    GoalSearch(const Program &p, const GoalOptions &o,
               const std::function<void(const GoalReport &, const GoalProgress &)> &onUpdate)
        : P(p), opts(o), m_onUpdate(onUpdate), m_start(std::chrono::steady_clock::now()) {}

    GoalReport run();

private:
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }
    bool stopped() const {
        return (opts.cancel && opts.cancel->load()) || (opts.timeSeconds > 0 && elapsed() >= opts.timeSeconds);
    }
    double remaining() const { return opts.timeSeconds > 0 ? std::max(0.001, opts.timeSeconds - elapsed()) : 0.0; }
    std::vector<int> unknownGoals() const {
        std::vector<int> out;
        for (size_t i = 0; i < R.goals.size(); ++i)
            if (R.goals[i].status == GoalStatus::Unknown)
                out.push_back(int(i));
        return out;
    }
    std::vector<EdgeId> edgesOf(const std::vector<int> &goals) const {
        std::vector<EdgeId> out;
        for (int g : goals)
            out.push_back(R.goals[size_t(g)].edge);
        return out;
    }
    void update(const std::string &phase, unsigned k) {
        R.seconds = elapsed();
        if (m_onUpdate)
            m_onUpdate(R, GoalProgress{phase, k, unknownGoals().size(), R.seconds});
    }
    // Replays `input`; the goals the execution enters become covered by it. Returns how
    // many of `wanted` (all, when empty) it covered that were unknown before.
    // How long one replay may run: steps, seconds, and steps in a row without a new edge.
    struct Budget {
        size_t steps;
        double seconds;
        size_t stall = LongRunStall;
    };
    size_t cover(const ExecutionInput &input, const std::string &origin, unsigned k, const std::vector<int> &wanted,
                 const Budget &budget);
    void prove(const std::vector<int> &goals, const std::string &proof, unsigned k) {
        for (int g : goals) {
            BranchGoal &goal = R.goals[size_t(g)];
            goal.status = GoalStatus::Unreachable;
            goal.proof = proof;
            goal.k = k;
            goal.reason.clear();
        }
    }
    void explain(const std::vector<int> &goals, const std::string &reason, unsigned k) {
        for (int g : goals) {
            R.goals[size_t(g)].reason = reason;
            R.goals[size_t(g)].k = k;
        }
    }
    // The base case at k, then the inductive step for what it leaves; false: stop here.
    bool round(unsigned k);
    // The explicit-value analysis over every path: if it finishes, the goals it never enters
    // are unreachable.
    void exploreAbstractly();
    // The bounded check at k with every call beyond the recursion bound summarized: proves
    // the goals left that no recursive function can enter, when every path is complete.
    void summarizeRecursion(unsigned k, const std::vector<int> &left);

    // The loop's auxiliary invariants, inferred once (again at a larger k when the loops
    // before it did not fit the bound, or with them taken as their effect: abstracted).
    const LoopInvariants &invariantsFor(int loop, unsigned k, bool abstracted);
    std::map<size_t, std::vector<ExprPtr>> otherInvariants(int except, unsigned k);
    bool worthAbstracting(int loop);
    // The inductive step over loop l for these goals (with the other loops taken as their
    // effect when abstracted); false: stop here.
    bool stepOver(int l, std::vector<int> set, unsigned k, const std::string &bound, double stepUntil, bool abstracted);

    const Program &P;
    const GoalOptions &opts;
    const std::function<void(const GoalReport &, const GoalProgress &)> &m_onUpdate;
    std::chrono::steady_clock::time_point m_start;
    GoalReport R;
    std::map<EdgeId, int> m_goalOf;
    std::vector<InductionLoop> m_loops;
    std::set<FunctionId> m_recursive;
    std::map<int, std::pair<unsigned, LoopInvariants>> m_invariants; // per loop: the k tried, the result
    std::set<int> m_abstracted; // loops whose step was tried with the others taken as their effect
};

size_t GoalSearch::cover(const ExecutionInput &input, const std::string &origin, unsigned k,
                         const std::vector<int> &wanted, const Budget &budget) {
    InterpreterOptions io;
    io.properties = {}; // isolation: a failing assertion ends the execution, as abort() does
    io.recordSteps = false; // a run of millions of steps: its edges, not its steps
    io.maxSteps = budget.steps;
    io.maxSeconds = budget.seconds;
    io.stallSteps = budget.stall;
    io.cancel = opts.cancel;
    std::vector<char> taken(P.edges.size(), 0);
    io.edgesTaken = &taken;
    const Execution x = runProgram(P, input, io);
    std::vector<int> entered;
    std::vector<EdgeId> edges;
    for (size_t id = 0; id < taken.size(); ++id) {
        if (!taken[id])
            continue;
        edges.push_back(EdgeId(id));
        auto it = m_goalOf.find(EdgeId(id));
        if (it != m_goalOf.end())
            entered.push_back(it->second);
    }
    std::vector<int> fresh;
    for (int g : entered) {
        BranchGoal &goal = R.goals[size_t(g)];
        if (goal.status == GoalStatus::Unreachable) {
            // A proof that an execution contradicts: the worst defect. Say so, loudly.
            R.error += "internal error: " + goal.id + " was proved unreachable (" + goal.proof +
                       ") but an execution enters it; ";
            goal.status = GoalStatus::Unknown;
        }
        if (goal.status == GoalStatus::Unknown)
            fresh.push_back(g);
    }
    size_t wantedCovered = 0;
    for (int g : fresh)
        if (wanted.empty() || std::find(wanted.begin(), wanted.end(), g) != wanted.end())
            ++wantedCovered;
    if (fresh.empty())
        return 0;
    GoalTest t;
    t.id = "test" + std::to_string(R.tests.size() + 1);
    t.origin = origin;
    t.goals = entered;
    t.edges = std::move(edges);
    t.ending = describeEnding(P, x.ending);
    // The values as the run drew them, in call order: what a compiled run must be fed.
    for (const InputDraw &d : x.draws) {
        const CfaEdge *e = d.edge >= 0 ? &P.edge(d.edge) : nullptr;
        const bool call = e && e->kind == EdgeKind::Call;
        t.input.nondet.push_back(d.value);
        t.calls.push_back(call ? e->call.calleeName : "");
        const FunctionCfa *callee =
            call && e->call.callee != NoFunction ? &P.functions[size_t(e->call.callee)] : nullptr;
        t.types.push_back(callee && callee->type && callee->type->target ? callee->type->target->spelling() : "int");
    }
    t.input.uninitialized.assign(
        x.input.uninitialized.begin(),
        x.input.uninitialized.begin() + long(std::min(x.uninitializedUsed, x.input.uninitialized.size())));
    t.readsUninitialized = x.uninitializedUsed > 0;
    const int index = int(R.tests.size());
    for (int g : fresh) {
        BranchGoal &goal = R.goals[size_t(g)];
        goal.status = GoalStatus::Covered;
        goal.test = index;
        goal.k = k;
        goal.reason.clear();
    }
    R.tests.push_back(std::move(t));
    return wantedCovered;
}

bool GoalSearch::round(unsigned k) {
    std::vector<int> left = unknownGoals();
    BmcOptions o;
    o.unwind = k;
    o.unwindingAssertions = true;
    o.properties = {}; // isolation (see cover)
    o.timeoutSeconds = remaining();
    o.cancel = opts.cancel;
    BmcEncoding base(P, o);
    if (!base.error().empty()) {
        explain(left, base.error(), k);
        return false;
    }
    // Beyond the paper: ask whether any goal left is reachable, and split only by the
    // answers: each execution found covers at least one goal.
    std::string bound;
    while (!left.empty()) {
        if (stopped())
            return false;
        BmcQuery q;
        q.through = edgesOf(left);
        q.timeoutSeconds = remaining();
        update("base case", k);
        const ExecutionSearch s = base.reach(q);
        if (s.status == ExecutionSearch::Found) {
            if (cover(s.input, "bmc k=" + std::to_string(k), k, left, {opts.maxSteps, ReplaySeconds}) == 0) {
                explain(left, "internal error: the solver's execution at k=" + std::to_string(k) +
                                  " does not replay into a goal",
                        k);
                return false;
            }
            left = unknownGoals();
            continue;
        }
        if (s.status == ExecutionSearch::NotFound && s.complete) {
            prove(left, "bounded model checking at k=" + std::to_string(k) + ": every path is complete and none enters it",
                  k);
            update("base case", k);
            return false;
        }
        if (s.status == ExecutionSearch::Unknown) {
            explain(left, s.reason, k);
            return false;
        }
        bound = s.reason; // none within the bound, but some path is longer
        break;
    }
    if (left.empty())
        return false;
    explain(left, bound, k);
    summarizeRecursion(k, left);
    left = unknownGoals();
    if (left.empty())
        return false;
    if (!opts.induction) {
        update("base case", k);
        return true;
    }
    // The inductive step, per loop of the entry function: all its goals at once, then one
    // by one when that fails.
    std::map<int, std::vector<int>> byLoop;
    for (int g : left)
        byLoop[inductionLoopFor(P, m_loops, R.goals[size_t(g)].edge)].push_back(g);
    // The step may not starve the larger bounds: with many goals that are not inductive yet
    // (but reachable deeper), a third of what is left, then on to the next k.
    const double stepUntil = opts.timeSeconds > 0 ? elapsed() + remaining() / 3 : 0;
    for (auto &[l, goals] : byLoop) {
        if (l < 0) {
            explain(goals, bound + "; no loop of " + P.functions[size_t(P.entryFunction)].name +
                               " leads to it, so only a complete bounded check decides it",
                    k);
            continue;
        }
        if (!stepOver(l, goals, k, bound, stepUntil, false))
            return false;
    }
    update("inductive step", k);
    return true;
}

const LoopInvariants &GoalSearch::invariantsFor(int loop, unsigned k, bool abstracted) {
    auto it = m_invariants.find(loop);
    if (it != m_invariants.end() && (!it->second.second.prefixIncomplete || (it->second.first >= k && !abstracted)))
        return it->second.second;
    // With the loops before it taken as their effect, what holds at their heads first.
    OtherLoops others;
    if (abstracted)
        others = abstractOtherLoops(m_loops, size_t(loop), otherInvariants(loop, k));
    update("auxiliary invariants", k);
    std::vector<ExecutionInput> inputs{ExecutionInput{}};
    for (ExecutionInput &in : sampleInputs(40, 4, 0x1a7e5))
        inputs.push_back(std::move(in));
    const HeadSample sample = sampleHead(P, m_loops[size_t(loop)], inputs, ShortRunSteps, opts.cancel);
    const double budget = opts.timeSeconds > 0 ? std::min(10.0, remaining() / 6) : 10.0;
    LoopInvariants inv =
        inferInvariants(P, m_loops[size_t(loop)], sample, k, budget, opts.cancel, abstracted ? &others : nullptr);
    if (abstracted && inv.proved.empty() && it != m_invariants.end())
        return it->second.second; // keep what the exact prefix gave
    auto &slot = m_invariants[loop];
    slot = {k, std::move(inv)};
    return slot.second;
}

bool GoalSearch::worthAbstracting(int loop) {
    // Once per loop; again at larger bounds only where it found what holds at the head
    // (the abstraction costs two more encodings, and without invariants it rarely helps).
    if (m_abstracted.insert(loop).second)
        return true;
    auto it = m_invariants.find(loop);
    return it != m_invariants.end() && !it->second.second.proved.empty();
}

std::map<size_t, std::vector<ExprPtr>> GoalSearch::otherInvariants(int except, unsigned k) {
    std::map<size_t, std::vector<ExprPtr>> out;
    for (size_t i = 0; i < m_loops.size(); ++i) {
        if (int(i) == except || stopped())
            continue;
        for (const HeadInvariant &h : invariantsFor(int(i), k, false).proved)
            out[i].push_back(h.cond);
    }
    return out;
}

bool GoalSearch::stepOver(int l, std::vector<int> set, unsigned k, const std::string &bound, double stepUntil,
                          bool abstracted) {
    const InductionLoop &loop = m_loops[size_t(l)];
    auto stepTimeUp = [&] { return stepUntil > 0 && elapsed() >= stepUntil; };
    update("inductive step", k);
    OtherLoops others;
    if (abstracted)
        others = abstractOtherLoops(m_loops, size_t(l), otherInvariants(l, k));
    const OtherLoops *with = abstracted ? &others : nullptr;
    std::string proof = "k-induction at k=" + std::to_string(k) + " over loop " + loop.id;
    if (abstracted)
        proof += " (" + others.names() + " taken as their effect: what they write havocked, their invariants assumed)";
    std::vector<ExprPtr> assumed;
    std::string described;
    auto useInvariants = [&](const LoopInvariants &inv) {
        assumed.clear();
        for (const HeadInvariant &h : inv.proved)
            assumed.push_back(h.cond);
        described = inv.describe();
    };
    bool strengthened = !opts.invariants;
    if (auto it = m_invariants.find(l); it != m_invariants.end() && opts.invariants && !abstracted) {
        useInvariants(it->second.second);
        strengthened = !it->second.second.prefixIncomplete || it->second.first >= k;
    }
    if (abstracted && opts.invariants) {
        useInvariants(invariantsFor(l, k, true));
        strengthened = true;
    }
    auto withInvariants = [&] {
        return proof + (assumed.empty() ? "" : " with the auxiliary invariants " + described + " (proved by Houdini)");
    };
    if (abstracted) {
        // The abstraction's own base: the loop's first k iterations, after the other loops'
        // effect (the exact base case needs those loops to fit the bound).
        InductiveStep base(P, loop, k, remaining(), opts.cancel, {}, assumed, with, true);
        while (!set.empty()) {
            if (stopped())
                return false;
            const InductionStep s = base.error().empty() ? base.check(edgesOf(set), remaining())
                                                         : InductionStep{InductionStep::Unknown, base.error(), 0, {}};
            if (s.status == InductionStep::Proved)
                break;
            if (s.status == InductionStep::Unknown || s.failing.empty()) {
                explain(set, bound + "; " + s.reason, k);
                return true;
            }
            std::vector<int> rest;
            for (int g : set)
                if (std::count(s.failing.begin(), s.failing.end(), R.goals[size_t(g)].edge))
                    explain({g}, bound + "; " + s.reason, k);
                else
                    rest.push_back(g);
            if (rest.size() == set.size())
                return true; // cannot happen: the path enters one of the set
            set = std::move(rest);
        }
        if (set.empty())
            return true;
    }
    auto step = std::make_unique<InductiveStep>(P, loop, k, remaining(), opts.cancel, PropertySet{}, assumed, with);
    if (!step->error().empty()) {
        explain(set, bound + "; inductive step: " + step->error(), k);
        return true;
    }
    // The step for the whole set; each failure names the goals its path enters, which
    // leave the set (not inductive at this k), and the rest is asked again: as many
    // queries as goals that fail, plus one. A set is proved together (sound: the first
    // entry of any of them is what the induction excludes).
    while (!set.empty()) {
        if (stopped())
            return false;
        if (stepTimeUp()) {
            explain(set, bound + "; the inductive step at k=" + std::to_string(k) + " ran out of its share of the budget",
                    k);
            break;
        }
        InductionStep s = step->check(edgesOf(set), remaining());
        if (s.status == InductionStep::Proved) {
            prove(set, withInvariants(), k);
            break;
        }
        if (!strengthened) {
            // The step fails on its own: once per loop and bound, with what is proved to
            // hold at the loop's head, then the same set again.
            strengthened = true;
            const LoopInvariants &inv = invariantsFor(l, k, false);
            if (inv.proved.empty() && inv.prefixIncomplete && m_loops.size() > 1 && !stopped() && worthAbstracting(l)) {
                // The invariants need the loops before this one: take those as their effect.
                explain(set, bound + "; " + s.reason, k);
                return stepOver(l, set, k, bound, stepUntil, true);
            }
            if (!inv.proved.empty()) {
                useInvariants(inv);
                auto strong =
                    std::make_unique<InductiveStep>(P, loop, k, remaining(), opts.cancel, PropertySet{}, assumed, with);
                if (strong->error().empty()) {
                    step = std::move(strong);
                    continue;
                }
            }
        }
        if (s.status == InductionStep::Unknown && !abstracted && m_loops.size() > 1 && !stopped() &&
            s.reason.find("too small for") != std::string::npos && worthAbstracting(l)) {
            // Another loop did not fit the bound: take the others as their effect.
            explain(set, bound + "; " + s.reason, k);
            return stepOver(l, set, k, bound, stepUntil, true);
        }
        if (s.status == InductionStep::Unknown || s.failing.empty()) {
            explain(set, bound + "; " + s.reason, k);
            break;
        }
        std::vector<int> failed, rest;
        for (int g : set)
            (std::count(s.failing.begin(), s.failing.end(), R.goals[size_t(g)].edge) ? failed : rest).push_back(g);
        if (failed.empty()) { // cannot happen: the path enters one of the set
            explain(set, bound + "; " + s.reason, k);
            break;
        }
        explain(failed, bound + "; " + s.reason, k);
        set = std::move(rest);
    }
    return true;
}

void GoalSearch::summarizeRecursion(unsigned k, const std::vector<int> &left) {
    if (m_recursive.empty() || stopped())
        return;
    std::map<FunctionId, std::vector<VarId>> summaries;
    std::string names;
    for (FunctionId f : m_recursive) {
        CallWrites w = callWritesOf(P, f);
        if (!w.refused.empty())
            return; // the bound's reason stands: no summary of a call that may write anything
        summaries[f] = std::move(w.globals);
        names += (names.empty() ? "" : ", ") + P.functions[size_t(f)].name;
    }
    // A summarized call is blind inside: only goals no recursive function may enter.
    std::vector<int> outside;
    for (int g : left) {
        const FunctionId in = P.edge(R.goals[size_t(g)].edge).function;
        if (std::none_of(m_recursive.begin(), m_recursive.end(), [&](FunctionId r) { return mayEnter(P, r, in); }))
            outside.push_back(g);
    }
    if (outside.empty())
        return;
    BmcOptions o;
    o.unwind = k;
    o.unwindingAssertions = true;
    o.properties = {};
    o.timeoutSeconds = remaining();
    o.cancel = opts.cancel;
    o.summarizedRecursion = std::move(summaries);
    update("base case", k);
    BmcEncoding summarized(P, o);
    if (!summarized.error().empty())
        return;
    // A path found through the summary may be no execution: the goals it enters leave the
    // set (no claim on them), and the rest is asked again.
    while (!outside.empty() && !stopped()) {
        BmcQuery q;
        q.through = edgesOf(outside);
        q.timeoutSeconds = remaining();
        const ExecutionSearch s = summarized.reach(q);
        if (s.status == ExecutionSearch::NotFound && s.complete) {
            prove(outside,
                  "bounded model checking at k=" + std::to_string(k) + " with every call of " + names +
                      " beyond depth " + std::to_string(k) +
                      " summarized (any result, any value of the globals it writes): every path is complete and "
                      "none enters it",
                  k);
            return;
        }
        if (s.status != ExecutionSearch::Found)
            return;
        const size_t before = outside.size();
        std::erase_if(outside, [&](int g) {
            return std::count(s.reached.begin(), s.reached.end(), R.goals[size_t(g)].edge) > 0;
        });
        if (outside.size() == before)
            return; // cannot happen: the path enters one of them
    }
}

void GoalSearch::exploreAbstractly() {
    ArtOptions o;
    o.order = TraversalOrder::Bfs;
    o.checkTargets = false; // isolation: a failing assertion ends its path, nothing more
    // A finite abstract state space is explored within seconds (27,254 nodes of an ECA
    // program: 1 s); deep recursion never finishes and would eat memory (a gigabyte more).
    o.budget.maxSeconds = std::min(5.0, opts.timeSeconds > 0 ? remaining() / 8 : 5.0);
    o.budget.maxNodes = 1'000'000;
    o.budget.maxMemoryMb = residentMb() + 1024; // a GUI holds more than vcov-cli before it starts
    ArtAnalysis analysis(P, o);
    update("value analysis", 0);
    const StopReason stop = analysis.run(opts.cancel);
    const Art &art = analysis.art();
    // Targets are ends of paths here (isolation); only a node whose successors the analysis
    // could not compute leaves states out.
    if ((stop != StopReason::Finished && stop != StopReason::FinishedUnconfirmed) ||
        art.count(ArtNodeStatus::Failed) > 0)
        return;
    std::set<EdgeId> entered;
    for (const ArtNode &n : art.nodes)
        if (!n.via.isReturn && n.via.edge >= 0)
            entered.insert(n.via.edge);
    std::vector<int> never;
    for (int g : unknownGoals())
        if (!entered.count(R.goals[size_t(g)].edge))
            never.push_back(g);
    prove(never,
          "the value analysis explored every reachable abstract state (" + std::to_string(art.nodes.size()) +
              " ART nodes) and none enters it",
          0);
    update("value analysis", 0);
}

GoalReport GoalSearch::run() {
    R.goals = branchGoals(P);
    for (size_t i = 0; i < R.goals.size(); ++i)
        m_goalOf[R.goals[i].edge] = int(i);
    if (P.entryFunction == NoFunction) {
        R.error = "the program has no entry function";
        return R;
    }
    m_loops = inductionLoops(P);
    m_recursive = recursiveFunctions(P);
    // A function no call chain from the entry reaches never runs (calls through pointers
    // are call edges too, one per function whose address is taken): its goals are decided
    // before anything runs.
    for (const FunctionCfa &f : P.functions) {
        if (!f.hasBody || mayEnter(P, P.entryFunction, f.id))
            continue;
        std::vector<int> inside;
        for (size_t i = 0; i < R.goals.size(); ++i)
            if (P.edge(R.goals[i].edge).function == f.id)
                inside.push_back(int(i));
        prove(inside, "no call chain from " + P.functions[size_t(P.entryFunction)].name + " reaches " + f.name, 0);
    }
    if (opts.concrete) {
        update("executions", 0);
        std::vector<ExecutionInput> inputs{ExecutionInput{}};
        for (ExecutionInput &in : sampleInputs(opts.concreteRuns, 4, 0x90a15))
            inputs.push_back(std::move(in));
        // Cheap only while it pays: at most a few seconds, and not long after the last new goal.
        // The first runs may be long (a loop over 100,000 elements is a million steps, a tenth
        // of a second of interpretation): one such run covers what no bound of the solver
        // reaches. They end when they stop taking new edges.
        const double until = std::min(5.0, opts.timeSeconds > 0 ? opts.timeSeconds / 10 : 5.0);
        size_t sinceNew = 0, runs = 0;
        for (const ExecutionInput &in : inputs) {
            if (stopped() || unknownGoals().empty() || elapsed() > until || sinceNew > 50)
                break;
            ++sinceNew;
            const Budget budget{runs++ < LongRuns ? opts.maxSteps : std::min(opts.maxSteps, ShortRunSteps),
                                std::max(0.01, until - elapsed())};
            if (cover(in, "execution", 0, {}, budget) > 0) {
                sinceNew = 0;
                update("executions", 0);
            }
        }
    }
    // The value analysis after the first bound: that round is cheap and often decides what
    // the analysis would (which takes its whole budget where the state space is infinite).
    bool explored = !opts.valueAnalysis;
    for (unsigned k = std::max(1u, opts.kStart); k <= opts.kMax && !unknownGoals().empty();
         k = opts.kStep > 0 ? k + opts.kStep : 2 * k) {
        if (stopped())
            break;
        R.kReached = k;
        const bool more = round(k);
        if (!explored && !unknownGoals().empty() && !stopped()) {
            explored = true;
            exploreAbstractly();
        }
        if (!more)
            break;
    }
    R.cancelled = opts.cancel && opts.cancel->load();
    for (int g : unknownGoals()) {
        BranchGoal &goal = R.goals[size_t(g)];
        if (R.cancelled)
            goal.reason = "cancelled at k=" + std::to_string(R.kReached) + (goal.reason.empty() ? "" : ": " + goal.reason);
        else if (opts.timeSeconds > 0 && elapsed() >= opts.timeSeconds)
            goal.reason = "the time budget (" + std::to_string(int(opts.timeSeconds)) + " s) ran out at k=" +
                          std::to_string(R.kReached) + (goal.reason.empty() ? "" : ": " + goal.reason);
        else if (goal.reason.empty())
            goal.reason = "undecided at k=" + std::to_string(R.kReached);
    }
    R.seconds = elapsed();
    update("done", R.kReached);
    return R;
}

} // namespace

GoalReport decideBranchGoals(const Program &program, const GoalOptions &options,
                             const std::function<void(const GoalReport &, const GoalProgress &)> &onUpdate) {
    return GoalSearch(program, options, onUpdate).run();
}

} // namespace vcov
