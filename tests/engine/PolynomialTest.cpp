// Polynomial relations: the equalities DIG's null-space method finds in sampled states, and
// the normal form that lets propagation, not a SAT search over multiplier circuits, decide
// that an iteration keeps one; both held against concrete runs.
#include "ParseHelpers.h"

#include "bmc/PolynomialAtoms.h"
#include "goals/Induction.h"
#include "goals/PolynomialEqualities.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>
#include <z3++.h>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern int __VERIFIER_nondet_int(void);\nextern short __VERIFIER_nondet_short(void);\n"
                      "void reach_error(void);\n";

using States = std::vector<std::vector<std::optional<int64_t>>>;

int64_t valueOf(const PolynomialEquality &e, const std::vector<int64_t> &state) {
    int64_t sum = 0;
    for (const PolynomialTerm &t : e.terms) {
        int64_t product = t.coefficient;
        for (size_t v : t.vars)
            product *= state[v];
        sum += product;
    }
    return sum;
}

} // namespace

TEST(PolynomialEqualities, TheSumOfTheFirstIntegersIsFound) {
    // (n, sum, i) at the head of for (i = 1; i <= n; i++) sum += i: 2*sum == i*i - i.
    States states;
    for (int64_t n = 1; n <= 12; ++n)
        for (int64_t i = 1, sum = 0; i <= n + 1; sum += i, ++i)
            states.push_back({n, sum, i});
    const std::vector<PolynomialEquality> found = sampledEqualities(states, 3);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].degree(), 2u);
    // It is that relation (up to its sign): it holds on states it was not found on, and a
    // state off it breaks it.
    for (int64_t i = 1; i < 1000; i += 37)
        EXPECT_EQ(valueOf(found[0], {5000, i * (i - 1) / 2, i}), 0) << i;
    EXPECT_NE(valueOf(found[0], {5, 4, 3}), 0);
}

TEST(PolynomialEqualities, AnAffineVariableLeavesTheMonomials) {
    // c == y + 2 is affine; after it only y and x are multiplied: 2*x == y*y + y.
    States states;
    for (int64_t y = -20; y <= 20; ++y)
        states.push_back({y, (y * y + y) / 2, y + 2});
    const std::vector<PolynomialEquality> found = sampledEqualities(states, 3);
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].degree(), 1u);
    EXPECT_EQ(found[1].degree(), 2u);
    for (const PolynomialEquality &e : found)
        for (const PolynomialTerm &t : e.terms)
            if (t.vars.size() > 1)
                for (size_t v : t.vars)
                    EXPECT_NE(v, 2u) << "c is y + 2: no monomial needs it";
    // Unrelated values: nothing, however many states.
    States noise;
    for (int64_t k = 0; k < 200; ++k)
        noise.push_back({(k * 7919) % 263, (k * k * 31) % 101, (k * 17 + 5) % 59});
    EXPECT_TRUE(sampledEqualities(noise, 3).empty());
}

TEST(PolynomialAtoms, TheSameRelationWrittenTwoWaysBecomesOneAtom) {
    // ps3's invariant as written in a candidate, and the program's assertion of it after
    // one iteration (x += (y + 1)^2, y += 1): unsat, but only a polynomial identity says so.
    z3::context ctx;
    const z3::expr x = ctx.bv_const("x", 64), y = ctx.bv_const("y", 64);
    auto c = [&](int v) { return ctx.bv_val(v, 64); };
    const z3::expr invariant = y + c(3) * y * y + c(2) * y * y * y == c(6) * x;
    const z3::expr y1 = y + c(1), x1 = x + y1 * y1;
    const z3::expr assertion = c(6) * x1 - c(2) * y1 * y1 * y1 - c(3) * y1 * y1 - y1 == c(0);
    EXPECT_TRUE(nonlinear({invariant}));
    EXPECT_FALSE(nonlinear({c(6) * x == y + c(1)}));
    z3::goal goal(ctx);
    goal.add(invariant);
    goal.add(!assertion);
    const z3::tactic propagation = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values");
    EXPECT_FALSE(propagation(goal)[0].is_decided_unsat()) << "the rewriter alone decides it: the test shows nothing";
    EXPECT_TRUE(propagation(canonicalPolynomials(goal))[0].is_decided_unsat());
    // An equivalence: a relation the iteration does not keep stays satisfiable.
    z3::goal other(ctx);
    other.add(invariant);
    other.add(!(c(6) * x1 - c(2) * y1 * y1 * y1 - c(3) * y1 * y1 - c(2) * y1 == c(0)));
    z3::solver s(ctx);
    for (unsigned i = 0; i < canonicalPolynomials(other).size(); ++i)
        s.add(canonicalPolynomials(other)[i]);
    EXPECT_EQ(s.check(), z3::sat);
}

TEST(PolynomialAtoms, AnEqualityWhoseProductsCancelIsDecided) {
    // egcd's p*s - r*q after one iteration of a branch: (p - q)*s - (r - s)*q has the same
    // monomials, so the equality holds whatever the values; with a constant off by one it
    // never holds. Either way the normal form decides it instead of leaving two multiplier
    // circuits for the SAT search.
    z3::context ctx;
    const z3::expr p = ctx.bv_const("p", 64), q = ctx.bv_const("q", 64), r = ctx.bv_const("r", 64),
                   s = ctx.bv_const("s", 64);
    const z3::expr before = p * s - r * q, after = (p - q) * s - (r - s) * q;
    const z3::tactic propagation = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values");
    z3::goal same(ctx);
    same.add(!(after == before));
    EXPECT_FALSE(propagation(same)[0].is_decided_unsat()) << "the rewriter alone decides it: the test shows nothing";
    EXPECT_TRUE(propagation(canonicalPolynomials(same))[0].is_decided_unsat());
    z3::goal offByOne(ctx);
    offByOne.add(after == before + ctx.bv_val(1, 64));
    EXPECT_FALSE(propagation(offByOne)[0].is_decided_unsat());
    EXPECT_TRUE(propagation(canonicalPolynomials(offByOne))[0].is_decided_unsat());
    // No product is left to bit-blast: the atom is the constant itself.
    const z3::expr x = ctx.bv_const("x", 32), y = ctx.bv_const("y", 32);
    z3::goal commuted(ctx);
    commuted.add(x * (y + ctx.bv_val(7, 32)) == y * x + ctx.bv_val(7, 32) * x);
    const z3::goal decided = canonicalPolynomials(commuted);
    EXPECT_TRUE(decided.as_expr().is_true()) << decided;
}

TEST(PolynomialAtoms, WhatEveryDisjunctSharesIsLiftedToTheTop) {
    // The step's shape: (h & c1 & d) | (h & c2) — and h shared one level down too — where h,
    // the hypothesis a == x*p, holds on every way. Lifted, substitution uses it everywhere.
    z3::context ctx;
    const z3::expr a = ctx.bv_const("a", 64), x = ctx.bv_const("x", 64), p = ctx.bv_const("p", 64);
    const z3::expr c1 = ctx.bool_const("c1"), c2 = ctx.bool_const("c2"), d = ctx.bool_const("d");
    const z3::expr h = a == x * p;
    z3::goal goal(ctx);
    goal.add((h && c1 && d) || (((h && c1) || (h && !c1)) && c2));
    const z3::goal lifted = withSharedConjuncts(goal);
    ASSERT_EQ(lifted.size(), 2u) << lifted;
    EXPECT_TRUE(z3::eq(lifted[1], h)) << lifted;
    // Nothing that only one way takes: c1, c2, d stay inside.
    z3::solver s(ctx);
    s.add(lifted.as_expr() && !c1 && !d);
    EXPECT_EQ(s.check(), z3::sat);
    // Equivalent: no model of one that is not a model of the other.
    z3::solver differ(ctx);
    differ.add(goal.as_expr() != lifted.as_expr());
    EXPECT_EQ(differ.check(), z3::unsat);
    // What no disjunct shares adds nothing.
    z3::goal none(ctx);
    none.add((h && c1) || c2);
    EXPECT_EQ(withSharedConjuncts(none).size(), 1u);
}

TEST(PolynomialAtoms, KInductionProvesAPolynomialInvariant) {
    // SV-COMP's ps3-ll: one iteration keeps 6x == 2y^3 + 3y^2 + y. Without the normal form
    // the step's SAT search ran out of a minute.
    const std::string body = R"(void check(int cond) {
    if (!(cond)) reach_error();
}
int main(void) {
    short k = __VERIFIER_nondet_short();
    long long y = 0, x = 0, c = 0;
    while (1) {
        check(6*x - 2*y*y*y - 3*y*y - y == 0);
        if (!(c < k)) break;
        c = c + 1;
        y = y + 1;
        x = y * y + x;
    }
    check(6*x - 2*y*y*y - 3*y*y - y == 0);
    return 0;
})";
    auto p = parseC(std::string(Prelude) + body);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.timeoutSeconds = 20;
    const BmcResult r = checkByKInduction(*p, o, 1, 2);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("k-induction"), std::string::npos) << r.reason;
    for (int64_t k : {0, 1, 2, 7, 100, 1000, 32767}) {
        const Execution run = runProgram(*p, {{k}, {}});
        EXPECT_NE(run.ending.kind, EndingKind::PropertyViolation) << k;
    }
}

TEST(PolynomialAtoms, AnEqualityOverTheMergedBranchesIsDecidedCaseByCase) {
    // SV-COMP's egcd-ll: the iteration's two branches merge into p' = (a > b ? p - q : p);
    // only case by case do x*p' and y*r' become the monomials the head's relations are
    // written in, and a == x*p + y*r, b == x*q + y*s carry over. Before, unknown after a minute.
    auto program = [](const std::string &elseUpdate) {
        return std::string(Prelude) + R"(void check(int cond) {
    if (!(cond)) reach_error();
}
int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    if (!(x >= 1 && y >= 1)) return 0;
    int a = x, b = y, p = 1, q = 0, r = 0, s = 1;
    while (1) {
        check(a == y * r + x * p);
        check(b == x * q + y * s);
        if (!(a != b)) break;
        if (a > b) {
            a = a - b;
            p = p - q;
            r = r - s;
        } else {
            b = b - a;
            q = q - p;
            )" + elseUpdate + R"(
        }
    }
    return 0;
})";
    };
    auto p = parseC(program("s = s - r;"));
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.timeoutSeconds = 60;
    const BmcResult r = checkByKInduction(*p, o, 1, 1);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("k-induction at k=1"), std::string::npos) << r.reason;
    for (int64_t x : {1, 2, 6, 35, 1000})
        for (int64_t y : {1, 4, 15, 999}) {
            const Execution run = runProgram(*p, {{x, y}, {}});
            EXPECT_NE(run.ending.kind, EndingKind::PropertyViolation) << x << " " << y;
        }
    // One sign wrong in the else branch: the relation breaks there, and is not proved.
    auto wrong = parseC(program("s = s + r;"));
    const BmcResult w = checkByKInduction(*wrong, o, 1, 4);
    EXPECT_NE(w.verdict, Verdict::Safe) << w.reason;
}

TEST(PolynomialAtoms, ACounterexampleThroughTheNormalFormReplays) {
    // A product the solver must factor: the model passes back through every goal the
    // normal form came from, and the interpreter confirms it.
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
    long long a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (a > 1 && b > 1 && a < 1000 && b < 1000 && a * b + 2 * a == 391 + 2 * a) reach_error();
    return 0;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = 1;
    o.timeoutSeconds = 60;
    const BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    ASSERT_TRUE(r.counterexample);
    const auto &in = r.counterexample->input.nondet;
    ASSERT_EQ(in.size(), 2u);
    EXPECT_EQ(in[0] * in[1], 391);
}
