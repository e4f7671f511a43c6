// vcov-soundness-gen [FIRST COUNT] [--seeds S,S,...] [--unbounded] [--keep DIR] [--quiet] [--print]
// [--every-kind-of-claim]: generates COUNT programs from seed FIRST on (and the listed seeds)
// and holds every claim vcov makes about them against evidence that does not share the
// code that made it:
//   - the interpreter on hundreds of boundary and random inputs (which inputs reach
//     reach_error, which lines terminating runs pass);
//   - BMC with every loop fully unwound (a complete verdict);
//   - the value analysis in every order (bfs, dfs, rpo, each with and without the Reach
//     tie-break): no "finished" when some input reaches reach_error, every bug replays;
//   - the predicate analysis (CEGAR), its order and tie-break drawn from the seed so that a
//     batch runs every one: the same claims;
//   - coverage (with the exact search): no covered line without a replayed execution
//     that passes it inside the region, no unreachable line that a terminating run passes;
//   - bmc --k-induction: no "safe" (by a complete check or by the inductive step) when some
//     input reaches reach_error, and every counterexample replays;
//   - branch goals (with and without the sampled executions, k-induction on): no goal
//     proved unreachable that a concrete run enters, every covering test replays into it;
//   - vacuity: no assertion proved vacuous whose check a concrete run reaches, every
//     "reached" or "violated" one replays to its check and passes or fails it as claimed.
// With --unbounded some loops run as long as a nondet value says and end in a call (the
// inductive step, Houdini's invariants and the other loops' abstraction meet unbounded
// loops there); BMC is then not expected to be complete, every other check stands.
// Prints each discrepancy with its program (kept in DIR), a summary line, and exits 1 when
// there was any — or, with --every-kind-of-claim, when the batch made no claim of some
// kind that the long campaign makes (tests/bench/soundness_campaign.sh).
#include "../engine/ParseHelpers.h"
#include "ProgramGenerator.h"

#include "analysis/ArtAnalysis.h"
#include "automata/AssumptionAutomaton.h"
#include "bmc/Bmc.h"
#include "coverage/Coverage.h"
#include "goals/BranchGoals.h"
#include "goals/Induction.h"
#include "goals/Vacuity.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

using namespace vcov;

namespace {

struct Tally {
    size_t programs = 0, concreteBugs = 0, bmcSafe = 0, bmcUnsafe = 0, bmcUnknown = 0;
    size_t analysisRuns = 0, finished = 0, violations = 0, unconfirmed = 0, budget = 0;
    size_t predicateRuns = 0, predicateFinished = 0, predicateViolations = 0, predicateRefinements = 0;
    size_t coveredLines = 0, unreachableLines = 0, discrepancies = 0, failedPrograms = 0, notParsed = 0;
    size_t goals = 0, goalsCovered = 0, goalsUnreachable = 0, goalsNested = 0, inductionSafe = 0, inductionUnsafe = 0;
    size_t goalsFacts = 0, inductionFacts = 0; // proofs that rest on a fact about every element of an array
    size_t goalsTables = 0, inductionTables = 0; // proofs through the table of a pure recursive function
    size_t goalsEnumerated = 0, inductionEnumerated = 0; // proofs by a run per input vector (InputEnumeration.h)
    size_t goalsSummarized = 0, inductionSummarized = 0; // ... whose runs used call summaries (CallSummaries.h)
    size_t goalsPredicate = 0; // goals the predicate analysis (the goals as CEGAR targets) never entered
    size_t assertionsVacuous = 0, assertionsReached = 0, assertionsViolated = 0;
    // Seconds per check, printed so that a slow batch says where its time goes.
    double concreteSeconds = 0, bmcSeconds = 0, analysisSeconds = 0, coverageSeconds = 0, inductionSeconds = 0,
           goalSeconds = 0, predicateSeconds = 0;
};

// What `check` returns; its seconds added to a tally's figure.
template <class Check> auto timed(double &into, Check check) {
    const auto start = std::chrono::steady_clock::now();
    auto out = check();
    into += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

struct Concrete {
    std::optional<ExecutionInput> violating;        // an input that reaches reach_error
    std::vector<std::vector<PathMove>> terminating; // moves of runs that end normally
    std::set<EdgeId> entered;                       // edges any run takes (to its last full step)
    std::set<NodeId> reached;                       // nodes any run is at, its last included
    std::set<EdgeId> taken;                         // edges any run takes, its last included
};

// Inputs: every nondet value from a boundary set, then random small values.
Concrete runConcretely(const Program &p, uint64_t seed) {
    static const int64_t boundary[] = {0, 1, -1, 2, 3, 5, -3, 4, 7, 9, -2, 6, 8, 10, -4, 12, -9, 100, -100};
    Concrete c;
    uint64_t state = seed * 2654435761u + 17;
    auto rnd = [&](int lo, int hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return int64_t(lo + int((state >> 33) % uint64_t(hi - lo + 1)));
    };
    InterpreterOptions io;
    io.properties = {Property::Assertion};
    io.maxSteps = 100000;
    for (int run = 0; run < 400; ++run) {
        ExecutionInput in;
        for (int k = 0; k < 24; ++k) {
            if (run < int(std::size(boundary)))
                in.nondet.push_back(k % 3 == 0 ? boundary[size_t(run)] : boundary[size_t((run + k) % std::size(boundary))]);
            else
                in.nondet.push_back(rnd(-12, 12));
            in.uninitialized.push_back(rnd(-4, 6));
        }
        Execution x = runProgram(p, in, io);
        if (x.ending.kind == EndingKind::PropertyViolation && !c.violating)
            c.violating = in;
        if (x.ending.kind == EndingKind::Exit && c.terminating.size() < 150)
            c.terminating.push_back(movesOf(p, x));
        size_t full = x.steps.size();
        if (full > 0 && x.ending.kind != EndingKind::Exit && x.ending.edge == x.steps.back().edge)
            --full;
        for (size_t i = 0; i < full; ++i)
            c.entered.insert(x.steps[i].edge);
        for (const ExecutionStep &st : x.steps) {
            c.reached.insert(p.edge(st.edge).from);
            c.taken.insert(st.edge);
        }
    }
    return c;
}

bool violates(const Program &p, const ExecutionInput &in) {
    InterpreterOptions io;
    io.properties = {Property::Assertion};
    return runProgram(p, in, io).ending.kind == EndingKind::PropertyViolation;
}

std::string inputText(const ExecutionInput &in) {
    std::string s;
    for (size_t i = 0; i < in.nondet.size() && i < 8; ++i)
        s += (i ? "," : "") + std::to_string(in.nondet[i]);
    return s;
}

} // namespace

int main(int argc, char **argv) {
    const char *usage = "usage: vcov-soundness-gen [FIRST COUNT] [--seeds S,S,...] [--unbounded] [--keep DIR] [--quiet] "
                        "[--print] [--every-kind-of-claim]\n";
    std::vector<uint64_t> seeds;
    std::string keep;
    bool quiet = false, print = false, unbounded = false, everyKind = false;
    int i = 1;
    if (argc >= 3 && argv[1][0] != '-') {
        const uint64_t first = std::strtoull(argv[1], nullptr, 10);
        const uint64_t count = std::strtoull(argv[2], nullptr, 10);
        for (uint64_t seed = first; seed < first + count; ++seed)
            seeds.push_back(seed);
        i = 3;
    }
    for (; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--keep" && i + 1 < argc)
            keep = argv[++i];
        else if (a == "--seeds" && i + 1 < argc) {
            const std::string list = argv[++i];
            for (size_t at = 0; at < list.size();) {
                const size_t comma = std::min(list.find(',', at), list.size());
                seeds.push_back(std::strtoull(list.substr(at, comma - at).c_str(), nullptr, 10));
                at = comma + 1;
            }
        } else if (a == "--quiet")
            quiet = true;
        else if (a == "--print")
            print = true;
        else if (a == "--unbounded")
            unbounded = true;
        else if (a == "--every-kind-of-claim")
            everyKind = true;
        else {
            std::cerr << "unknown option '" << a << "'\n" << usage;
            return 2;
        }
    }
    if (seeds.empty()) {
        std::cerr << usage;
        return 2;
    }
    Tally t;
    for (uint64_t seed : seeds) {
        test::GeneratedProgram g = test::generateProgram(seed, unbounded);
        ++t.programs;
        if (print)
            std::cout << g.source;
        std::vector<std::string> found;
        auto report = [&](const std::string &what) { found.push_back(what); };
        auto p = test::parseC(g.source);
        if (!p || p->diagnostics.hasErrors() || p->entryFunction == NoFunction) {
            ++t.notParsed;
            report("the generated program does not parse: " + (p ? test::diagnosticsText(*p) : std::string()));
        } else {
            const Program &P = *p;
            Concrete c = timed(t.concreteSeconds, [&] { return runConcretely(P, seed); });
            t.concreteBugs += bool(c.violating);

            // BMC with every loop fully unwound.
            BmcOptions bo;
            bo.unwind = g.unwind;
            bo.properties = {Property::Assertion};
            bo.timeoutSeconds = 30;
            BmcResult b = timed(t.bmcSeconds, [&] { return checkProgram(P, bo); });
            bool bmcSafe = b.verdict == Verdict::Safe, bmcUnsafe = b.verdict == Verdict::Unsafe;
            ++(bmcSafe ? t.bmcSafe : bmcUnsafe ? t.bmcUnsafe : t.bmcUnknown);
            if (bmcSafe && c.violating)
                report("BMC says safe (bound " + std::to_string(g.unwind) + ", complete) but inputs " +
                       inputText(*c.violating) + " reach reach_error");
            if (bmcUnsafe && !(b.replayed && b.counterexample && violates(P, b.counterexample->input)))
                report("BMC's counterexample does not replay");
            if (b.verdict == Verdict::Unknown && b.reason.find("bound") != std::string::npos && !g.unbounded)
                report("BMC at bound " + std::to_string(g.unwind) + " is not complete: " + b.reason);
            // Every array element by element instead of by its writes (read over write):
            // the same verdict, and a counterexample that replays.
            BmcOptions so = bo;
            so.sparseArraysFrom = UINT64_MAX;
            BmcResult sb = timed(t.bmcSeconds, [&] { return checkProgram(P, so); });
            if (sb.verdict != b.verdict)
                report(std::string("BMC with arrays element by element says ") + verdictName(sb.verdict) + " (" +
                       sb.reason + "), by their writes " + verdictName(b.verdict));
            if (sb.verdict == Verdict::Unsafe && !(sb.replayed && sb.counterexample && violates(P, sb.counterexample->input)))
                report("BMC's counterexample with arrays element by element does not replay");
            const bool bugExists = c.violating || bmcUnsafe;

            // What an ART analysis claims: no "finished" where a bug exists, every violation
            // replays and is one that complete BMC does not rule out.
            auto checkArt = [&](const std::string &name, StopReason stop, const ArtAnalysis &a) {
                if (stop == StopReason::Finished && bugExists)
                    report(name + ": \"" + a.stopText() + "\" but " +
                           (c.violating ? "inputs " + inputText(*c.violating) : std::string("BMC's counterexample")) +
                           " reach reach_error");
                if (stop == StopReason::ViolationFound && !(a.counterexample() && violates(P, a.counterexample()->input)))
                    report(name + ": the analysis's violation does not replay");
                if (stop == StopReason::ViolationFound && bmcSafe)
                    report(name + ": a violation that complete BMC says does not exist");
            };

            // The value analysis in every order.
            for (TraversalOrder order : {TraversalOrder::Bfs, TraversalOrder::Dfs, TraversalOrder::ReversePostorder})
                for (bool tie : {false, true}) {
                    CoverageOptions co;
                    co.analysis.order = order;
                    co.analysis.scoreTieBreak = tie;
                    co.analysis.budget.maxNodes = 20000;
                    // Deep recursion and long loops keep it to its budget: 2 s there, which
                    // claims nothing when it runs out, so the checks lose nothing (seeds 1-20:
                    // the same 30 finished and 40 violations as with 5 s, in 85 s, not 184 s).
                    co.analysis.budget.maxSeconds = g.unbounded ? 2 : 20;
                    co.analysis.targetSeconds = 3;
                    auto a = coverageAnalysis(P, co);
                    StopReason stop = timed(t.analysisSeconds, [&] { return a->run(); });
                    ++t.analysisRuns;
                    const std::string name = std::string(traversalOrderName(order)) + (tie ? "+tie" : "");
                    switch (stop) {
                    case StopReason::Finished: ++t.finished; break;
                    case StopReason::ViolationFound: ++t.violations; break;
                    case StopReason::FinishedUnconfirmed: ++t.unconfirmed; break;
                    default: ++t.budget; break;
                    }
                    checkArt(name, stop, *a);
                }

            // The predicate analysis: one order per program, every order over a batch.
            {
                static const TraversalOrder orders[] = {TraversalOrder::Bfs, TraversalOrder::Dfs,
                                                        TraversalOrder::ReversePostorder};
                CoverageOptions co;
                co.analysis.domain = AnalysisDomain::Predicate;
                co.analysis.order = orders[seed % 3];
                co.analysis.scoreTieBreak = (seed / 3) % 2;
                co.analysis.budget.maxNodes = 20000;
                co.analysis.budget.maxSeconds = g.unbounded ? 2 : 5;
                co.analysis.targetSeconds = 3;
                auto a = coverageAnalysis(P, co);
                StopReason stop = timed(t.predicateSeconds, [&] { return a->run(); });
                ++t.predicateRuns;
                t.predicateFinished += stop == StopReason::Finished;
                t.predicateViolations += stop == StopReason::ViolationFound;
                t.predicateRefinements += a->refinements();
                const std::string name = std::string("predicate analysis, ") + traversalOrderName(co.analysis.order) +
                                         (co.analysis.scoreTieBreak ? "+tie" : "");
                checkArt(name, stop, *a);
            }

            // Coverage, exact search included.
            CoverageOptions co;
            co.analysis.order = seed % 2 ? TraversalOrder::Bfs : TraversalOrder::Dfs;
            co.analysis.budget.maxNodes = seed % 3 == 0 ? 40 : 20000; // interrupted runs too
            // Unbounded: 3 s of analysis (seeds 1-20: the same 45 covered and 201 unreachable
            // lines as without a limit, coverage in 91 s instead of 137 s).
            co.analysis.budget.maxSeconds = g.unbounded ? 3 : 0;
            co.analysis.targetSeconds = 3;
            co.exact = true;
            co.exactSeconds = 5;
            co.execSeconds = 5;
            CoverageResult r = timed(t.coverageSeconds, [&] { return runCoverage(P, co); });
            if (r.bug && !violates(P, r.bug->counterexample.input))
                report("coverage: the bug does not replay");
            if (!r.bug && r.analysisStop == StopReason::Finished && bugExists)
                report("coverage: the analysis finished without a bug, but one exists");
            for (const auto &[line, ex] : r.lines) {
                if (ex.status == LineStatus::Covered) {
                    ++t.coveredLines;
                    const CoverageExecution &ce = r.executions.at(size_t(ex.execution));
                    InterpreterOptions io;
                    io.properties = {Property::Assertion};
                    Execution again = runProgram(P, ce.execution.input, io);
                    if (again.ending.kind != EndingKind::Exit ||
                        !exercisedWithinAnalysis(P, r.automaton, movesOf(P, again)).lines.count(line))
                        report("coverage: line " + std::to_string(line.line) +
                               " is covered, but its execution does not replay through it inside the region");
                }
                if (ex.status == LineStatus::Unreachable) {
                    ++t.unreachableLines;
                    for (const auto &moves : c.terminating)
                        if (exercisedWithinAnalysis(P, r.automaton, moves).lines.count(line)) {
                            report("coverage: line " + std::to_string(line.line) +
                                   " is claimed unreachable, but a terminating run passes it inside the region (" +
                                   ex.text + ")");
                            break;
                        }
                }
            }
        }
        if (p && !p->diagnostics.hasErrors() && p->entryFunction != NoFunction) {
            // Branch goals: half the seeds without the sampled executions, so that the
            // solver and the inductive step decide more of them.
            const Program &P = *p;
            Concrete c = timed(t.concreteSeconds, [&] { return runConcretely(P, seed); });
            // k-induction of the assertions (the base case doubles k up to 16).
            BmcOptions ko;
            ko.timeoutSeconds = 20;
            const BmcResult kr = timed(t.inductionSeconds, [&] { return checkByKInduction(P, ko, 1, 16); });
            if (kr.verdict == Verdict::Safe) {
                ++t.inductionSafe;
                t.inductionFacts += kr.reason.find(" for 0 <= k < ") != std::string::npos;
                t.inductionTables += kr.reason.find("as the interpreter computed them") != std::string::npos;
                t.inductionEnumerated += kr.reason.find("every input enumerated") != std::string::npos;
                t.inductionSummarized += kr.reason.find("by induction over the calls") != std::string::npos;
                if (c.violating)
                    report("k-induction says safe (" + kr.reason + ") but inputs " + inputText(*c.violating) +
                           " reach reach_error");
            } else if (kr.verdict == Verdict::Unsafe) {
                ++t.inductionUnsafe;
                if (!kr.replayed || !kr.counterexample || !violates(P, kr.counterexample->input))
                    report("k-induction's counterexample does not replay");
            }
            GoalOptions go;
            go.kMax = g.unwind + 2;
            go.timeSeconds = 20;
            go.concrete = seed % 2 == 0;
            const GoalReport gr = timed(t.goalSeconds, [&] { return decideBranchGoals(P, go); });
            if (!gr.error.empty())
                report("goals: " + gr.error);
            for (const BranchGoal &goal : gr.goals) {
                ++t.goals;
                if (goal.status == GoalStatus::Unreachable) {
                    ++t.goalsUnreachable;
                    // By the step over a nested loop (the loops around it gone round once).
                    t.goalsNested += goal.proof.find("gone round once") != std::string::npos;
                    t.goalsFacts += goal.proof.find(" for 0 <= k < ") != std::string::npos;
                    t.goalsTables += goal.proof.find("as the interpreter computed them") != std::string::npos;
                    t.goalsEnumerated += goal.proof.find("every input enumerated") != std::string::npos;
                    t.goalsSummarized += goal.proof.find("by induction over the calls") != std::string::npos;
                    t.goalsPredicate += goal.proof.find("the predicate analysis explored") != std::string::npos;
                    if (c.entered.count(goal.edge))
                        report("goals: " + goal.id + " (" + goal.condition + (goal.polarity ? " holds" : " fails") +
                               ", line " + std::to_string(goal.line) + ") is proved unreachable (" + goal.proof +
                               "), but a concrete run enters it");
                }
                if (goal.status == GoalStatus::Covered) {
                    ++t.goalsCovered;
                    InterpreterOptions io;
                    io.properties = {};
                    Execution again = runProgram(P, gr.tests[size_t(goal.test)].input, io);
                    bool enters = false;
                    for (const ExecutionStep &st : again.steps)
                        enters = enters || st.edge == goal.edge;
                    if (!enters)
                        report("goals: " + goal.id + " is covered by " + gr.tests[size_t(goal.test)].id +
                               ", but its test does not replay into it");
                }
            }
            // Vacuity, on what the goals decided and a search of its own for the rest.
            GoalOptions vo = go;
            vo.timeSeconds = 10;
            const VacuityReport vr = timed(t.goalSeconds, [&] { return decideVacuity(P, vo, {Property::Assertion}, &gr); });
            for (const AssertionSite &site : vr.sites) {
                const std::string what = site.text + " (line " + std::to_string(site.line) + ")";
                if (site.status == AssertionStatus::Vacuous) {
                    ++t.assertionsVacuous;
                    if (c.reached.count(site.check))
                        report("vacuity: " + what + " is proved never reached (" + site.evidence +
                               "), but a concrete run reaches its check");
                    // Apart from where the engine puts the check: a run that takes the
                    // assertion, or decides a condition on its line in its function, reached it.
                    const CfaEdge &at = P.edge(site.edge);
                    for (EdgeId e : c.taken) {
                        const CfaEdge &x = P.edge(e);
                        if (e == site.edge || (x.kind == EdgeKind::Assume && x.function == at.function &&
                                               x.range.file == at.range.file && x.range.beginLine == site.line)) {
                            report("vacuity: " + what + " is proved never reached (" + site.evidence +
                                   "), but a concrete run decides a condition on its line: " + x.text);
                            break;
                        }
                    }
                } else if (site.status != AssertionStatus::Unknown) {
                    ++(site.status == AssertionStatus::Violated ? t.assertionsViolated : t.assertionsReached);
                    InterpreterOptions io;
                    io.properties = {Property::Assertion};
                    const Execution again = runProgram(P, *site.execution, io);
                    bool reached = false;
                    for (const ExecutionStep &st : again.steps)
                        reached = reached || P.edge(st.edge).from == site.check;
                    // Failed here: at the site, or inside the wrapper it calls (a violation
                    // elsewhere, after this check passed, leaves it holding).
                    const CfaEdge &call = P.edge(site.edge);
                    const bool violated =
                        again.ending.kind == EndingKind::PropertyViolation && again.ending.edge >= 0 &&
                        (again.ending.edge == site.edge ||
                         (call.call.callee != NoFunction && call.call.intrinsic == Intrinsic::None &&
                          P.edge(again.ending.edge).function == call.call.callee));
                    if (!reached || violated != (site.status == AssertionStatus::Violated))
                        report("vacuity: " + what + " is " + assertionStatusName(site.status) + " (" + site.evidence +
                               "), but its execution " + (reached ? "" : "does not reach it and ") +
                               (violated ? "fails it" : "does not fail it"));
                }
            }
        }
        if (!found.empty()) {
            t.discrepancies += found.size();
            ++t.failedPrograms;
            std::string file = "seed-" + std::to_string(seed) + ".c";
            if (!keep.empty()) {
                std::filesystem::create_directories(keep);
                std::ofstream(std::filesystem::path(keep) / file) << g.source;
            }
            std::cout << "DISCREPANCY seed " << seed << (keep.empty() ? "" : " (" + keep + "/" + file + ")") << ":\n";
            for (const auto &f : found)
                std::cout << "  " << f << "\n";
            if (keep.empty())
                std::cout << g.source;
        } else if (!quiet) {
            std::cout << "seed " << seed << ": ok\n";
        }
        std::cout.flush();
    }
    std::cout << "programs " << t.programs << ", not parsed " << t.notParsed << ", reach_error reached concretely "
              << t.concreteBugs << "; BMC safe " << t.bmcSafe << " unsafe " << t.bmcUnsafe << " unknown " << t.bmcUnknown
              << "; analysis runs " << t.analysisRuns << ": finished " << t.finished << ", violation " << t.violations
              << ", unconfirmed " << t.unconfirmed << ", budget " << t.budget << "; predicate analysis runs "
              << t.predicateRuns << ": finished " << t.predicateFinished << ", violation " << t.predicateViolations
              << ", refinements " << t.predicateRefinements << "; coverage claims: covered "
              << t.coveredLines << ", unreachable " << t.unreachableLines << "; branch goals " << t.goals
              << ": covered " << t.goalsCovered << ", unreachable " << t.goalsUnreachable << " (" << t.goalsNested
              << " over a nested loop, " << t.goalsFacts << " with array facts, " << t.goalsTables
              << " through a recursion table, " << t.goalsEnumerated << " by enumerating every input, "
              << t.goalsSummarized << " of them with call summaries, " << t.goalsPredicate
              << " by the predicate analysis); assertions vacuous " << t.assertionsVacuous << ", reached "
              << t.assertionsReached << ", violated " << t.assertionsViolated << "; k-induction safe " << t.inductionSafe << " ("
              << t.inductionFacts << " with array facts, " << t.inductionTables << " through a recursion table, "
              << t.inductionEnumerated << " by enumerating every input, " << t.inductionSummarized
              << " of them with call summaries) unsafe " << t.inductionUnsafe << "\n";
    auto s = [](double x) { return std::to_string(int(x + 0.5)) + " s"; };
    std::cout << "seconds: concrete runs " << s(t.concreteSeconds) << ", BMC " << s(t.bmcSeconds) << ", value analysis "
              << s(t.analysisSeconds) << ", predicate analysis " << s(t.predicateSeconds) << ", coverage " << s(t.coverageSeconds) << ", k-induction "
              << s(t.inductionSeconds) << ", branch goals " << s(t.goalSeconds) << "\n";
    std::cout << "programs: " << t.programs - t.failedPrograms << " passed, " << t.failedPrograms << " failed\n";
    // A batch of chosen seeds (tests/CMakeLists.txt) stands in for the long campaign only
    // while it still makes every kind of claim the campaign makes: one that no longer
    // does (the generator or an analysis changed) checks less than its name says.
    if (everyKind) {
        std::vector<std::pair<const char *, size_t>> kinds = {
            {"BMC safe", t.bmcSafe},
            {"BMC unsafe", t.bmcUnsafe},
            {"value analysis finished", t.finished},
            {"value analysis violation", t.violations},
            {"predicate analysis finished", t.predicateFinished},
            {"covered line", t.coveredLines},
            {"unreachable line", t.unreachableLines},
            {"goal covered", t.goalsCovered},
            {"goal unreachable", t.goalsUnreachable},
            {"assertion vacuous", t.assertionsVacuous},
            {"assertion reached", t.assertionsReached},
            {"assertion violated", t.assertionsViolated},
            {"k-induction safe", t.inductionSafe},
            {"k-induction unsafe", t.inductionUnsafe}};
        // The unbounded programs' rarer proofs come from seeds that spend most of their 30-66 s
        // in the goal search's and k-induction's time budgets: on a slower machine a budget
        // can end before them. Their absence is said, not failed on (no verdict may rest on
        // the machine's speed); the kinds above come within a tenth of their budgets.
        std::vector<std::pair<const char *, size_t>> budgeted;
        if (unbounded) {
            budgeted = {{"goal unreachable by array facts", t.goalsFacts},
                        {"goal unreachable through a recursion table", t.goalsTables},
                        {"goal unreachable by enumerating every input", t.goalsEnumerated},
                        {"goal unreachable with call summaries", t.goalsSummarized},
                        {"goal unreachable by the predicate analysis", t.goalsPredicate},
                        {"k-induction safe through a recursion table", t.inductionTables},
                        {"k-induction safe by enumerating every input", t.inductionEnumerated}};
        } else {
            kinds.insert(kinds.end(), {{"predicate analysis violation", t.predicateViolations},
                                       {"predicate refinement", t.predicateRefinements}});
        }
        size_t missing = 0;
        for (const auto &[kind, count] : kinds)
            if (count == 0) {
                std::cout << "MISSING: no claim of the kind '" << kind << "' in this batch\n";
                ++missing;
            }
        for (const auto &[kind, count] : budgeted)
            if (count == 0)
                std::cout << "NOTE: no claim of the kind '" << kind
                          << "' in this batch (a time budget may have ended first)\n";
        if (missing)
            return 1;
    }
    return t.discrepancies ? 1 : 0;
}
