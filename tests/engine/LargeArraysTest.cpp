// Large arrays. The model checker encodes them by their writes (read over write) over a
// zero, indeterminate or chosen base; each verdict is cross-checked: counterexamples replay
// in the interpreter, and the same programs with small arrays encoded element by element
// agree. The value analysis holds them sparsely: a fill and the elements known apart.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "analysis/ValueDomain.h"
#include "bmc/Bmc.h"
#include "coverage/Coverage.h"
#include "goals/Induction.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\n"
                      "void reach_error(void);\nvoid assert(int);\n";

BmcResult check(const std::string &code, unsigned unwind, uint64_t sparseFrom = 1,
                PropertySet props = {Property::Assertion}) {
    auto p = parseC(std::string(Prelude) + code);
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = unwind;
    o.properties = props;
    o.sparseArraysFrom = sparseFrom;
    o.timeoutSeconds = 60;
    return checkProgram(*p, o);
}

// Unsafe, with a counterexample the interpreter replays to the same violation.
void expectReplayedViolation(const BmcResult &r, Property property = Property::Assertion) {
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    ASSERT_TRUE(r.counterexample);
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.counterexample->ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(r.counterexample->ending.property, property);
}

} // namespace

TEST(BmcLargeArrays, AGlobalArrayOfAHundredThousandIsEncodedByItsWrites) {
    const std::string code = "int a[100000];\nint main() {\n  int i = __VERIFIER_nondet_int();\n"
                             "  int j = __VERIFIER_nondet_int();\n"
                             "  __VERIFIER_assume(i >= 0 && i < 100000 && j >= 0 && j < 100000);\n"
                             "  a[i] = 7;\n  a[99999] = 3;\n  if (a[j] == 7 && j != 99999)\n    assert(j == i);\n"
                             "  assert(a[50000] == 0 || i == 50000);\n  return 0;\n}\n";
    EXPECT_EQ(check(code, 1).verdict, Verdict::Safe);
    // The later write wins where they meet.
    const std::string wrong = "int a[100000];\nint main() {\n  int i = __VERIFIER_nondet_int();\n"
                              "  __VERIFIER_assume(i >= 0 && i < 100000);\n  a[i] = 7;\n  a[99999] = 3;\n"
                              "  assert(a[i] == 7);\n  return 0;\n}\n";
    BmcResult r = check(wrong, 1);
    expectReplayedViolation(r);
    EXPECT_EQ(r.counterexample->input.nondet.at(0), 99999);
}

TEST(BmcLargeArrays, IndeterminateElementsAreInputsThatReplay) {
    // A local array without initializer: the elements read are the execution's
    // uninitialized inputs, at their places among 100000.
    const std::string code = "int main() {\n  int a[100000];\n  int i = __VERIFIER_nondet_int();\n"
                             "  __VERIFIER_assume(i > 70000 && i < 99999);\n"
                             "  if (a[i] == 12345 && a[i + 1] == -a[i] && a[3] == 9)\n    reach_error();\n"
                             "  return 0;\n}\n";
    BmcResult r = check(code, 1);
    expectReplayedViolation(r);
    const ExecutionInput &in = r.counterexample->input;
    ASSERT_GE(in.uninitialized.size(), 100000u); // a first, then i (declared, then assigned)
    const int64_t i = in.nondet.at(0);
    EXPECT_EQ(in.uninitialized.at(size_t(i)), 12345);
    EXPECT_EQ(in.uninitialized.at(size_t(i) + 1), -12345);
    EXPECT_EQ(in.uninitialized.at(3), 9);
}

TEST(BmcLargeArrays, TheSameIndeterminateElementReadTwiceIsOneValue) {
    // Two reads at offsets the solver may make equal: Ackermann's constraint keeps them one.
    const std::string code = "int main() {\n  int a[5000];\n  int i = __VERIFIER_nondet_int();\n"
                             "  int j = __VERIFIER_nondet_int();\n"
                             "  __VERIFIER_assume(i >= 0 && i < 5000 && j >= 0 && j < 5000);\n"
                             "  if (i == j)\n    assert(a[i] == a[j]);\n  return 0;\n}\n";
    EXPECT_EQ(check(code, 1).verdict, Verdict::Safe);
}

TEST(BmcLargeArrays, OutOfBoundsAndMisalignedAccessesAreCaught) {
    const std::string code = "int a[10000];\nint main() {\n  int i = __VERIFIER_nondet_int();\n"
                             "  __VERIFIER_assume(i >= 9990 && i <= 10000);\n  a[i] = 1;\n  return 0;\n}\n";
    BmcResult r = check(code, 1, 1, {Property::ArrayBounds});
    expectReplayedViolation(r, Property::ArrayBounds);
    EXPECT_EQ(r.counterexample->input.nondet.at(0), 10000);
    // Through a pointer: the offset is a byte offset; an element boundary it is not.
    const std::string inside = "int a[10000];\nint main() {\n  int i = __VERIFIER_nondet_int();\n"
                               "  __VERIFIER_assume(i >= 0 && i < 10000);\n  int *p = &a[0];\n  p[i] = 1;\n"
                               "  assert(a[i] == 1);\n  return 0;\n}\n";
    EXPECT_EQ(check(inside, 1, 1, {Property::ArrayBounds, Property::Assertion}).verdict, Verdict::Safe);
}

TEST(BmcLargeArrays, JoiningPathsKeepTheirOwnWrites) {
    // The then-branch writes, the else-branch writes elsewhere: each path sees its own.
    const std::string code = "int main() {\n  int a[20000] = {0};\n  int x = __VERIFIER_nondet_int();\n"
                             "  int k = __VERIFIER_nondet_int();\n  __VERIFIER_assume(k >= 0 && k < 20000);\n"
                             "  if (x > 0)\n    a[k] = 5;\n  else\n    a[19999 - k] = 6;\n"
                             "  if (x > 0)\n    assert(a[k] == 5);\n  else\n    assert(a[19999 - k] == 6);\n"
                             "  assert(a[k] != 6 || k == 19999 - k || x <= 0);\n  return 0;\n}\n";
    EXPECT_EQ(check(code, 1).verdict, Verdict::Safe);
    const std::string wrong = "int main() {\n  int a[20000] = {0};\n  int x = __VERIFIER_nondet_int();\n"
                              "  if (x > 0)\n    a[7] = 5;\n  assert(a[7] == 0);\n  return 0;\n}\n";
    BmcResult r = check(wrong, 1);
    expectReplayedViolation(r);
    EXPECT_GT(r.counterexample->input.nondet.at(0), 0);
}

TEST(BmcLargeArrays, ADeclarationInALoopGivesEachIterationItsOwnElements) {
    // Each iteration declares b afresh; after the loop the last one is gone, and a path that
    // leaves the loop at different iterations joins different bases.
    const std::string code = "int main() {\n  int n = __VERIFIER_nondet_int();\n  int s = 0;\n"
                             "  for (int t = 0; t < n && t < 3; t++) {\n    int b[8192];\n    b[t] = t;\n"
                             "    s += b[t];\n  }\n  assert(s <= 3);\n  if (s == 3)\n    reach_error();\n"
                             "  return 0;\n}\n";
    BmcResult r = check(code, 4);
    expectReplayedViolation(r);
    EXPECT_GE(r.counterexample->input.nondet.at(0), 3);
}

TEST(BmcLargeArrays, LoopsOverALargeArrayAtABound) {
    // An SV-COMP pattern (array-examples/standard_copy): copy, then compare, all within
    // --unwind 6 of a 6-element prefix of 100000 elements.
    const std::string code = "int main() {\n  int a1[100000];\n  int a2[100000];\n  int n = 5;\n"
                             "  for (int i = 0; i < n; i++)\n    a1[i] = __VERIFIER_nondet_int();\n"
                             "  for (int i = 0; i < n; i++)\n    a2[i] = a1[i];\n"
                             "  for (int x = 0; x < n; x++)\n    assert(a1[x] == a2[x]);\n"
                             "  if (a2[4] == 77 && a1[0] == -1)\n    reach_error();\n  return 0;\n}\n";
    BmcResult r = check(code, 6);
    expectReplayedViolation(r);
    EXPECT_EQ(r.counterexample->input.nondet.at(0), -1);
    EXPECT_EQ(r.counterexample->input.nondet.at(4), 77);
}

TEST(BmcLargeArrays, TwoDimensionalAndSmallArraysAgreeWithElementByElement) {
    // The same programs, every array by its writes (sparseArraysFrom 1, until the writes
    // outnumber the elements) and element by element: the same verdicts, and counterexamples
    // that replay.
    const std::vector<std::string> programs = {
        "int m[3][4];\nint main() {\n  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
        "  __VERIFIER_assume(i >= 0 && i < 3 && j >= 0 && j < 4);\n  m[i][j] = i * 4 + j;\n"
        "  if (m[2][3] == 11)\n    reach_error();\n  return 0;\n}\n",
        "int main() {\n  int a[4];\n  int k = __VERIFIER_nondet_int();\n  __VERIFIER_assume(k >= 0 && k < 4);\n"
        "  a[k] = a[(k + 1) & 3] + 1;\n  assert(a[k] != 5);\n  return 0;\n}\n",
        "int main() {\n  _Bool f[6] = {0};\n  int k = __VERIFIER_nondet_int();\n  __VERIFIER_assume(k >= 0 && k < 6);\n"
        "  f[k] = 1;\n  int c = 0;\n  for (int i = 0; i < 6; i++)\n    c += f[i];\n  assert(c == 1);\n  return 0;\n}\n",
        // More writes than elements: the state goes back to element by element.
        "int main() {\n  int a[3];\n  for (int i = 0; i < 3; i++)\n    a[i] = __VERIFIER_nondet_int();\n"
        "  for (int i = 0; i < 3; i++)\n    for (int j = 0; j + 1 < 3 - i; j++)\n"
        "      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }\n"
        "  assert(a[0] <= a[1] && a[1] <= a[2]);\n  return 0;\n}\n",
        "int main() {\n  int a[3];\n  for (int i = 0; i < 3; i++)\n    a[i] = __VERIFIER_nondet_int();\n"
        "  for (int i = 0; i < 3; i++)\n    for (int j = 0; j + 1 < 2 - i; j++)\n"
        "      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }\n"
        "  int k = __VERIFIER_nondet_int();\n  __VERIFIER_assume(k >= 0 && k < 2);\n  a[k] = a[k + 1] - 1;\n"
        "  assert(a[0] <= a[1] && a[1] <= a[2]);\n  return 0;\n}\n",
        "char s[5];\nint main() {\n  for (int i = 0; i < 4; i++)\n    s[i] = 'a' + i;\n"
        "  int k = __VERIFIER_nondet_int();\n  __VERIFIER_assume(k >= 0 && k < 5);\n"
        "  assert(s[k] != 'd');\n  return 0;\n}\n",
    };
    for (const auto &code : programs) {
        BmcResult leaves = check(code, 7, UINT64_MAX), writes = check(code, 7, 1);
        EXPECT_EQ(verdictName(writes.verdict), std::string(verdictName(leaves.verdict))) << code;
        if (writes.verdict == Verdict::Unsafe)
            expectReplayedViolation(writes);
    }
}

TEST(BmcLargeArrays, TheInductiveStepHavocsALargeArray) {
    // The loop's array is havocked on entry to the step; what it reads back it wrote in the
    // same iteration, so the step proves the assertion at every k.
    auto p = parseC(std::string(Prelude) +
                    "int a[100000];\nint main() {\n  int i = 0;\n  while (__VERIFIER_nondet_int()) {\n"
                    "    int k = __VERIFIER_nondet_int();\n    __VERIFIER_assume(k >= 0 && k < 100000);\n"
                    "    a[k] = 2 * __VERIFIER_nondet_int();\n    assert(a[k] % 2 == 0);\n    i++;\n  }\n  return 0;\n}\n");
    BmcOptions o;
    o.timeoutSeconds = 60;
    const BmcResult r = checkByKInduction(*p, o, 1, 8);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
}

namespace {

StopReason analyse(const std::string &code, TraversalOrder order, std::unique_ptr<ArtAnalysis> &out) {
    static std::vector<std::unique_ptr<Program>> keep; // the analysis refers to its program
    keep.push_back(parseC(std::string(Prelude) + code));
    const Program &p = *keep.back();
    EXPECT_FALSE(p.diagnostics.hasErrors()) << diagnosticsText(p);
    CoverageOptions co;
    co.analysis.order = order;
    co.analysis.budget.maxNodes = 20000;
    co.analysis.budget.maxSeconds = 30;
    out = coverageAnalysis(p, co);
    return out->run();
}

} // namespace

// Arrays of more than 65,536 pointers (or structs of one pointer) are held by their writes
// too, each pointer packed as its object's number and its offset. The same programs with
// 1,000 elements, held pointer by pointer with their exact targets, give the same verdicts,
// and the counterexamples replay. (CBMC 6.6 does not decide these within minutes.)
TEST(BmcLargeArrays, ArraysOfPointersAreEncodedByTheirWrites) {
    auto program = [](int n, const std::string &body) {
        const std::string size = std::to_string(n);
        return "extern void *malloc(unsigned long);\nint *table[" + size + "];\nint main() {\n  int x = 5, y = 7;\n"
               "  int i = __VERIFIER_nondet_int();\n  int j = __VERIFIER_nondet_int();\n"
               "  __VERIFIER_assume(i >= 0 && i < " + size + " && j >= 0 && j < " + size + ");\n" + body +
               "  return 0;\n}\n";
    };
    struct Case {
        std::string body;
        Verdict verdict;
    };
    const std::vector<Case> cases{
        // Distinct indices keep their targets; a write through an element reaches its object.
        {"  __VERIFIER_assume(i != j);\n  table[i] = &x;\n  table[j] = &y;\n"
         "  assert(table[i] == &x && *table[i] == 5 && table[j] != table[i]);\n"
         "  *table[j] = 9;\n  assert(y == 9 && x == 5);\n",
         Verdict::Safe},
        // Equal indices: the later write wins.
        {"  table[i] = &x;\n  table[j] = &y;\n  assert(*table[i] == 5);\n", Verdict::Unsafe},
        // An element never written is NULL (a global); one written on a path only is
        // NULL on the other.
        {"  if (j > 3) table[i] = &x;\n  assert(table[j] == 0 || (j > 3 && i == j));\n", Verdict::Safe},
        {"  if (j > 3) table[i] = &x;\n  int *p = table[i];\n  assert(p != 0);\n", Verdict::Unsafe},
        // Heap objects: one per iteration, distinct.
        {"  for (int k = 0; k < 3; k++) table[k] = malloc(sizeof(int));\n"
         "  for (int k = 0; k < 3; k++) *table[k] = k;\n"
         "  assert(*table[0] + *table[1] + *table[2] == 3 && table[1] != table[2]);\n",
         Verdict::Safe},
        {"  for (int k = 0; k < 3; k++) table[k] = malloc(sizeof(int));\n"
         "  for (int k = 0; k < 3; k++) *table[k] = k;\n  assert(i > 2 || *table[i] != 2);\n",
         Verdict::Unsafe},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.body);
        const BmcResult large = check(program(100000, c.body), 4);
        const BmcResult small = check(program(1000, c.body), 4);
        EXPECT_EQ(large.verdict, c.verdict) << large.reason;
        EXPECT_EQ(small.verdict, c.verdict) << small.reason;
        if (c.verdict == Verdict::Unsafe)
            expectReplayedViolation(large);
    }
    // A local array of structs of one pointer, uninitialized: its elements are inputs, a
    // pointer from one is NULL or no object (dereferencing it is caught, and replays).
    const std::string local = "typedef struct { int *n; } S;\nint main() {\n  S a[100000];\n"
                              "  int i = __VERIFIER_nondet_int();\n  __VERIFIER_assume(i >= 0 && i < 100000);\n"
                              "  int v = *a[i].n;\n  return v;\n}\n";
    expectReplayedViolation(check(local, 2, 1, {Property::Pointer}), Property::Pointer);
}

// Arrays of float and double are held by their writes as arrays of integers are (a value
// is its bits): the same verdicts at 100,000 elements as at 1,000 element by element.
TEST(BmcLargeArrays, ArraysOfDoublesAreEncodedByTheirWrites) {
    auto program = [](int n, const std::string &body) {
        const std::string size = std::to_string(n);
        return "extern double __VERIFIER_nondet_double(void);\ndouble a[" + size + "];\nint main() {\n"
               "  double x = __VERIFIER_nondet_double();\n  int i = __VERIFIER_nondet_int();\n"
               "  int j = __VERIFIER_nondet_int();\n"
               "  __VERIFIER_assume(i >= 0 && i < " + size + " && j >= 0 && j < " + size + ");\n" + body +
               "  return 0;\n}\n";
    };
    const std::vector<std::pair<std::string, Verdict>> cases{
        {"  a[i] = x;\n  a[j] = 2.5;\n  assert(a[i] == x || i == j || x != x);\n  assert(a[j] == 2.5);\n", Verdict::Safe},
        {"  a[i] = x;\n  a[j] = 2.5;\n  assert(a[i] + a[j] != 5.0);\n", Verdict::Unsafe},
        {"  assert(a[i] == 0.0);\n  a[i] = x / 4;\n  assert(a[i] * 4 == x || x != x);\n", Verdict::Unsafe}, // x/4*4 loses subnormal bits
    };
    for (const auto &[body, verdict] : cases) {
        SCOPED_TRACE(body);
        const BmcResult large = check(program(100000, body), 2);
        const BmcResult small = check(program(1000, body), 2);
        EXPECT_EQ(large.verdict, verdict) << large.reason;
        EXPECT_EQ(small.verdict, verdict) << small.reason;
        if (verdict == Verdict::Unsafe)
            expectReplayedViolation(large);
    }
}

TEST(ValueLargeArrays, KnownElementsOfALargeArrayDecideBranches) {
    // a[5] is known 1 and a[7] known 0 (the global's zero fill): the error is reached; where
    // every element read is known the analysis finishes without one.
    for (TraversalOrder order : {TraversalOrder::Bfs, TraversalOrder::Dfs}) {
        std::unique_ptr<ArtAnalysis> a;
        EXPECT_EQ(analyse("int a[100000];\nint main() {\n  a[5] = 1;\n  if (a[5] == 1 && a[7] == 0)\n"
                          "    reach_error();\n  return 0;\n}\n",
                          order, a),
                  StopReason::ViolationFound);
        ASSERT_TRUE(a->counterexample());
        EXPECT_EQ(a->counterexample()->ending.kind, EndingKind::PropertyViolation);
        EXPECT_EQ(analyse("int a[100000];\nint main() {\n  for (int i = 0; i < 3; i++)\n    a[i] = i;\n"
                          "  if (a[2] != 2 || a[99999] != 0)\n    reach_error();\n  return 0;\n}\n",
                          order, a),
                  StopReason::Finished)
            << a->stopText();
    }
}

TEST(ValueLargeArrays, IndeterminateElementsAreUnknownAndTheViolationReplays) {
    std::unique_ptr<ArtAnalysis> a;
    EXPECT_EQ(analyse("int main() {\n  int b[50000];\n  b[1] = 4;\n  if (b[2] == 17 && b[1] == 4)\n"
                      "    reach_error();\n  return 0;\n}\n",
                      TraversalOrder::Bfs, a),
              StopReason::ViolationFound)
        << a->stopText();
    ASSERT_TRUE(a->counterexample());
    EXPECT_EQ(a->counterexample()->input.uninitialized.at(2), 17);
}

TEST(ValueLargeArrays, TooManyKnownElementsAreForgottenSoundly) {
    // Beyond SparseKnownElements the fill's claim goes first, then elements; never does an
    // element keep a value it may not have.
    TypeTable types;
    const Type *array = types.arrayOf(types.intType(32, true, "int"), 100000);
    ObjectValues v;
    v.type = array;
    v.sparse = true;
    v.fill = {true, false, 0, NullObject, 0};
    for (uint64_t i = 0; i <= SparseKnownElements; ++i)
        v.set(i, {true, false, i + 1, NullObject, 0});
    EXPECT_FALSE(v.fill.known); // untouched elements were 0; now unknown
    EXPECT_FALSE(v.leaf(50000).known);
    EXPECT_LE(v.elements.size(), SparseKnownElements);
    EXPECT_EQ(v.leaf(SparseKnownElements).bits, SparseKnownElements + 1); // the last write stays
    for (const auto &[i, x] : v.elements)
        EXPECT_EQ(x.bits, i + 1);
    // Writing the fill's value drops the element: the fill says it.
    v.set(3, v.fill);
    EXPECT_EQ(v.elements.count(3), 0u);
    EXPECT_FALSE(v.leaf(3).known);
}
