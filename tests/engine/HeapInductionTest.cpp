// k-induction over loops that allocate: the points-to analysis by allocation site, the
// havoc of pointers to objects of a site, the facts about the structs an array of pointers
// points to, and their refusal where a pointer may point elsewhere.
#include "GoalHelpers.h"
#include "ParseHelpers.h"

#include "goals/AllocationSites.h"
#include "goals/BranchGoals.h"
#include "goals/Induction.h"
#include "goals/Invariants.h"
#include "semantics/Interpreter.h"

#include <fstream>
#include <map>
#include <set>
#include <iterator>
#include <gtest/gtest.h>

using namespace vcov;
using vcov::test::goal;
using vcov::test::parseC;

namespace {

// tests/data/goals/struct_array.c (SV-COMP's array_of_struct_ptr_cond_init), with each
// (text, replacement) applied once.
std::string structArray(const std::vector<std::pair<std::string, std::string>> &changes = {}) {
    std::ifstream in(VCOV_TEST_DATA "/goals/struct_array.c");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto &[from, to] : changes) {
        const size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        if (at != std::string::npos)
            text.replace(at, from.size(), to);
    }
    return text;
}

// Every covered goal's test, replayed, takes the goal's edge; no goal that a run of the
// program enters is called unreachable.
void expectSound(const Program &p, const GoalReport &r) {
    std::map<int, std::set<EdgeId>> taken; // per test: the edges its replay takes (each run is 200000 iterations)
    for (const BranchGoal &g : r.goals)
        if (g.status == GoalStatus::Covered && !taken.count(g.test)) {
            std::set<EdgeId> &edges = taken[g.test];
            for (const ExecutionStep &st : runProgram(p, r.tests[size_t(g.test)].input, {}).steps)
                edges.insert(st.edge);
        }
    for (const BranchGoal &g : r.goals)
        if (g.status == GoalStatus::Covered)
            EXPECT_TRUE(taken[g.test].count(g.edge)) << g.condition;
}

GoalOptions proofsOnly() {
    GoalOptions o;
    o.timeSeconds = 60;
    o.kMax = 8;
    o.valueAnalysis = false;
    o.enumeration = false;
    return o;
}

} // namespace

TEST(HeapInduction, LoopsThatStorePointersToTheirOwnAllocationsAreNotRefused) {
    auto p = parseC(structArray());
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 2u);
    EXPECT_EQ(loops[0].refused, "");
    EXPECT_EQ(loops[1].refused, "");
    ASSERT_EQ(loops[0].sites.size(), 1u); // the structs; the ints are never written
    // s1 and s2 are written before they are read: nothing to havoc.
    for (const InductionLoop &l : loops)
        for (VarId v : l.havocked)
            EXPECT_TRUE(p->variable(v).name == "i" || p->variable(v).name == "a") << p->variable(v).name;
    const HeadSample sample = sampleHead(*p, loops[0], {ExecutionInput{}}, 10'000, nullptr);
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 2, 30, nullptr);
    EXPECT_EQ(inv.note, "");
    const std::string all = inv.describe();
    EXPECT_NE(all.find("a[k]->n == 1 -> a[k]->p != 0 for 0 <= k < i"), std::string::npos) << all;
    EXPECT_NE(all.find("a[k]->n != 1 -> a[k]->p == 0 for 0 <= k < i"), std::string::npos) << all;
    EXPECT_EQ(all.find("a[k]->n == 1 -> a[k]->p == 0"), std::string::npos) << all;
}

TEST(HeapInduction, TheAssertionOverTheStructsIsProvedUnreachable) {
    auto p = parseC(structArray());
    const GoalReport r = decideBranchGoals(*p, proofsOnly());
    const BranchGoal *fails = goal(r, "(cond)", false);
    ASSERT_NE(fails, nullptr);
    EXPECT_EQ(fails->status, GoalStatus::Unreachable) << fails->reason;
    EXPECT_NE(fails->proof.find("a[k]->n == 1 -> a[k]->p != 0"), std::string::npos) << fails->proof;
}

TEST(HeapInduction, AFactBrokenThroughAPointerReadBackIsDropped) {
    // The loop empties the pointer of the struct one before: a[k]->n == 1 -> a[k]->p != 0
    // fails for it, so nothing is proved; a[0] with n == 1 fails the assertion.
    auto p = parseC(structArray({{"a[i] = s1;", "a[i] = s1;\n    if (i > 0) a[i - 1]->p = 0;"}}));
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 2u);
    EXPECT_EQ(loops[0].refused, "");
    const HeadSample sample = sampleHead(*p, loops[0], {ExecutionInput{}}, 10'000, nullptr);
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 2, 30, nullptr);
    EXPECT_EQ(inv.describe().find("a[k]->n == 1 -> a[k]->p != 0"), std::string::npos) << inv.describe();
    GoalOptions o = proofsOnly();
    o.concrete = true;
    o.timeSeconds = 15;
    const GoalReport r = decideBranchGoals(*p, o);
    const BranchGoal *fails = goal(r, "(cond)", false);
    ASSERT_NE(fails, nullptr);
    EXPECT_NE(fails->status, GoalStatus::Unreachable) << fails->proof;
    expectSound(*p, r);
}

TEST(HeapInduction, AnObjectAllocatedBeforeTheLoopMayBeWhatAHavockedPointerPointsTo) {
    // a[0] is `first`, allocated before the loop; after it, first->p = 0 through the variable
    // the loop never writes. A havoc that gave a[0] only objects of the loop's own past would
    // miss that alias and prove the assertion; every run fails it at i == 0.
    auto p = parseC(structArray({{"  int i;\n", "  int i;\n  struct S *first = (struct S *)malloc(sizeof(struct S));\n"
                                                "  first->n = 1; first->p = (int *)malloc(sizeof(int)); a[0] = first;\n"},
                                 {"for (i = 0; i < 100000; i++) {\n    struct S *s1", "for (i = 1; i < 100000; i++) {\n    struct S *s1"},
                                 {"  for (i = 0; i < 100000; i++) {\n    struct S *s2", "  first->p = 0;\n  for (i = 0; i < 100000; i++) {\n    struct S *s2"}}));
    const GoalReport r = decideBranchGoals(*p, proofsOnly());
    const BranchGoal *fails = goal(r, "(cond)", false);
    ASSERT_NE(fails, nullptr);
    EXPECT_NE(fails->status, GoalStatus::Unreachable) << fails->proof;
    // Every run enters it: the interpreter says so.
    const Execution x = runProgram(*p, ExecutionInput{}, {});
    bool entered = false;
    for (const ExecutionStep &st : x.steps)
        entered = entered || st.edge == fails->edge;
    EXPECT_TRUE(entered);
    // A run covers it before any proof is tried: ask the proof itself. With the first loop
    // taken as its effect (its facts assumed), the second loop's first iteration enters it.
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 2u);
    const HeadSample sample = sampleHead(*p, loops[0], {ExecutionInput{}}, 10'000, nullptr);
    const LoopInvariants inv = inferInvariants(*p, loops[0], sample, 1, 30, nullptr);
    EXPECT_NE(inv.describe().find("a[k]->n == 1 -> a[k]->p != 0"), std::string::npos) << inv.describe();
    const OtherLoops others = abstractOtherLoops(loops, 1, {{0, inv.proved}});
    InductiveStep base(*p, loops[1], 1, 30, nullptr, {}, {}, &others, true);
    ASSERT_EQ(base.error(), "");
    EXPECT_EQ(base.check({fails->edge}, 30).status, InductionStep::Failed);
}

TEST(HeapInduction, APointerThatMayPointElsewhereIsRefused) {
    // free() makes the ints' site one whose objects may be gone: a havoc cannot stand for
    // them, and so not for the structs that point to them, nor for the array.
    auto p = parseC(structArray({{"  for (i = 0; i < 100000; i++) {\n    struct S *s2", "  free(a[5]->p);\n  for (i = 0; i < 100000; i++) {\n    struct S *s2"}}));
    const std::vector<InductionLoop> loops = inductionLoops(*p);
    ASSERT_EQ(loops.size(), 2u);
    EXPECT_EQ(loops[0].refused, "it writes the pointer a");
    // An address of a variable stored with the heap's: the same.
    auto q = parseC(structArray({{"a[i] = s1;", "if (i == 7) s1->p = &i;\n    a[i] = s1;"}}));
    const std::vector<InductionLoop> qloops = inductionLoops(*q);
    ASSERT_EQ(qloops.size(), 2u);
    EXPECT_NE(qloops[0].refused, "");
}

TEST(HeapInduction, AllocationSitesFollowCopiesCallsAndFields) {
    auto p = parseC(R"(#include <stdlib.h>
struct N { struct N *next; int v; };
struct N *g;
int x;
struct N *make(void) { struct N *n = malloc(sizeof(struct N)); n->next = 0; return n; }
int main(void) {
  struct N *h = make();
  struct N *t = h;
  t->next = make();
  g = t->next;
  int *q = &x;
  int *r = (int *)malloc(sizeof(int)) + 1;
  return *q + *r + g->v;
}
)");
    const AllocationSites sites(*p);
    auto var = [&](const std::string &name) {
        for (const Variable &v : p->variables)
            if (v.name == name)
                return v.id;
        return NoVar;
    };
    ASSERT_TRUE(sites.known(var("h")));
    ASSERT_TRUE(sites.known(var("g")));
    // One site, make's; h, declared before the call gives it a value, may also be indeterminate.
    ASSERT_EQ(sites.heap()->variables.at(var("g")).size(), 1u);
    const EdgeId site = sites.heap()->variables.at(var("g"))[0];
    EXPECT_EQ(sites.heap()->variables.at(var("h")), (std::vector<EdgeId>{-2, site}));
    EXPECT_EQ(sites.heap()->fields.at(site), std::vector<EdgeId>{site}); // next points to the same site
    EXPECT_FALSE(sites.known(var("q"))); // an address of a variable
    EXPECT_FALSE(sites.known(var("r"))); // arithmetic
    EXPECT_TRUE(sites.addressTaken().count(var("x")));
}
