// The predicate analysis (lazy abstraction with CEGAR): it proves what rests on a relation
// between variables (x == y), finds and replays real bugs, shows each CEGAR step on its own
// for teaching, stops honestly where a refinement learns nothing, and never contradicts BMC
// with every loop fully unwound.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "coverage/Coverage.h"
#include "formats/CoverageJson.h"
#include "goals/BranchGoals.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                      "extern void __VERIFIER_assume(int);\n";

// The issue's program: safe because x == y at the loop head, which no value analysis knows.
const char *EqualCounters = R"(int main(void) { int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x++; y++; }
  if (x != y) reach_error();
  return 0; })";

// The same with y++ guarded: x and y part after five rounds.
const char *GuardedCounter = R"(int main(void) { int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x++; if (x < 5) y++; }
  if (x != y) reach_error();
  return 0; })";

const TraversalOrder Orders[] = {TraversalOrder::Bfs, TraversalOrder::Dfs, TraversalOrder::ReversePostorder};

std::unique_ptr<ArtAnalysis> predicateAnalysis(const Program &p, TraversalOrder order, bool tie = false,
                                               bool cartesian = false, bool singleEdges = false) {
    CoverageOptions co;
    co.analysis.domain = AnalysisDomain::Predicate;
    co.analysis.cartesian = cartesian;
    co.analysis.singleEdgeBlocks = singleEdges;
    co.analysis.order = order;
    co.analysis.scoreTieBreak = tie;
    co.analysis.budget.maxNodes = 20000;
    return coverageAnalysis(p, co);
}

bool violates(const Program &p, const ExecutionInput &in) {
    InterpreterOptions io;
    io.properties = {Property::Assertion};
    return runProgram(p, in, io).ending.kind == EndingKind::PropertyViolation;
}

std::string precisionText(const ArtAnalysis &a) {
    std::string s;
    for (const auto &[where, predicates] : a.precision())
        s += where + ": " + predicates + "\n";
    return s;
}

// The analysis in every order (large blocks, and abstraction after every edge in rpo) beside
// BMC with every loop fully unwound: every "finished" is safe, every violation is real and
// replays; `decided`: the analysis is precise enough to say which.
void agreesWithCompleteBmc(const char *body, unsigned unwind, bool decided, bool noFailedNode = false) {
    auto p = parseC(std::string(Prelude) + body);
    ASSERT_TRUE(p) << body;
    BmcOptions bo;
    bo.unwind = unwind;
    const BmcResult b = checkProgram(*p, bo);
    ASSERT_NE(b.verdict, Verdict::Unknown) << body << b.reason;
    for (TraversalOrder order : Orders) {
        auto a = predicateAnalysis(*p, order, false, false, order == TraversalOrder::ReversePostorder);
        const StopReason stop = a->run();
        if (stop == StopReason::Finished)
            EXPECT_EQ(b.verdict, Verdict::Safe) << traversalOrderName(order) << ": " << body;
        if (stop == StopReason::ViolationFound) {
            EXPECT_EQ(b.verdict, Verdict::Unsafe) << body;
            ASSERT_TRUE(a->counterexample());
            EXPECT_TRUE(violates(*p, a->counterexample()->input)) << body;
        }
        if (decided)
            EXPECT_TRUE(stop == StopReason::Finished || stop == StopReason::ViolationFound)
                << traversalOrderName(order) << ": " << body << "\n" << a->stopText() << "\n" << precisionText(*a);
        if (noFailedNode)
            for (const ArtNode &n : a->art().nodes)
                EXPECT_NE(n.status, ArtNodeStatus::Failed) << body << ": " << n.message;
    }
}

} // namespace

TEST(PredicateAnalysis, ProvesEqualCountersWithARefinement) {
    auto p = parseC(std::string(Prelude) + EqualCounters);
    ASSERT_TRUE(p);
    for (TraversalOrder order : Orders)
        for (bool tie : {false, true}) {
            auto a = predicateAnalysis(*p, order, tie);
            EXPECT_EQ(a->run(), StopReason::Finished) << traversalOrderName(order) << ": " << a->stopText();
            EXPECT_GE(a->refinements(), 1u);
            EXPECT_NE(precisionText(*a).find("x == y"), std::string::npos) << precisionText(*a);
            EXPECT_EQ(a->art().count(ArtNodeStatus::Target), 0u);
            EXPECT_EQ(std::string(a->domainName()), "predicate");
        }
    // The value analysis cannot: its loop unrolls until the budget ends.
    CoverageOptions co;
    co.analysis.budget.maxNodes = 2000;
    auto v = coverageAnalysis(*p, co);
    EXPECT_EQ(v->run(), StopReason::NodeBudget);
}

TEST(PredicateAnalysis, FindsTheGuardedCountersBugReplayed) {
    auto p = parseC(std::string(Prelude) + GuardedCounter);
    ASSERT_TRUE(p);
    for (TraversalOrder order : Orders) {
        auto a = predicateAnalysis(*p, order);
        ASSERT_EQ(a->run(), StopReason::ViolationFound) << traversalOrderName(order) << ": " << a->stopText();
        ASSERT_TRUE(a->counterexample());
        EXPECT_TRUE(violates(*p, a->counterexample()->input));
        // Five rounds of the loop at least: the first abstract paths were spurious.
        EXPECT_GE(a->refinements(), 1u);
    }
}

// Teaching mode: the target's check, the refinement and the re-growing are steps of their own,
// and the snapshot after the refinement shows the cut tree.
TEST(PredicateAnalysis, EachCegarStepIsAStepOfItsOwn) {
    auto p = parseC(std::string(Prelude) + EqualCounters);
    ASSERT_TRUE(p);
    auto a = predicateAnalysis(*p, TraversalOrder::Bfs);
    bool sawInfeasible = false, sawRefinement = false, sawRegrowth = false;
    size_t nodesBefore = 0;
    int steps = 0;
    while (a->step() && ++steps < 10000) {
        const ArtExpansion &did = a->lastExpansion();
        if (!did.checked.empty() && !did.refinement && did.summary.find("the next step refines") != std::string::npos)
            sawInfeasible = true;
        if (did.refinement) {
            sawRefinement = true;
            EXPECT_FALSE(did.learned.empty()) << did.summary;
            EXPECT_GT(did.cutNodes, 0u) << did.summary;
            EXPECT_EQ(a->art().nodes.size(), nodesBefore - did.cutNodes) << did.summary;
            EXPECT_NE(did.summary.find("infeasible"), std::string::npos) << did.summary;
            // The node the cut leaves on the waitlist is expanded again.
            ASSERT_GE(did.node, 0);
            EXPECT_EQ(a->art().nodes[size_t(did.node)].status, ArtNodeStatus::Waitlist);
        } else if (sawRefinement && did.node >= 0 && did.checked.empty()) {
            sawRegrowth = true;
        }
        nodesBefore = a->art().nodes.size();
    }
    EXPECT_TRUE(sawInfeasible);
    EXPECT_TRUE(sawRefinement);
    EXPECT_TRUE(sawRegrowth);
    EXPECT_EQ(a->stopReason(), StopReason::Finished);
    // The node panel shows each node's predicates.
    bool shown = false;
    for (const ArtNode &n : a->art().nodes)
        for (const auto &[part, text] : n.state->describeFrames(*p))
            shown |= part == "predicates" && text.find("x == y") != std::string::npos;
    EXPECT_TRUE(shown);
}

// A disjunction the Cartesian abstraction cannot hold: the refinement learns y == 1 and
// y == 4 (and the range 1 <= y <= 4 they span) but no Cartesian state knows either, so the
// same path comes back. The analysis says so and stops: never a loop, never "finished",
// never a bug. The Boolean abstraction holds "y == 1 || y == 4" and proves the program.
// (Abstraction after every edge: with large blocks the loop-free path is exact and either
// proves it. With 1 and 2 the range alone would prove it.)
TEST(PredicateAnalysis, ARefinementThatLearnsNothingStopsTheAnalysis) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(y == 1 || y == 4);
  if (y != 1 && y != 4) reach_error();
  return 0; })");
    ASSERT_TRUE(p);
    auto a = predicateAnalysis(*p, TraversalOrder::Bfs, false, true, true);
    EXPECT_EQ(a->run(), StopReason::RefinementFailed) << a->stopText();
    EXPECT_NE(a->stopText().find("learned nothing new"), std::string::npos) << a->stopText();
    EXPECT_FALSE(a->counterexample());
    auto b = predicateAnalysis(*p, TraversalOrder::Bfs, false, false, true);
    EXPECT_EQ(b->run(), StopReason::Finished) << b->stopText();
    bool disjunction = false;
    for (const ArtNode &n : b->art().nodes)
        disjunction |= n.state->describe(*p).find("||") != std::string::npos;
    EXPECT_TRUE(disjunction);
    for (bool cartesian : {false, true})
        EXPECT_EQ(predicateAnalysis(*p, TraversalOrder::Bfs, false, cartesian)->run(), StopReason::Finished);
    // BMC agrees that the program is safe: the stop was the abstraction's, not a bug.
    BmcOptions bo;
    EXPECT_EQ(checkProgram(*p, bo).verdict, Verdict::Safe);
}

// Pointers, arrays, structs and the heap are untracked: a read of them is any value, and a
// write through a pointer makes every integer variable whose address is taken unknown. Sound
// (a write through q to x is never missed: the second program's bug is found and replayed,
// where a domain blind to it would prove x == 0), and still a proof where the relation rests
// on variables no pointer reaches.
TEST(PredicateAnalysis, PointersAreUntrackedAndWritesThroughThemForgetWhatTheyMayHit) {
    struct Case {
        const char *body;
        unsigned unwind;
        bool decided; // the analysis is precise enough to decide it
    };
    const Case cases[] = {
        {R"(int main(void) { int x = 0; int *q = &x; *q = 1; if (x == 1) reach_error(); return 0; })", 1, true},
        {R"(void set(int *p, int v) { *p = v; }
int main(void) { int x = 0; set(&x, 3); if (x == 3) reach_error(); return 0; })", 1, true},
        {R"(struct s { int a; int b; };
int main(void) { struct s v; v.a = 1; int *p = &v.b; *p = 2; int x = v.a + v.b;
  if (x == 3) reach_error(); return 0; })", 1, true},
        {R"(extern void *malloc(unsigned long);
int main(void) { int x = 0, y = 0; int *buf = malloc(4 * sizeof(int)); if (!buf) return 0;
  int i = 0; while (__VERIFIER_nondet_int() && i < 4) { x++; y++; buf[i] = x; i++; }
  if (x != y) reach_error(); return 0; })", 6, true},
        {R"(int main(void) { int x = 0, y = 0; int a[3]; int *p = a; int i = 0;
  while (__VERIFIER_nondet_int() && i < 3) { x++; y++; *p = x; p[i] = y; i++; }
  if (x != y) reach_error(); return 0; })", 5, true},
        // Safe, but only the pointer knows why: never claimed a violation, never a loop.
        {R"(int main(void) { int x = 0; int *q = &x; *q = 1; if (x != 1) reach_error(); return 0; })", 1, false},
    };
    for (const Case &c : cases)
        agreesWithCompleteBmc(c.body, c.unwind, c.decided, true);
}

// Bit-vector semantics, calls, and the verdicts of BMC with every loop fully unwound: every
// "finished" is safe, every violation is real and replays.
TEST(PredicateAnalysis, AgreesWithCompleteBmc) {
    struct Case {
        const char *body;
        unsigned unwind;
    };
    const Case cases[] = {
        // Wrap-around: unsigned char 255 + 1 is 0, an int comparison would say otherwise.
        {R"(int main(void) { unsigned char c = 255; c++; if (c != 0) reach_error(); return 0; })", 1},
        {R"(int main(void) { unsigned x = __VERIFIER_nondet_int();
  if (x + 1 < x) { if (x != 4294967295u) reach_error(); } return 0; })", 1},
        {R"(int main(void) { unsigned x = __VERIFIER_nondet_int();
  if (x + 1 < x) { if (x == 4294967295u) reach_error(); } return 0; })", 1},
        // Calls with parameters and results.
        {R"(int inc(int a) { return a + 1; }
int main(void) { int x = 0, y = 0; int i = 0;
  while (i < 3) { x = inc(x); y = inc(y); i++; }
  if (x != y) reach_error(); return 0; })", 4},
        {R"(int twice(int a) { return a * 2; }
int main(void) { int i = 0, s = 0;
  while (i < 4) { s = s + twice(i); i++; }
  if (s == 12) reach_error(); return 0; })", 5},
        // Division truncates toward zero; a remainder keeps the dividend's sign.
        {R"(int main(void) { int a = -7; if (a / 2 != -3 || a % 2 != -1) reach_error(); return 0; })", 1},
        {R"(int main(void) { int a = __VERIFIER_nondet_int(); __VERIFIER_assume(a > -10 && a < 10);
  if (a / 3 == 2 && a != 6 && a != 7 && a != 8) reach_error(); return 0; })", 1},
        // Globals and their initial values.
        {R"(int g = 3; void bump(void) { g = g + 2; }
int main(void) { int i = 0; while (i < 2) { bump(); i++; } if (g != 7) reach_error(); return 0; })", 3},
        {R"(int g; int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 5);
  int i = 0; while (i < n) { g++; i++; } if (g > 4) reach_error(); return 0; })", 6},
        {R"(int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 5);
  int i = 0, g = 0; while (i < n) { g += 2; i++; } if (g == 8) reach_error(); return 0; })", 6},
    };
    // Each of these is decided: the analysis is precise enough for them.
    for (const Case &c : cases)
        agreesWithCompleteBmc(c.body, c.unwind, true);
}

// Coverage over the predicate analysis's exploration: the JSON names the analysis, its
// refinements and its precision.
TEST(PredicateAnalysis, CoverageStatesTheAnalysisAndItsPrecision) {
    auto p = parseC(std::string(Prelude) + EqualCounters);
    ASSERT_TRUE(p);
    CoverageOptions co;
    co.analysis.domain = AnalysisDomain::Predicate;
    // One execution that adds coverage ends the generation: no verdict waits on a clock.
    co.execBudget = 1;
    co.execSeconds = 600;
    CoverageResult r = runCoverage(*p, co);
    EXPECT_EQ(r.analysisStop, StopReason::Finished);
    EXPECT_GE(r.count(LineStatus::Covered), 1u);
    // Every line was explored (the analysis finished) and none is claimed unreachable.
    EXPECT_EQ(r.count(LineStatus::Uncovered) + r.count(LineStatus::Unreachable), 0u);
    const auto j = coverageToJson(*p, r);
    EXPECT_EQ(j["analysis"]["domain"], "predicate");
    EXPECT_GE(j["analysis"]["refinements"].get<size_t>(), 1u);
    EXPECT_FALSE(j["analysis"]["precision"].empty());
}

namespace {

// A loop whose body is `rounds` if-statements in a row: 2^rounds paths through one iteration,
// the shape of the SystemC schedulers (token rings) of paper 000's Table 2.
std::string branchyLoop(int rounds) {
    std::string s = std::string(Prelude) + "int main(void) { int x = 0, y = 0, n = 0;\n"
                                           "  while (__VERIFIER_nondet_int()) {\n";
    for (int i = 0; i < rounds; ++i)
        s += "    if (__VERIFIER_nondet_int()) { x++; y++; } else { n = n + " + std::to_string(i + 1) + "; }\n";
    s += "  }\n";
    s += "  if (x != y) reach_error();\n";
    return s + "  return 0; }\n";
}

size_t mergedNodes(const Art &art) {
    size_t n = 0;
    for (const ArtNode &node : art.nodes)
        n += node.merged;
    return n;
}

} // namespace

// Merge-join inside large blocks: the paths of one iteration meet at every join point and go
// on as one state, so the ART grows with the locations of the body, not its 2^12 paths — and
// the proof of x == y still comes out of the refinement.
TEST(PredicateAnalysis, MergesThePathsOfABlock) {
    auto p = parseC(branchyLoop(12));
    ASSERT_TRUE(p);
    for (TraversalOrder order : {TraversalOrder::ReversePostorder, TraversalOrder::Bfs}) {
        auto a = predicateAnalysis(*p, order);
        EXPECT_EQ(a->run(), StopReason::Finished) << traversalOrderName(order) << ": " << a->stopText();
        EXPECT_GE(mergedNodes(a->art()), 10u) << traversalOrderName(order);
        // A few nodes per location per iteration explored, far from the 4,096 paths.
        EXPECT_LT(a->art().nodes.size(), 1500u) << traversalOrderName(order);
        EXPECT_NE(precisionText(*a).find("x == y"), std::string::npos) << precisionText(*a);
        // A merged node says so: the panel and the state's text.
        bool said = false;
        for (const ArtNode &n : a->art().nodes)
            said |= n.state && n.state->describe(*p).find("merged paths") != std::string::npos;
        EXPECT_TRUE(said);
    }
    // Without the merge every path is its own subtree: the same budget runs out.
    CoverageOptions co;
    co.analysis.domain = AnalysisDomain::Predicate;
    co.analysis.order = TraversalOrder::ReversePostorder;
    co.analysis.mergeBlocks = false;
    co.analysis.budget.maxNodes = 1500;
    auto sep = coverageAnalysis(*p, co);
    EXPECT_EQ(sep->run(), StopReason::NodeBudget) << sep->stopText();
    EXPECT_EQ(mergedNodes(sep->art()), 0u);
}

// A violation reached only along a path that was merged into another: the target's own tree
// path is infeasible, no predicate is to blame, and the ART paths through the merge find the
// execution, replayed — never a refinement that "learns nothing", never a proof.
TEST(PredicateAnalysis, FindsABugOnAMergedPath) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  int x = __VERIFIER_nondet_int(), y = 0;
  if (x > 0) y = 1; else y = 2;
  if (x > 5) y = y + 10;
  if (y == 2) reach_error();
  return 0; })");
    ASSERT_TRUE(p);
    for (TraversalOrder order : Orders) {
        auto a = predicateAnalysis(*p, order);
        ASSERT_EQ(a->run(), StopReason::ViolationFound) << traversalOrderName(order) << ": " << a->stopText();
        // Depth first reaches a join along one path and goes on before the other arrives.
        if (order != TraversalOrder::Dfs)
            EXPECT_GT(mergedNodes(a->art()), 0u) << traversalOrderName(order);
        ASSERT_TRUE(a->counterexample());
        EXPECT_TRUE(violates(*p, a->counterexample()->input));
    }
}

// Merged blocks against BMC with every loop fully unwound, on loops with branches whose paths
// rejoin (bounded, so BMC is complete): every "finished" safe, every violation replayed.
TEST(PredicateAnalysis, MergedBlocksAgreeWithCompleteBmc) {
    const char *bodies[] = {
        R"(int main(void) { int i = 0, a = 0, b = 0;
  while (i < 4) { if (__VERIFIER_nondet_int()) a++; else b++; i++; }
  if (a + b != 4) reach_error(); return 0; })",
        R"(int main(void) { int i = 0, a = 0, b = 0;
  while (i < 4) { if (__VERIFIER_nondet_int()) a++; else b++; i++; }
  if (a == 3 && b == 1) reach_error(); return 0; })",
        R"(int s; void step(int c) { if (c) s = s + 2; else s = s + 1; }
int main(void) { int i = 0; while (i < 3) { step(__VERIFIER_nondet_int()); i++; }
  if (s > 6 || s < 3) reach_error(); return 0; })",
        R"(int s; void step(int c) { if (c > 0) s = s + c; else s = s - 1; }
int main(void) { int i = 0; while (i < 3) { int c = __VERIFIER_nondet_int(); __VERIFIER_assume(c >= 0 && c < 3); step(c); i++; }
  if (s == 6 || s == -3) reach_error(); return 0; })",
        R"(int main(void) { unsigned char c = __VERIFIER_nondet_int(); int k = 0;
  if (c > 200) k = 1; else if (c > 100) k = 2; else k = 3;
  if (c == 255) k = k + 1;
  if (k == 4 && c != 255) reach_error(); return 0; })",
    };
    for (const char *body : bodies) {
        auto p = parseC(std::string(Prelude) + body);
        ASSERT_TRUE(p) << body;
        BmcOptions bo;
        bo.unwind = 5;
        const BmcResult b = checkProgram(*p, bo);
        ASSERT_NE(b.verdict, Verdict::Unknown) << body << b.reason;
        for (TraversalOrder order : Orders) {
            auto a = predicateAnalysis(*p, order);
            const StopReason stop = a->run();
            if (stop == StopReason::Finished) {
                EXPECT_EQ(b.verdict, Verdict::Safe) << traversalOrderName(order) << ": " << body;
            }
            if (stop == StopReason::ViolationFound) {
                EXPECT_EQ(b.verdict, Verdict::Unsafe) << body;
                ASSERT_TRUE(a->counterexample());
                EXPECT_TRUE(violates(*p, a->counterexample()->input)) << body;
            }
            EXPECT_TRUE(stop == StopReason::Finished || stop == StopReason::ViolationFound)
                << traversalOrderName(order) << ": " << body << "\n" << a->stopText() << "\n" << precisionText(*a);
        }
    }
}

// Branch goals as the analysis's targets (the goal search's proofs): on bounded programs every
// goal is decided — reached along a feasible abstract path, or entered by no node of the
// finished ART — and each agrees with bounded model checking at a complete bound (the goal
// search with nothing but its base case). A failing assertion ends its path and stops nothing.
TEST(PredicateAnalysis, GoalsAsTargetsAgreeWithCompleteBmc) {
    const char *bodies[] = {
        R"(int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 100);
  int y = x; if (x > 3) y++;
  if (y < x) x = 0;
  if (y == x + 1) x = 1;
  if (y > x + 1) x = 2;
  return 0; })",
        R"(int main(void) { int i = 0, s = 0;
  while (i < 4) { if (__VERIFIER_nondet_int()) s += 2; i++; }
  if (s > 8) s = 0;
  if (s == 8) s = 1;
  if (s % 2) s = 2;
  return 0; })",
        R"(int inc(int a) { return a + 1; }
int main(void) { int x = 0, y = 0, i = 0;
  if (__VERIFIER_nondet_int()) reach_error();
  while (i < 3) { x = inc(x); y = inc(y); i++; }
  if (x != y) x = 0;
  if (x == 3) x = 1;
  return 0; })",
    };
    for (const char *body : bodies) {
        auto p = parseC(std::string(Prelude) + body);
        ASSERT_TRUE(p) << body;
        GoalOptions bmcOnly;
        bmcOnly.concrete = false;
        bmcOnly.valueAnalysis = false;
        bmcOnly.predicateAnalysis = false;
        bmcOnly.induction = false;
        bmcOnly.enumeration = false;
        bmcOnly.kMax = 8;
        bmcOnly.timeSeconds = 0;
        const GoalReport truth = decideBranchGoals(*p, bmcOnly);
        ASSERT_EQ(truth.count(GoalStatus::Unknown), 0u) << body;
        for (TraversalOrder order : Orders) {
            ArtOptions o;
            o.domain = AnalysisDomain::Predicate;
            o.order = order;
            o.checkTargets = false;
            o.budget.maxNodes = 20000;
            for (const BranchGoal &g : truth.goals)
                o.goalEdges.push_back(g.edge);
            ArtAnalysis a(*p, o);
            const StopReason stop = a.run();
            ASSERT_TRUE(stop == StopReason::Finished || stop == StopReason::FinishedUnconfirmed)
                << traversalOrderName(order) << ": " << a.stopText() << "\n" << body;
            EXPECT_EQ(a.art().count(ArtNodeStatus::Failed), 0u);
            std::set<EdgeId> entered;
            for (const ArtNode &n : a.art().nodes)
                if (n.via.edge >= 0 && !n.via.isReturn)
                    entered.insert(n.via.edge);
            const std::set<EdgeId> &reached = a.reachedGoals();
            for (const BranchGoal &g : truth.goals) {
                const std::string what = std::string(traversalOrderName(order)) + ": " + g.condition +
                                         (g.polarity ? " holds" : " fails") + " in\n" + body;
                if (!entered.count(g.edge))
                    EXPECT_EQ(g.status, GoalStatus::Unreachable) << "never entered, but reachable: " << what;
                if (reached.count(g.edge))
                    EXPECT_EQ(g.status, GoalStatus::Covered) << "reached, but unreachable: " << what;
                EXPECT_TRUE(!entered.count(g.edge) || reached.count(g.edge)) << "undecided: " << what;
            }
        }
    }
}

// A refinement along a loop learns one iteration's equality at a time (quad == 2, then
// quad == -2, ...: the weakest preconditions never generalize). Two equalities of one
// variable at one location add what every unrolling keeps — the residue modulo the power of
// two dividing their difference, and the range they span — and the proof follows.
TEST(PredicateAnalysis, RefinementsThatUnrollALoopLearnWhatEveryUnrollingKeeps) {
    struct Case {
        const char *body;
        const char *keeps;
    };
    const Case cases[] = {
        {R"(int main(void) { unsigned quad = 0;
  while (__VERIFIER_nondet_int()) { quad += 4; if (quad == 6) reach_error(); }
  return 0; })",
         "(quad & 3) == 2"},
        {R"(int main(void) { int n = 0;
  while (__VERIFIER_nondet_int()) { if (n < 10) n++; }
  if (n == -3) reach_error();
  return 0; })",
         "n <= -3"},
    };
    for (const Case &c : cases) {
        auto p = parseC(std::string(Prelude) + c.body);
        ASSERT_TRUE(p) << c.body;
        for (TraversalOrder order : Orders) {
            auto a = predicateAnalysis(*p, order);
            ASSERT_EQ(a->run(), StopReason::Finished) << traversalOrderName(order) << ": " << a->stopText() << "\n"
                                                      << precisionText(*a) << c.body;
            EXPECT_GE(a->refinements(), 2u);
            EXPECT_LE(a->refinements(), 4u) << precisionText(*a);
            EXPECT_NE(precisionText(*a).find(c.keeps), std::string::npos) << precisionText(*a);
        }
        // No bound finds a violation either (30 rounds of the loop).
        BmcOptions bo;
        bo.unwind = 30;
        EXPECT_NE(checkProgram(*p, bo).verdict, Verdict::Unsafe) << c.body;
    }
}
