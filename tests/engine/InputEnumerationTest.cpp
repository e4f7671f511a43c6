// Proofs by enumerating every input (goals/InputEnumeration.h): the boxes of the inputs a
// program draws before its first loop, the runs over them, and what refuses them.
#include "GoalHelpers.h"
#include "ParseHelpers.h"

#include "goals/BranchGoals.h"
#include "goals/InputEnumeration.h"
#include "goals/RecursionTables.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::goals;
using test::goal;
using test::parseC;
using test::sumLoop;

namespace {

const char *Header = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n";

GoalOptions budget(double seconds) {
    GoalOptions o;
    o.timeSeconds = seconds;
    o.kMax = 64;
    return o;
}

} // namespace

TEST(InputEnumeration, TheConditionsBeforeTheFirstLoopBoundTheInputs) {
    auto p = parseC(sumLoop("if (y <= 0) reach_error();"));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    const InputDomain d = enumerableInputs(*p, 4'000'000);
    ASSERT_EQ(d.refused, "");
    // The paths that return at once end without a loop: the bounded check's, no box.
    ASSERT_EQ(d.boxes.size(), 1u);
    ASSERT_EQ(d.boxes[0].ranges.size(), 1u);
    EXPECT_EQ(d.boxes[0].ranges[0], std::make_pair(int64_t(-999), int64_t(999999)));
    EXPECT_EQ(d.points, 1'000'999u);
    EXPECT_TRUE(d.prefix.count(test::findEdge(*p, "main", "[!(-1000 < y)]")->id));
    EXPECT_FALSE(d.prefix.count(test::findEdge(*p, "main", "[x < 0]")->id)); // the loop's
    // Too many vectors for the budget: refused, not cut short.
    EXPECT_NE(enumerableInputs(*p, 1000).refused.find("more than 1000 input vectors"), std::string::npos);

    // The odometer: the last value turns fastest, every vector once.
    InputBox box{{{0, 1}, {5, 7}}};
    std::vector<std::vector<int64_t>> seen{firstVector(box)};
    for (std::vector<int64_t> v = seen[0]; nextVector(box, v);)
        seen.push_back(v);
    EXPECT_EQ(seen, (std::vector<std::vector<int64_t>>{{0, 5}, {0, 6}, {0, 7}, {1, 5}, {1, 6}, {1, 7}}));
    EXPECT_EQ(box.points(), 6u);
}

TEST(InputEnumeration, AGoalNoRunEntersIsUnreachableAndOneThatARunEntersIsCovered) {
    auto p = parseC(sumLoop("if (y <= 0) reach_error();\n  if (steps >= 1999) reach_error();"));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    // A margin, not a verdict: a million runs take ~10 s idle, more than 30 s under load.
    const GoalReport r = decideBranchGoals(*p, budget(600));
    const BranchGoal *never = goal(r, "y <= 0", true);
    ASSERT_TRUE(never);
    EXPECT_EQ(never->status, GoalStatus::Unreachable) << never->reason;
    EXPECT_NE(never->proof.find("every input enumerated: the 1000999 executions whose inputs lie in [-999, 999999]"),
              std::string::npos)
        << never->proof;
    // Only y = -999 goes round 2000 times: deeper than any bound, found by the runs.
    const BranchGoal *deep = goal(r, "steps >= 1999", true);
    ASSERT_TRUE(deep);
    ASSERT_EQ(deep->status, GoalStatus::Covered) << deep->reason << deep->proof;
    const GoalTest &t = r.tests[size_t(deep->test)];
    EXPECT_EQ(t.origin, "enumeration");
    EXPECT_EQ(t.input.nondet, std::vector<int64_t>{-999});
    InterpreterOptions io;
    io.properties = {};
    const Execution x = runProgram(*p, t.input, io);
    bool enters = false;
    for (const ExecutionStep &s : x.steps)
        enters = enters || s.edge == deep->edge;
    EXPECT_TRUE(enters);
}

TEST(InputEnumeration, ARunThatReadsAnIndeterminateValueStandsForNoExecution) {
    // z has no value: the run with z = 0 never enters the goal, the one with z = 12345 does
    // (n = 3 goes round 3000 times, past every bound the solver tries).
    auto p = parseC(std::string(Header) + R"(int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int z;
  int i = 0;
  while (i < n * 1000) i++;
  if (z == 12345 && i == 3000) reach_error();
  return 0;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    EXPECT_EQ(enumerableInputs(*p, 1000).refused, ""); // the boxes do not see z
    InterpreterOptions io;
    io.indeterminateStops = true;
    ExecutionInput in;
    in.nondet = {3};
    const Execution x = runProgram(*p, in, io);
    EXPECT_EQ(x.ending.kind, EndingKind::UndefinedBehaviour);
    EXPECT_NE(x.ending.message.find("uninitialized"), std::string::npos) << x.ending.message;

    const GoalReport r = decideBranchGoals(*p, budget(10));
    // Entered by n = 3 with z = 12345 only (z == 12345 itself is covered at n = 0).
    const BranchGoal *deep = goal(r, "i == 3000", true);
    ASSERT_TRUE(deep);
    EXPECT_NE(deep->status, GoalStatus::Unreachable) << deep->proof;
}

TEST(InputEnumeration, InputsDrawnInALoopOrWithoutBoundsAreRefused) {
    auto inLoop = parseC(std::string(Header) + R"(int main(void) {
  int x = 0;
  while (x < 10) x += __VERIFIER_nondet_int() & 3;
  return 0;
}
)");
    EXPECT_NE(enumerableInputs(*inLoop, 1000).refused.find("an input is drawn in or after the loop"), std::string::npos)
        << enumerableInputs(*inLoop, 1000).refused;
    auto unbounded = parseC(std::string(Header) + R"(int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0;
  if (n > 100) return 0;
  while (i < n) i++;
  return 0;
}
)");
    EXPECT_NE(enumerableInputs(*unbounded, 4'000'000).refused.find("more than"), std::string::npos);
    // A condition on something the boxes do not follow (a product) narrows nothing.
    auto product = parseC(std::string(Header) + R"(int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), i = 0;
  if (a < 0 || a > 9 || b < 0 || b > 9 || a * b != 12) return 0;
  while (i < a) i++;
  return 0;
}
)");
    const InputDomain d = enumerableInputs(*product, 1000);
    ASSERT_EQ(d.refused, "");
    EXPECT_EQ(d.points, 100u);
}

TEST(InputEnumeration, ACountingRecursionIsAnsweredOncePerArgument) {
    // hanoi's moves counted in a global: 2^30 calls, 30 distinct ones.
    auto p = parseC(std::string(Header) + R"(int moves;
void hanoi(int n, int from, int to) {
  if (n == 0) return;
  moves++;
  hanoi(n - 1, from, 6 - from - to);
  hanoi(n - 1, 6 - from - to, to);
}
int twice(int n) { moves = moves * 2; return n; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 30) return 0;
  moves = 0;
  hanoi(n, 1, 3);
  if (moves != (1 << n) - 1) reach_error();
  return 0;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    const FunctionId hanoi = p->function("hanoi")->id, twice = p->function("twice")->id;
    std::set<VarId> counters;
    std::string why;
    ASSERT_TRUE(isCountingFunction(*p, hanoi, &counters, &why)) << why;
    ASSERT_EQ(counters.size(), 1u);
    EXPECT_EQ(p->variable(*counters.begin()).name, "moves");
    EXPECT_FALSE(isCountingFunction(*p, twice, &counters, &why)); // it doubles the count
    EXPECT_FALSE(isCountingFunction(*p, hanoi, nullptr, &why));  // no counters allowed: a global

    PureCallMemo memo;
    memo.functions = {hanoi};
    memo.counters = {*counters.begin()};
    InterpreterOptions io;
    io.properties = {Property::Assertion};
    io.recordSteps = false;
    io.maxSteps = 100'000;
    io.memo = &memo;
    ExecutionInput in;
    in.nondet = {30};
    EXPECT_EQ(runProgram(*p, in, io).ending.kind, EndingKind::Exit); // no reach_error: moves == 2^30 - 1
    EXPECT_EQ(memo.added.at({hanoi, {30, 1, 3}}), std::vector<uint64_t>{(uint64_t(1) << 30) - 1});
    in.nondet = {29};
    EXPECT_EQ(runProgram(*p, in, io).ending.kind, EndingKind::Exit);

    const GoalReport r = decideBranchGoals(*p, budget(30));
    const BranchGoal *wrong = goal(r, "moves != (1 << n) - 1", true);
    ASSERT_TRUE(wrong);
    EXPECT_EQ(wrong->status, GoalStatus::Unreachable) << wrong->reason;
    EXPECT_NE(wrong->proof.find("the 30 executions whose inputs lie in [1, 30]"), std::string::npos) << wrong->proof;
    EXPECT_NE(wrong->proof.find("calls of hanoi answered once per argument vector"), std::string::npos) << wrong->proof;
}

TEST(InputEnumeration, AGoalARunEntersIsNeverClaimedWhereItsReplayIsTooLong) {
    // n = 20 makes 2^20 - 1 moves: a handful of memoized calls in the enumeration, millions
    // of steps in a plain replay — more than this search's replay budget.
    auto p = parseC(std::string(Header) + R"(int counter;
void moves(int n) {
  if (n == 0) return;
  counter++;
  moves(n - 1);
  moves(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0;
  counter = 0;
  moves(n);
  if (counter == 1048575) reach_error();
  return 0;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    GoalOptions o = budget(20);
    o.maxSteps = 100'000;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *deep = goal(r, "counter == 1048575", true);
    ASSERT_TRUE(deep);
    // Covered by a replay that answers moves() from a memo of exact answers.
    ASSERT_EQ(deep->status, GoalStatus::Covered) << deep->reason << deep->proof;
    const GoalTest &t = r.tests[size_t(deep->test)];
    EXPECT_EQ(t.origin, "enumeration");
    EXPECT_EQ(t.input.nondet, std::vector<int64_t>{20});
    // The plain interpreter agrees, given the steps.
    InterpreterOptions io;
    io.properties = {};
    io.recordSteps = false;
    std::vector<char> taken(p->edges.size(), 0);
    io.edgesTaken = &taken;
    runProgram(*p, t.input, io);
    EXPECT_TRUE(taken[size_t(deep->edge)]);
    for (const BranchGoal &g : r.goals)
        EXPECT_NE(g.status, GoalStatus::Unreachable) << g.condition << ": " << g.proof;
}
