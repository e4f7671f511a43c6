// Affine summaries of recursive integer functions (goals/CallSummaries.h): what is guessed,
// what the induction keeps and drops, how the interpreter answers calls with them, and the
// enumeration they open (Ackermann's A(3, 23) = 2^26 - 3 without 2^27 calls).
#include "GoalHelpers.h"
#include "ParseHelpers.h"

#include "goals/BranchGoals.h"
#include "goals/CallSummaries.h"
#include "goals/InputEnumeration.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::goals;
using test::goal;
using test::parseC;

namespace {

// SV-COMP's recursive/Ackermann01-2.c, its comments left out.
const std::string Ackermann = std::string(R"(extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
)") + test::AckermannFunction + R"(
int main() {
    int m = __VERIFIER_nondet_int();
    if (m < 0 || m > 3) {
        return 0;
    }
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 23) {
        return 0;
    }
    int result = ackermann(m,n);
    if (m < 0 || n < 0 || result >= 0) {
        return 0;
    } else {
        ERROR: {reach_error();abort();}
    }
}
)";

std::vector<std::string> described(const Program &p, const std::vector<PureCallMemo::Affine> &summaries) {
    std::vector<std::string> out;
    for (const PureCallMemo::Affine &a : summaries)
        out.push_back(describeSummary(p, a));
    return out;
}

} // namespace

TEST(CallSummaries, AckermannIsAffineInNForEachMBelowThree) {
    auto p = parseC(Ackermann);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    const FunctionId a = p->function("ackermann")->id;
    const auto summaries = provedSummaries(*p, {a}, 10, nullptr);
    // A(3, n) = 2^(n+3) - 3 lies on no line: guessed for no m but 0, 1 and 2.
    EXPECT_EQ(described(*p, summaries),
              (std::vector<std::string>{"ackermann(0, n) = n + 1", "ackermann(1, n) = n + 2",
                                        "ackermann(2, n) = 2*n + 3"}));

    // The interpreter answers A(2, x) by the summary: A(3, 23) in a few hundred steps.
    PureCallMemo memo;
    memo.functions = {a};
    memo.affine = summaries;
    InterpreterOptions io;
    io.properties = {};
    io.memo = &memo;
    io.entry = a;
    io.entryArguments = {3, 23};
    io.maxSteps = 10'000;
    const Execution x = runProgram(*p, {}, io);
    ASSERT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    EXPECT_EQ(x.ending.exitCode, (1 << 26) - 3);
    EXPECT_GT(memo.summarized, 0u);
    // Where the summary applies, the plain interpreter agrees (A(2, 300) in full).
    io.memo = nullptr;
    io.recordSteps = false;
    io.entryArguments = {2, 300};
    io.maxSteps = 10'000'000;
    const Execution plain = runProgram(*p, {}, io);
    ASSERT_EQ(plain.ending.kind, EndingKind::Exit) << plain.ending.message;
    EXPECT_EQ(plain.ending.exitCode, 603);
}

TEST(CallSummaries, AGuessTheBodyContradictsIsDropped) {
    // f(n) = n on 0 .. 7, the points a guess is made from; f(9) = 100 breaks the line, and g,
    // whose own line (n + 1) rests on f's, falls with it.
    auto p = parseC(R"(int f(int n) {
  if (n == 0) return 0;
  if (n == 9) return 100;
  return f(n - 1) + 1;
}
int g(int n) {
  if (n == 0) return 1;
  return f(n) + 1 + 0 * g(n - 1);
}
int h(int n) {
  if (n <= 0) return 7;
  return h(n - 1) - 3;
}
int main(void) { return f(3) + g(2) + h(1); }
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    const FunctionId f = p->function("f")->id, g = p->function("g")->id, h = p->function("h")->id;
    // h(n) = 7 - 3n holds for n >= 0 only (h(-5) = 7): no line through every call.
    EXPECT_TRUE(provedSummaries(*p, {f, g, h}, 10, nullptr).empty());
    // The same body with a guard that makes the line hold everywhere modulo 2^32.
    auto q = parseC(R"(int h(int n) {
  if (n == 0) return 7;
  return h(n - 1) - 3;
}
int main(void) { return h(1); }
)");
    ASSERT_FALSE(q->diagnostics.hasErrors()) << test::diagnosticsText(*q);
    EXPECT_EQ(described(*q, provedSummaries(*q, {q->function("h")->id}, 10, nullptr)),
              std::vector<std::string>{"h(n) = -3*n + 7"});
}

TEST(CallSummaries, AckermannsResultIsNeverNegativeByRunningEveryInput) {
    auto p = parseC(Ackermann);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    GoalOptions o;
    o.timeSeconds = 600; // a margin: every input's run takes ~20 s idle, more under load
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *negative = goal(r, "result >= 0", false);
    ASSERT_TRUE(negative);
    ASSERT_EQ(negative->status, GoalStatus::Unreachable) << negative->reason;
    EXPECT_NE(negative->proof.find("every input enumerated: the 96 executions"), std::string::npos) << negative->proof;
    EXPECT_NE(negative->proof.find("ackermann(2, n) = 2*n + 3"), std::string::npos) << negative->proof;
    // Every goal is decided (m < 0 and n < 0 cannot hold after the guards).
    for (const BranchGoal &g : r.goals)
        EXPECT_NE(g.status, GoalStatus::Unknown) << g.condition << " " << g.polarity << ": " << g.reason;
}

TEST(CallSummaries, AGoalInASummarizedBodyIsNotClaimed) {
    // ackermann(2, 5000) is called on the way to A(3, 10) = 8189: executions take n == 5000
    // at m = 2, but the runs answer every call at m = 2 by its line and never see that branch.
    auto p = parseC(R"(extern int __VERIFIER_nondet_int(void);
int ackermann(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ackermann(m - 1, 1);
  if (n == 5000)
    n = 5000;
  return ackermann(m - 1, ackermann(m, n - 1));
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 3)
    return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 23)
    return 0;
  if (ackermann(m, n) < 0)
    return 1;
  return 0;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << test::diagnosticsText(*p);
    GoalOptions o;
    o.timeSeconds = 20;
    o.concrete = false;
    o.maxSteps = 100'000; // no replay reaches n = 5000 at m = 2 either
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *inside = goal(r, "n == 5000", true);
    ASSERT_TRUE(inside);
    EXPECT_NE(inside->status, GoalStatus::Unreachable) << inside->proof;
    // The goal after the call is still proved by the runs.
    const BranchGoal *negative = goal(r, "ackermann(m, n) < 0", true);
    ASSERT_TRUE(negative);
    EXPECT_EQ(negative->status, GoalStatus::Unreachable) << negative->reason;
}
