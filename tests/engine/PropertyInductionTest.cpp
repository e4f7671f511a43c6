// vcov-cli bmc --k-induction with the goal search's strengthening: the loops before the
// assertion's loop taken as their effect, auxiliary invariants and facts about every element
// of an array; each verdict held against interpreter runs, and a broken variant never safe.
#include "GoalHelpers.h"
#include "ParseHelpers.h"

#include "goals/Induction.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\n"
                      "extern void __VERIFIER_assert(int);\n";

// bmc --k-induction with k = 1, 2, ... kMax. The budget is a margin, not a verdict: the
// million runs of gsv2008 take ~10 s on an idle machine and more than 30 s on a loaded one.
BmcResult kInduction(const Program &p, unsigned kMax) {
    BmcOptions o;
    o.timeoutSeconds = 600;
    return checkByKInduction(p, o, 1, kMax);
}

// standard_init2_ground in small: two fills of 5000 elements (no bound fits them), then
// the check of every element.
std::string fills(const std::string &tamper) {
    return std::string(Prelude) + R"(
int main(void) {
    int a[5000], i = 0, x;
    while (i < 5000) {
        a[i] = 42;
        i = i + 1;
    }
    i = 0;
    while (i < 5000) {
        a[i] = 43;
        i = i + 1;
    }
    )" + tamper + R"(
    for (x = 0; x < 5000; x++)
        __VERIFIER_assert(a[x] == 43);
    return 0;
})";
}

} // namespace

TEST(PropertyInduction, TheLoopsBeforeTheAssertionAreTakenAsTheirEffect) {
    auto p = parseC(fills(""));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const BmcResult r = kInduction(*p, 4);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("taken as their effect"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("a[k] == 43 for 0 <= k < i"), std::string::npos) << r.reason;
    const Execution run = runProgram(*p, {{}, std::vector<int64_t>(5000, 7)});
    EXPECT_EQ(run.ending.kind, EndingKind::Exit);

    // One element written again after the fills: the assertion fails there (the run shows
    // it), and nothing may call the program safe.
    auto q = parseC(fills("a[4321] = 44;"));
    const BmcResult w = kInduction(*q, 4);
    EXPECT_NE(w.verdict, Verdict::Safe) << w.reason;
    const Execution broken = runProgram(*q, {{}, {}});
    EXPECT_EQ(broken.ending.kind, EndingKind::PropertyViolation);
}

TEST(PropertyInduction, AnAssertionThatHoldsIsPassedNotEntered) {
    // The step's iteration k + 1 passes the assertion: only a failing one is what the
    // induction must exclude (counting the call edge made every such step fail).
    auto p = parseC(std::string(Prelude) + R"(
int main(void) {
    int n = __VERIFIER_nondet_int(), i = 0;
    while (i < n) {
        __VERIFIER_assert(i >= 0);
        i++;
    }
    return 0;
})");
    const BmcResult r = kInduction(*p, 2);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    for (int64_t n : {0, 1, 5, 300}) {
        const Execution run = runProgram(*p, {{n}, {}});
        EXPECT_EQ(run.ending.kind, EndingKind::Exit) << n;
    }
}

namespace {

// nest-if3's shape: the inner loop starts at the outer counter, which starts at `start`;
// neither loop fits a bound (n is an input).
std::string nested(int start) {
    return std::string(Prelude) + R"(
int main(void) {
    int n = __VERIFIER_nondet_int(), l = )" + std::to_string(start) + R"(, i;
    while (l < n) {
        i = l;
        while (i < n) {
            __VERIFIER_assert(i >= 1);
            i++;
        }
        l++;
    }
    return 0;
})";
}

} // namespace

TEST(PropertyInduction, ALoopInsideTheSteppedOneIsTakenAsItsEffectWithWhatHoldsAtItsHead) {
    auto p = parseC(nested(1));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const BmcResult r = kInduction(*p, 4);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    // i >= l at the inner head, proved with the outer loop gone round from any state: it
    // carries l >= 1 into the inner loop, which the abstraction havocs.
    EXPECT_NE(r.reason.find("main.1 taken as their effect"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("i >= l"), std::string::npos) << r.reason;
    for (int64_t n : {0, 1, 2, 40}) {
        const Execution run = runProgram(*p, {{n}, {}});
        EXPECT_EQ(run.ending.kind, EndingKind::Exit) << n;
    }

    // Started at 0, the first inner iteration fails (n = 1 shows it): never safe.
    auto q = parseC(nested(0));
    const BmcResult w = kInduction(*q, 4);
    EXPECT_EQ(w.verdict, Verdict::Unsafe) << w.reason;
    EXPECT_EQ(runProgram(*q, {{1}, {}}).ending.kind, EndingKind::PropertyViolation);
}

TEST(PropertyInduction, RecursionThatNoBoundCompletesIsSummarizedWithItsTable) {
    // fibo_20-1 of SV-COMP: 21,891 calls unwound, or one frame and two table lookups.
    auto program = [](const std::string &claim) {
        return parseC(std::string(Prelude) + R"(
extern void reach_error(void);
int fibo(int n) {
    if (n < 1)
        return 0;
    if (n == 1)
        return 1;
    return fibo(n - 1) + fibo(n - 2);
}
int main(void) {
    int result = fibo(25);
    if ()" + claim + R"()
        reach_error();
    return 0;
})");
    };
    auto unsafe = program("result == 75025");
    ASSERT_FALSE(unsafe->diagnostics.hasErrors()) << diagnosticsText(*unsafe);
    const BmcResult u = kInduction(*unsafe, 4);
    EXPECT_EQ(u.verdict, Verdict::Unsafe) << u.reason;
    EXPECT_TRUE(u.replayed);
    EXPECT_EQ(runProgram(*unsafe, {}).ending.kind, EndingKind::PropertyViolation);

    auto safe = program("result != 75025");
    const BmcResult s = kInduction(*safe, 4);
    EXPECT_EQ(s.verdict, Verdict::Safe) << s.reason;
    EXPECT_NE(s.reason.find("the results of fibo("), std::string::npos) << s.reason;
    EXPECT_EQ(runProgram(*safe, {}).ending.kind, EndingKind::Exit);
}

TEST(PropertyInduction, WhereEveryInputIsDrawnFirstEveryInputIsRun) {
    // gsv2008: no invariant of the step in bit-vectors says y > 0 after the loop; the
    // 1,000,999 inputs that pass the condition before it are run, each to its end.
    auto p = parseC(sumLoop("__VERIFIER_assert(y > 0);"));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const BmcResult r = kInduction(*p, 4);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("every input enumerated: the 1000999 executions whose inputs lie in [-999, 999999]"),
              std::string::npos)
        << r.reason;
    // Only y = -999 goes round 2000 times: the run that violates it is the counterexample.
    auto q = parseC(sumLoop("__VERIFIER_assert(steps < 1999);"));
    const BmcResult w = kInduction(*q, 4);
    ASSERT_EQ(w.verdict, Verdict::Unsafe) << w.reason;
    ASSERT_TRUE(w.replayed && w.counterexample);
    EXPECT_EQ(w.counterexample->input.nondet, std::vector<int64_t>{-999});
    EXPECT_EQ(runProgram(*q, w.counterexample->input).ending.kind, EndingKind::PropertyViolation);
}

// A program that draws no input has one execution: where the step fails, that run is the
// proof or the counterexample, however long (6 million steps here, past the step budget of
// the runs of an enumeration of many inputs).
TEST(PropertyInduction, TheOneExecutionOfAProgramWithoutInputsIsRunToItsEnd) {
    auto read = [](const char *name) {
        std::ifstream in(std::string(VCOV_TEST_DATA) + "/verify/" + name);
        return parseC(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
    };
    auto bug = read("mono_bug.c");
    ASSERT_FALSE(bug->diagnostics.hasErrors()) << diagnosticsText(*bug);
    const BmcResult w = kInduction(*bug, 4);
    ASSERT_EQ(w.verdict, Verdict::Unsafe) << w.reason;
    ASSERT_TRUE(w.replayed && w.counterexample);
    EXPECT_TRUE(w.counterexample->steps.empty()); // too long to record: the trace says so
    InterpreterOptions longRun;
    longRun.maxSteps = 100'000'000;
    longRun.recordSteps = false;
    EXPECT_EQ(runProgram(*bug, w.counterexample->input, longRun).ending.kind, EndingKind::PropertyViolation);

    auto ok = read("mono_ok.c");
    const BmcResult r = kInduction(*ok, 4);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("every input enumerated: the one execution"), std::string::npos) << r.reason;
    EXPECT_EQ(runProgram(*ok, {}, longRun).ending.kind, EndingKind::Exit);
}

// array_2-1 (loop-acceleration): b copies a, which is never written. A run that reads it
// proves nothing, but the run with its values zero is an execution, and it fails the check.
TEST(PropertyInduction, ARunWithUnwrittenValuesZeroIsACounterexample) {
    auto copy = [](const char *check) {
        return parseC(std::string(Prelude) + "int main(void) { int a[3000], b[3000];\n"
                                             "  for (int i = 0; i < 3000; i++) b[i] = a[i];\n"
                                             "  __VERIFIER_assert(" + check + ");\n  return 0; }\n");
    };
    auto bug = copy("a[1500] != b[1500]");
    ASSERT_FALSE(bug->diagnostics.hasErrors()) << diagnosticsText(*bug);
    const BmcResult w = kInduction(*bug, 4);
    ASSERT_EQ(w.verdict, Verdict::Unsafe) << w.reason;
    ASSERT_TRUE(w.replayed && w.counterexample);
    EXPECT_EQ(runProgram(*bug, w.counterexample->input).ending.kind, EndingKind::PropertyViolation);
    // Its safe twin is never claimed by that run: only a proof may say safe.
    EXPECT_NE(kInduction(*copy("a[1500] == b[1500]"), 4).verdict, Verdict::Unsafe);
}
