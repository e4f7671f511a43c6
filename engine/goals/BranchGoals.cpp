#include "goals/BranchGoals.h"

#include "goals/GoalSearch.h"
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

namespace goals {

size_t GoalSearch::cover(const ExecutionInput &input, const std::string &origin, unsigned k,
                         const std::vector<int> &wanted, const Budget &budget) {
    InterpreterOptions io;
    io.properties = {}; // isolation: a failing assertion ends the execution, as abort() does
    io.recordSteps = false; // a run of millions of steps: its edges, not its steps
    io.maxSteps = budget.steps;
    io.maxSeconds = budget.seconds;
    io.stallSteps = budget.stall;
    io.memo = budget.memo;
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
    // Heap bytes read before written and memory outside every object: part of the input
    // (a proof's malloc'd buffer), without which the test stops where its run did not.
    t.input.heap = x.input.heap;
    t.input.heapUnreadIsZero = x.input.heapUnreadIsZero;
    t.input.outside = x.input.outside;
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

void GoalSearch::coverAlongArtPaths(const Art &art, double seconds) {
    const double until = elapsed() + seconds;
    // The first node that takes each goal's edge: nodes are numbered as the breadth-first
    // analysis made them, so it lies on the shortest tree path.
    std::map<EdgeId, int> firstNode;
    for (int g : unknownGoals())
        firstNode.emplace(R.goals[size_t(g)].edge, -1);
    for (const ArtNode &n : art.nodes)
        if (!n.via.isReturn && n.via.edge >= 0)
            if (auto it = firstNode.find(n.via.edge); it != firstNode.end() && it->second < 0)
                it->second = n.id;
    std::vector<std::pair<int, EdgeId>> paths; // (node, goal edge), shallowest first
    for (const auto &[edge, node] : firstNode)
        if (node >= 0)
            paths.emplace_back(node, edge);
    std::sort(paths.begin(), paths.end());
    for (const auto &[node, edge] : paths) {
        if (stopped() || elapsed() >= until)
            break;
        const auto goal = m_goalOf.find(edge);
        if (goal == m_goalOf.end() || R.goals[size_t(goal->second)].status != GoalStatus::Unknown)
            continue; // covered meanwhile by another path's test
        update("value analysis paths", 0);
        FollowPath path(art.pathTo(node));
        BmcOptions o;
        o.observer = &path; // the path alone: no loop bound, no other branch
        o.properties = {};  // isolation (see cover)
        o.timeoutSeconds = std::max(0.1, until - elapsed());
        o.cancel = opts.cancel;
        BmcEncoding encoding(P, o);
        if (!encoding.error().empty())
            continue;
        BmcQuery q;
        q.through = {edge};
        const ExecutionSearch s = encoding.reach(q);
        // Not found: an abstract path no execution follows (the analysis over-approximates);
        // it proves nothing either way.
        if (s.status == ExecutionSearch::Found)
            cover(s.input, "value analysis path", 0, {goal->second}, {opts.maxSteps, ReplaySeconds});
    }
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
    if (opts.valueAnalysis && m_valueSlices == 0) {
        m_valueSlices = 1;
        exploreAbstractly(1.0);
    }
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
    // Goals inside a nested loop that the step over the loop around it left: the step over
    // the innermost loop, with the loops around it taken as their effect (each run of the
    // nested loop then starts from any state those loops may reach it in).
    std::map<int, std::vector<int>> byNested;
    for (int g : unknownGoals())
        if (const int n = nestedLoopFor(P, m_loops, R.goals[size_t(g)].edge); n >= 0 && opts.invariants)
            byNested[n].push_back(g);
    for (auto &[l, goals] : byNested)
        if (!stepOver(l, goals, k, bound, stepUntil, true))
            return false;
    update("inductive step", k);
    return true;
}
GoalReport GoalSearch::run() {
    R.goals = branchGoals(P);
    if (!opts.onlyEdges.empty()) {
        std::vector<BranchGoal> chosen;
        for (EdgeId e : opts.onlyEdges) {
            auto it = std::find_if(R.goals.begin(), R.goals.end(), [e](const BranchGoal &g) { return g.edge == e; });
            if (it != R.goals.end()) {
                chosen.push_back(*it);
                continue;
            }
            const CfaEdge &edge = P.edge(e);
            BranchGoal g;
            g.edge = e;
            g.file = edge.range.file;
            g.line = edge.range.beginLine;
            g.column = edge.range.beginColumn;
            g.function = P.functions[size_t(edge.function)].name;
            g.condition = edge.text;
            chosen.push_back(std::move(g));
        }
        R.goals = std::move(chosen);
        for (size_t i = 0; i < R.goals.size(); ++i)
            R.goals[i].id = "G" + std::to_string(i + 1);
    }
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
    // The value analysis takes a second between the first base case and its step (a finite
    // state space such as an ECA program's is explored within it, and the step need not
    // try what it proves), the rest of its budget after the second bound; it pauses in
    // between. Where the state space is infinite it takes all of its budget, and the first
    // bound often decides what it would.
    unsigned rounds = 0;
    for (unsigned k = std::max(1u, opts.kStart); k <= opts.kMax && !unknownGoals().empty();
         k = opts.kStep > 0 ? k + opts.kStep : 2 * k) {
        if (stopped())
            break;
        R.kReached = k;
        const bool more = round(k);
        // After the second bound: the runs over every input where the inputs are few (and
        // the value analysis's slice only for what they leave).
        if (rounds >= 1)
            enumerateInputs(opts.timeSeconds > 0 ? remaining() / 3 : 60.0);
        if (opts.valueAnalysis && (m_valueSlices == 0 || (m_valueSlices == 1 && rounds >= 1))) {
            m_valueSlices = 2;
            exploreAbstractly(5.0);
        }
        // What the second bound, its step and the value analysis left: relational facts.
        if (rounds >= 1)
            explorePredicates(std::min(10.0, opts.timeSeconds > 0 ? remaining() / 5 : 10.0));
        ++rounds;
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

} // namespace goals

GoalReport decideBranchGoals(const Program &program, const GoalOptions &options,
                             const std::function<void(const GoalReport &, const GoalProgress &)> &onUpdate) {
    return goals::GoalSearch(program, options, onUpdate).run();
}

} // namespace vcov
