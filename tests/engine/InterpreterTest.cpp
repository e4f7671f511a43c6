// The concrete interpreter: C's integer semantics, memory, calls, intrinsics, endings.
#include "ParseHelpers.h"

#include "frontend/FrontEnd.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace vcov;
using namespace vcov::test;

namespace {

Execution run(const std::string &code, ExecutionInput in = {}, PropertySet props = {Property::Assertion},
              std::optional<DataModel> model = std::nullopt) {
    auto p = parseC(code, {}, model);
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    InterpreterOptions o;
    o.properties = props;
    return runProgram(*p, in, o);
}

std::string output(const std::string &body, std::optional<DataModel> model = std::nullopt) {
    Execution x = run("int printf(const char *, ...);\nint main() {\n" + body + "\n  return 0;\n}\n", {}, {Property::Assertion},
                      model);
    EXPECT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    return x.output;
}

} // namespace

TEST(Interpreter, IntegerConversionsAndArithmeticAsGccDoes) {
    EXPECT_EQ(output("  unsigned char c = 250; c += 10; printf(\"%d\", c);"), "4");
    EXPECT_EQ(output("  signed char c = (signed char)200; printf(\"%d\", c);"), "-56");
    EXPECT_EQ(output("  int a = -7; printf(\"%d %d %d %d\", a / 2, a % 2, 7 / -2, 7 % -2);"), "-3 -1 -3 1");
    EXPECT_EQ(output("  unsigned u = 0; u = u - 1; printf(\"%u %x\", u, u);"), "4294967295 ffffffff");
    EXPECT_EQ(output("  printf(\"%d\", -1 < 1u);"), "0"); // -1 converts to UINT_MAX
    EXPECT_EQ(output("  long l = -1; unsigned int u = 1; printf(\"%d\", l < u);"), "1"); // LP64: u converts to long
    EXPECT_EQ(output("  long l = -1; unsigned int u = 1; printf(\"%d\", l < u);", DataModel::ILP32), "0");
    EXPECT_EQ(output("  int x = 1 << 30; x = x * 4; printf(\"%d\", x);"), "0"); // wraps when unchecked
    EXPECT_EQ(output("  int x = -16; printf(\"%d %d\", x >> 2, (int)((unsigned)x >> 28));"), "-4 15");
    EXPECT_EQ(output("  _Bool b = 5; printf(\"%d\", b + b);"), "2");
    EXPECT_EQ(output("  long long big = 1LL << 40; printf(\"%lld %llu\", big, (unsigned long long)-1);"),
              "1099511627776 18446744073709551615");
    EXPECT_EQ(output("  char s[] = \"hey\"; printf(\"[%5s|%-4d|%c|%%|%03x]\", s, 42, s[1], 10);"), "[  hey|42  |e|%|00a]");
}

TEST(Interpreter, IntegerSemanticsUnits) {
    const Type *i32 = machineInteger(32, true), *u8 = machineInteger(8, false);
    EXPECT_EQ(convertInteger(0xFFFFFFFF, i32, machineInteger(64, true)), 0xFFFFFFFFFFFFFFFFull);
    EXPECT_EQ(convertInteger(300, i32, u8), 44u);
    IntegerResult r = integerBinary(BinaryOp::Add, 0x7FFFFFFF, 1, i32, i32);
    EXPECT_TRUE(r.overflow);
    EXPECT_EQ(r.bits, 0x80000000u);
    EXPECT_TRUE(integerBinary(BinaryOp::Div, 5, 0, i32, i32).divByZero);
    EXPECT_TRUE(integerBinary(BinaryOp::Div, 0x80000000, 0xFFFFFFFF, i32, i32).overflow);
    EXPECT_TRUE(integerBinary(BinaryOp::Shl, 1, 32, i32, i32).overflow);
    EXPECT_EQ(integerBinary(BinaryOp::Shl, 1, 32, i32, i32).bits, 0u); // as SMT-LIB defines it
    EXPECT_FALSE(integerBinary(BinaryOp::Shl, 1, 30, i32, i32).overflow);
    EXPECT_TRUE(integerBinary(BinaryOp::Shl, 1, 31, i32, i32).overflow); // into the sign bit
    EXPECT_TRUE(integerUnary(UnaryOp::Neg, 0x80000000, i32).overflow);
}

TEST(Interpreter, PointersArraysStructsAndCalls) {
    Execution x = run("int printf(const char *, ...);\nstruct P { int a; int b[2]; };\n"
                      "void set(struct P *p, int v) { p->b[1] = v; }\n"
                      "int sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }\n"
                      "int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
                      "int main() {\n  struct P x = {1, {2, 3}};\n  struct P y;\n  set(&x, 40);\n  y = x;\n"
                      "  int arr[4] = {1, 2, 3, 4};\n  int *q = arr + 1;\n  *q = 20;\n"
                      "  printf(\"%d %d %d %d %d\", y.a, y.b[1], sum(arr, 4), fact(5), (int)(q - arr));\n  return 7;\n}\n");
    EXPECT_EQ(x.ending.kind, EndingKind::Exit);
    EXPECT_EQ(x.ending.exitCode, 7);
    EXPECT_EQ(x.output, "1 40 28 120 1");
}

TEST(Interpreter, NondetInputsAreDrawnInOrderAndMissingOnesAreZero) {
    const char *code = "extern int __VERIFIER_nondet_int(void);\nextern unsigned char __VERIFIER_nondet_uchar(void);\n"
                       "int printf(const char *, ...);\n"
                       "int main() {\n  int a = __VERIFIER_nondet_int();\n  unsigned char c = __VERIFIER_nondet_uchar();\n"
                       "  int b = __VERIFIER_nondet_int();\n  printf(\"%d %d %d\", a, c, b);\n  return 0;\n}\n";
    Execution x = run(code, ExecutionInput{{-5, 258}, {}});
    EXPECT_EQ(x.output, "-5 2 0");
    EXPECT_EQ(x.nondetUsed, 3u);
    ASSERT_GE(x.steps.size(), 3u);
    bool sawNondet = false;
    for (const auto &s : x.steps)
        if (s.nondet && *s.nondet == -5)
            sawNondet = true;
    EXPECT_TRUE(sawNondet);
}

TEST(Interpreter, UninitializedLocalsTakeTheirOwnInputs) {
    Execution x = run("int printf(const char *, ...);\nint main() {\n  int a;\n  int b[2];\n"
                      "  printf(\"%d %d %d\", a, b[0], b[1]);\n  return 0;\n}\n",
                      ExecutionInput{{}, {9, 8, 7}});
    EXPECT_EQ(x.output, "9 8 7");
}

TEST(Interpreter, EndingsSayWhatHappenedAndWhere) {
    const char *prelude = "extern int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\nvoid abort(void);\nvoid exit(int);\n"
                          "void reach_error(void);\n";
    Execution failed = run(std::string(prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                  "  if (x == 42)\n    reach_error();\n  return 0;\n}\n",
                           ExecutionInput{{42}, {}});
    EXPECT_EQ(failed.ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(failed.ending.property, Property::Assertion);
    ASSERT_GE(failed.ending.edge, 0);
    Execution assumed = run(std::string(prelude) + "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                                                   "  __VERIFIER_assume(x > 0);\n  return 0;\n}\n",
                            ExecutionInput{{-1}, {}});
    EXPECT_EQ(assumed.ending.kind, EndingKind::AssumptionFailed);
    Execution aborted = run(std::string(prelude) + "int main() {\n  abort();\n  return 0;\n}\n");
    EXPECT_EQ(aborted.ending.kind, EndingKind::Abort);
    Execution exited = run(std::string(prelude) + "int main() {\n  exit(3);\n  return 0;\n}\n");
    EXPECT_EQ(exited.ending.kind, EndingKind::Exit);
    EXPECT_EQ(exited.ending.exitCode, 3);
    // A small limit: the default's ten million steps took 22 s of the suite to say the same.
    auto forever = parseC("int main() {\n  while (1) { }\n  return 0;\n}\n");
    InterpreterOptions limited;
    limited.maxSteps = 100'000;
    Execution loops = runProgram(*forever, {}, limited);
    EXPECT_EQ(loops.ending.kind, EndingKind::StepLimit);
    EXPECT_EQ(loops.steps.size(), 100'000u);
}

TEST(Interpreter, ChecksAreViolationsWhenSelectedAndUndefinedBehaviourOtherwise) {
    const char *oob = "int main() {\n  int a[3] = {0};\n  int i = 3;\n  return a[i];\n}\n";
    EXPECT_EQ(run(oob).ending.kind, EndingKind::UndefinedBehaviour);
    Execution checked = run(oob, {}, {Property::Assertion, Property::ArrayBounds});
    EXPECT_EQ(checked.ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(checked.ending.property, Property::ArrayBounds);
    const char *div = "int main() {\n  int z = 0;\n  return 5 / z;\n}\n";
    EXPECT_EQ(run(div).ending.kind, EndingKind::UndefinedBehaviour);
    EXPECT_EQ(run(div, {}, {Property::Assertion, Property::DivisionByZero}).ending.property, Property::DivisionByZero);
    const char *null = "int main() {\n  int *p = 0;\n  return *p;\n}\n";
    EXPECT_EQ(run(null, {}, {Property::Assertion, Property::Pointer}).ending.property, Property::Pointer);
    const char *overflow = "int main() {\n  int x = 2147483647;\n  x = x + 1;\n  return 0;\n}\n";
    EXPECT_EQ(run(overflow).ending.kind, EndingKind::Exit);
    EXPECT_EQ(run(overflow, {}, {Property::Assertion, Property::Overflow}).ending.property, Property::Overflow);
}

TEST(Interpreter, HeapObjectsFromMalloc) {
    Execution x = run("#include <stdlib.h>\nint printf(const char *, ...);\n"
                      "struct N { int v; struct N *next; };\nint main() {\n"
                      "  struct N *a = malloc(sizeof(struct N));\n  struct N *b = malloc(sizeof(struct N));\n"
                      "  a->v = 1; a->next = b; b->v = 2; b->next = 0;\n  int s = 0;\n"
                      "  for (struct N *p = a; p; p = p->next) s += p->v;\n  free(a); free(b);\n"
                      "  printf(\"%d\", s);\n  return 0;\n}\n");
    EXPECT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    EXPECT_EQ(x.output, "3");
    Execution df = run("#include <stdlib.h>\nint main() {\n  int *p = malloc(4);\n  free(p);\n  free(p);\n  return 0;\n}\n",
                       {}, {Property::Assertion, Property::Pointer});
    EXPECT_EQ(df.ending.property, Property::Pointer);
}

TEST(Interpreter, EdgesTakenAreTheCompletedStepsWithoutRecordingThem) {
    // Branch goals run long executions with edgesTaken instead of recorded steps: the two
    // must agree, including a last step that did not complete (a failed assertion), and
    // the draws must be the steps' inputs.
    auto p = parseC(R"(
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
    int s = 0;
    for (int i = 0; i < 5; i++) {
        char c = __VERIFIER_nondet_char();
        if (c > 0)
            s += c;
    }
    int x = __VERIFIER_nondet_int();
    assert(s != x);
    return s > 10;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    // An exit, a failed assertion after 300 became 44, a failed assertion on zeros.
    for (const ExecutionInput &in : {ExecutionInput{{1, 2, 300, -4, 5, 7}, {}}, ExecutionInput{{1, 2, 3, -4, 5, 11}, {}},
                                     ExecutionInput{}}) {
        InterpreterOptions recorded;
        const Execution a = runProgram(*p, in, recorded);
        std::set<EdgeId> fromSteps;
        for (size_t i = 0; i < completedSteps(a); ++i)
            fromSteps.insert(a.steps[i].edge);
        InterpreterOptions bare;
        bare.recordSteps = false;
        std::vector<char> taken(p->edges.size(), 0);
        bare.edgesTaken = &taken;
        const Execution b = runProgram(*p, in, bare);
        EXPECT_TRUE(b.steps.empty());
        EXPECT_EQ(a.ending.kind, b.ending.kind);
        std::set<EdgeId> fromBitmap;
        for (size_t id = 0; id < taken.size(); ++id)
            if (taken[id])
                fromBitmap.insert(EdgeId(id));
        EXPECT_EQ(fromSteps, fromBitmap) << a.ending.message;
        std::vector<std::pair<EdgeId, int64_t>> stepInputs, draws;
        for (const ExecutionStep &s : a.steps)
            if (s.nondet)
                stepInputs.push_back({s.edge, *s.nondet});
        for (const InputDraw &d : b.draws)
            draws.push_back({d.edge, d.value});
        EXPECT_EQ(stepInputs, draws);
        EXPECT_EQ(b.draws.size(), 6u);
    }
}

TEST(Interpreter, ARunThatTakesNoNewEdgeStops) {
    // Branch goals end a long run once it only goes round a loop it knows (stallSteps).
    auto p = parseC("int main(void) {\n  unsigned x = 0;\n  while (x < 0x0fffffffu)\n    x++;\n  return 1;\n}\n");
    InterpreterOptions o;
    o.recordSteps = false;
    std::vector<char> taken(p->edges.size(), 0);
    o.edgesTaken = &taken;
    o.stallSteps = 1000;
    const Execution x = runProgram(*p, {}, o);
    EXPECT_EQ(x.ending.kind, EndingKind::StepLimit);
    EXPECT_NE(x.ending.message.find("no edge taken for the first time in 1000 steps"), std::string::npos)
        << x.ending.message;
    // A cancel (the GUI's Stop while branch goals run) ends it too.
    std::atomic<bool> cancel{true};
    InterpreterOptions c;
    c.recordSteps = false;
    c.cancel = &cancel;
    const Execution y = runProgram(*p, {}, c);
    EXPECT_EQ(y.ending.kind, EndingKind::StepLimit);
    EXPECT_EQ(y.ending.message, "cancelled");
}

TEST(Interpreter, APureCallIsAnsweredFromTheMemoAndAFunctionCanBeTheEntry) {
    auto p = parseC(R"(
int calls;
int twice(int n) { return n <= 0 ? 0 : 2 + twice(n - 1); }
int main(void) { return twice(5) + twice(6); }
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    FunctionId twice = NoFunction;
    for (const FunctionCfa &f : p->functions)
        if (f.name == "twice")
            twice = f.id;
    PureCallMemo memo;
    memo.functions = {twice};
    InterpreterOptions o;
    o.memo = &memo;
    const Execution plain = runProgram(*p, {});
    const Execution memoized = runProgram(*p, {}, o);
    EXPECT_EQ(plain.ending.exitCode, 22);
    EXPECT_EQ(memoized.ending.exitCode, 22);
    // twice(6) ran one frame and found twice(5) in the memo: fewer steps than without.
    EXPECT_LT(memoized.steps.size(), plain.steps.size());
    EXPECT_EQ(memo.results.size(), 7u); // twice(0) .. twice(6)
    // Started in twice itself, with its argument: the result is recorded too.
    o.entry = twice;
    o.entryArguments = {40};
    const Execution direct = runProgram(*p, {}, o);
    EXPECT_EQ(direct.ending.kind, EndingKind::Exit);
    EXPECT_EQ(memo.results.at({twice, {40}}), 80u);
}

// A run bounded by time, not steps, is bounded in memory by its objects: a local declared
// in a loop is one object per round, kept while the run lasts.
TEST(Interpreter, ARunStopsAtItsObjectLimit) {
    auto p = parseC("int main(void) { unsigned s = 0;\n"
                    "  for (unsigned i = 0; i < 100000u; i++) { unsigned q = i & 7; s += q; }\n"
                    "  return s == 1; }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    InterpreterOptions o;
    o.recordSteps = false;
    o.maxObjects = 1000;
    const Execution x = runProgram(*p, {}, o);
    EXPECT_EQ(x.ending.kind, EndingKind::StepLimit);
    EXPECT_NE(x.ending.message.find("objects"), std::string::npos) << x.ending.message;
    o.maxObjects = 0; // none: the run ends
    EXPECT_EQ(runProgram(*p, {}, o).ending.kind, EndingKind::Exit);
}

// A trace says what the program says (issue 44): a function pointer's value is the function
// it names, a union's value is every member read from the same bytes (as gcc reads them:
// tests/data/trace/values.c prints them).
TEST(Interpreter, TraceShowsFunctionNamesAndUnionMembers) {
    FrontEndOptions fe;
    fe.files = {VCOV_TEST_DATA "/trace/values.c"};
    auto p = parseProgram(fe);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const Execution x = runProgram(*p, {});
    ASSERT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    EXPECT_EQ(x.ending.exitCode, 0);
    // What gcc prints: -2.25's bits, its low int, and m.d after m.i = 7 over them.
    EXPECT_EQ(x.output, "2 3 13835621005235585024 0 -2.25\n");
    std::vector<std::string> shown;
    for (const ExecutionStep &s : x.steps)
        if (!s.assigned.empty() && s.assigned.rfind("__vcov", 0) != 0)
            shown.push_back(s.assigned + " = " + s.value);
    auto has = [&](const std::string &text) {
        return std::find(shown.begin(), shown.end(), text) != shown.end();
    };
    EXPECT_TRUE(has("f = &inc"));
    EXPECT_TRUE(has("f = &dec"));
    EXPECT_TRUE(has("ops.apply = &inc"));
    EXPECT_TRUE(has("table[1] = &dec"));
    EXPECT_TRUE(has("n = {d = -2.25, u = 13835621005235585024, i = 0}"));
    EXPECT_TRUE(has("m = {d = -2.25, u = 13835621005235585024, i = 0}")); // the copy
    EXPECT_TRUE(has("m = {d = -2.250000000000003, u = 13835621005235585031, i = 7}"));
    for (const std::string &s : shown) // never a storage unit's name ("n.{d,u,i}")
        EXPECT_EQ(s.find(".{"), std::string::npos) << s;
}
