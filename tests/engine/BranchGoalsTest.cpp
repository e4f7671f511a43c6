// Branch goals: how many there are, that covering tests replay, that k-induction proves
// what it should and refuses where the step does not hold.
#include "GoalHelpers.h"
#include "ParseHelpers.h"

#include "goals/BranchGoals.h"
#include "goals/Induction.h"
#include "goals/Invariants.h"
#include "goals/RecursionTables.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <gtest/gtest.h>

using namespace vcov;
using vcov::test::goal;
using vcov::test::parseC;

namespace {

const char *prelude = "extern int __VERIFIER_nondet_int(void);\n"
                      "extern void abort(void);\n"
                      "void reach_error(void) { abort(); }\n";

// The solver's proofs alone: 30 s, k up to kMax, no ART analysis and no runs over every
// input (they would prove many of these goals first, and the tests are about the base case,
// the step and its invariants).
GoalOptions solverProofs(unsigned kMax) {
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = kMax;
    o.valueAnalysis = false;
    o.predicateAnalysis = false;
    o.enumeration = false;
    return o;
}

// Every covered goal: its test, replayed by the interpreter, takes the goal's edge.
void expectTestsReplay(const Program &p, const GoalReport &r) {
    for (const BranchGoal &g : r.goals) {
        if (g.status != GoalStatus::Covered)
            continue;
        ASSERT_GE(g.test, 0) << g.id;
        InterpreterOptions io;
        io.properties = {};
        const Execution x = runProgram(p, r.tests[size_t(g.test)].input, io);
        bool enters = false;
        for (const ExecutionStep &s : x.steps)
            enters = enters || s.edge == g.edge;
        EXPECT_TRUE(enters) << g.id << " " << g.condition << " is not entered by " << r.tests[size_t(g.test)].id;
    }
}

// An unreachable goal, held against the interpreter: none of these runs enters it.
void expectNeverEntered(const Program &p, const BranchGoal &g, const std::vector<ExecutionInput> &inputs) {
    for (const ExecutionInput &in : inputs) {
        InterpreterOptions io;
        io.properties = {};
        const Execution x = runProgram(p, in, io);
        for (size_t i = 0; i < completedSteps(x); ++i)
            ASSERT_NE(x.steps[i].edge, g.edge) << g.id << " " << g.condition << " (" << g.proof << ") is entered";
    }
}

} // namespace

TEST(BranchGoals, TwoGoalsPerAtomicConditionLoopAndCase) {
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    if (x > 0 && y > 0)
        y = 1;
    switch (x) {
    case 1: y = 2; break;
    case 2: y = 3; break;
    default: y = 4;
    }
    while (x < 10)
        x++;
    return y;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    const std::vector<BranchGoal> goals = branchGoals(*p);
    // x > 0, y > 0, x == 1, x == 2, x < 10: five branches, two halves each.
    ASSERT_EQ(goals.size(), 10u);
    EXPECT_EQ(goals[0].id, "G1");
    EXPECT_EQ(goals[0].condition, "x > 0");
    EXPECT_TRUE(goals[0].polarity);
    EXPECT_FALSE(goals[1].polarity);
    EXPECT_EQ(goals[0].line, goals[1].line);
    EXPECT_EQ(goals[2].condition, "y > 0");
    EXPECT_EQ(goals[9].condition, "x < 10");

    GoalOptions o;
    o.timeSeconds = 30;
    const GoalReport r = decideBranchGoals(*p, o);
    EXPECT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.count(GoalStatus::Covered), 10u);
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, SolverCoversWhatSamplingMissesAndTestsReplay) {
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a == 123456789) {
        if (b - a == 42)
            return 1;
    }
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    const GoalReport r = decideBranchGoals(*p, o);
    EXPECT_EQ(r.count(GoalStatus::Covered), 4u);
    const BranchGoal *deep = goal(r, "b - a == 42", true);
    ASSERT_TRUE(deep);
    EXPECT_EQ(deep->status, GoalStatus::Covered);
    EXPECT_EQ(r.tests[size_t(deep->test)].origin.rfind("bmc", 0), 0u) << r.tests[size_t(deep->test)].origin;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, KInductionProvesAnInvariantOfAnUnboundedLoop) {
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int even = 0;
    while (__VERIFIER_nondet_int()) {
        if (even != 0 && even != 1)
            reach_error();
        even = 1 - even;
    }
    return 0;
}
)");
    GoalOptions o = solverProofs(4);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *bad = goal(r, "even != 1", true);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, GoalStatus::Unreachable) << bad->reason;
    EXPECT_NE(bad->proof.find("k-induction at k=1 over loop main.0"), std::string::npos) << bad->proof;
    // The loop never ends within a bound: BMC alone cannot prove it.
    GoalOptions bmcOnly = o;
    bmcOnly.induction = false;
    const GoalReport b = decideBranchGoals(*p, bmcOnly);
    const BranchGoal *still = goal(b, "even != 1", true);
    ASSERT_TRUE(still);
    EXPECT_EQ(still->status, GoalStatus::Unknown);
    EXPECT_NE(still->reason.find("too small for main.0"), std::string::npos) << still->reason;
    for (const BranchGoal &g : r.goals) {
        if (&g != bad) {
            EXPECT_EQ(g.status, GoalStatus::Covered) << g.id << " " << g.condition;
        }
    }
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, InductionRefusesWhereTheStepFails) {
    // x stays even, so x == 7 never holds; but from an arbitrary x the step finds
    // x = 7 - 2(k + 1) at every k: not k-inductive, and the loop is unbounded.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = 0;
    while (__VERIFIER_nondet_int()) {
        x += 2;
        if (x == 7)
            reach_error();
    }
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 3;
    o.kStep = 1; // 1, 2, 3
    o.invariants = false; // (x & 1) == 0 would make it inductive (next test)
    o.predicateAnalysis = false; // it learns (x & 1) == 1 from two refinements
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *seven = goal(r, "x == 7", true);
    ASSERT_TRUE(seven);
    EXPECT_EQ(seven->status, GoalStatus::Unknown);
    EXPECT_NE(seven->reason.find("the inductive step fails at k=3 over main.0"), std::string::npos) << seven->reason;
}

TEST(BranchGoals, AuxiliaryInvariantsMakeTheStepInductive) {
    // The step of the previous test, strengthened: the runs show x even at the loop's head,
    // Houdini proves it (x = 0 on entry, x + 2 keeps it), and from an even x the step
    // never reaches 7. x < 0 comes with it: x == y would need it, but the runs refute it.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = 0, y = 0;
    while (__VERIFIER_nondet_int()) {
        x += 2;
        if (__VERIFIER_nondet_int())
            y++;
        if (x == 7)
            reach_error();
    }
    return 0;
}
)");
    GoalOptions o = solverProofs(3);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *seven = goal(r, "x == 7", true);
    ASSERT_TRUE(seven);
    EXPECT_EQ(seven->status, GoalStatus::Unreachable) << seven->reason;
    EXPECT_NE(seven->proof.find("k-induction at k=1 over loop main.0 with the auxiliary invariants"), std::string::npos)
        << seven->proof;
    EXPECT_NE(seven->proof.find("(x & 1) == 0"), std::string::npos) << seven->proof;
    EXPECT_EQ(seven->proof.find("x == y"), std::string::npos) << seven->proof;
    std::vector<ExecutionInput> inputs;
    for (size_t iterations = 0; iterations < 30; ++iterations) {
        ExecutionInput in;
        for (size_t i = 0; i < iterations; ++i)
            in.nondet.insert(in.nondet.end(), {1, int64_t(i % 3)});
        inputs.push_back(in); // then a 0 ends the loop
    }
    expectNeverEntered(*p, *seven, inputs);
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, ALoopBeforeTheStepIsTakenAsItsEffect) {
    // SV-COMP's up.i: no bound fits the first loop (n is an input), so the step over the
    // second cannot wait for it. Taken as its effect (i and k havocked, i == k assumed at
    // its head, which Houdini proves), the second loop's invariant k + j == i and the exit
    // condition i >= n make k > 0 inductive.
    auto p = parseC(std::string(prelude) + R"(
void check(int c) { if (!c) reach_error(); }
int main(void) {
    int n = __VERIFIER_nondet_int(), i = 0, k = 0, j = 0;
    while (i < n) {
        i++;
        k++;
    }
    while (j < n) {
        check(k > 0);
        j++;
        k--;
    }
    return 0;
}
)");
    GoalOptions o = solverProofs(4);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *bad = goal(r, "c", false);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, GoalStatus::Unreachable) << bad->reason;
    EXPECT_NE(bad->proof.find("over loop main.1 (main.0 taken as their effect"), std::string::npos) << bad->proof;
    EXPECT_NE(bad->proof.find("k + j == i"), std::string::npos) << bad->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t n : {-5, -1, 0, 1, 2, 3, 10, 50, 200})
        inputs.push_back({{n}, {}});
    expectNeverEntered(*p, *bad, inputs);
    expectTestsReplay(*p, r);
    // Without the invariants the abstraction alone proves nothing: k is havocked with i.
    GoalOptions plain = o;
    plain.invariants = false;
    const GoalReport w = decideBranchGoals(*p, plain);
    const BranchGoal *still = goal(w, "c", false);
    ASSERT_TRUE(still);
    EXPECT_EQ(still->status, GoalStatus::Unknown) << still->proof;
}

TEST(BranchGoals, TheAbstractionsOwnBaseFindsWhatTheFirstIterationsEnter) {
    // The same shape with a goal the second loop enters in its first iteration whenever
    // the first loop ran: the abstraction's base must not let the step claim it.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int n = __VERIFIER_nondet_int(), i = 0, j = 0;
    while (i < n)
        i++;
    while (j < n) {
        if (j == 0 && i > 3)
            i = 0;
        j++;
    }
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 2;
    o.concrete = false; // only the solver's paths: no run covers it first
    o.valueAnalysis = false;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *reset = goal(r, "i > 3", true);
    ASSERT_TRUE(reset);
    EXPECT_NE(reset->status, GoalStatus::Unreachable) << reset->proof;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, APolynomialInvariantOfTheRunsProvesTheGoalAfterTheLoop) {
    // gauss_sum: 2*sum == i*i - i at the head (the sample's null space) with i <= n makes
    // the check after the loop unreachable; no run with n in 1..60 enters it.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int n = __VERIFIER_nondet_int(), sum = 0, i;
    if (!(1 <= n && n <= 1000)) return 0;
    for (i = 1; i <= n; i++)
        sum = sum + i;
    if (2 * sum != n * (n + 1))
        reach_error();
    return 0;
}
)");
    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *bad = goal(r, "2 * sum != n * (n + 1)", true);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, GoalStatus::Unreachable) << bad->reason;
    EXPECT_NE(bad->proof.find("i*i"), std::string::npos) << bad->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t n = 1; n <= 60; ++n)
        inputs.push_back({{n}, {}});
    inputs.push_back({{1000}, {}});
    expectNeverEntered(*p, *bad, inputs);
    expectTestsReplay(*p, r);
    // Without invariants the step cannot see it.
    GoalOptions plain = o;
    plain.invariants = false;
    const BranchGoal *still = goal(decideBranchGoals(*p, plain), "2 * sum != n * (n + 1)", true);
    ASSERT_TRUE(still);
    EXPECT_EQ(still->status, GoalStatus::Unknown) << still->proof;
}

TEST(BranchGoals, ANestedLoopIsSteppedWithTheLoopsAroundItGoneRoundOnce) {
    // nest-if3's shape: the inner loop never fits a bound (it runs from l to n), so neither
    // the base case nor the step over the outer loop decides the check in it. The step over
    // the inner loop does, with the outer loop's effect havocked and l >= 1 proved there
    // (what keeps l + 1 from overflow: l - k <= 1000, a spread of the program's constants).
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int n = __VERIFIER_nondet_int(), l = __VERIFIER_nondet_int(), k, i, c = 0, m = 0;
    if (!(l > 0 && l < 1000 && n < 1000)) return 0;
    for (k = 1; k < n; k++) {
        for (i = l; i < n; i++) {
            if (i < 1)
                reach_error();
            if (c == 40)
                m = 1;
            c++;
        }
        if (__VERIFIER_nondet_int())
            l = l + 1;
    }
    return 0;
}
)");
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 2u);
    EXPECT_EQ(loops[0].parent, -1);
    EXPECT_EQ(loops[1].parent, 0);
    GoalOptions o = solverProofs(4);
    o.concrete = false; // c == 40 is many outer iterations deep: no claim may be made on it
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *bad = goal(r, "i < 1", true);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, GoalStatus::Unreachable) << bad->reason;
    EXPECT_NE(bad->proof.find("over loop main.1"), std::string::npos) << bad->proof;
    const BranchGoal *deep = goal(r, "c == 40", true);
    ASSERT_TRUE(deep);
    EXPECT_NE(deep->status, GoalStatus::Unreachable) << deep->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t n = 2; n <= 30; n += 4)
        for (int64_t l = 1; l <= 7; l += 3)
            for (int64_t grow : {0, 1})
                inputs.push_back({{n, l, grow, grow, grow, grow, grow, grow, grow, grow, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0,
                                   1, 1, 0, 1, 0, 1, 1, 0, 1, 1},
                                  {}});
    expectNeverEntered(*p, *bad, inputs);
    expectTestsReplay(*p, r);
    // The same runs do enter the deep goal: the check above can tell.
    bool entered = false;
    for (const ExecutionInput &in : inputs)
        for (const ExecutionStep &st : runProgram(*p, in).steps)
            entered = entered || st.edge == deep->edge;
    EXPECT_TRUE(entered);
}

TEST(BranchGoals, ACopyOrASearchLeavesAFactAboutEveryElementBehindItsCounter) {
    // standard_copy3_ground and standard_find_ground in small: the loops before the checks
    // run 700 times (no bound fits, no run's sample reaches the last heads), and what the
    // checks need holds of every element: b[k] == a[k] and c[k] == b[k] for 0 <= k < i,
    // a[k] != e for 0 <= k < j, proved by Houdini at the copies' heads and stated at each
    // index the checks read.
    const std::string program = std::string(prelude) + R"(
void check(int c) { if (!c) reach_error(); }
int main(void) {
    int a[700], b[700], c[700], i, j = 0, x, e = __VERIFIER_nondet_int();
    for (i = 0; i < 700; i++)
        a[i] = __VERIFIER_nondet_int();
    for (i = 0; i < 700; i++)
        b[i] = a[i];
    for (i = 0; i < 700; i++)
        c[i] = b[i];
    TAMPER
    for (x = 0; x < 700; x++)
        check(a[x] == c[x]);
    while (j < 700 && a[j] != e)
        j++;
    for (x = 0; x < j; x++)
        if (a[x] == e)
            reach_error();
    return 0;
}
)";
    auto withTamper = [&](const std::string &t) {
        std::string s = program;
        s.replace(s.find("TAMPER"), 6, t);
        return parseC(s);
    };
    auto p = withTamper("");
    const GoalReport r = decideBranchGoals(*p, solverProofs(2));
    const BranchGoal *copied = goal(r, "c", false), *found = goal(r, "a[x] == e", true);
    ASSERT_TRUE(copied && found);
    EXPECT_EQ(copied->status, GoalStatus::Unreachable) << copied->reason;
    EXPECT_NE(copied->proof.find("c[k] == b[k] for 0 <= k < i"), std::string::npos) << copied->proof;
    EXPECT_EQ(found->status, GoalStatus::Unreachable) << found->reason;
    EXPECT_NE(found->proof.find("a[k] != e for 0 <= k < j"), std::string::npos) << found->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t seed = 0; seed < 6; ++seed) {
        ExecutionInput in;
        in.nondet.push_back(seed % 3 == 0 ? 5 : seed); // e: found at index 5 in some runs
        for (int64_t k = 0; k < 700; ++k)
            in.nondet.push_back((k * 7 + seed) % 11);
        inputs.push_back(in);
    }
    expectNeverEntered(*p, *copied, inputs);
    expectNeverEntered(*p, *found, inputs);
    expectTestsReplay(*p, r);

    // One element changed after the copies: the check fails there, and no fact may hide it.
    auto q = withTamper("c[699] = c[699] + 1;");
    const GoalReport t = decideBranchGoals(*q, solverProofs(2));
    const BranchGoal *broken = goal(t, "c", false);
    ASSERT_TRUE(broken);
    EXPECT_EQ(broken->status, GoalStatus::Covered) << broken->proof << broken->reason;
    expectTestsReplay(*q, t);
}

TEST(BranchGoals, AFactThatOneIterationBreaksIsDropped) {
    // b[i] = a[i] makes "b[k] == a[k] for 0 <= k < i" a candidate; the overwrite at 300
    // breaks it in the step (b[300] = 1 where a[300] is any input), and c's copy keeps its own.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int a[700], b[700], c[700], i;
    for (i = 0; i < 700; i++) {
        b[i] = a[i];
        c[i] = a[i];
        if (i == 300)
            b[i] = 1;
    }
    return 0;
}
)");
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 1u);
    const HeadSample sample = sampleHead(*p, loops[0], {ExecutionInput{}}, 10'000, nullptr);
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 2, 30, nullptr);
    ASSERT_TRUE(inv.note.empty()) << inv.note;
    const std::string all = inv.describe();
    EXPECT_EQ(all.find("b[k] == a[k]"), std::string::npos) << all;
    EXPECT_NE(all.find("c[k] == a[k] for 0 <= k < i"), std::string::npos) << all;
}

TEST(BranchGoals, AnAffineEqualityWithAParityProvesTheCountOfEvenSteps) {
    // half.i: n counts the even i, so i + (i & 1) == 2*n at the head; at the exit i == 2*k
    // (the step's last iteration had i < 2*k) and so n == k. Without the parity column the
    // sample gives only the product (i - 2n)(i - 2n + 1) == 0, which the search does not settle.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int i, n = 0, k = __VERIFIER_nondet_int();
    if (!(k <= 1000000 && k >= -1000000)) return 0;
    for (i = 0; i < 2 * k; i++) {
        if (i % 2 == 0)
            n++;
    }
    if (!(k < 0 || n == k))
        reach_error();
    return 0;
}
)");
    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *bad = goal(r, "n == k", false);
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, GoalStatus::Unreachable) << bad->reason;
    EXPECT_NE(bad->proof.find("(i & 1)"), std::string::npos) << bad->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t k = -3; k <= 40; ++k)
        inputs.push_back({{k}, {}});
    inputs.push_back({{1000000}, {}});
    expectNeverEntered(*p, *bad, inputs);
    expectTestsReplay(*p, r);
    // The proved text, compiled into the program at the loop's head, holds on those runs.
    const std::string text = "i + (i & 1) == 2*n";
    ASSERT_NE(bad->proof.find(text), std::string::npos) << bad->proof;
    auto checked = parseC(std::string(prelude) + R"(
int main(void) {
    int i, n = 0, k = __VERIFIER_nondet_int();
    if (!(k <= 1000000 && k >= -1000000)) return 0;
    for (i = 0; ; i++) {
        if (!()" + text + R"()) reach_error();
        if (!(i < 2 * k)) break;
        if (i % 2 == 0)
            n++;
    }
    return 0;
}
)");
    for (const ExecutionInput &in : inputs)
        EXPECT_NE(runProgram(*checked, in).ending.kind, EndingKind::PropertyViolation) << in.nondet[0];
    EXPECT_EQ(runProgram(*parseC(std::string(prelude) + "int main(void) { int i = 3, n = 1; if (!(" + text +
                                 ")) reach_error(); return 0; }"),
                         {})
                  .ending.kind,
              EndingKind::PropertyViolation); // and it can fail
}

TEST(BranchGoals, InvariantsTheRunsRefuteOrTheStepBreaksAreDropped) {
    // Houdini over the candidates the runs leave. Proved ones are held against the
    // interpreter: the same program with the invariant's C text checked at the head.
    auto source = [](const std::string &check) {
        return std::string(prelude) + "int main(void) {\n"
                                      "    int i = 0, x = 0, y = 0, w = 1;\n"
                                      "    while (1) {\n"
                                      "        " + check + "\n"
                                      "        if (!(i < 10)) break;\n"
                                      "        i++;\n"
                                      "        x += 3;\n"
                                      "        if (__VERIFIER_nondet_int()) y = i;\n"
                                      "        w = w * 2 % 7;\n"
                                      "    }\n"
                                      "    return 0;\n"
                                      "}\n";
    };
    auto p = parseC(source(""));
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 1u);
    std::vector<ExecutionInput> inputs{ExecutionInput{}};
    for (int64_t v : {0, 1, 2})
        inputs.push_back({std::vector<int64_t>(20, v), {}});
    const HeadSample sample = sampleHead(*p, loops[0], inputs, 10'000, nullptr);
    ASSERT_EQ(sample.states.size(), 4u * 11); // 11 arrivals per run
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 2, 30, nullptr);
    ASSERT_TRUE(inv.note.empty()) << inv.note;
    // w runs through 1, 2, 4: w >= 1 holds on every run, but from w == 7 the step reaches 0.
    EXPECT_GT(inv.candidates, inv.proved.size()) << inv.describe();
    const std::string all = inv.describe();
    EXPECT_NE(all.find("i >= 0"), std::string::npos) << all;
    EXPECT_NE(all.find("i <= 10"), std::string::npos) << all;
    EXPECT_NE(all.find("i >= y"), std::string::npos) << all;
    EXPECT_NE(all.find("x == 3*i"), std::string::npos) << all; // an affine equality of the sample
    EXPECT_EQ(all.find("w >= 1"), std::string::npos) << all;
    for (const HeadInvariant &h : inv.proved) {
        auto checked = parseC(source("if (!(" + h.text + ")) reach_error();"));
        for (int64_t seed = 0; seed < 64; ++seed) {
            ExecutionInput in;
            for (int b = 0; b < 10; ++b)
                in.nondet.push_back((seed >> (b % 6)) & 1);
            const Execution x = runProgram(*checked, in);
            ASSERT_NE(x.ending.kind, EndingKind::PropertyViolation) << h.text << " fails on run " << seed;
        }
    }
    // And a candidate that is false fails there: the check can fail.
    auto wrong = parseC(source("if (!(y == i)) reach_error();"));
    EXPECT_EQ(runProgram(*wrong, {{1, 0, 1}, {}}).ending.kind, EndingKind::PropertyViolation);
}

TEST(BranchGoals, InductionRefusesALoopThatWritesThroughAPointer) {
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = 0;
    int *q = &x;
    while (__VERIFIER_nondet_int()) {
        *q = 1 - *q;
        if (x == 5)
            reach_error();
    }
    return 0;
}
)");
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 1u);
    EXPECT_NE(loops[0].refused.find("writes through a pointer"), std::string::npos) << loops[0].refused;
    GoalOptions o;
    o.valueAnalysis = false; // it proves this goal first: the test is about the solver's proof
    o.timeSeconds = 20;
    o.kMax = 2;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *five = goal(r, "x == 5", true);
    ASSERT_TRUE(five);
    EXPECT_EQ(five->status, GoalStatus::Unknown);
    EXPECT_NE(five->reason.find("writes through a pointer"), std::string::npos) << five->reason;
}

TEST(BranchGoals, CompleteBoundedCheckProvesAndJumpStrategyReachesDeepGoals) {
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int hit = 0;
    for (int i = 0; i < 40; i++) {
        if (i == 37)
            hit = 1;
        if (i == 45)
            reach_error();
    }
    return hit;
}
)");
    GoalOptions o;
    o.valueAnalysis = false; // it proves this goal first: the test is about the solver's proof
    o.predicateAnalysis = false; // so does it (i < 40 and i == 45 in one block)
    o.enumeration = false;   // so does the one run of this program without inputs
    o.timeSeconds = 60;
    o.concrete = false;
    o.induction = false;
    o.kStart = 10;
    o.kStep = 10;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *deep = goal(r, "i == 37", true), *never = goal(r, "i == 45", true);
    ASSERT_TRUE(deep && never);
    EXPECT_EQ(deep->status, GoalStatus::Covered);
    // Whichever query found it, the replay runs the whole loop and enters it.
    EXPECT_EQ(r.tests[size_t(deep->test)].origin.rfind("bmc k=", 0), 0u);
    EXPECT_EQ(never->status, GoalStatus::Unreachable);
    EXPECT_EQ(never->proof, "bounded model checking at k=50: every path is complete and none enters it");
    EXPECT_EQ(r.count(GoalStatus::Unknown), 0u);
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, GoalInACalleeUsesTheLoopAroundTheCall) {
    auto p = parseC(std::string(prelude) + R"(
void check(int c) { if (!c) reach_error(); }
int main(void) {
    unsigned n = 0;
    while (__VERIFIER_nondet_int()) {
        n = n + 2;
        if (n > 100) n = 0;
        check(n <= 100);
    }
    return 0;
}
)");
    GoalOptions o = solverProofs(3);
    const GoalReport r = decideBranchGoals(*p, o);
    // The front end reads `if (!c)` as the branch on c: its failing half calls reach_error.
    const BranchGoal *fails = goal(r, "c", false);
    ASSERT_TRUE(fails);
    EXPECT_EQ(fails->status, GoalStatus::Unreachable) << fails->reason;
    EXPECT_NE(fails->proof.find("k-induction"), std::string::npos) << fails->proof;
}

TEST(BranchGoals, AGoalOnTheBackEdgeIsNotHiddenByTheBound) {
    // Found by the soundness generator (seed 25): the holding half of the last branch in
    // the body is the loop's back edge. The inductive step cuts its last iteration there,
    // and the cut used to hide that the goal is entered: "unreachable", wrongly.
    auto p = parseC(R"(
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x1 = __VERIFIER_nondet_int();
    int a0[4] = {2};
    a0[(x1) & 3] = 0;
    int x0 = 0;
    int c1 = 0;
    while (c1 < 3 && __VERIFIER_nondet_int()) {
        c1 = c1 + 1;
        if (!(a0[(x0) & 3] < 2)) reach_error();
    }
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.concrete = false;
    const GoalReport r = decideBranchGoals(*p, o);
    EXPECT_EQ(r.count(GoalStatus::Covered), r.goals.size());
    EXPECT_TRUE(r.error.empty()) << r.error;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, OneLongRunCoversWhatNoBoundReaches) {
    // 100,000 iterations: no bound of the solver gets past the loop, one run on zeros does
    // (its edges are kept, not its half a million steps).
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int i, n = 0;
    for (i = 0; i < 100000; i++)
        if (__VERIFIER_nondet_int() == 0)
            n++;
    if (n == 100000)
        return 0;
    return 1;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 4;
    const GoalReport r = decideBranchGoals(*p, o);
    EXPECT_EQ(r.count(GoalStatus::Covered), r.goals.size());
    const BranchGoal *all = goal(r, "n == 100000", true);
    ASSERT_TRUE(all);
    ASSERT_EQ(all->status, GoalStatus::Covered);
    EXPECT_EQ(r.tests[size_t(all->test)].input.nondet.size(), 100000u); // every draw, in call order
    EXPECT_EQ(r.tests[size_t(all->test)].calls.front(), "__VERIFIER_nondet_int");
    EXPECT_TRUE(r.error.empty()) << r.error;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, TheValueAnalysisFinishingProvesGoalsItNeverEnters) {
    // x runs through 0, 2, 4, 6 for ever: no bound ends the loop, and from an arbitrary x
    // the inductive step reaches 7 at every k (x = 7 - 2(k + 1) mod 8); the explicit-value
    // analysis explores the four states and never enters the goal.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = 0;
    while (__VERIFIER_nondet_int()) {
        x = (x + 2) % 8;
        if (x == 7)
            reach_error();
    }
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 4;
    o.invariants = false; // (x & 1) == 0 would prove it first
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *seven = goal(r, "x == 7", true);
    ASSERT_TRUE(seven);
    EXPECT_EQ(seven->status, GoalStatus::Unreachable) << seven->reason;
    EXPECT_NE(seven->proof.find("the value analysis explored every reachable abstract state"), std::string::npos)
        << seven->proof;
    std::vector<ExecutionInput> inputs;
    for (size_t iterations = 0; iterations < 40; ++iterations)
        inputs.push_back({std::vector<int64_t>(iterations, 1), {}}); // then a 0 ends the loop
    expectNeverEntered(*p, *seven, inputs);
    for (const BranchGoal &g : r.goals)
        if (&g != seven) {
            EXPECT_EQ(g.status, GoalStatus::Covered) << g.id << " " << g.condition;
        }
    expectTestsReplay(*p, r);
    // Without it, nothing else proves the goal.
    GoalOptions without = o;
    without.valueAnalysis = false;
    without.predicateAnalysis = false;
    const GoalReport w = decideBranchGoals(*p, without);
    const BranchGoal *still = goal(w, "x == 7", true);
    ASSERT_TRUE(still);
    EXPECT_EQ(still->status, GoalStatus::Unknown) << still->proof;
    EXPECT_NE(still->reason.find("the inductive step fails"), std::string::npos) << still->reason;
}

TEST(BranchGoals, ThePredicateAnalysisProvesAGoalThatRestsOnARelation) {
    // x + y == z at the loop head: no bound ends the loop, no value is known, and the step's
    // templates relate two variables, not three. The predicate analysis with the goals as its
    // targets finds the abstract path into the goal spurious and learns the relation from it.
    // The failing assertion before the loop ends its path (isolation), as in the other
    // analyses: it does not stop the search.
    auto p = parseC(std::string(prelude) + R"(
int main(void) {
    int x = 0, y = 0, z = 0;
    if (__VERIFIER_nondet_int() == 5)
        reach_error();
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) { x++; z++; } else { y++; z++; }
    }
    if (x + y != z)
        x = 1;
    return 0;
}
)");
    ASSERT_TRUE(p);
    GoalOptions o;
    o.timeSeconds = 120; // the analysis takes a tenth of a second; its slice is 10 s
    o.kMax = 8;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *apart = goal(r, "x + y != z", true);
    ASSERT_TRUE(apart);
    EXPECT_EQ(apart->status, GoalStatus::Unreachable) << apart->reason;
    EXPECT_NE(apart->proof.find("the predicate analysis explored every reachable abstract state"), std::string::npos)
        << apart->proof;
    EXPECT_NE(apart->proof.find("x + y == z"), std::string::npos) << apart->proof;
    std::vector<ExecutionInput> inputs;
    for (size_t iterations = 0; iterations < 30; ++iterations) {
        std::vector<int64_t> draws{0};
        for (size_t i = 0; i < iterations; ++i)
            draws.insert(draws.end(), {1, int64_t(i % 3 == 0)});
        inputs.push_back({draws, {}});
    }
    expectNeverEntered(*p, *apart, inputs);
    for (const BranchGoal &g : r.goals)
        if (&g != apart) {
            EXPECT_EQ(g.status, GoalStatus::Covered) << g.id << " " << g.condition;
        }
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, TheValueAnalysisPathsCoverWhatNoBoundReaches) {
    // tests/data/goals/state_machine.c: the goal s == 40 needs 40 inputs of 1 and then a 2,
    // 41 iterations, beyond --k-max 8 and beyond random inputs. The value analysis explores
    // the 42 states within a second; its tree path into the goal, unwound alone, gives the
    // solver the inputs.
    std::ifstream in(VCOV_TEST_DATA "/goals/state_machine.c");
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(source.empty());
    auto p = parseC(source);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 8;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *forty = goal(r, "s == 40", true);
    ASSERT_TRUE(forty);
    ASSERT_EQ(forty->status, GoalStatus::Covered) << forty->reason;
    const GoalTest &t = r.tests[size_t(forty->test)];
    EXPECT_EQ(t.origin, "value analysis path");
    // The test is the path: forty 1s, then the 2 (the interpreter replays it into the goal).
    ASSERT_EQ(t.input.nondet.size(), 41u);
    EXPECT_EQ(std::count(t.input.nondet.begin(), t.input.nondet.end(), 1), 40);
    EXPECT_EQ(t.input.nondet.back(), 2);
    expectTestsReplay(*p, r);
    for (const BranchGoal &g : r.goals)
        EXPECT_NE(g.status, GoalStatus::Unknown) << g.id << " " << g.condition << ": " << g.reason;
    // Without the value analysis the bound stops short of it.
    GoalOptions without = o;
    without.valueAnalysis = false;
    const GoalReport w = decideBranchGoals(*p, without);
    const BranchGoal *still = goal(w, "s == 40", true);
    ASSERT_TRUE(still);
    EXPECT_EQ(still->status, GoalStatus::Unknown);
}

TEST(BranchGoals, RecursionBeyondTheBoundIsSummarizedForGoalsAfterIt) {
    // McCarthy's 91 function (SV-COMP's McCarthy91-1): below 101 the recursion is as deep
    // as the input is small, so no bound completes; above 102 one call returns x - 10.
    auto p = parseC(std::string(prelude) + R"(
int f91(int x) {
    if (x > 100)
        return x - 10;
    else
        return f91(f91(x + 11));
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    int result = f91(x);
    if (result == 91 || x > 102 && result == x - 10)
        return 0;
    reach_error();
    return 1;
}
)");
    GoalOptions o = solverProofs(4);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *never = goal(r, "result == x - 10", false);
    ASSERT_TRUE(never);
    EXPECT_EQ(never->status, GoalStatus::Unreachable) << never->reason;
    EXPECT_NE(never->proof.find("every call of f91 beyond depth 1 summarized"), std::string::npos) << never->proof;
    std::vector<ExecutionInput> inputs;
    for (int64_t x = -300; x <= 300; ++x)
        inputs.push_back({{x}, {}});
    for (int64_t x : {INT32_MAX, INT32_MAX - 5, -100000})
        inputs.push_back({{x}, {}});
    expectNeverEntered(*p, *never, inputs);
    EXPECT_EQ(r.count(GoalStatus::Unknown), 0u);
    EXPECT_TRUE(r.error.empty()) << r.error;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, ASummaryIsBlindInsideAndHavocsWhatTheCalleeWrites) {
    // Real executions enter both goals below, but only deeper than the bound: a summary
    // that looked inside the summarized calls, or kept g (= x at depth 1), would prove them
    // unreachable.
    auto p = parseC(std::string(prelude) + R"(
int g;
int f(int n) {
    if (n <= 0)
        return 0;
    if (n == 7)
        return 100;
    g = n;
    return f(n - 1);
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 8 || x > 10)
        return 0;
    int r = f(x);
    if (g < x)
        return 2;
    return r;
}
)");
    GoalOptions o;
    o.timeSeconds = 30;
    o.kMax = 1;
    o.concrete = false;
    o.valueAnalysis = false;
    o.induction = false;
    const GoalReport r = decideBranchGoals(*p, o);
    for (const char *cond : {"n == 7", "g < x"}) {
        const BranchGoal *deep = goal(r, cond, true);
        ASSERT_TRUE(deep) << cond;
        EXPECT_NE(deep->status, GoalStatus::Unreachable) << cond << ": " << deep->proof;
    }
    // With the bound deep enough the solver covers both.
    o.kMax = 8;
    const GoalReport deeper = decideBranchGoals(*p, o);
    for (const char *cond : {"n == 7", "g < x"}) {
        const BranchGoal *deep = goal(deeper, cond, true);
        ASSERT_TRUE(deep) << cond;
        EXPECT_EQ(deep->status, GoalStatus::Covered) << cond << ": " << deep->reason;
    }
    expectTestsReplay(*p, deeper);
}

TEST(BranchGoals, NoSummaryOfARecursionThatWritesThroughAPointer) {
    auto p = parseC(std::string(prelude) + R"(
void f(int *c, int n) {
    if (n <= 0)
        return;
    *c = *c + 1;
    f(c, n - 1);
}
int main(void) {
    int c = 0;
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 5)
        return 0;
    f(&c, x);
    if (c > 5)
        return 3;
    return 0;
}
)");
    for (const FunctionCfa &f : p->functions)
        if (f.name == "f") {
            EXPECT_NE(callWritesOf(*p, f.id).refused.find("writes through a pointer"), std::string::npos);
            EXPECT_TRUE(recursiveFunctions(*p).count(f.id));
        }
    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *six = goal(r, "c > 5", true);
    ASSERT_TRUE(six);
    EXPECT_EQ(six->status, GoalStatus::Unknown) << six->proof;
    // Deep enough, every path is complete: the bounded check proves it.
    o.kMax = 8;
    const GoalReport deeper = decideBranchGoals(*p, o);
    const BranchGoal *proved = goal(deeper, "c > 5", true);
    ASSERT_TRUE(proved);
    EXPECT_EQ(proved->status, GoalStatus::Unreachable) << proved->reason;
    EXPECT_NE(proved->proof.find("every path is complete"), std::string::npos) << proved->proof;
}

TEST(BranchGoals, AFunctionNoCallChainReachesHasItsGoalsDecided) {
    // SV-COMP's nla-digbench tasks define assume_abort_if_not and never call it.
    auto p = parseC(std::string(prelude) + R"(
void assume_abort_if_not(int cond) {
    if (!cond)
        abort();
}
int twice(int x) {
    if (x > 100)
        return 0;
    return 2 * x;
}
int (*pick)(int) = twice;
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (pick(x) == 4)
        return 1;
    return 0;
}
)");
    GoalOptions o;
    o.timeSeconds = 20;
    o.concrete = false;
    o.valueAnalysis = false;
    const GoalReport r = decideBranchGoals(*p, o);
    for (bool polarity : {true, false}) {
        const BranchGoal *g = goal(r, "cond", polarity);
        ASSERT_TRUE(g);
        EXPECT_EQ(g->status, GoalStatus::Unreachable);
        EXPECT_EQ(g->proof, "no call chain from main reaches assume_abort_if_not");
    }
    // twice is called only through a pointer: its goals are not decided that way.
    const BranchGoal *big = goal(r, "x > 100", true);
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, GoalStatus::Covered) << big->proof << big->reason;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, ASummaryProvesWhatItCanAndLeavesWhatItEnters) {
    // SV-COMP's Ackermann01-2: under the summary the result is arbitrary, so the error half
    // is entered there (it needs ackermann's result to be positive: unknown), while m and n
    // keep the guards' ranges: those halves are proved by a second query without it.
    auto p = parseC(std::string(prelude) + test::AckermannFunction + R"(
int main(void) {
    int m = __VERIFIER_nondet_int();
    if (m < 0 || m > 3)
        return 0;
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 23)
        return 0;
    int result = ackermann(m, n);
    if (0 > m || 0 > n || result >= 0)
        return 0;
    reach_error();
    return 1;
}
)");
    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    for (const char *cond : {"0 > m", "0 > n"}) {
        const BranchGoal *never = goal(r, cond, true);
        ASSERT_TRUE(never) << cond;
        EXPECT_EQ(never->status, GoalStatus::Unreachable) << cond << ": " << never->reason;
        EXPECT_NE(never->proof.find("every call of ackermann beyond depth 1 summarized"), std::string::npos)
            << never->proof;
        std::vector<ExecutionInput> inputs;
        for (int64_t m = -1; m <= 3; ++m)
            for (int64_t n = -1; n <= 6; ++n)
                inputs.push_back({{m, n}, {}});
        expectNeverEntered(*p, *never, inputs);
    }
    const BranchGoal *error = goal(r, "result >= 0", false);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->status, GoalStatus::Unknown) << error->proof;
    EXPECT_TRUE(r.error.empty()) << r.error;
    expectTestsReplay(*p, r);
}

TEST(BranchGoals, ACallOnTheBackEdgeIsPartOfTheIteration) {
    // The loop's last statement calls f, so the call edge is the back edge: the iteration
    // ends when f returns. Counting it where f is entered made Houdini's step see no path
    // back to the head, and output == -1 (all the sampled runs show) was "proved"; then
    // output == 24 was claimed unreachable, which a run with 12345 contradicts.
    auto p = parseC(R"(
extern int __VERIFIER_nondet_int(void);
int a = 1;
int f(int input) {
    if (a == 1 && input == 12345) { a = 0; return 24; }
    return -1;
}
int main() {
    int output = -1;
    while (1) {
        int input;
        input = __VERIFIER_nondet_int();
        if (input == 0) return -2;
        if (output == 24) { a = 5; }
        output = f(input);
    }
}
)");
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 1u);
    ASSERT_EQ(loops[0].backEdges.size(), 1u);
    ASSERT_EQ(p->edge(*loops[0].backEdges.begin()).kind, EdgeKind::Call);
    std::vector<ExecutionInput> inputs{ExecutionInput{}};
    for (int64_t v : {1, 2, 3})
        inputs.push_back({std::vector<int64_t>(20, v), {}});
    const HeadSample sample = sampleHead(*p, loops[0], inputs, 10'000, nullptr);
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 1, 30, nullptr);
    EXPECT_EQ(inv.describe().find("output <= -1"), std::string::npos) << inv.describe();
    EXPECT_EQ(inv.describe().find("a >= 1"), std::string::npos) << inv.describe();
    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    EXPECT_TRUE(r.error.empty()) << r.error;
    const BranchGoal *hit = goal(r, "output == 24", true);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->status, GoalStatus::Covered) << hit->proof;
    const Execution x = runProgram(*p, {{12345, 7, 0}, {}});
    bool enters = false;
    for (const ExecutionStep &st : x.steps)
        enters = enters || st.edge == hit->edge;
    EXPECT_TRUE(enters);
}

namespace {

// SV-COMP's Fibonacci01-1 with the bound of its guard and of its claim as parameters.
std::string fibonacci(int limit, const std::string &claim) {
    return std::string(prelude) + R"(
int fibonacci(int n) {
    if (n < 1)
        return 0;
    else if (n == 1)
        return 1;
    else
        return fibonacci(n - 1) + fibonacci(n - 2);
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > )" + std::to_string(limit) + R"( || x == -2147483648)
        return 0;
    int result = fibonacci(x);
    if ()" + claim + R"()
        return 0;
    reach_error();
    return 1;
}
)";
}

} // namespace

TEST(BranchGoals, APureRecursionIsTabulatedByTheInterpreter) {
    // fibonacci(46) unwinds into 2^46 calls; its table of results, memoized, into 47 runs.
    auto p = parseC(fibonacci(46, "result >= x - 1"));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    FunctionId fib = NoFunction;
    for (const FunctionCfa &f : p->functions)
        if (f.name == "fibonacci")
            fib = f.id;
    std::string why;
    EXPECT_TRUE(isPureIntegerFunction(*p, fib, &why)) << why;
    EXPECT_FALSE(isPureIntegerFunction(*p, p->entryFunction, &why)); // it calls an input
    const auto tables = tabulateRecursion(*p, {fib}, 10, nullptr);
    ASSERT_TRUE(tables.count(fib));
    const BmcOptions::Table &t = tables.at(fib);
    ASSERT_LE(t.first, 0);
    ASSERT_GE(t.first + int64_t(t.results.size()) - 1, 46);
    int64_t a = 0, b = 1;
    for (int64_t n = 0; n <= 46; ++n, std::swap(a, b), b += a)
        EXPECT_EQ(t.results[size_t(n - t.first)], a) << n;
    EXPECT_EQ(t.results[size_t(-1 - t.first)], 0);

    GoalOptions o = solverProofs(2);
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *never = goal(r, "result >= x - 1", false);
    ASSERT_TRUE(never);
    EXPECT_EQ(never->status, GoalStatus::Unreachable) << never->reason;
    EXPECT_NE(never->proof.find("the results of fibonacci(" + std::to_string(t.first)), std::string::npos)
        << never->proof;
    // The interpreter without the table, as far as its runs go (fibonacci(27): 300,000 calls).
    std::vector<ExecutionInput> inputs;
    for (int64_t x = -40; x <= 27; ++x)
        inputs.push_back({{x}, {}});
    inputs.push_back({{INT32_MIN + 1}, {}});
    expectNeverEntered(*p, *never, inputs);
    expectTestsReplay(*p, r);

    // A claim that fails at x = 2 (fibonacci(2) = 1): entered, never called unreachable.
    auto q = parseC(fibonacci(46, "result >= x"));
    const GoalReport w = decideBranchGoals(*q, o);
    const BranchGoal *entered = goal(w, "result >= x", false);
    ASSERT_TRUE(entered);
    EXPECT_EQ(entered->status, GoalStatus::Covered) << entered->reason;
    expectTestsReplay(*q, w);
}
