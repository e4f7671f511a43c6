// The MiniSat back end: Tseitin's translation of every gate a bit-blasted goal holds, the
// assignment mapped back through Z3's model converter, and agreement with Z3 on
// satisfiability.
#include "bmc/MiniSat.h"
#include "bmc/SatSearch.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include <cstdlib>
#include <set>
#include <string>

using vcov::MiniSatAnswer;

namespace {

// Bit-blasts `formula` as the bounded model checker does and asks MiniSat.
MiniSatAnswer solveBitBlasted(z3::context &ctx, const z3::expr &formula) {
    z3::goal goal(ctx);
    goal.add(formula);
    z3::apply_result blasted = (z3::tactic(ctx, "simplify") & z3::tactic(ctx, "solve-eqs") &
                                z3::tactic(ctx, "bit-blast"))(goal);
    EXPECT_EQ(blasted.size(), 1u);
    return vcov::solveWithMiniSat(blasted[0], 0);
}

} // namespace

TEST(MiniSat, ModelOfABitVectorFormulaSatisfiesIt) {
    z3::context ctx;
    z3::expr x = ctx.bv_const("x", 8), y = ctx.bv_const("y", 8);
    // A product needs a real search, not just propagation.
    z3::expr f = x * y == ctx.bv_val(42, 8) && z3::ult(x, y) && x != ctx.bv_val(1, 8) && z3::slt(ctx.bv_val(0, 8), x);
    MiniSatAnswer a = solveBitBlasted(ctx, f);
    ASSERT_EQ(a.status, MiniSatAnswer::Sat) << a.reason;
    ASSERT_TRUE(a.model);
    EXPECT_TRUE(a.model->eval(f, true).is_true()) << *a.model;
}

TEST(MiniSat, UnsatisfiableBitVectorFormula) {
    z3::context ctx;
    z3::expr x = ctx.bv_const("x", 8), y = ctx.bv_const("y", 8);
    // Products of x < 6 and y < 7 stay below 42 without wrapping.
    z3::expr f = x * y == ctx.bv_val(42, 8) && z3::ult(x, ctx.bv_val(6, 8)) && z3::ult(y, ctx.bv_val(7, 8));
    EXPECT_EQ(solveBitBlasted(ctx, f).status, MiniSatAnswer::Unsat);
}

// Each gate kind, untouched by any tactic, and its negation: MiniSat agrees with Z3, and
// its models satisfy the formula.
TEST(MiniSat, EveryGateAgreesWithZ3) {
    z3::context ctx;
    z3::expr p = ctx.bool_const("p"), q = ctx.bool_const("q"), r = ctx.bool_const("r");
    z3::expr_vector pq(ctx);
    pq.push_back(p);
    pq.push_back(q);
    const std::vector<z3::expr> gates{p && !q,          p || q,         p ^ q,
                                      p == q,           z3::ite(p, q, r), z3::implies(p, q),
                                      z3::distinct(pq), ctx.bool_val(true), (p || q) && (!p || q) && (p || !q) && (!p || !q)};
    for (const z3::expr &gate : gates) {
        for (const z3::expr &f : {gate, !gate, gate && p && !r, gate == (q ^ r)}) {
            z3::solver z3Solver(ctx);
            z3Solver.add(f);
            const bool satisfiable = z3Solver.check() == z3::sat;
            z3::goal goal(ctx);
            goal.add(f);
            MiniSatAnswer a = vcov::solveWithMiniSat(goal, 0);
            ASSERT_EQ(a.status, satisfiable ? MiniSatAnswer::Sat : MiniSatAnswer::Unsat) << f << ": " << a.reason;
            if (satisfiable) {
                EXPECT_TRUE(a.model->eval(f, true).is_true()) << f << "\n" << *a.model;
            }
        }
    }
}

// Z3's solver racing MiniSat from the start, its answer taken (VCOV_SAT_RACE_AFTER=0 and
// VCOV_SAT_RACER_ANSWERS): its models satisfy, unsatisfiable products stay so.
TEST(MiniSat, TheZ3RacerAnswersLikeMiniSat) {
    setenv("VCOV_SAT_RACE_AFTER", "0", 1);
    setenv("VCOV_SAT_RACER_ANSWERS", "1", 1);
    z3::context ctx;
    z3::expr x = ctx.bv_const("x", 16), y = ctx.bv_const("y", 16);
    std::set<std::string> winners;
    for (unsigned n = 2000; n < 2040; ++n) {
        const z3::expr f = x * y == ctx.bv_val(n, 16) && z3::ult(ctx.bv_val(1, 16), x) && z3::ult(x, y) &&
                           z3::ult(y, ctx.bv_val(n, 16)) && z3::ult(x, ctx.bv_val(256, 16)) && z3::ult(y, ctx.bv_val(2048, 16));
        z3::solver reference(ctx);
        reference.add(f);
        const bool satisfiable = reference.check() == z3::sat;
        MiniSatAnswer a = solveBitBlasted(ctx, f);
        SCOPED_TRACE("n = " + std::to_string(n) + ", answered by " + a.solver);
        winners.insert(a.solver);
        ASSERT_EQ(a.status, satisfiable ? MiniSatAnswer::Sat : MiniSatAnswer::Unsat) << a.reason;
        if (satisfiable)
            EXPECT_TRUE(a.model->eval(f, true).is_true()) << *a.model;
    }
    unsetenv("VCOV_SAT_RACE_AFTER");
    unsetenv("VCOV_SAT_RACER_ANSWERS");
    EXPECT_EQ(winners, std::set<std::string>{"z3"});
}

// Searches on one bit-blasting (SatQuery): a group left out of a search cannot satisfy it,
// the clauses of the first search serve the second, and Z3's own SAT solver (no MiniSat)
// answers the same.
TEST(SatQuery, ASearchAsksOnlyForTheGroupsItEnables) {
    for (const bool z3Only : {false, true}) {
        if (z3Only)
            setenv("VCOV_Z3_SAT", "1", 1);
        z3::context ctx;
        z3::expr x = ctx.bv_const("x", 8), y = ctx.bv_const("y", 8);
        const std::vector<z3::expr> definitions{z3::ult(x, ctx.bv_val(6, 8)), z3::ult(y, ctx.bv_val(7, 8))};
        const z3::expr impossible = x * y == ctx.bv_val(42, 8); // products stay below 36
        const z3::expr possible = x * y == ctx.bv_val(20, 8) && x != y;
        const z3::expr alsoPossible = x + y == ctx.bv_val(11, 8);
        vcov::SatQuery q(ctx, definitions, {}, {{impossible, alsoPossible}, {possible}});
        std::optional<z3::model> model;
        std::string reason;
        ASSERT_EQ(q.solve({false, true}, 0, nullptr, model, reason), z3::sat) << reason;
        EXPECT_TRUE(model->eval(possible, true).is_true()) << *model;
        ASSERT_EQ(q.solve({true, false}, 0, nullptr, model, reason), z3::sat) << reason;
        EXPECT_TRUE(model->eval(alsoPossible, true).is_true()) << *model;
        EXPECT_EQ(q.solve({false, false}, 0, nullptr, model, reason), z3::unsat);

        vcov::SatQuery none(ctx, definitions, {}, {{impossible}, {possible && x == ctx.bv_val(5, 8) && y == x}});
        EXPECT_EQ(none.solve({true, true}, 0, nullptr, model, reason), z3::unsat);
        EXPECT_EQ(none.solve({true, false}, 0, nullptr, model, reason), z3::unsat);
        unsetenv("VCOV_Z3_SAT");
    }
}
