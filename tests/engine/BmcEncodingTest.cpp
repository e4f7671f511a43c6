// One encoding, many queries: program variants selected by a variable (mutants) and
// executions through given edges (branch goals), each checked against a reference built
// the slow way (a separately parsed mutant source, a separate encoding).
#include "ParseHelpers.h"

#include "bmc/Bmc.h"
#include "mutation/StatementDeletion.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\nvoid assert(int);\n";

// Lines 4.. of the program; each statement line is deleted in turn.
const char *Summing = "int sum(int *a, int n) {\n"
                      "  int s = 0;\n"
                      "  for (int i = 0; i < n; i++)\n"
                      "    s += a[i];\n"
                      "  return s;\n"
                      "}\n"
                      "int main() {\n"
                      "  int a[3];\n"
                      "  int n = __VERIFIER_nondet_int();\n"
                      "  __VERIFIER_assume(n >= 0 && n <= 3);\n"
                      "  a[0] = 1;\n"
                      "  a[1] = 2;\n"
                      "  a[2] = 3;\n"
                      "  int m = 0;\n"
                      "  m = 2 * n;\n"
                      "  int s = sum(a, n);\n"
                      "  assert(s >= n);\n"
                      "  assert(m >= n);\n"
                      "  s = s + 1;\n"
                      "  return 0;\n"
                      "}\n";

std::vector<std::string> linesOf(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

// The source with the statement on line `line` (1-based) deleted: an empty statement, or
// for `int x = f();` the declaration alone.
std::string withLineDeleted(const std::string &text, unsigned line) {
    std::string out;
    auto lines = linesOf(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string l = lines[i];
        if (i + 1 == line)
            l = l.find("int ") != std::string::npos ? l.substr(0, l.find(" = ")) + ";" : "  ;";
        out += l + "\n";
    }
    return out;
}

BmcQuery ofVariant(size_t k) {
    BmcQuery q;
    q.variant = k;
    return q;
}

BmcQuery through(std::vector<EdgeId> edges) {
    BmcQuery q;
    q.through = std::move(edges);
    return q;
}

unsigned violationLine(const Program &p, const BmcResult &r) {
    return r.violationEdge >= 0 ? p.edge(r.violationEdge).line() : 0;
}

} // namespace

// Every deletion mutant checked on one encoding gets the verdict, the violated property
// and line, and a replayed counterexample, as the mutant's own source checked alone.
TEST(BmcVariants, EachVariantAgreesWithItsMutatedSourceCheckedAlone) {
    const std::string code = std::string(Prelude) + Summing;
    auto p = parseC(code);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = 4;
    std::vector<ProgramVariant> variants;
    std::vector<unsigned> lines;
    const auto text = linesOf(code);
    for (unsigned line = 1; line <= text.size(); ++line) {
        // Only whole simple statements: deleting the text of `for (int i = 0; i < n; i++)`
        // would not be deleting its `i++` alone.
        const std::string &t = text[line - 1];
        if (t.find("for (") != std::string::npos || t.find("return") != std::string::npos)
            continue;
        ProgramVariant v = deleteStatements(*p, 0, line);
        if (v.edges.empty())
            continue;
        EXPECT_EQ(variantError(*p, v), "");
        variants.push_back(std::move(v));
        lines.push_back(line);
    }
    ASSERT_EQ(variants.size(), 10u);
    BmcEncoding encoding(*p, o, variants);
    ASSERT_EQ(encoding.error(), "");

    BmcResult original = encoding.check();
    EXPECT_EQ(original.verdict, Verdict::Safe) << original.reason;
    size_t killed = 0, survived = 0;
    for (size_t k = 1; k <= variants.size(); ++k) {
        SCOPED_TRACE(variants[k - 1].name);
        BmcResult mine = encoding.check(ofVariant(k));
        auto mutant = parseC(withLineDeleted(code, lines[k - 1]));
        ASSERT_FALSE(mutant->diagnostics.hasErrors()) << diagnosticsText(*mutant);
        BmcResult alone = checkProgram(*mutant, o);
        EXPECT_EQ(mine.verdict, alone.verdict) << mine.reason << " / " << alone.reason;
        EXPECT_EQ(mine.property, alone.property);
        EXPECT_EQ(violationLine(*p, mine), violationLine(*mutant, alone));
        EXPECT_EQ(mine.replayed, alone.replayed);
        if (mine.verdict == Verdict::Unsafe) {
            ++killed;
            ASSERT_TRUE(mine.counterexample);
            EXPECT_TRUE(mine.replayed);
            // The counterexample is an execution of the mutant, not of the program.
            InterpreterOptions io;
            Execution onProgram = runProgram(*p, mine.counterexample->input, io);
            EXPECT_NE(onProgram.ending.kind, EndingKind::PropertyViolation);
        } else if (mine.verdict == Verdict::Safe) {
            ++survived;
        }
    }
    // Deleting `s += a[i]`, a store into `a`, or `m = 2 * n` kills; deleting an assertion,
    // or the last statement `s = s + 1`, survives; deleting the assumption lets n exceed
    // the bound (unknown).
    EXPECT_GE(killed, 4u);
    EXPECT_GE(survived, 3u);
}

TEST(BmcVariants, ABadVariantIsAClearError) {
    auto p = parseC(std::string(Prelude) + Summing);
    ASSERT_FALSE(p->diagnostics.hasErrors());
    const CfaEdge *assume = nullptr;
    for (const CfaEdge &e : p->edges)
        if (e.kind == EdgeKind::Assume)
            assume = &e;
    ASSERT_TRUE(assume);
    ProgramVariant v;
    v.name = "blank assume";
    CfaEdge blank = *assume;
    blank.kind = EdgeKind::Blank;
    v.edges.emplace(blank.id, blank);
    const std::string why = variantError(*p, v);
    EXPECT_NE(why.find("an edge of kind 'assume' can only be replaced by one of that kind"), std::string::npos) << why;
    BmcEncoding encoding(*p, BmcOptions{}, {v});
    EXPECT_NE(encoding.error().find("variant 'blank assume'"), std::string::npos);
    BmcResult r = encoding.check();
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.reason, encoding.error());
}

// Branch goals: executions that take a given edge, and violations on such executions only.
TEST(BmcQueries, ExecutionsAndViolationsThroughAGivenEdge) {
    auto p = parseC(std::string(Prelude) + "int main() {\n"        // 4
                                           "  int x = __VERIFIER_nondet_int();\n"
                                           "  int y;\n"
                                           "  if (x > 100)\n"
                                           "    y = 1;\n"           // 8
                                           "  else\n"
                                           "    y = 2;\n"           // 10
                                           "  if (x == x + 1)\n"
                                           "    y = 3;\n"           // 12
                                           "  assert(y == 1);\n"
                                           "  return 0;\n"
                                           "}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.properties = {Property::Assertion};
    BmcEncoding encoding(*p, o);
    auto edgeOn = [&](unsigned line) { return p->edgesOnLine(0, line); };

    BmcResult any = encoding.check();
    EXPECT_EQ(any.verdict, Verdict::Unsafe);
    BmcResult viaThen = encoding.check(through(edgeOn(8)));
    EXPECT_EQ(viaThen.verdict, Verdict::Safe) << viaThen.reason;
    BmcResult viaElse = encoding.check(through(edgeOn(10)));
    ASSERT_EQ(viaElse.verdict, Verdict::Unsafe) << viaElse.reason;
    EXPECT_TRUE(viaElse.replayed);
    EXPECT_LE(viaElse.counterexample->input.nondet.at(0), 100);

    BmcOptions search;
    search.properties = {};
    BmcEncoding executions(*p, search);
    ExecutionSearch then = executions.findExecution(through(edgeOn(8)));
    ASSERT_EQ(then.status, ExecutionSearch::Found) << then.reason;
    EXPECT_GT(then.input.nondet.at(0), 100);
    ExecutionSearch never = executions.findExecution(through(edgeOn(12)));
    EXPECT_EQ(never.status, ExecutionSearch::NotFound);
    EXPECT_TRUE(never.complete);
}

// A path cut by the bound might take the wanted edge later: "not found" is then not complete.
TEST(BmcQueries, NotFoundThroughAnEdgeBeyondTheBoundIsIncomplete) {
    auto p = parseC(std::string(Prelude) + "int main() {\n"
                                           "  int n = __VERIFIER_nondet_int();\n"
                                           "  __VERIFIER_assume(n == 10);\n"
                                           "  int i = 0;\n"
                                           "  while (i < n)\n"
                                           "    i++;\n"
                                           "  i = 5;\n" // 10
                                           "  return 0;\n"
                                           "}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.properties = {};
    o.unwind = 3;
    BmcEncoding small(*p, o);
    ExecutionSearch s = small.findExecution(through(p->edgesOnLine(0, 10)));
    EXPECT_EQ(s.status, ExecutionSearch::NotFound);
    EXPECT_FALSE(s.complete);
    EXPECT_NE(s.reason.find("too small"), std::string::npos) << s.reason;
    o.unwind = 11;
    BmcEncoding enough(*p, o);
    EXPECT_EQ(enough.findExecution(through(p->edgesOnLine(0, 10))).status, ExecutionSearch::Found);
}

#ifdef VCOV_BENCH
#include "frontend/FrontEnd.h"

// The FDV paper's story (Figures 3 and 4) on one encoding per harness: the program is
// safe; deleting the swap's `a[i] = a[j];` is killed by fixharness.c with a replayed
// counterexample whose LOG output shows the unsorted array, and survives harness.c.
TEST(BmcVariants, ThePapersSwapDeletionIsKilledByTheFixedHarnessOnly) {
    const std::string q = std::string(VCOV_BENCH) + "/harnesses/qsortexample/";
    for (const char *harness : {"fixharness.c", "harness.c"}) {
        SCOPED_TRACE(harness);
        FrontEndOptions fe;
        fe.files = {q + harness, q + "quicksort.c"};
        fe.includeDirs = {q};
        fe.defines = {"SIZE=3"};
        auto p = parseProgram(fe);
        ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
        ProgramVariant swap = deleteStatements(*p, p->fileId(q + "quicksort.c"), 31, 17);
        ASSERT_EQ(swap.edges.size(), 1u);
        EXPECT_EQ(swap.edges.begin()->second.text, "(deleted) a[i] = a[j]");
        BmcOptions o;
        o.unwind = 4;
        BmcEncoding encoding(*p, o, {swap});
        ASSERT_EQ(encoding.error(), "");
        EXPECT_EQ(encoding.check(ofVariant(0)).verdict, Verdict::Safe);
        BmcResult mutant = encoding.check(ofVariant(1));
        if (std::string(harness) == "harness.c") {
            EXPECT_EQ(mutant.verdict, Verdict::Safe) << mutant.reason;
            continue;
        }
        ASSERT_EQ(mutant.verdict, Verdict::Unsafe) << mutant.reason;
        EXPECT_TRUE(mutant.replayed);
        EXPECT_EQ(p->files[size_t(p->edge(mutant.violationEdge).range.file)].path, q + "fixharness.c");
        EXPECT_NE(mutant.counterexample->output.find("LOG"), std::string::npos) << mutant.counterexample->output;
    }
}
#endif

namespace {

// Blocks the given edges; accepts every state it reaches.
class AvoidEdges : public PathObserver {
public:
    explicit AvoidEdges(std::vector<EdgeId> edges) : m_edges(std::move(edges)) {}
    int initial() const override { return 0; }
    int step(int state, PathMove m) const override {
        return std::find(m_edges.begin(), m_edges.end(), m.edge) != m_edges.end() && !m.isReturn ? Blocked : state;
    }
    bool accepting(int) const override { return true; }

private:
    std::vector<EdgeId> m_edges;
};

// Accepts once one of the given edges is taken.
class TakeEdge : public PathObserver {
public:
    explicit TakeEdge(std::vector<EdgeId> edges) : m_edges(std::move(edges)) {}
    int initial() const override { return 0; }
    int step(int state, PathMove m) const override {
        return state == 1 || (!m.isReturn && std::find(m_edges.begin(), m_edges.end(), m.edge) != m_edges.end());
    }
    bool accepting(int state) const override { return state == 1; }

private:
    std::vector<EdgeId> m_edges;
};

BmcQuery withObserver(const PathObserver &o) {
    BmcQuery q;
    q.observer = &o;
    return q;
}

} // namespace

// An automaton given with the query (a product built on the shared encoding) gives the
// verdicts that unwinding in product with it gives.
TEST(BmcQueries, AnAutomatonOnTheQueryAgreesWithTheUnwoundProduct) {
    auto p = parseC(std::string(Prelude) + "int f(int v) {\n"               // 4
                                           "  if (v > 7)\n"
                                           "    return v - 7;\n"             // 6
                                           "  return v;\n"
                                           "}\n"
                                           "int main() {\n"
                                           "  int x = __VERIFIER_nondet_int();\n"
                                           "  int y = f(x);\n"
                                           "  if (x > 100)\n"
                                           "    y = 1;\n"                    // 13
                                           "  else\n"
                                           "    y = y + 2;\n"                // 15
                                           "  for (int i = 0; i < 3; i++)\n"
                                           "    y = y + 1;\n"
                                           "  assert(y != 5);\n"             // 18
                                           "  return 0;\n"
                                           "}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    // y == 5 at the assertion: x <= 100 and f(x) == 0, so x == 0 (through `return v`).
    std::vector<EdgeId> bothReturns = p->edgesOnLine(0, 6);
    for (EdgeId e : p->edgesOnLine(0, 7))
        bothReturns.push_back(e);
    const std::vector<std::vector<EdgeId>> avoided = {
        {}, p->edgesOnLine(0, 13), p->edgesOnLine(0, 15), p->edgesOnLine(0, 6), p->edgesOnLine(0, 7), bothReturns};
    BmcOptions o;
    o.unwind = 4;
    BmcEncoding shared(*p, o);
    BmcOptions search = o;
    search.properties = {};
    BmcEncoding executions(*p, search);
    std::vector<Verdict> verdicts;
    for (const auto &edges : avoided) {
        AvoidEdges automaton(edges);
        SCOPED_TRACE(edges.size());
        BmcResult onQuery = shared.check(withObserver(automaton));
        BmcOptions unwound = o;
        unwound.observer = &automaton;
        BmcResult alone = checkProgram(*p, unwound);
        EXPECT_EQ(onQuery.verdict, alone.verdict) << onQuery.reason << " / " << alone.reason;
        EXPECT_EQ(onQuery.replayed, alone.replayed);
        verdicts.push_back(onQuery.verdict);
        if (onQuery.verdict == Verdict::Unsafe) {
            int64_t x = onQuery.counterexample->input.nondet.at(0);
            EXPECT_EQ(x, 0);
        }
        ExecutionSearch found = executions.findExecution(withObserver(automaton));
        unwound.properties = {};
        ExecutionSearch foundAlone = findExecution(*p, unwound);
        EXPECT_EQ(found.status, foundAlone.status);
        EXPECT_EQ(found.complete, foundAlone.complete);
        // An automaton with a goal: executions that take one of the edges.
        TakeEdge take(edges);
        unwound.observer = &take;
        ExecutionSearch taking = executions.findExecution(withObserver(take));
        EXPECT_EQ(taking.status, findExecution(*p, unwound).status);
        if (!edges.empty()) { // an empty `through` asks for nothing
            EXPECT_EQ(taking.status, executions.findExecution(through(edges)).status);
        }
        EXPECT_EQ(taking.status, edges.empty() ? ExecutionSearch::NotFound : ExecutionSearch::Found);
    }
    // Avoiding the else branch, `return v`, or both returns of f leaves no violation.
    EXPECT_EQ(verdicts, (std::vector<Verdict>{Verdict::Unsafe, Verdict::Unsafe, Verdict::Safe, Verdict::Unsafe,
                                               Verdict::Safe, Verdict::Safe}));
}

// The coverage generator's automaton: one path of an execution. On the query, it finds
// inputs that follow exactly that path; a path the program cannot take is not found.
TEST(BmcQueries, FollowingOnePathOnTheSharedEncoding) {
    auto p = parseC(std::string(Prelude) + "int main() {\n"
                                           "  int x = __VERIFIER_nondet_int();\n"
                                           "  int n = 0;\n"
                                           "  while (x > 0 && n < 5) {\n"
                                           "    x = x - 3;\n"
                                           "    n++;\n"
                                           "  }\n"
                                           "  if (n == 3)\n"
                                           "    x = 1;\n"
                                           "  return 0;\n"
                                           "}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.properties = {};
    o.unwind = 6;
    BmcEncoding encoding(*p, o);
    for (int64_t input : {8, 0, 100}) {
        Execution x = runProgram(*p, {{input}, {}});
        std::vector<PathMove> moves = movesOf(*p, x);
        FollowPath path(moves);
        ExecutionSearch s = encoding.findExecution(withObserver(path));
        ASSERT_EQ(s.status, ExecutionSearch::Found) << s.reason;
        EXPECT_EQ(movesOf(*p, runProgram(*p, s.input)), moves);
    }
    // Three rounds (n == 3), then the else branch of `if (n == 3)`: the path of input 8 up
    // to that branch, then the path of input 0 from its else branch on.
    auto isBranch = [&](const PathMove &m, bool truth) {
        const CfaEdge &e = p->edge(m.edge);
        return !m.isReturn && e.kind == EdgeKind::Assume && e.text.find("n == 3") != std::string::npos &&
               e.truth == truth;
    };
    std::vector<PathMove> eight = movesOf(*p, runProgram(*p, {{8}, {}}));
    std::vector<PathMove> zero = movesOf(*p, runProgram(*p, {{0}, {}}));
    auto thenAt = std::find_if(eight.begin(), eight.end(), [&](auto &m) { return isBranch(m, true); });
    auto elseAt = std::find_if(zero.begin(), zero.end(), [&](auto &m) { return isBranch(m, false); });
    ASSERT_NE(thenAt, eight.end());
    ASSERT_NE(elseAt, zero.end());
    std::vector<PathMove> impossible(eight.begin(), thenAt);
    impossible.insert(impossible.end(), elseAt, zero.end());
    FollowPath none(impossible);
    ExecutionSearch s = encoding.findExecution(withObserver(none));
    EXPECT_EQ(s.status, ExecutionSearch::NotFound) << s.reason;
    BmcOptions unwound = o;
    unwound.observer = &none;
    EXPECT_EQ(findExecution(*p, unwound).status, ExecutionSearch::NotFound);
}
