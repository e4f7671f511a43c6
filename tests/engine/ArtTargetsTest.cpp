// Trust in the value analysis's verdicts: a target whose tree path is infeasible may still
// be reached along another ART path, through a covered node and its coverer's subtree.
// Every order must find such a violation (with a replayed counterexample), a truly
// infeasible target must be proved spurious over every ART path, and an undecided one
// must keep the analysis from saying it explored every reachable state.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "automata/ArtPaths.h"
#include "coverage/Coverage.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n";

// The issue's program: the else-branch's join is covered by the then-branch's, whose
// subtree holds the only target; its tree path (x < 3, then x == 5) is infeasible.
const char *CoveringJoin = R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 3) { y = 1; } else { y = 1; }
  if (x == 5) reach_error();
  return y;
})";

struct Order {
    TraversalOrder order;
    bool tieBreak;
};
const Order Orders[] = {{TraversalOrder::Bfs, false}, {TraversalOrder::Bfs, true}, {TraversalOrder::Dfs, false},
                        {TraversalOrder::Dfs, true},  {TraversalOrder::ReversePostorder, false},
                        {TraversalOrder::ReversePostorder, true}};

std::string orderName(const Order &o) { return std::string(traversalOrderName(o.order)) + (o.tieBreak ? "+tie" : ""); }

// Runs the coverage analysis (the CFA Reach score as tie-break) in one order.
StopReason analyse(const Program &p, const Order &o, std::unique_ptr<ArtAnalysis> &out) {
    CoverageOptions co;
    co.analysis.order = o.order;
    co.analysis.scoreTieBreak = o.tieBreak;
    co.analysis.budget.maxNodes = 20000;
    out = coverageAnalysis(p, co);
    return out->run();
}

void expectBugInEveryOrder(const std::string &body) {
    auto p = parseC(std::string(Prelude) + body);
    ASSERT_TRUE(p) << body;
    for (const Order &o : Orders) {
        std::unique_ptr<ArtAnalysis> a;
        EXPECT_EQ(analyse(*p, o, a), StopReason::ViolationFound) << orderName(o) << "\n" << body << a->stopText();
        ASSERT_TRUE(a->counterexample()) << orderName(o);
        // The counterexample replays: its inputs make the interpreter reach the error.
        InterpreterOptions io;
        io.properties = {Property::Assertion};
        Execution again = runProgram(*p, a->counterexample()->input, io);
        EXPECT_EQ(again.ending.kind, EndingKind::PropertyViolation) << orderName(o);
    }
}

void expectSafeInEveryOrder(const std::string &body) {
    auto p = parseC(std::string(Prelude) + body);
    ASSERT_TRUE(p) << body;
    for (const Order &o : Orders) {
        std::unique_ptr<ArtAnalysis> a;
        EXPECT_EQ(analyse(*p, o, a), StopReason::Finished) << orderName(o) << ": " << a->stopText() << "\n" << body;
        EXPECT_FALSE(a->counterexample()) << orderName(o);
        for (const ArtNode &n : a->art().nodes) {
            if (n.status == ArtNodeStatus::Target) {
                EXPECT_EQ(n.check, TargetCheck::Spurious) << orderName(o) << " node " << n.id << ": " << n.checkText;
            }
        }
    }
}

} // namespace

TEST(ArtTargets, ATargetBehindACoveringIsFoundInEveryOrder) { expectBugInEveryOrder(CoveringJoin); }

TEST(ArtTargets, VariantsOfThePattern) {
    // Another condition, arithmetic in it.
    expectBugInEveryOrder(R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x * 2 > 10) { y = 2; } else { y = 2; }
  if (x == 1) reach_error();
  return y;
})");
    // A call between the branch and the target.
    expectBugInEveryOrder(R"(int twice(int v) { return v + v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x != 7) { y = 3; } else { y = 3; }
  int z = twice(y);
  if (x == 7 && z == 6) reach_error();
  return 0;
})");
    // A loop between the branch and the target.
    expectBugInEveryOrder(R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 0) { y = 1; } else { y = 1; }
  for (int i = 0; i < 3; i++) y = y + 1;
  if (x == -4) reach_error();
  return y;
})");
    // A switch whose cases join in the same state.
    expectBugInEveryOrder(R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  switch (x) { case 1: y = 5; break; case 2: y = 5; break; default: y = 5; }
  if (x == 2) reach_error();
  return y;
})");
    // The target inside a function called after the join.
    expectBugInEveryOrder(R"(void check(int v) { if (v == 9) reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 9) { y = 1; } else { y = 1; }
  check(x);
  return y;
})");
    // A loop whose body covers itself: the target needs a later iteration.
    expectBugInEveryOrder(R"(int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  while (__VERIFIER_nondet_int()) {
    int x = __VERIFIER_nondet_int();
    if (x < 3) { s = 1; } else { s = 1; }
    if (x == 5) reach_error();
  }
  return s + n;
})");
}

// The same shape with a target that no execution reaches: proved spurious over every ART
// path, so the analysis finishes and claims it explored every reachable state.
TEST(ArtTargets, ATrulyInfeasibleTargetIsNotReported) {
    expectSafeInEveryOrder(R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 3) { y = 1; } else { y = 1; }
  if (x * 2 == 7) reach_error();
  return y;
})");
    expectSafeInEveryOrder(R"(int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 3) { y = 1; } else { y = 1; }
  if (x < 0 && x > 10) reach_error();
  return y;
})");
    // Coverings that form a bounded loop: the decision unwinds it fully.
    expectSafeInEveryOrder(R"(int main(void) {
  int s = 0;
  for (int i = 0; i < 2; i++) {
    int x = __VERIFIER_nondet_int();
    if (x < 3) { s = 1; } else { s = 1; }
    if (x * 2 == 7) reach_error();
  }
  return s;
})");
}

// Coverings that form an unbounded loop: no bound unwinds it, so the target stays
// unconfirmed and the analysis says so (no bug, no claim of having explored everything).
TEST(ArtTargets, AnUnboundedLoopOfCoveringsLeavesTheTargetUnconfirmed) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  int s = 0;
  while (__VERIFIER_nondet_int()) {
    int x = __VERIFIER_nondet_int();
    if (x < 3) { s = 1; } else { s = 1; }
    if (x * 2 == 7) reach_error();
  }
  return s;
})");
    ArtOptions o;
    o.targetSeconds = 3;
    ArtAnalysis a(*p, o);
    EXPECT_EQ(a.run(), StopReason::FinishedUnconfirmed) << a.stopText();
    EXPECT_FALSE(a.counterexample());
    EXPECT_NE(a.stopText().find("unconfirmed target(s)"), std::string::npos) << a.stopText();
}

// The paths an ART represents: tree edges plus jumps from covered nodes to their coverers.
TEST(ArtTargets, ArtPathsFollowCoverings) {
    auto p = parseC(std::string(Prelude) + CoveringJoin);
    ArtOptions o;
    o.checkTargets = false;
    ArtAnalysis a(*p, o);
    EXPECT_EQ(a.run(), StopReason::FinishedUnconfirmed) << "an unchecked target is unconfirmed";
    std::vector<int> targets;
    for (const ArtNode &n : a.art().nodes)
        if (n.status == ArtNodeStatus::Target)
            targets.push_back(n.id);
    ASSERT_EQ(targets.size(), 1u);
    ArtPaths paths(a.art(), targets);
    EXPECT_FALSE(paths.empty());
    EXPECT_TRUE(paths.finite());
    EXPECT_EQ(paths.coveringJumps(), 1u) << "the else-branch's join is covered by the then-branch's";
    // The tree path and the path through the covering both reach the target.
    const Art &art = a.art();
    std::vector<PathMove> tree = art.pathTo(targets[0]);
    int s = paths.initial();
    for (const PathMove &m : tree)
        s = paths.step(s, m);
    EXPECT_TRUE(paths.accepting(s));
    // An execution down the else-branch (x = 5) follows the ART only through the covering.
    InterpreterOptions io;
    io.properties = {Property::Assertion};
    Execution x = runProgram(*p, ExecutionInput{{5}, {}}, io);
    ASSERT_EQ(x.ending.kind, EndingKind::PropertyViolation);
    FollowPath treeOnly(tree);
    int t = treeOnly.initial(), q = paths.initial();
    for (const PathMove &m : movesOf(*p, x)) {
        if (t != PathObserver::Blocked)
            t = treeOnly.step(t, m);
        if (q != PathObserver::Blocked)
            q = paths.step(q, m);
    }
    EXPECT_EQ(t, PathObserver::Blocked) << "the tree path alone misses it";
    EXPECT_TRUE(paths.accepting(q)) << "the ART paths admit it";
}

// An undecided target (the model checker does not model the value printf returns) leaves
// the analysis "finished with unconfirmed targets", never "explored every reachable state".
TEST(ArtTargets, AnUnconfirmedTargetIsSaidSo) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  int q = __VERIFIER_nondet_int();
  int a = printf("x");
  if (q == 5 && a != 0) reach_error();
  return 0;
})");
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::FinishedUnconfirmed);
    EXPECT_NE(a.stopText().find("finished with 1 unconfirmed target(s)"), std::string::npos) << a.stopText();
    EXPECT_EQ(a.stopText().find("explored every reachable state"), std::string::npos);
    EXPECT_EQ(a.art().unconfirmedTargets(), 1u);
}

// The checks are steps of their own: teaching mode shows the target's check after the
// expansion that made it, and the decision over every ART path after the last expansion.
TEST(ArtTargets, TargetChecksAreStepsOfTheirOwn) {
    auto p = parseC(std::string(Prelude) + CoveringJoin);
    ArtAnalysis a(*p, {});
    std::vector<std::string> checks;
    while (a.step())
        if (!a.lastExpansion().checked.empty())
            checks.push_back(a.lastExpansion().summary);
    if (!a.lastExpansion().checked.empty())
        checks.push_back(a.lastExpansion().summary);
    ASSERT_EQ(checks.size(), 2u);
    EXPECT_NE(checks[0].find("along its tree path"), std::string::npos) << checks[0];
    EXPECT_NE(checks[1].find("every ART path"), std::string::npos) << checks[1];
    EXPECT_EQ(a.stopReason(), StopReason::ViolationFound);
}
