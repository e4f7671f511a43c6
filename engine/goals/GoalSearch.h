// The search that decides branch goals (BranchGoals.h), shared by its two halves: the
// covering side (executions, the base case's tests: BranchGoals.cpp) and the proving side
// (the value analysis, recursion summaries, the inductive step with its auxiliary
// invariants: GoalProofs.cpp). Internal to goals/.
#pragma once

#include "analysis/ArtAnalysis.h"
#include "goals/BranchGoals.h"
#include "goals/Induction.h"
#include "goals/Invariants.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace vcov::goals {


// A solver's execution enters its goal within the bound; what follows may run long.
constexpr double ReplaySeconds = 5;
// A long run ends after this many steps without a new edge (a tenth of a second): going
// round a known loop covers nothing, and a loop of 100,000 iterations still gets through.
constexpr size_t LongRunStall = 2'000'000;
// Sampled inputs beyond the first few: cheap only while their runs are short.
constexpr size_t ShortRunSteps = 20'000;
constexpr size_t LongRuns = 4;
// The value analysis's paths into uncovered goals: at most this long in all.
constexpr double ArtPathSeconds = 15;

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
        PureCallMemo *memo = nullptr; // exact answers only (countingMemo): a run enumeration made
    };
    size_t cover(const ExecutionInput &input, const std::string &origin, unsigned k, const std::vector<int> &wanted,
                 const Budget &budget);
    // The value analysis's tree paths into goals still unknown, shallowest first, each made
    // an execution by the solver (the path alone unwound) and replayed by cover(); within
    // `seconds`. Goals deeper than any bound the base case reaches in time (an ECA
    // program's, many iterations in) get their tests here.
    void coverAlongArtPaths(const Art &art, double seconds);
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
    // The explicit-value analysis over every path, for `slice` seconds more (it pauses and
    // goes on at the next call, within its budget): if it finishes, the goals it never
    // enters are unreachable.
    void exploreAbstractly(double slice);
    // The bounded check at k with every call beyond the recursion bound summarized: proves
    // the goals left that no recursive function can enter, when every path is complete.
    void summarizeRecursion(unsigned k, const std::vector<int> &left);
    // Once, within `seconds`: where every input is drawn before the first loop in bounded
    // ranges (InputEnumeration.h), one run per input vector; if all of them run to their
    // end, the goals none enters are unreachable.
    void enumerateInputs(double seconds);
    // Once, within `seconds`: the predicate analysis with the unknown goals as its targets
    // (CEGAR refines every infeasible path to one); if it finishes, the goals no node of its
    // ART enters are unreachable.
    void explorePredicates(double seconds);
    // The unknown goals whose edge no node of a finished ART enters.
    std::vector<int> unknownGoalsNotIn(const Art &art);

    // The loop's auxiliary invariants, inferred once (again at a larger k when the loops
    // before it did not fit the bound, or with them taken as their effect: abstracted).
    const LoopInvariants &invariantsFor(int loop, unsigned k, bool abstracted);
    std::map<size_t, std::vector<HeadInvariant>> otherInvariants(int except, unsigned k);
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
    std::optional<std::map<FunctionId, BmcOptions::Table>> m_tables; // of the pure ones, once
    std::map<int, std::pair<unsigned, LoopInvariants>> m_invariants; // per loop: the k tried, the result
    std::set<int> m_abstracted;
    std::set<std::pair<int, unsigned>> m_abstractedInvariants; // (loop, k) inferred with the others as their effect
    std::vector<HeadSample> m_samples; // per loop, the states runs bring to its head
    std::unique_ptr<ArtAnalysis> m_valueAnalysis; // paused between slices
    bool m_valueAnalysisOver = false;
    bool m_enumerated = false;
    bool m_predicatesTried = false;
    int m_valueSlices = 0; // slices started: 1 s before the first step, the rest after the second bound // loops whose step was tried with the others taken as their effect
};

} // namespace vcov::goals
