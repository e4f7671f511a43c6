// The proving side of the goal search: the explicit-value analysis, summaries of
// recursion, and the inductive step per loop with its auxiliary invariants.
#include "goals/GoalSearch.h"

#include "analysis/ArtAnalysis.h"
#include "goals/InputEnumeration.h"
#include "goals/RecursionTables.h"
#include "semantics/Interpreter.h"
#include "semantics/SampleInputs.h"

#include <memory>

namespace vcov::goals {

const LoopInvariants &GoalSearch::invariantsFor(int loop, unsigned k, bool abstracted) {
    auto it = m_invariants.find(loop);
    if (it != m_invariants.end() && (!it->second.second.prefixIncomplete || (it->second.first >= k && !abstracted)))
        return it->second.second;
    // With the loops before it taken as their effect, what holds at their heads first.
    OtherLoops others;
    if (abstracted)
        others = abstractOtherLoops(m_loops, size_t(loop), otherInvariants(loop, k));
    update("auxiliary invariants", k);
    if (m_samples.empty()) { // every loop's head in one pass over the runs
        std::vector<ExecutionInput> inputs{ExecutionInput{}};
        for (ExecutionInput &in : sampleInputs(40, 4, 0x1a7e5))
            inputs.push_back(std::move(in));
        m_samples = sampleHeads(P, m_loops, inputs, ShortRunSteps, opts.cancel);
    }
    const HeadSample &sample = m_samples[size_t(loop)];
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

std::map<size_t, std::vector<HeadInvariant>> GoalSearch::otherInvariants(int except, unsigned k) {
    std::map<size_t, std::vector<HeadInvariant>> out;
    if (!opts.invariants)
        return out;
    for (size_t i = 0; i < m_loops.size(); ++i) {
        // A nested loop's invariants rest on the loops around it: none are asked for here
        // (each proved set may rest only on sets proved before it).
        if (int(i) == except || stopped() || m_loops[i].parent >= 0)
            continue;
        const LoopInvariants *inv = &invariantsFor(int(i), k, false);
        // Around a nested loop, the exact prefix of the loop around cannot fit a bound: what
        // holds there with its own nested loops taken as their effect. So too before it, where
        // the loops before that one did not fit (copies of 100000 elements in a row): only
        // loops before `except`, so that no set rests on itself; once per loop and k.
        const bool around = encloses(m_loops, i, size_t(except));
        if ((around || (int(i) < except && inv->prefixIncomplete)) && inv->proved.empty() && !stopped() &&
            m_abstractedInvariants.insert({int(i), k}).second)
            inv = &invariantsFor(int(i), k, true);
        out[i] = inv->proved;
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
    if (abstracted) {
        std::string around;
        for (const std::string &id : others.enclosing)
            around += (around.empty() ? "" : ", ") + id;
        proof += " (" + others.names() + " taken as their effect: what they write havocked, their invariants assumed" +
                 others.assumed +
                 (around.empty() ? "" : "; " + around + " around it gone round once, from any state at its head") + ")";
    }
    std::vector<HeadInvariant> assumed;
    std::string described;
    auto useInvariants = [&](const LoopInvariants &inv) {
        assumed = inv.proved;
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
        // The step on its own gets a third of what is left while invariants may still
        // strengthen it: a search that cannot settle (products of variables: egcd's step)
        // must not take the time their inference needs.
        InductionStep s = step->check(edgesOf(set), strengthened ? remaining() : remaining() / 3);
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
    if (!m_tables) // a second at most: memoized, fibonacci(0 .. 511) takes milliseconds
        m_tables = tabulateRecursion(P, m_recursive, std::min(1.0, remaining() / 10), opts.cancel);
    o.recursionTables = *m_tables;
    std::string tables;
    for (const auto &[f, t] : *m_tables)
        tables += (tables.empty() ? "" : ", ") + describeTable(P, f, t);
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
                      " summarized (any result, any value of the globals it writes" +
                      (tables.empty() ? std::string()
                                      : "; the results of " + tables + " as the interpreter computed them") +
                      "): every path is complete and none enters it",
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

std::vector<int> GoalSearch::unknownGoalsNotIn(const Art &art) {
    std::set<EdgeId> entered;
    for (const ArtNode &n : art.nodes)
        if (!n.via.isReturn && n.via.edge >= 0)
            entered.insert(n.via.edge);
    std::vector<int> never;
    for (int g : unknownGoals())
        if (!entered.count(R.goals[size_t(g)].edge))
            never.push_back(g);
    return never;
}

void GoalSearch::exploreAbstractly(double slice) {
    if (m_valueAnalysisOver || unknownGoals().empty() || stopped())
        return;
    if (!m_valueAnalysis) {
        ArtOptions o;
        o.order = TraversalOrder::Bfs;
        o.checkTargets = false; // isolation: a failing assertion ends its path, nothing more
        // A finite abstract state space is explored within seconds (27,254 nodes of an ECA
        // program: 1 s); deep recursion never finishes and would eat memory (a gigabyte more).
        o.budget.maxSeconds = std::min(5.0, opts.timeSeconds > 0 ? remaining() / 8 : 5.0);
        o.budget.maxNodes = 1'000'000;
        o.budget.maxMemoryMb = residentMb() + 1024; // a GUI holds more than vcov-cli before it starts
        m_valueAnalysis = std::make_unique<ArtAnalysis>(P, o);
    }
    ArtAnalysis &analysis = *m_valueAnalysis;
    update("value analysis", 0);
    // A slice at a time: paused (it goes on where it stopped) when the slice is over.
    std::atomic<bool> pause{false};
    const double until = analysis.seconds() + slice;
    const StopReason stop = analysis.run(&pause, [&](const ArtProgress &p) {
        if (p.seconds >= until || stopped())
            pause = true;
    });
    if (stop == StopReason::Cancelled && !stopped())
        return;
    m_valueAnalysisOver = true;
    const Art &art = analysis.art();
    // Targets are ends of paths here (isolation); only a node whose successors the analysis
    // could not compute leaves states out.
    if ((stop == StopReason::Finished || stop == StopReason::FinishedUnconfirmed) &&
        art.count(ArtNodeStatus::Failed) == 0) {
        prove(unknownGoalsNotIn(art),
              "the value analysis explored every reachable abstract state (" + std::to_string(art.nodes.size()) +
                  " ART nodes) and none enters it",
              0);
    }
    // Goals the analysis enters that no test covers yet: its paths into them, made executions.
    if (!stopped() && !unknownGoals().empty())
        coverAlongArtPaths(art, opts.timeSeconds > 0 ? std::min(ArtPathSeconds, remaining() / 4) : ArtPathSeconds);
    m_valueAnalysis.reset(); // its nodes are not needed any more
    update("value analysis", 0);
}

void GoalSearch::explorePredicates(double seconds) {
    if (!opts.predicateAnalysis || m_predicatesTried || unknownGoals().empty() || stopped())
        return;
    m_predicatesTried = true;
    ArtOptions o;
    o.domain = AnalysisDomain::Predicate;
    o.order = TraversalOrder::ReversePostorder; // large blocks merge where paths meet (VerifyCommand)
    o.checkTargets = false;                     // isolation: a failing assertion ends its path
    o.budget.maxSeconds = seconds;
    o.budget.maxNodes = 200'000;
    o.budget.maxMemoryMb = residentMb() + 1024;
    for (int g : unknownGoals())
        o.goalEdges.push_back(R.goals[size_t(g)].edge);
    update("predicate analysis", 0);
    ArtAnalysis analysis(P, o);
    const StopReason stop = analysis.run(opts.cancel);
    const Art &art = analysis.art();
    // Claims only from a finished ART in which every node was expanded: it holds every
    // reachable state (coverings and merges included), so an edge no node enters is never taken.
    if ((stop != StopReason::Finished && stop != StopReason::FinishedUnconfirmed) || art.count(ArtNodeStatus::Failed))
        return;
    const std::vector<int> never = unknownGoalsNotIn(art);
    std::string precision;
    size_t places = 0;
    for (const auto &[where, predicates] : analysis.precision())
        if (++places <= 3)
            precision += (precision.empty() ? "" : "; ") + predicates + " at " + where;
    if (places > 3)
        precision += "; and at " + std::to_string(places - 3) + " more locations";
    prove(never,
          "the predicate analysis explored every reachable abstract state (" + std::to_string(art.nodes.size()) +
              " ART nodes, " + std::to_string(analysis.refinements()) +
              (analysis.refinements() == 1 ? " refinement" : " refinements") +
              (precision.empty() ? std::string() : "; predicates " + precision) + ") and none enters it",
          0);
    update("predicate analysis", 0);
}

void GoalSearch::enumerateInputs(double seconds) {
    if (!opts.enumeration || m_enumerated || unknownGoals().empty() || stopped())
        return;
    m_enumerated = true;
    const InputDomain domain = enumerableInputs(P, MaxEnumeratedInputs);
    if (!domain.refused.empty())
        return;
    update("enumeration", 0);
    const double until = elapsed() + seconds;
    InterpreterOptions io;
    io.properties = {}; // isolation, as cover()
    io.maxSteps = EnumeratedRunSteps;
    io.cancel = opts.cancel;
    // Only the unknown goals' edges are looked at (and cleared) after a run: a program of
    // thousands of edges does not pay for them a million times.
    std::vector<char> taken(P.edges.size(), 0);
    io.edgesTaken = &taken;
    std::vector<int> watched = unknownGoals();
    // A goal some run enters is never claimed, even where its replay does not cover it (a
    // run the memo made short may be too long to replay in full: it is replayed with a
    // memo of exact answers too, and within a budget).
    std::set<int> entered;
    std::map<int, int> replays; // per goal: a few runs' replays, then none (each may take seconds)
    PureCallMemo replayMemo = countingMemo(P);
    const EnumeratedRuns runs = runEveryInput(
        P, domain, io,
        [&](const ExecutionInput &input, const Execution &) {
            bool fresh = false;
            for (int g : watched) {
                char &t = taken[size_t(R.goals[size_t(g)].edge)];
                if (t) {
                    entered.insert(g);
                    fresh = fresh || replays[g]++ < 3;
                }
                t = 0;
            }
            if (fresh) {
                cover(input, "enumeration", 0, {}, {opts.maxSteps, ReplaySeconds, LongRunStall, &replayMemo});
                watched = unknownGoals();
            }
            return true;
        },
        [&] { return stopped() || elapsed() > until; });
    if (!runs.complete)
        return;
    std::vector<int> never;
    for (int g : unknownGoals())
        if (!domain.prefix.count(R.goals[size_t(g)].edge) && !entered.count(g) &&
            !runs.skipped.count(P.edge(R.goals[size_t(g)].edge).function))
            never.push_back(g);
    prove(never, "every input enumerated: " + describeRuns(P, domain, runs) + " and none enters it", 0);
    update("enumeration", 0);
}

} // namespace vcov::goals
