// Vacuity (issue 44): each assertion violated, reached and holding, vacuous (proved never
// reached) or unknown. Every claim is checked apart from the goal search that made it: a
// vacuous check is entered by no execution of the interpreter over a spread of inputs (the
// programs' inputs reach every branch they can in that range), a reached or violated one is
// replayed.
#include "ParseHelpers.h"

#include "frontend/FrontEnd.h"
#include "goals/Vacuity.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <map>

using namespace vcov;

namespace {

std::unique_ptr<Program> load(const std::string &name) {
    FrontEndOptions fe;
    fe.files = {std::string(VCOV_TEST_DATA "/vacuity/") + name};
    return parseProgram(fe);
}

// Inputs from -100 to 100 and the extremes: every run's edges.
std::vector<std::pair<int64_t, std::vector<char>>> runsOver(const Program &p) {
    std::vector<int64_t> values{INT32_MIN, INT32_MAX};
    for (int64_t v = -100; v <= 100; ++v)
        values.push_back(v);
    std::vector<std::pair<int64_t, std::vector<char>>> out;
    for (int64_t v : values) {
        InterpreterOptions io;
        io.properties = {}; // isolation: every check is run to its end
        io.recordSteps = false;
        std::vector<char> taken(p.edges.size(), 0);
        io.edgesTaken = &taken;
        runProgram(p, ExecutionInput{{v}, {}}, io);
        out.emplace_back(v, std::move(taken));
    }
    return out;
}

void checkClaims(const Program &p, const VacuityReport &r) {
    const auto runs = runsOver(p);
    for (const AssertionSite &s : r.sites) {
        // Reaching the check: taking an edge out of it (every run that reaches it does).
        const std::vector<EdgeId> &out = p.node(s.check).out;
        if (s.status == AssertionStatus::Vacuous) {
            for (const auto &[input, taken] : runs)
                for (EdgeId e : out)
                    EXPECT_FALSE(taken[size_t(e)]) << s.text << " (line " << s.line << ") is vacuous but input " << input
                                                   << " reaches it";
        }
        if (s.status == AssertionStatus::HoldsReached || s.status == AssertionStatus::Violated) {
            ASSERT_TRUE(s.execution) << s.text;
            InterpreterOptions io;
            io.properties = {Property::Assertion};
            std::vector<char> taken(p.edges.size(), 0);
            io.edgesTaken = &taken;
            const Execution x = runProgram(p, *s.execution, io);
            bool reached = false;
            for (EdgeId e : out)
                reached = reached || taken[size_t(e)];
            EXPECT_TRUE(reached) << s.text;
            EXPECT_EQ(x.ending.kind == EndingKind::PropertyViolation, s.status == AssertionStatus::Violated)
                << s.text << ": " << x.ending.message;
        }
    }
}

// Decides the assertions of a program with a budget far above what they take (well under a
// second): the claims, not the machine's speed, are under test.
VacuityReport decideWithMargin(const Program &p) {
    GoalOptions o;
    o.timeSeconds = 120;
    return decideVacuity(p, o, {Property::Assertion});
}

std::map<unsigned, AssertionStatus> byLine(const VacuityReport &r) {
    std::map<unsigned, AssertionStatus> out;
    for (const AssertionSite &s : r.sites)
        out[s.line] = s.status;
    return out;
}

} // namespace

TEST(Vacuity, AHarnessThatAssumesTooMuchHasVacuousAssertions) {
    auto p = load("harness.c");
    ASSERT_FALSE(p->diagnostics.hasErrors());
    const VacuityReport r = decideWithMargin(*p);
    ASSERT_EQ(r.sites.size(), 5u);
    const auto status = byLine(r);
    EXPECT_EQ(status.at(11), AssertionStatus::Vacuous);      // assert(x == 7) under x > 10 && x < 5
    EXPECT_EQ(status.at(12), AssertionStatus::Vacuous);      // __VERIFIER_assert(x > 0), the same
    EXPECT_EQ(status.at(14), AssertionStatus::HoldsReached); // assert(x == x)
    EXPECT_EQ(status.at(15), AssertionStatus::HoldsReached); // __CPROVER_assert
    EXPECT_EQ(status.at(17), AssertionStatus::HoldsReached); // if (x == 3 && x == 4) reach_error()
    for (const AssertionSite &s : r.sites) {
        if (s.line == 17)
            EXPECT_EQ(s.text, "if (x == 3 && x == 4) reach_error()");
        else if (s.line == 11)
            EXPECT_EQ(s.text, "assert(x == 7)");
    }
    EXPECT_EQ(vacuitySummary(r), "2 of 5 assertions vacuous: never reached");
    checkClaims(*p, r);
}

TEST(Vacuity, ALoopBoundedAssertionIsVacuousAndAnInputsIsViolated) {
    auto p = load("loop.c");
    ASSERT_FALSE(p->diagnostics.hasErrors());
    const VacuityReport r = decideWithMargin(*p);
    ASSERT_EQ(r.sites.size(), 3u);
    const auto status = byLine(r);
    EXPECT_EQ(status.at(12), AssertionStatus::Vacuous);
    EXPECT_EQ(status.at(15), AssertionStatus::HoldsReached);
    // n != 9 holds for most inputs: reached and passed, or failed by n = 9 if that is the
    // test the search found; either claim is replayed below.
    EXPECT_TRUE(status.at(17) == AssertionStatus::HoldsReached || status.at(17) == AssertionStatus::Violated);
    checkClaims(*p, r);
}

// The failure of `assert(a && b && c)` (and of `if (A || B) reach_error()`) is entered from
// each part: the check is where the condition starts, not the failing halves. Found on
// coreJSON's skipSpace proof, whose precondition assert(buf != NULL && ...) was called
// vacuous though every run passes it.
TEST(Vacuity, AConditionOfSeveralPartsIsCheckedWhereItStarts) {
    auto p = load("conditions.c");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << vcov::test::diagnosticsText(*p);
    const VacuityReport r = decideWithMargin(*p);
    ASSERT_EQ(r.sites.size(), 3u);
    const auto status = byLine(r);
    EXPECT_EQ(status.at(13), AssertionStatus::HoldsReached);
    EXPECT_EQ(status.at(14), AssertionStatus::HoldsReached);
    EXPECT_EQ(status.at(16), AssertionStatus::Vacuous);
    checkClaims(*p, r);
}

TEST(Vacuity, AProgramWithoutAssertionsHasNoSites) {
    auto p = vcov::test::parseC("int main(void) { int x = 0; if (x) x = 2; return x; }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors());
    EXPECT_TRUE(assertionSites(*p).empty());
    const VacuityReport r = decideVacuity(*p, GoalOptions{}, {Property::Assertion});
    EXPECT_TRUE(r.sites.empty());
    EXPECT_EQ(vacuitySummary(r), "");
}
