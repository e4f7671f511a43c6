// Mutation campaigns (FDV paper): the operators' sites, stable ids, the variant each edit
// makes (checked against the front end's own parse of the edited text), and the kill
// checks with their evidence.
#include "ParseHelpers.h"

#include "formats/MutationJson.h"
#include "frontend/MutationSites.h"
#include "mutation/Campaign.h"
#include "mutation/Mutant.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace vcov;
using namespace vcov::test;

namespace {

FrontEndOptions optionsFor(const std::string &path) {
    FrontEndOptions o;
    o.files = {path};
    return o;
}

std::vector<MutationSite> sitesOf(const std::vector<MutationSite> &all, const std::string &op) {
    std::vector<MutationSite> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const MutationSite &s) { return s.operatorName == op; });
    return out;
}

std::set<std::string> allOperators() { return {mutationOperators().begin(), mutationOperators().end()}; }

const char *classify = R"(#define LIMIT 10
int classify(int x) {
    if (x < 3)
        return x - LIMIT;
    return -x;
}
int main(void) {
    int v = __VERIFIER_nondet_int();
    int r = classify(v);
    return r;
}
)";

} // namespace

TEST(MutationSites, AndrewsOperatorsOnAComparisonAConstantAndAStatement) {
    TempDir dir;
    std::string path = dir.write("classify.c", classify);
    std::string errors;
    auto sites = mutationSites(optionsFor(path), path, allOperators(), &errors);
    ASSERT_TRUE(errors.empty()) << errors;
    // x < 3: the five other relational operators.
    auto ops = sitesOf(sites, "rep_op");
    EXPECT_EQ(std::count_if(ops.begin(), ops.end(), [](auto &s) { return s.original == "<"; }), 5);
    // 3: 0, 1, -1, ((3)+1), ((3)-1).
    auto consts = sitesOf(sites, "rep_const");
    std::vector<std::string> threes;
    for (auto &s : consts)
        if (s.original == "3")
            threes.push_back(s.replacement);
    EXPECT_EQ(threes, (std::vector<std::string>{"0", "1", "-1", "((3)+1)", "((3)-1)"}));
    // LIMIT comes from a macro: its text is not the function's, so it is not mutated.
    for (auto &s : sites)
        EXPECT_NE(s.original, "10");
    // The negated condition and the deleted return.
    auto neg = sitesOf(sites, "negate");
    ASSERT_EQ(neg.size(), 1u);
    EXPECT_EQ(neg[0].replacement, "!(x < 3)");
    auto del = sitesOf(sites, "del_stmt");
    EXPECT_TRUE(std::any_of(del.begin(), del.end(), [](auto &s) { return s.original == "return -x;"; }));
    // -x loses its minus (rm_unary); every site is in a function.
    auto rm = sitesOf(sites, "rm_unary");
    ASSERT_EQ(rm.size(), 1u);
    EXPECT_EQ(rm[0].line, 5u);
    for (auto &s : sites)
        EXPECT_FALSE(s.function.empty());
}

TEST(MutationSites, AReplacementNextToAnOperatorStaysItsOwnToken) {
    TempDir dir;
    const std::string text = "int main(void) { int j = __VERIFIER_nondet_int(); return j-1; }\n";
    std::string path = dir.write("m.c", text);
    auto sites = mutationSites(optionsFor(path), path, {"rep_const"});
    auto it = std::find_if(sites.begin(), sites.end(), [](auto &s) { return s.replacement.find("-1") != std::string::npos; });
    ASSERT_NE(it, sites.end());
    // j-1 with -1 for the 1 is j- -1, not j--1 (which does not compile).
    EXPECT_NE(mutatedText(text, *it).find("j- -1"), std::string::npos);
    auto program = parseProgram(optionsFor(path));
    Mutant m = buildMutant(*program, optionsFor(path), path, text, *it);
    EXPECT_TRUE(m.valid()) << m.compileError;
}

TEST(MutationIds, StayTheSameWhenTheFileChangesElsewhere) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "before");
    std::string a = dir.write("before/classify.c", classify);
    const std::string edited = std::string("/* a comment and a function above */\nint unrelated(void) { return 4; }\n") + classify;
    std::string b = dir.write("classify.c", edited);
    auto before = mutationSites(optionsFor(a), a, allOperators());
    auto after = mutationSites(optionsFor(b), b, allOperators());
    std::set<std::string> idsBefore, idsAfter;
    for (auto &s : before)
        idsBefore.insert(mutantId(a, classify, s));
    for (auto &s : after)
        if (s.function != "unrelated")
            idsAfter.insert(mutantId(b, edited, s));
    EXPECT_EQ(idsBefore.size(), before.size()) << "ids are unique";
    EXPECT_EQ(idsBefore, idsAfter);
    // The lines moved, the ids did not.
    EXPECT_EQ(after.back().line, before.back().line + 2);
}

// Every mutant of a small program, run as the variant the campaign checks and as the
// program the front end parses from the edited text, behaves the same on many inputs.
TEST(Mutants, EachVariantBehavesAsTheEditedSourceDoes) {
    const char *code = R"(int g;
int step(int a, int b) {
    int s = 0;
    for (int i = 0; i < 3; i++) {
        if (a > b && i != 1)
            s += a * 2 - b;
        else
            s = s ^ (b >> 1);
        g = g + (s % 5 == 0);
    }
    return s;
}
int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (a < -1000 || a > 1000 || b < -1000 || b > 1000)
        return 0;
    int r = step(a, b);
    __VERIFIER_assert(r != 7 || g > 0);
    return r;
}
)";
    TempDir dir;
    std::string path = dir.write("step.c", code);
    FrontEndOptions o = optionsFor(path);
    auto original = parseProgram(o);
    ASSERT_FALSE(original->diagnostics.hasErrors());
    auto sites = mutationSites(o, path, allOperators());
    ASSERT_GT(sites.size(), 60u);
    size_t variants = 0, own = 0;
    std::mt19937 rng(7);
    for (const MutationSite &s : sites) {
        Mutant m = buildMutant(*original, o, path, code, s);
        if (!m.valid())
            continue;
        FrontEndOptions edited = o;
        edited.contents[path] = mutatedText(code, s);
        auto reparsed = parseProgram(edited);
        ASSERT_FALSE(reparsed->diagnostics.hasErrors());
        (m.program ? own : variants)++;
        for (int k = 0; k < 40; ++k) {
            ExecutionInput in;
            in.nondet = {int64_t(rng() % 41) - 20, int64_t(rng() % 41) - 20};
            InterpreterOptions io;
            io.variant = m.variantOf();
            io.maxSteps = 10000;
            Execution x = runProgram(m.runs(*original), in, io);
            Execution y = runProgram(*reparsed, in, InterpreterOptions{.maxSteps = 10000});
            ASSERT_EQ(x.ending.kind, y.ending.kind) << s.operatorName << " " << s.original << " -> " << s.replacement;
            ASSERT_EQ(x.ending.exitCode, y.ending.exitCode) << s.operatorName << " " << s.original << " -> " << s.replacement;
            // The same writes of the same values (a deleted statement is a blank step in
            // the variant and no step in the edited source).
            auto writes = [](const Execution &e) {
                std::vector<std::string> w;
                for (const auto &st : e.steps)
                    if (!st.assigned.empty() && st.assigned.rfind("__vcov_tmp", 0) != 0)
                        w.push_back(st.assigned + "=" + st.value);
                return w;
            };
            ASSERT_EQ(writes(x), writes(y)) << s.operatorName << " " << s.original << " -> " << s.replacement;
        }
    }
    // Most edits only replace operations: they are checked on the shared encoding.
    EXPECT_GT(variants, 3 * own);
}

namespace {

CampaignOptions qsortCampaign(const std::string &harness) {
    CampaignOptions co;
    std::string q = std::string(VCOV_BENCH) + "/harnesses/qsortexample";
    co.program.files = {q + "/" + harness, q + "/quicksort.c"};
    co.program.includeDirs = {q};
    co.mutate = {q + "/quicksort.c"};
    co.operators = {"del_stmt"};
    co.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer};
    return co;
}

const MutantOutcome *outcomeOf(const CampaignRun &run, unsigned line, const std::string &original) {
    for (size_t i = 0; i < run.mutants.size(); ++i)
        if (run.mutants[i].site.line == line && run.mutants[i].site.original == original)
            return &run.outcomes[i];
    return nullptr;
}

} // namespace

#ifdef VCOV_BENCH
// The paper's bar: the fixed harness kills the swap deletion at SIZE=3 with an execution
// replayed on the mutant (that the weak harness lets it survive, cli.mutate.qsort_harness
// and the Mutants view's test show).
TEST(Campaign, TheFixedHarnessKillsTheSwapDeletion) {
    CampaignRun fixed = runCampaign(qsortCampaign("fixharness.c"), 3);
    ASSERT_TRUE(fixed.error.empty()) << fixed.error;
    EXPECT_EQ(fixed.bound, 4u);
    EXPECT_EQ(fixed.original, Verdict::Safe);
    const MutantOutcome *swap = outcomeOf(fixed, 31, "a[i] = a[j];");
    ASSERT_NE(swap, nullptr);
    ASSERT_EQ(swap->status, MutantStatus::Killed) << swap->reason;
    ASSERT_TRUE(swap->counterexample);
    EXPECT_EQ(swap->counterexample->ending.kind, EndingKind::PropertyViolation);
    EXPECT_NE(swap->reason.find("fixharness.c:39"), std::string::npos) << swap->reason;
    // Declarations deleted do not compile (the paper's invalid mutants).
    const MutantOutcome *decl = outcomeOf(fixed, 7, "int j;");
    ASSERT_NE(decl, nullptr);
    EXPECT_EQ(decl->status, MutantStatus::Invalid);
}
#endif

// `while (1)` into `while (-1)` is the paper's equivalent mutant; x + 0 into x - 0 differs
// in the CFA but not in gcc's code (trivial compiler equivalence).
TEST(Campaign, EquivalentMutantsAreNotChecked) {
    TempDir dir;
    std::string path = dir.write("eq.c", R"(int main(void) {
    int x = __VERIFIER_nondet_int();
    int n = 0;
    while (1) {
        if (n >= 2)
            break;
        n++;
    }
    int y = x + 0;
    __VERIFIER_assert(y == x);
    return 0;
}
)");
    CampaignOptions co;
    co.program.files = {path};
    co.mutate = {path};
    co.operators = {"rep_const", "rep_op"};
    co.bmc.unwind = 4;
    CampaignRun run = runCampaign(co, std::nullopt);
    ASSERT_TRUE(run.error.empty()) << run.error;
    bool sawCfa = false, sawTce = false;
    for (size_t i = 0; i < run.mutants.size(); ++i) {
        const auto &s = run.mutants[i].site;
        const auto &o = run.outcomes[i];
        if (s.line == 4 && s.replacement == "-1") {
            EXPECT_EQ(o.status, MutantStatus::Equivalent);
            sawCfa = true;
        }
        if (s.line == 9 && s.original == "+" && s.replacement == "-") {
            EXPECT_EQ(o.status, MutantStatus::Equivalent) << o.phase << " " << o.reason;
            EXPECT_EQ(o.phase, "tce");
            sawTce = true;
        }
        // Nothing is left undecided, and every kill has its execution.
        EXPECT_NE(o.status, MutantStatus::Pending);
        if (o.status == MutantStatus::Killed) {
            EXPECT_TRUE(o.counterexample);
        }
    }
    EXPECT_TRUE(sawCfa);
    EXPECT_TRUE(sawTce);
}

// A campaign about the harness, not the file: mutants of a function no call chain from the
// entry enters are "not reached", never "survived", and out of the kill rate; the harness
// is an entry other than main (cbmc --function), and a function pointer call counts.
TEST(Campaign, MutantsTheHarnessNeverReachesAreNotReached) {
    TempDir dir;
    std::string code = dir.write("code.c", R"(int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int twice(int x) { return 2 * x; }
int unused(int x) {
    if (x > 3)
        return x * x;
    return 0;
}
)");
    std::string harness = dir.write("harness.c", R"(int inc(int x);
int dec(int x);
int twice(int x);
int main(void) { return 0; }
void harness(int a) {
    int (*f)(int) = a > 0 ? inc : dec;
    __VERIFIER_assume(a > -100 && a < 100);
    __VERIFIER_assert(f(a) != a);
    __VERIFIER_assert(twice(a) % 2 == 0);
}
)");
    CampaignOptions co;
    co.program.files = {harness, code};
    co.program.entry = "harness";
    co.mutate = {code};
    co.operators = {"rep_const", "rep_op"};
    co.compiler.clear();
    CampaignRun run = runCampaign(co, std::nullopt);
    ASSERT_TRUE(run.error.empty()) << run.error;
    size_t notReached = 0, reached = 0;
    for (size_t i = 0; i < run.mutants.size(); ++i) {
        const auto &m = run.mutants[i];
        const auto &o = run.outcomes[i];
        SCOPED_TRACE(m.site.function + ": " + m.site.original + " -> " + m.site.replacement);
        if (m.site.function == "unused") {
            EXPECT_EQ(o.status, MutantStatus::NotReached);
            EXPECT_EQ(o.phase, "call graph");
            ++notReached;
        } else {
            EXPECT_NE(o.status, MutantStatus::NotReached);
            EXPECT_NE(o.status, MutantStatus::Pending);
            ++reached;
        }
    }
    EXPECT_GT(notReached, 5u);
    EXPECT_GT(reached, 5u);
    // The kill rate counts the reached mutants only.
    const double checked = double(run.count(MutantStatus::Killed) + run.count(MutantStatus::Survived) +
                                  run.count(MutantStatus::Unknown));
    EXPECT_DOUBLE_EQ(run.killRate(), double(run.count(MutantStatus::Killed)) / checked);
    nlohmann::json report = campaignToJson(SizeSearch{{run}, std::nullopt, {}}, 0, 1);
    EXPECT_EQ(report["summary"]["not-reached"], notReached);
    size_t noCoverage = 0; // Stryker's name for it
    const nlohmann::json stryker = strykerReport(report);
    for (const auto &[file, f] : stryker["files"].items())
        for (const auto &m : f["mutants"])
            noCoverage += m["status"] == "NoCoverage";
    EXPECT_EQ(noCoverage, notReached);

    // --mutate-function narrows further; the settings a report keeps say so, with the bounds
    // of a proof's unwindset.
    co.functions = {"inc"};
    co.bmc.loopBounds = {{"inc.0", 3}};
    CampaignRun narrowed = runCampaign(co, std::nullopt);
    ASSERT_FALSE(narrowed.mutants.empty());
    for (const auto &m : narrowed.mutants)
        EXPECT_EQ(m.site.function, "inc");
    CampaignOptions back;
    ASSERT_TRUE(campaignSettingsFromJson(campaignSettingsToJson(co), back));
    EXPECT_EQ(back.functions, co.functions);
    EXPECT_EQ(back.bmc.loopBounds, co.bmc.loopBounds);
}

// A mutant that never leaves its loop is killed by the bound only where the original
// passes its unwinding checks, as in the paper's CBMC runs.
TEST(Campaign, ExceedingTheBoundKillsOnlyWhenTheOriginalStaysWithinIt) {
    TempDir dir;
    std::string path = dir.write("loop.c", R"(int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 3)
        return 0;
    int i = 0;
    while (i < n)
        i++;
    __VERIFIER_assert(i == n);
    return 0;
}
)");
    CampaignOptions co;
    co.program.files = {path};
    co.mutate = {path};
    co.operators = {"del_stmt"};
    auto deletion = [](const CampaignRun &run) -> const MutantOutcome * {
        for (size_t i = 0; i < run.mutants.size(); ++i)
            if (run.mutants[i].site.original == "i++;")
                return &run.outcomes[i];
        return nullptr;
    };
    co.bmc.unwind = 4; // n <= 3: the original's loop fits
    CampaignRun fits = runCampaign(co, std::nullopt);
    ASSERT_TRUE(fits.error.empty()) << fits.error;
    EXPECT_EQ(fits.original, Verdict::Safe);
    const MutantOutcome *o = deletion(fits);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->status, MutantStatus::Killed) << o->reason;
    EXPECT_TRUE(o->exceedsBound);
    ASSERT_TRUE(o->counterexample);
    EXPECT_NE(o->reason.find("exceeds the bound"), std::string::npos);

    co.bmc.unwind = 2; // too small for the original itself
    CampaignRun small = runCampaign(co, std::nullopt);
    EXPECT_EQ(small.original, Verdict::Unknown);
    o = deletion(small);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->status, MutantStatus::Unknown) << o->reason;
}

TEST(Campaign, AHarnessThatFailsOnTheOriginalCodeIsReportedNotCampaigned) {
    TempDir dir;
    std::string path = dir.write("bad.c", R"(int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assert(x != 1);
    return 0;
}
)");
    CampaignOptions co;
    co.program.files = {path};
    co.mutate = {path};
    CampaignRun run = runCampaign(co, std::nullopt);
    EXPECT_NE(run.error.find("the harness fails on the original code"), std::string::npos) << run.error;
    EXPECT_EQ(run.original, Verdict::Unsafe);
    ASSERT_TRUE(run.originalCounterexample);
}

TEST(Campaign, ShardsPartitionTheMutantsAndMergeIntoTheSingleRun) {
    TempDir dir;
    std::string path = dir.write("classify.c", classify);
    CampaignOptions co;
    co.program.files = {path};
    co.mutate = {path};
    co.bmc.unwind = 2;
    co.compiler.clear();
    SizeSearch all;
    all.runs.push_back(runCampaign(co, std::nullopt));
    std::vector<nlohmann::json> shards;
    size_t total = 0;
    for (unsigned k = 0; k < 3; ++k) {
        co.shardIndex = k;
        co.shardCount = 3;
        SizeSearch one;
        one.runs.push_back(runCampaign(co, std::nullopt));
        total += one.runs[0].mutants.size();
        shards.push_back(campaignToJson(one, k, 3));
    }
    EXPECT_EQ(total, all.runs[0].mutants.size());
    std::string error;
    nlohmann::json merged = mergeCampaignReports(shards, error);
    ASSERT_TRUE(error.empty()) << error;
    nlohmann::json single = campaignToJson(all);
    ASSERT_EQ(merged["mutants"].size(), single["mutants"].size());
    for (size_t i = 0; i < single["mutants"].size(); ++i) {
        EXPECT_EQ(merged["mutants"][i]["id"], single["mutants"][i]["id"]);
        EXPECT_EQ(merged["mutants"][i]["status"], single["mutants"][i]["status"]);
    }
    for (const char *k : {"killed", "survived", "equivalent", "invalid", "unknown"})
        EXPECT_EQ(merged["summary"][k], single["summary"][k]) << k;
    // Stryker's report: one file with its source, every mutant with a Stryker status.
    nlohmann::json stryker = strykerReport(merged);
    EXPECT_EQ(stryker["schemaVersion"], "2");
    ASSERT_EQ(stryker["files"].size(), 1u);
    auto &file = stryker["files"].begin().value();
    EXPECT_EQ(file["source"], classify);
    EXPECT_EQ(file["mutants"].size(), single["mutants"].size());
    for (auto &m : file["mutants"])
        EXPECT_TRUE(m["status"] == "Killed" || m["status"] == "Survived" || m["status"] == "Ignored" ||
                    m["status"] == "CompileError" || m["status"] == "Timeout");
}

TEST(Campaign, FindSizeStopsWhenTheSurvivorsSeeNoNewKill) {
    // The bug shows only for arrays of 3 or more: size 1 and 2 let the mutant through.
    TempDir dir;
    std::string path = dir.write("max.c", R"(int a[SIZE];
int maxOf(int n) {
    int m = a[0];
    for (int i = 1; i < n; i++)
        if (a[i] > m)
            m = a[i];
    return m;
}
int main(void) {
    for (int i = 0; i < SIZE; i++)
        a[i] = __VERIFIER_nondet_int();
    int m = maxOf(SIZE);
    for (int i = 0; i < SIZE; i++)
        __VERIFIER_assert(a[i] <= m);
    return 0;
}
)");
    CampaignOptions co;
    co.program.files = {path};
    co.mutate = {path};
    co.operators = {"rep_const"};
    co.compiler.clear();
    SizeSearch s = findStableSize(co, 1, 6);
    ASSERT_TRUE(s.stableSize) << s.stopReason;
    ASSERT_GE(s.runs.size(), 2u);
    // The last run checked the survivors of the one before at the next size and killed none.
    EXPECT_EQ(s.runs.back().count(MutantStatus::Killed), 0u);
    EXPECT_EQ(*s.stableSize, *s.runs[s.runs.size() - 2].size);
    EXPECT_GE(*s.stableSize, 2);
}
