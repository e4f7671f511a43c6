// Bounded model checking: verdicts, bounds, properties, and replay of every counterexample.
#include "ParseHelpers.h"

#include "bmc/Bmc.h"
#include "bmc/LoopStructure.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcov;
using namespace vcov::test;

namespace {

BmcResult check(const std::string &code, unsigned unwind, PropertySet props = {Property::Assertion},
                bool unwindingAssertions = true) {
    auto p = parseC(code);
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = unwind;
    o.properties = props;
    o.unwindingAssertions = unwindingAssertions;
    return checkProgram(*p, o);
}

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                      "void __VERIFIER_assume(int);\nvoid reach_error(void);\nvoid assert(int);\n";

// A violation found, and its counterexample replayed by the interpreter.
::testing::AssertionResult violationReplayed(const BmcResult &r) {
    if (r.verdict != Verdict::Unsafe)
        return ::testing::AssertionFailure() << "verdict " << verdictName(r.verdict) << ": " << r.reason;
    if (!r.replayed)
        return ::testing::AssertionFailure() << "the counterexample does not replay";
    return ::testing::AssertionSuccess();
}

} // namespace

TEST(Bmc, FindsAReachableErrorAndReplaysIt) {
    BmcResult r = check(std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                               "  int y = __VERIFIER_nondet_int();\n"
                                               "  if (x > 10 && y == x * 3 && y < 40)\n    reach_error();\n  return 0;\n}\n",
                        1);
    ASSERT_TRUE(violationReplayed(r));
    ASSERT_TRUE(r.counterexample);
    ASSERT_EQ(r.counterexample->input.nondet.size(), 2u);
    int64_t x = r.counterexample->input.nondet[0], y = r.counterexample->input.nondet[1];
    EXPECT_GT(x, 10);
    EXPECT_EQ(int32_t(y), int32_t(x * 3));
    EXPECT_LT(y, 40);
    EXPECT_EQ(r.counterexample->ending.kind, EndingKind::PropertyViolation);
}

TEST(Bmc, ProvesSafetyWithinTheBound) {
    BmcResult r = check(std::string(Prelude) + "int main() {\n  unsigned n = __VERIFIER_nondet_uint();\n"
                                               "  __VERIFIER_assume(n <= 5);\n  unsigned s = 0;\n"
                                               "  for (unsigned i = 0; i < n; i++)\n    s += 2;\n"
                                               "  assert(s == 2 * n);\n  return 0;\n}\n",
                        6);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
}

TEST(Bmc, TooSmallABoundIsUnknownNotSafe) {
    const std::string code = std::string(Prelude) + "int main() {\n  int i = 0;\n  while (i < 10)\n    i++;\n"
                                                    "  assert(i == 10);\n  return 0;\n}\n";
    BmcResult small = check(code, 5);
    EXPECT_EQ(small.verdict, Verdict::Unknown);
    EXPECT_NE(small.reason.find("bound too small"), std::string::npos) << small.reason;
    EXPECT_TRUE(small.replayed);
    EXPECT_EQ(check(code, 11).verdict, Verdict::Safe); // ten jumps back need a bound of 11, as in CBMC
    EXPECT_EQ(check(code, 10).verdict, Verdict::Unknown);
    // Partial loops: paths beyond the bound are dropped; what remains is safe.
    EXPECT_EQ(check(code, 5, {Property::Assertion}, false).verdict, Verdict::Safe);
}

TEST(Bmc, ARealViolationWinsOverAnUnwindingFailure) {
    BmcResult r = check(std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                               "  for (int i = 0; i < 100; i++) { }\n"
                                               "  assert(x != 7);\n  return 0;\n}\n",
                        3);
    // Within the bound the assertion cannot be reached (the loop needs 100 iterations)...
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    BmcResult early = check(std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                   "  assert(x != 7);\n  for (int i = 0; i < 100; i++) { }\n"
                                                   "  return 0;\n}\n",
                            3);
    // ...but before the loop it can.
    ASSERT_EQ(early.verdict, Verdict::Unsafe) << early.reason;
    EXPECT_EQ(early.counterexample->input.nondet.at(0), 7);
}

TEST(Bmc, RecursionIsUnwoundToo) {
    const std::string code = std::string(Prelude) + "int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }\n"
                                                    "int main() {\n  int n = __VERIFIER_nondet_int();\n"
                                                    "  __VERIFIER_assume(n >= 0 && n <= 3);\n"
                                                    "  assert(f(n) == n);\n  return 0;\n}\n";
    EXPECT_EQ(check(code, 5).verdict, Verdict::Safe);
    BmcResult small = check(code, 2);
    EXPECT_EQ(small.verdict, Verdict::Unknown);
    EXPECT_TRUE(small.replayed);
}

TEST(Bmc, ArraysWithSymbolicIndicesAndPointers) {
    BmcResult r = check(std::string(Prelude) + "int a[4];\nvoid put(int *p, int i, int v) { p[i] = v; }\n"
                                               "int main() {\n  int i = __VERIFIER_nondet_int();\n"
                                               "  __VERIFIER_assume(i >= 0 && i < 4);\n  put(a, i, 5);\n"
                                               "  int j = __VERIFIER_nondet_int();\n  __VERIFIER_assume(j >= 0 && j < 4);\n"
                                               "  if (a[j] == 5)\n    assert(i == j);\n  return 0;\n}\n",
                        2);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    BmcResult bug = check(std::string(Prelude) + "struct S { int v[3]; int k; };\nstruct S s;\n"
                                                 "int main() {\n  int i = __VERIFIER_nondet_int();\n"
                                                 "  __VERIFIER_assume(i >= 0 && i < 3);\n  s.v[i] = 1;\n  int *p = &s.v[0];\n"
                                                 "  assert(p[2] == 0);\n  return 0;\n}\n",
                          2);
    ASSERT_EQ(bug.verdict, Verdict::Unsafe) << bug.reason;
    EXPECT_EQ(bug.counterexample->input.nondet.at(0), 2);
    EXPECT_TRUE(bug.replayed);
}

TEST(Bmc, SelectedChecks) {
    const std::string div = std::string(Prelude) + "int main() {\n  int d = __VERIFIER_nondet_int();\n"
                                                   "  int q = 100 / d;\n  return q;\n}\n";
    EXPECT_EQ(check(div, 1).verdict, Verdict::Safe); // unchecked: such paths are not executions
    BmcResult r = check(div, 1, {Property::Assertion, Property::DivisionByZero});
    ASSERT_EQ(r.verdict, Verdict::Unsafe);
    EXPECT_EQ(r.property, Property::DivisionByZero);
    EXPECT_TRUE(r.replayed);
    const std::string bounds = std::string(Prelude) + "int a[3];\nint main() {\n  int i = __VERIFIER_nondet_int();\n"
                                                      "  __VERIFIER_assume(i >= 0 && i <= 3);\n  a[i] = 1;\n  return 0;\n}\n";
    BmcResult b = check(bounds, 1, {Property::Assertion, Property::ArrayBounds});
    ASSERT_EQ(b.verdict, Verdict::Unsafe);
    EXPECT_EQ(b.property, Property::ArrayBounds);
    EXPECT_EQ(b.counterexample->input.nondet.at(0), 3);
    const std::string overflow = std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                        "  __VERIFIER_assume(x > 0);\n  int y = x + x;\n  return y;\n}\n";
    EXPECT_EQ(check(overflow, 1).verdict, Verdict::Safe);
    BmcResult o = check(overflow, 1, {Property::Assertion, Property::Overflow});
    ASSERT_EQ(o.verdict, Verdict::Unsafe);
    EXPECT_EQ(o.property, Property::Overflow);
    EXPECT_TRUE(o.replayed);
}

TEST(Bmc, PaperExampleTwoIsSafeOnlyWithTheBound) {
    // DESIGN.md's Example 2: x*x < 0 is impossible for |x| <= 1000, but reachable for
    // an unbounded 32-bit int (the multiplication wraps).
    const std::string bounded = std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                       "  __VERIFIER_assume(x >= -1000 && x <= 1000);\n"
                                                       "  if (x * x < 0)\n    reach_error();\n  return 0;\n}\n";
    EXPECT_EQ(check(bounded, 1).verdict, Verdict::Safe);
    const std::string unbounded = std::string(Prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                         "  if (x * x < 0)\n    reach_error();\n  return 0;\n}\n";
    BmcResult r = check(unbounded, 1);
    ASSERT_EQ(r.verdict, Verdict::Unsafe);
    int32_t x = int32_t(r.counterexample->input.nondet.at(0));
    EXPECT_LT(int32_t(uint32_t(x) * uint32_t(x)), 0);
}

// The time budget and the cancel flag reach into unwinding and encoding, which take
// minutes on a large bound, and into MiniSat's search.
TEST(Bmc, TheBudgetAndTheCancelFlagStopUnwindingAndEncoding) {
    const std::string code = std::string(Prelude) + "int main() {\n  unsigned x = 0;\n"
                                                    "  for (unsigned i = 0; i < 1000000; i++)\n    x += i;\n"
                                                    "  assert(x != 7);\n  return 0;\n}\n";
    auto p = parseC(code);
    ASSERT_FALSE(p->diagnostics.hasErrors());
    BmcOptions o;
    o.unwind = 1'000'001;
    o.timeoutSeconds = 0.3;
    BmcResult late = checkProgram(*p, o);
    EXPECT_EQ(late.verdict, Verdict::Unknown);
    EXPECT_NE(late.reason.find("time budget exhausted while"), std::string::npos) << late.reason;

    std::atomic<bool> cancel{true};
    o.timeoutSeconds = 0;
    o.cancel = &cancel;
    BmcResult stopped = checkProgram(*p, o);
    EXPECT_EQ(stopped.verdict, Verdict::Unknown);
    EXPECT_NE(stopped.reason.find("cancelled while unwinding"), std::string::npos) << stopped.reason;
    // A small bound: stopped while encoding (a write looks at the flag at every leaf it
    // may hit) or before the solver starts — never solved.
    o.unwind = 2;
    BmcResult small = checkProgram(*p, o);
    EXPECT_EQ(small.verdict, Verdict::Unknown);
    EXPECT_EQ(small.reason.rfind("cancelled", 0), 0u) << small.reason;
}

#ifdef VCOV_BENCH
#include "frontend/FrontEnd.h"

#include <thread>

// A cancel during bit-blasting or the SAT search (qsortexample SIZE=4 searches for about
// 25 s) ends it, with MiniSat and with Z3's own SAT solver.
TEST(Bmc, ACancelEndsBitBlastingAndTheSatSearch) {
    const std::string q = std::string(VCOV_BENCH) + "/harnesses/qsortexample/";
    FrontEndOptions fe;
    fe.files = {q + "harness.c", q + "quicksort.c"};
    fe.defines = {"SIZE=4"};
    auto p = parseProgram(fe);
    ASSERT_FALSE(p->diagnostics.hasErrors());
    for (bool z3Sat : {false, true}) {
        SCOPED_TRACE(z3Sat ? "Z3's SAT solver" : "MiniSat");
        if (z3Sat)
            setenv("VCOV_Z3_SAT", "1", 1);
        std::atomic<bool> cancel{false};
        BmcOptions o;
        o.unwind = 5;
        o.cancel = &cancel;
        std::thread stop([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            cancel = true;
        });
        BmcResult r = checkProgram(*p, o);
        stop.join();
        unsetenv("VCOV_Z3_SAT");
        EXPECT_EQ(r.verdict, Verdict::Unknown);
        EXPECT_EQ(r.reason, "cancelled");
    }
}
#endif

// A non-void function that falls off its end hands its caller a value C leaves
// indeterminate (C11 6.9.1p12). It is an input, as an uninitialized local is: the model
// checker finds the out-of-bounds write (as CBMC does), the interpreter replays it, and
// the value analysis does not take it for a known value.
TEST(Bmc, AFallOffTheEndValueIsIndeterminate) {
    const std::string code = "int f(int x) { if (x > 0) return 1; }\n"
                             "int main(void) { int a[2]; int r = f(0); a[r] = 1; return 0; }\n";
    BmcResult r = check(code, 2, {Property::Assertion, Property::ArrayBounds});
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_EQ(r.property, Property::ArrayBounds);
    EXPECT_TRUE(r.replayed);
    // Returning on every path leaves nothing indeterminate: safe.
    BmcResult safe = check("int f(int x) { if (x > 0) return 1; return 0; }\n"
                           "int main(void) { int a[2]; int r = f(0); a[r] = 1; return 0; }\n",
                           2, {Property::Assertion, Property::ArrayBounds});
    EXPECT_EQ(safe.verdict, Verdict::Safe) << safe.reason;
    // main itself returns 0 when it falls off its end (C99 5.1.2.2.3): no temporary there.
    auto p = parseC("int main(void) { int x = 1; }\n");
    for (const CfaEdge &e : p->edges)
        EXPECT_NE(e.kind, EdgeKind::Return) << e.text;
}

// An indeterminate pointer (uninitialized, or from __VERIFIER_nondet_pointer) is NULL or an
// address that is no object, chosen by the input: not assumed NULL. CBMC 6.6 reports
// both of these; the counterexamples replay.
TEST(Bmc, AnIndeterminatePointerIsNotAssumedNull) {
    BmcResult local = check("void reach_error(void);\nint main(void) {\n  int *p;\n  if (p != 0) reach_error();\n"
                            "  return 0;\n}\n",
                            1);
    ASSERT_TRUE(violationReplayed(local));
    BmcResult nondet = check("void reach_error(void);\nvoid *__VERIFIER_nondet_pointer(void);\nint main(void) {\n"
                             "  void *q = __VERIFIER_nondet_pointer();\n  if (q != 0) reach_error();\n  return 0;\n}\n",
                             1);
    ASSERT_TRUE(violationReplayed(nondet));
    // Initialized, it is what it was given.
    BmcResult null = check("void reach_error(void);\nint main(void) {\n  int *p = 0;\n  if (p != 0) reach_error();\n"
                           "  return 0;\n}\n",
                           1);
    EXPECT_EQ(null.verdict, Verdict::Safe) << null.reason;
}

// With the pointer check off, an address that is no object reaches memory outside every
// object (CBMC's objects of unknown pointers, CPAchecker's memory): anything until written,
// then what was written. A counterexample gives the values its reads found there
// (ExecutionInput::outside) and the interpreter replays it.
TEST(Bmc, AnIndeterminatePointerReachesMemoryOutsideEveryObject) {
    const std::string deep = "void reach_error(void);\nstruct s { int x; struct s *next; };\nint main(void) {\n"
                             "  struct s *p;\n  if (p->next->next->x == 42) reach_error();\n  return 0;\n}\n";
    BmcResult found = check(deep, 1);
    ASSERT_TRUE(violationReplayed(found));
    ASSERT_TRUE(found.counterexample);
    EXPECT_EQ(found.counterexample->input.outside.size(), 3u); // two pointers, then the int
    // Two such pointers may be one address: what is written through one is read through the other.
    BmcResult alias = check("void reach_error(void);\nint main(void) {\n  int *a;\n  int *b;\n  *a = 1;\n  *b = 2;\n"
                            "  if (*a == 2) reach_error();\n  return 0;\n}\n",
                            1);
    ASSERT_TRUE(violationReplayed(alias));
    // What is written there is read back, and it never lies over the program's own objects
    // (CBMC 6.6 says FAILED here: its pointer may lie 25 bytes into a one-object stand-in).
    BmcResult kept = check("void reach_error(void);\nstruct node { int key; struct node *next; };\n"
                           "struct node *lookup(int key);\nint main(void) {\n  int mine = 7;\n  int *q = &mine;\n"
                           "  struct node *n = lookup(3);\n  if (n == 0) return 0;\n  n->key = 11;\n"
                           "  if (n->key != 11 || *q != 7) reach_error();\n  return 0;\n}\n",
                           1);
    EXPECT_EQ(kept.verdict, Verdict::Safe) << kept.reason;
    // With the pointer check on, the dereference itself is the violation, as before.
    BmcResult checked = check(deep, 1, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(checked.verdict, Verdict::Unsafe) << checked.reason;
    EXPECT_EQ(checked.property, Property::Pointer);
    EXPECT_TRUE(checked.replayed);
}

// A library model's own precondition (memcpy's regions readable and apart) is one of
// CBMC's built-in assertions: checked as an assertion by default, as CBMC does. Off
// (--no-built-in-assertions, an SV-COMP task) its failure is undefined behaviour of the
// pointer check: the path ends where that check is off (farsync's memcpy_toio between two
// addresses of no object was reported as the task's violation), a pointer violation where
// it is on. Each verdict replays in the interpreter.
TEST(Bmc, ALibraryPreconditionIsABuiltInAssertion) {
    const std::string code = "void *memcpy(void *, const void *, unsigned long);\nvoid reach_error(void);\n"
                             "int main(void) {\n  char *p;\n  char *q;\n  memcpy(p, q, 4);\n  return 0;\n}\n";
    auto p = parseC(code);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = 6;
    BmcResult builtin = checkProgram(*p, o);
    ASSERT_EQ(builtin.verdict, Verdict::Unsafe) << builtin.reason;
    EXPECT_EQ(builtin.property, Property::Assertion);
    EXPECT_TRUE(builtin.replayed);
    p->builtinAssertions = false;
    BmcResult unchecked = checkProgram(*p, o);
    EXPECT_EQ(unchecked.verdict, Verdict::Safe) << unchecked.reason;
    o.properties = {Property::Assertion, Property::Pointer};
    BmcResult checked = checkProgram(*p, o);
    ASSERT_EQ(checked.verdict, Verdict::Unsafe) << checked.reason;
    EXPECT_EQ(checked.property, Property::Pointer);
    EXPECT_TRUE(checked.replayed);
}

TEST(Bmc, AGotoIntoALoopIsUnwoundByItsRetreatingEdge) {
    // Irreducible control flow (CIL's systemc tasks jump into loops like this): the loop is
    // the one a DFS's retreating edge closes; its count bounds every cycle through it.
    const std::string body = "int main() {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, s = 0;\n"
                             "  if (n > 0)\n    goto inside;\n  while (i < 3) {\n    s += 1;\n  inside:\n"
                             "    s += 2;\n    i++;\n  }\n";
    // Entered in the middle: s = 2, 5, 8; from the top: 3, 6, 9.
    BmcResult bug = check(std::string(Prelude) + body + "  if (s == 8)\n    reach_error();\n  return 0;\n}\n", 4);
    ASSERT_EQ(bug.verdict, Verdict::Unsafe) << bug.reason;
    ASSERT_TRUE(bug.counterexample);
    EXPECT_TRUE(bug.replayed);
    EXPECT_GT(bug.counterexample->input.nondet.at(0), 0);
    const std::string safe = std::string(Prelude) + body + "  assert(s == 8 || s == 9);\n  return 0;\n}\n";
    EXPECT_EQ(check(safe, 4).verdict, Verdict::Safe);
    BmcResult small = check(safe, 2);
    EXPECT_EQ(small.verdict, Verdict::Unknown);
    EXPECT_NE(small.reason.find("bound too small"), std::string::npos) << small.reason;
}

TEST(Bmc, TheLoopOfAGotoIntoItHoldsWhatLiesOnItsCycles) {
    auto p = parseC(std::string(Prelude) + "int main() {\n  int n = __VERIFIER_nondet_int();\n  int i = 0;\n"
                                           "  if (n > 0)\n    goto inside;\n  while (i < 3) {\n    n--;\n  inside:\n"
                                           "    i++;\n  }\n  return n;\n}\n");
    const FunctionCfa &main = p->functions[p->entryFunction];
    const LoopStructure ls = computeLoops(*p, main);
    EXPECT_TRUE(ls.irreducible);
    ASSERT_EQ(ls.loops.size(), 1u);
    const auto &body = ls.loops[0].body;
    auto inBody = [&](NodeId n) { return std::binary_search(body.begin(), body.end(), n); };
    int looked = 0;
    for (EdgeId id : main.edges) {
        const CfaEdge &e = p->edge(id);
        if (e.text == "n--" || e.text == "i++") {
            EXPECT_TRUE(inBody(e.from)) << e.text;
            ++looked;
        }
        if (e.text == "return n" || e.kind == EdgeKind::Declaration)
            EXPECT_FALSE(inBody(e.from)) << e.text;
    }
    EXPECT_EQ(looked, 2);
}
