// Branch goals (the second paper, 001): before every branch two goals, "the condition can
// hold here" and "it can fail here", one per assume edge of the pair. Each goal is decided:
// covered by a test that the interpreter replays, unreachable by a proof (BMC with every
// path complete, or the inductive step of k-induction), or unknown with the reason.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace vcov {

enum class GoalStatus { Unknown, Covered, Unreachable };
const char *goalStatusName(GoalStatus s);

struct BranchGoal {
    std::string id;        // "G1", "G2", ... in source order, the holding half first
    EdgeId edge = -1;      // the assume edge that enters this half
    EdgeId sibling = -1;   // the other half's edge
    FileId file = -1;
    unsigned line = 0, column = 0;
    std::string function;
    std::string condition; // the condition as written, without brackets
    bool polarity = true;  // true: the condition holds (then-branch, loop body, the case)
    unsigned armLine = 0;  // where the half's code starts (0: nothing of its own), for gcov
    GoalStatus status = GoalStatus::Unknown;
    int test = -1;         // Covered: index into GoalReport::tests
    std::string proof;     // Unreachable: how it was proved
    unsigned k = 0;        // the bound of the decision (0: before any bound)
    std::string reason;    // Unknown: why not decided
};

// One test: the values of the nondet calls in call order, as the replay drew them.
struct GoalTest {
    std::string id;                  // "test1", ...
    ExecutionInput input;
    std::vector<std::string> types;  // per nondet value: the C type its function returns
    std::vector<std::string> calls;  // per nondet value: the function ("__VERIFIER_nondet_int")
    std::vector<int> goals;          // indices of the goals its replay enters
    std::vector<EdgeId> edges;       // every edge its replay takes, once (line coverage)
    std::string origin;              // "execution" (boundary or random input), "bmc k=N", "enumeration"
                                     // or "value analysis path" (the solver along an ART path)
    std::string ending;              // how the replay ended
    bool readsUninitialized = false; // a compiled run cannot give these values
};

struct GoalOptions {
    // The bounds tried: kStart, kStart + kStep, ... up to kMax (the paper's jump strategy);
    // kStep 0 doubles k each time instead (1, 2, 4, ...: the cost of the last bound dominates).
    unsigned kStart = 1, kStep = 0, kMax = 512;
    double timeSeconds = 60;  // everything together; 0: no limit
    bool concrete = true;     // executions on boundary and random inputs before any solver call
    size_t concreteRuns = 300;
    bool valueAnalysis = true; // the explicit-value ART analysis: when it finishes, every goal it
                               // never enters is unreachable (at most 5 s, an eighth of the budget)
    bool predicateAnalysis = true; // lazy predicate abstraction with the goals as CEGAR targets, once
                                   // after the second bound: when it finishes, every goal it never
                                   // enters is unreachable (relational invariants: x == y)
    bool induction = true;    // the inductive step; else only BMC with complete paths proves
    bool invariants = true;   // where the step fails, strengthen it with auxiliary invariants
                              // (templates filtered by concrete runs, proved by Houdini)
    bool enumeration = true;  // where every input is drawn before the first loop in few vectors,
                              // a run per vector (InputEnumeration.h)
    size_t maxSteps = 50'000'000; // per replayed execution (its edges are kept, not its steps)
    // The goals decided: every branch's (empty), or only these edges, each a goal of its own
    // (an assume edge keeps its branch's goal; any other edge is entered when it is taken),
    // as the vacuity of assertions asks (Vacuity.h).
    std::vector<EdgeId> onlyEdges;
    const std::atomic<bool> *cancel = nullptr; // not owned
};

struct GoalProgress {
    std::string phase; // "executions", "value analysis", "value analysis paths", "base case",
                       // "inductive step", "enumeration"
    unsigned k = 0;
    size_t left = 0;   // goals still unknown
    double seconds = 0;
};

struct GoalReport {
    std::vector<BranchGoal> goals;
    std::vector<GoalTest> tests;
    unsigned kReached = 0; // the last bound checked
    double seconds = 0;
    bool cancelled = false;
    std::string error;     // the goals could not be checked at all (no entry function, ...)
    size_t count(GoalStatus s) const;
};

// The goals of a program: every pair of assume edges that leaves a location of an input
// file (the && and || of conditions are split into pairs of their own by the front end).
std::vector<BranchGoal> branchGoals(const Program &program);

// Decides the goals within the options' budget. onUpdate sees the report after every change.
GoalReport decideBranchGoals(const Program &program, const GoalOptions &options,
                             const std::function<void(const GoalReport &, const GoalProgress &)> &onUpdate = {});

} // namespace vcov
