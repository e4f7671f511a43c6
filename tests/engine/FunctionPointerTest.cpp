// Function pointers: the number of the function they hold, and a call through one as a
// choice among the address-taken functions of its type — in the CFA, the interpreter, the
// model checker and the value analysis.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Calls = R"(extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int twice(int x) { return 2 * x; }
long other(long x) { return x; }
int main(void) {
  long (*keep)(long) = other;
  int (*f)(int) = __VERIFIER_nondet_int() ? inc : dec;
  if (__VERIFIER_nondet_int() == 7)
    f = 0;
  int r = f(5);
  if (r == 6)
    reach_error();
  return keep(0) + twice(1);
}
)";

} // namespace

// One pair of assume edges per address-taken function of the pointer's type (inc, dec; not
// other, of another type; not twice, only called directly), then the invalid call — for f
// and for keep, whose only candidate is other.
TEST(FunctionPointers, ACallChoosesAmongTheAddressTakenFunctionsOfItsType) {
    auto p = parseC(Calls);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    std::vector<std::string> texts = edgeTexts(*p, "main");
    auto has = [&](const std::string &t) { return std::find(texts.begin(), texts.end(), t) != texts.end(); };
    EXPECT_TRUE(has("[f == inc]"));
    EXPECT_TRUE(has("[!(f == dec)]"));
    EXPECT_FALSE(has("[f == twice]"));
    EXPECT_FALSE(has("[f == other]"));
    size_t invalid = 0, calls = 0;
    for (const CfaEdge *e : edgesOf(*p, "main")) {
        invalid += e->kind == EdgeKind::Call && e->call.intrinsic == Intrinsic::InvalidCall;
        calls += e->kind == EdgeKind::Call && (e->call.calleeName == "inc" || e->call.calleeName == "dec");
    }
    EXPECT_TRUE(has("[keep == other]"));
    EXPECT_EQ(invalid, 2u);
    EXPECT_EQ(calls, 2u);
}

TEST(FunctionPointers, TheInterpreterCallsWhatThePointerHolds) {
    auto p = parseC(Calls);
    Execution viaInc = runProgram(*p, {{1, 0}, {}});
    EXPECT_EQ(viaInc.ending.kind, EndingKind::PropertyViolation) << describeEnding(*p, viaInc.ending);
    Execution viaDec = runProgram(*p, {{0, 0}, {}});
    EXPECT_EQ(viaDec.ending.kind, EndingKind::Exit) << describeEnding(*p, viaDec.ending);
    InterpreterOptions pointers;
    pointers.properties = {Property::Assertion, Property::Pointer};
    Execution viaNull = runProgram(*p, {{1, 7}, {}}, pointers);
    ASSERT_EQ(viaNull.ending.kind, EndingKind::PropertyViolation) << describeEnding(*p, viaNull.ending);
    EXPECT_EQ(viaNull.ending.property, Property::Pointer);
    EXPECT_NE(viaNull.ending.message.find("function pointer"), std::string::npos) << viaNull.ending.message;
}

TEST(FunctionPointers, TheModelCheckerFindsBothViolations) {
    auto p = parseC(Calls);
    BmcOptions o;
    o.unwind = 2;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.property, Property::Assertion);

    // With pointers checked and the error call gone, the NULL call is what remains.
    std::string source = Calls;
    source.replace(source.find("  if (r == 6)\n    reach_error();\n"), 32, "");
    auto q = parseC(source);
    ASSERT_FALSE(q->diagnostics.hasErrors()) << diagnosticsText(*q);
    EXPECT_EQ(checkProgram(*q, o).verdict, Verdict::Safe);
    o.properties = {Property::Assertion, Property::Pointer};
    BmcResult n = checkProgram(*q, o);
    ASSERT_EQ(n.verdict, Verdict::Unsafe) << n.reason;
    EXPECT_EQ(n.property, Property::Pointer);
    EXPECT_TRUE(n.replayed);
    EXPECT_EQ(n.counterexample->input.nondet.at(1), 7);
}

// The value analysis follows the pointer's value: with f known to be dec, inc's branch is
// never taken and the error is unreachable.
TEST(FunctionPointers, TheValueAnalysisKnowsWhichFunctionIsCalled) {
    auto p = parseC(R"(void reach_error(void);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int main(void) {
  int (*f)(int) = dec;
  int (*g)(int) = inc;
  if (f(5) == 6)
    reach_error();
  return g(0);
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::Finished) << a.stopText();
}

TEST(FunctionPointers, ConversionsToDataPointersAreRefusedWithTheirPlace) {
    auto p = parseC(R"(int f(int x) { return x; }
int main(void) {
  void *v = (void *)f;
  return v != 0;
}
)");
    ASSERT_TRUE(p->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*p).find("conversion of a function pointer"), std::string::npos) << diagnosticsText(*p);
    EXPECT_NE(diagnosticsText(*p).find(":3:"), std::string::npos) << diagnosticsText(*p);
}
