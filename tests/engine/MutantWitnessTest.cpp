// Mutant witnesses (FDV paper, Algorithm 4): on every operator's mutants of a small
// harness, a witness found replays on the mutant, passes every check and runs through the
// mutated code, and covers what it claims; "none" is checked against executions on many
// inputs (none of them may pass through the mutated code).
#include "ParseHelpers.h"

#include "mutation/Campaign.h"
#include "semantics/Interpreter.h"
#include "witness/MutantWitness.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *code = R"(int clamp(int x, int lo, int hi) {
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x + 0;
}
)";

const char *harness = R"(int clamp(int x, int lo, int hi);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < -50 || x > 50)
        return 0;
    int y = clamp(x, -10, 10);
    __VERIFIER_assert(y >= -10 && y <= 10);
    printf("LOG: clamp(%d) = %d\n", x, y);
    return 0;
}
)";

} // namespace

TEST(MutantWitness, EveryWitnessReplaysPassesAndRunsThroughTheMutant) {
    TempDir dir;
    CampaignOptions co;
    co.program.files = {dir.write("harness.c", harness), dir.write("clamp.c", code)};
    co.mutate = {co.program.files[1]};
    co.bmc.unwind = 2;
    co.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer, Property::DivisionByZero};
    co.compiler.clear();
    CampaignRun run = runCampaign(co, std::nullopt);
    ASSERT_TRUE(run.error.empty()) << run.error;
    std::set<std::string> operators;
    size_t found = 0, none = 0;
    std::mt19937 rng(3);
    for (size_t i = 0; i < run.mutants.size(); ++i) {
        const Mutant &m = run.mutants[i];
        if (!m.valid() || run.outcomes[i].status == MutantStatus::Equivalent)
            continue;
        operators.insert(m.site.operatorName);
        WitnessOptions wo;
        wo.frontEnd = &co.program;
        MutantWitness w = findMutantWitness(*run.program, m, co.bmc, wo);
        const std::string what = m.id + " " + m.site.operatorName + " " + m.site.original + " -> " + m.site.replacement;
        InterpreterOptions io;
        io.properties = co.bmc.properties;
        io.variant = m.variantOf();
        InterpreterOptions plain = io;
        plain.variant = nullptr;
        // Independently of the search's edges: up to the mutated code the mutant runs as
        // the original does, so an execution runs through the mutated code exactly when
        // the original's, on the same inputs, reaches the edited text.
        auto reachesEdit = [&](const ExecutionInput &in) {
            const FileId f = run.program->fileId(m.file);
            for (const auto &st : runProgram(*run.program, in, plain).steps) {
                const SourceRange &r = run.program->edge(st.edge).range;
                auto before = [](unsigned l1, unsigned c1, unsigned l2, unsigned c2) {
                    return l1 < l2 || (l1 == l2 && c1 <= c2);
                };
                if (r.file == f && before(r.beginLine, r.beginColumn, m.site.endLine, m.site.endColumn) &&
                    before(m.site.line, m.site.column, r.endLine, r.endColumn))
                    return true;
            }
            return false;
        };
        ASSERT_FALSE(w.mutatedEdges.empty()) << what;
        if (w.status == MutantWitness::Status::Found) {
            ++found;
            ASSERT_TRUE(w.replayed) << what << ": " << w.reason;
            Execution x = runProgram(m.runs(*run.program), w.input, io);
            EXPECT_EQ(x.ending.kind, EndingKind::Exit) << what;
            EXPECT_TRUE(reachesEdit(w.input)) << what;
            EXPECT_LE(w.covered, w.coverable);
            EXPECT_TRUE(w.original) << what;
        } else {
            ASSERT_EQ(w.status, MutantWitness::Status::None) << what << ": " << w.reason;
            ++none;
            // No input in the harness's range may give a passing execution through it.
            for (int x = -50; x <= 50; ++x) {
                const ExecutionInput in{{x}, {}};
                Execution e = runProgram(m.runs(*run.program), in, io);
                EXPECT_FALSE(e.ending.kind == EndingKind::Exit && reachesEdit(in)) << what << " passes with x = " << x;
            }
        }
    }
    EXPECT_EQ(operators, (std::set<std::string>{"rep_op", "rep_const", "negate", "del_stmt"}));
    EXPECT_GT(found, 5u);
    EXPECT_GT(none, 0u);
}

// A witness that must cover more than the first execution did: Algorithm 4 raises the
// target until no execution reaches it, and the last one is maximal.
TEST(MutantWitness, TheTargetRisesUntilNoExecutionCoversMore) {
    TempDir dir;
    CampaignOptions co;
    co.program.files = {dir.write("harness.c", harness), dir.write("clamp.c", code)};
    co.mutate = {co.program.files[1]};
    co.bmc.unwind = 2;
    co.compiler.clear();
    CampaignRun run = runCampaign(co, std::nullopt);
    const Mutant *negated = nullptr;
    for (const Mutant &m : run.mutants)
        if (m.site.operatorName == "rep_op" && m.site.original == "<" && m.site.replacement == "<=")
            negated = &m;
    ASSERT_NE(negated, nullptr);
    MutantWitness w = findMutantWitness(*run.program, *negated, co.bmc);
    ASSERT_EQ(w.status, MutantWitness::Status::Found) << w.reason;
    EXPECT_TRUE(w.maximal);
    ASSERT_GE(w.targets.size(), 2u);
    // Each target is more than the coverage of the witness before it.
    EXPECT_EQ(w.targets.back(), w.covered + 1);
}

// The MaxSAT formulation (Z3's Optimize, a soft constraint per goal) finds a witness of the
// same coverage as Algorithm 4 for every valid mutant, in one query: two ways to one
// maximum, each a check on the other. Both witnesses replay (findMutantWitness checks it).
TEST(MutantWitness, MaxSatReachesTheSameMaximumAsRaisingTheTarget) {
    TempDir dir;
    CampaignOptions co;
    co.program.files = {dir.write("harness.c", harness), dir.write("clamp.c", code)};
    co.mutate = {co.program.files[1]};
    co.bmc.unwind = 2;
    co.compiler.clear();
    CampaignRun run = runCampaign(co, std::nullopt);
    ASSERT_TRUE(run.error.empty()) << run.error;
    size_t compared = 0;
    for (size_t i = 0; i < run.mutants.size(); ++i) {
        const Mutant &m = run.mutants[i];
        if (!m.valid() || run.outcomes[i].status == MutantStatus::Equivalent)
            continue;
        WitnessOptions raise, maxsat;
        maxsat.search = WitnessSearch::MaxSat;
        MutantWitness a = findMutantWitness(*run.program, m, co.bmc, raise);
        MutantWitness b = findMutantWitness(*run.program, m, co.bmc, maxsat);
        ASSERT_EQ(a.status, b.status) << m.id << " " << m.site.operatorName << ": " << a.reason << " / " << b.reason;
        if (a.status != MutantWitness::Status::Found)
            continue;
        EXPECT_TRUE(a.replayed && b.replayed) << m.id;
        EXPECT_TRUE(a.maximal && b.maximal) << m.id;
        EXPECT_EQ(a.covered, b.covered) << m.id << " " << m.site.original << " -> " << m.site.replacement;
        EXPECT_EQ(b.targets.size(), 1u) << m.id; // one query
        ++compared;
    }
    EXPECT_GE(compared, 5u);
}
