#include "bmc/SatSearch.h"

#include "bmc/MiniSat.h"
#include "bmc/PolynomialAtoms.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace vcov {

namespace {

// The bit-blasting of the model checker's queries (see solveAny in SatSearch.h).
// Variables solved from equations, but not from those inside disjunctions (context_solve,
// on by default since Z3 4.12): that search ignored Z3_interrupt and took 40 s of a 20 s
// budget on a generated program's query (seed 40 --unbounded, k=64), 1.5 s without it.
z3::tactic solveEquations(z3::context &ctx) {
    z3::params p(ctx);
    p.set("context_solve", false);
    return z3::with(z3::tactic(ctx, "solve-eqs"), p);
}

z3::tactic bitBlaster(z3::context &ctx, bool floatingPoint) {
    // elim-uncnstr drops terms fed only by unconstrained inputs (most nondet values of a
    // harness): 15% less solving on qsortexample SIZE=3, 6% at SIZE=4. Its model converter
    // gives those inputs back, so counterexamples still replay.
    // Floating-point terms become bit-vector circuits first (fpa2bv), as CBMC's float_bv does.
    // hi_fp_unspecified: the bits of a NaN (and the results C leaves undefined, which the
    // encoder never uses) are one fixed value, not a fresh function the bit-blaster refuses.
    // A global parameter: the tactics take it from there only.
    static const bool fixedUnspecified = [] {
        z3::set_param("rewriter.hi_fp_unspecified", true);
        return true;
    }();
    (void)fixedUnspecified;
    const z3::tactic words = floatingPoint ? z3::tactic(ctx, "simplify") & z3::tactic(ctx, "fpa2bv")
                                           : z3::tactic(ctx, "skip");
    return words & z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") & solveEquations(ctx) &
           z3::tactic(ctx, "elim-uncnstr") & z3::tactic(ctx, "max-bv-sharing") & z3::tactic(ctx, "bit-blast");
}

z3::expr anyOf(z3::context &ctx, const std::vector<z3::expr> &conditions) {
    z3::expr_vector any(ctx);
    for (const auto &c : conditions)
        any.push_back(c);
    return z3::mk_or(any);
}

} // namespace

struct SatQuery::Blasted {
    std::optional<z3::apply_result> result;
    std::vector<z3::goal> substituted; // with polynomials: the goals before each normal form
    std::unique_ptr<MiniSatFormula> clauses; // null when the goal was decided by the tactics
    std::vector<int> selectors;              // per group, its DIMACS variable
};

SatQuery::SatQuery(z3::context &ctx, const std::vector<z3::expr> &definitions, const std::vector<z3::expr> &facts,
                   std::vector<std::vector<z3::expr>> groups, bool floatingPoint)
    : m_ctx(ctx), m_definitions(definitions), m_facts(facts), m_groups(std::move(groups)),
      m_floatingPoint(floatingPoint) {}

SatQuery::~SatQuery() = default;

bool SatQuery::polynomial() {
    if (!m_polynomial) {
        std::vector<z3::expr> roots(m_facts.begin(), m_facts.end());
        roots.insert(roots.end(), m_definitions.begin(), m_definitions.end());
        for (const auto &g : m_groups)
            roots.insert(roots.end(), g.begin(), g.end());
        m_polynomial = nonlinear(roots);
    }
    return *m_polynomial;
}

z3::check_result SatQuery::solve(const std::vector<bool> &enabled, double timeoutSeconds,
                                 const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                                 std::string &reason, std::string *satSolver) {
    z3::context &ctx = m_ctx;
    std::vector<z3::expr> wanted;
    for (size_t g = 0; g < m_groups.size(); ++g)
        if (g < enabled.size() && enabled[g])
            wanted.insert(wanted.end(), m_groups[g].begin(), m_groups[g].end());
    if (wanted.empty())
        return z3::unsat;
    if (cancel && cancel->load()) {
        reason = "cancelled";
        return z3::unknown;
    }
    const auto start = std::chrono::steady_clock::now();
    // MiniSat searches the bit-blasted formula when it is installed (MiniSat.h); Z3's own SAT
    // solver when it is not, or when the translation does not cover the formula.
    if (!getenv("VCOV_Z3_SAT") && miniSatAvailable()) {
        if (!m_blasted) {
            // Once for every search: each group's conditions behind a selector, a Boolean
            // constant that a search fixes to false where it leaves the group out.
            auto b = std::make_unique<Blasted>();
            z3::goal goal(ctx);
            // The facts first: propagate-values carries a unit into the formulas after it. Put
            // after the definitions, a variant's selector did not slice the other variants away
            // (qsortexample SIZE=2 with the ++i deletion as a variant: 76.8k CNF variables for
            // the program's query instead of 36.8k).
            for (const auto &f : m_facts)
                goal.add(f);
            for (const auto &d : m_definitions)
                goal.add(d);
            std::vector<z3::expr> selectors;
            if (m_groups.size() == 1) {
                goal.add(anyOf(ctx, m_groups[0]));
            } else {
                z3::expr_vector any(ctx);
                for (size_t g = 0; g < m_groups.size(); ++g) {
                    selectors.push_back(ctx.bool_const(("vcov!group" + std::to_string(g)).c_str()));
                    any.push_back(selectors.back() && anyOf(ctx, m_groups[g]));
                }
                goal.add(z3::mk_or(any));
            }
            try {
                // The budget by an interrupt, not z3::try_for: under try_for the same tactic
                // gives another CNF, so a run with --timeout searched differently from one
                // without (toy.cil at --unwind 6: MiniSat 3.2 s against 1.1 s).
                Z3Interrupter interrupter(ctx, cancel, timeoutSeconds);
                if (polynomial()) {
                    // Products of variables: equalities between polynomials in one normal form
                    // (PolynomialAtoms.h), once the path's values are substituted into them;
                    // twice, since what the first round decides substitutes more.
                    const z3::tactic substitute = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                                                  solveEquations(ctx) & z3::tactic(ctx, "propagate-values");
                    for (int round = 0; round < 2; ++round) {
                        // What every way on shares (the step's hypotheses) at the top, where
                        // substitution uses it on every way.
                        const z3::apply_result substituted = substitute(withSharedConjuncts(goal));
                        if (substituted.size() != 1)
                            break;
                        b->substituted.push_back(substituted[0]);
                        goal = canonicalPolynomials(substituted[0]);
                    }
                }
                b->result = bitBlaster(ctx, m_floatingPoint)(goal);
            } catch (const z3::exception &) {
                reason = cancel && cancel->load() ? "cancelled" : "solver: time budget exhausted while bit-blasting";
                return z3::unknown;
            }
            if (b->result->size() == 1 && !(*b->result)[0].is_decided_unsat()) {
                b->clauses = std::make_unique<MiniSatFormula>((*b->result)[0], b->substituted);
                for (const z3::expr &s : selectors)
                    b->selectors.push_back(b->clauses->variableOf(s));
                // A selector the tactics took out (none has been seen): a search per group set.
                if (std::find(b->selectors.begin(), b->selectors.end(), 0) != b->selectors.end())
                    b->clauses.reset();
            }
            m_blastSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            m_blasted = std::move(b);
        }
        if (m_blasted->result->size() == 1 && (*m_blasted->result)[0].is_decided_unsat())
            return z3::unsat; // with every group: so with any
        // A later search on fewer groups: the clauses serve it where bit-blasting took longer
        // than the search did; where the search dominates, a formula simplified for its
        // own conditions searches faster.
        // (toy.cil at --unwind 8: 25 s instead of 32 s; token_ring.09 at 10 keeps its 13 s.)
        const bool fresh = m_searches > 0 && m_blastSeconds < m_searchSeconds;
        if (m_blasted->clauses && fresh)
            return solveOnce(wanted, timeoutSeconds, cancel, model, reason, satSolver);
        if (m_blasted->clauses) {
            const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double left = timeoutSeconds > 0 ? std::max(0.001, timeoutSeconds - used) : 0.0;
            std::vector<int> units;
            for (size_t g = 0; g < m_blasted->selectors.size(); ++g)
                if (g >= enabled.size() || !enabled[g])
                    units.push_back(-m_blasted->selectors[g]);
            const auto searchStart = std::chrono::steady_clock::now();
            MiniSatAnswer answer = m_blasted->clauses->solve(units, left, cancel);
            m_searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - searchStart).count();
            ++m_searches;
            if (satSolver && answer.status != MiniSatAnswer::Unavailable)
                *satSolver = answer.solver.empty() ? "minisat" : answer.solver;
            if (answer.status == MiniSatAnswer::Unsat)
                return z3::unsat;
            if (answer.status == MiniSatAnswer::Sat) {
                model = answer.model;
                return z3::sat;
            }
            if (answer.status == MiniSatAnswer::Unknown) {
                reason = answer.reason;
                return z3::unknown;
            }
        } else if (m_groups.size() > 1) {
            return solveOnce(wanted, timeoutSeconds, cancel, model, reason, satSolver);
        }
    }
    return solveWithZ3(wanted, timeoutSeconds, cancel, model, reason, satSolver);
}

z3::check_result SatQuery::solveOnce(const std::vector<z3::expr> &conditions, double timeoutSeconds,
                                     const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                                     std::string &reason, std::string *satSolver) {
    SatQuery alone(m_ctx, m_definitions, m_facts, {conditions}, m_floatingPoint);
    return alone.solve({true}, timeoutSeconds, cancel, model, reason, satSolver);
}

z3::check_result SatQuery::solveWithZ3(const std::vector<z3::expr> &conditions, double timeoutSeconds,
                                       const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                                       std::string &reason, std::string *satSolver) {
    z3::context &ctx = m_ctx;
    // Z3's SAT solver: its equivalent-literal pass (SCC) re-runs over the whole bit-blasted
    // formula and costs more than it saves on unwound programs: without it qsortexample
    // SIZE=3 solves in 4.0-4.4 s instead of 5.0-5.6 s, the fixharness mutant in 8.9 s
    // instead of 15.2 s; SIZE=4 is unchanged (67-70 s against 68 s).
    z3::params satParams(ctx);
    satParams.set("scc", false);
    if (satSolver)
        *satSolver = "z3";
    z3::solver solver = (bitBlaster(ctx, m_floatingPoint) & z3::with(z3::tactic(ctx, "sat"), satParams)).mk_solver();
    if (timeoutSeconds > 0) {
        z3::params params(ctx);
        params.set("timeout", unsigned(std::max(1.0, timeoutSeconds * 1000)));
        solver.set(params);
    }
    for (const auto &f : m_facts)
        solver.add(f);
    for (const auto &d : m_definitions)
        solver.add(d);
    solver.add(anyOf(ctx, conditions));
    z3::check_result r = z3::unknown;
    {
        Z3Interrupter interrupter(ctx, cancel);
        r = solver.check();
    }
    if (r == z3::sat)
        model = solver.get_model();
    if (r == z3::unknown)
        reason = cancel && cancel->load() ? "cancelled" : "solver: " + solver.reason_unknown();
    return r;
}

z3::check_result solveAny(z3::context &ctx, const std::vector<z3::expr> &definitions,
                          const std::vector<z3::expr> &conditions, const std::vector<z3::expr> &facts,
                          double timeoutSeconds, const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                          std::string &reason, std::string *satSolver, bool floatingPoint) {
    SatQuery query(ctx, definitions, facts, {conditions}, floatingPoint);
    return query.solve({true}, timeoutSeconds, cancel, model, reason, satSolver);
}

z3::check_result solveMaxSat(z3::context &ctx, const std::vector<z3::expr> &definitions,
                             const std::vector<z3::expr> &conditions, const std::vector<z3::expr> &facts,
                             const std::vector<z3::expr> &soft, double timeoutSeconds,
                             const std::atomic<bool> *cancel, std::optional<z3::model> &model, std::string &reason) {
    if (conditions.empty())
        return z3::unsat;
    z3::optimize opt(ctx);
    if (timeoutSeconds > 0) {
        z3::params params(ctx);
        params.set("timeout", unsigned(std::max(1.0, timeoutSeconds * 1000)));
        opt.set(params);
    }
    for (const auto &f : facts)
        opt.add(f);
    for (const auto &d : definitions)
        opt.add(d);
    z3::expr_vector any(ctx);
    for (const auto &c : conditions)
        any.push_back(c);
    opt.add(z3::mk_or(any));
    for (const auto &s : soft)
        opt.add_soft(s, 1);
    z3::check_result r = z3::unknown;
    {
        Z3Interrupter interrupter(ctx, cancel);
        r = opt.check();
    }
    if (r == z3::sat)
        model = opt.get_model();
    if (r == z3::unknown)
        reason = cancel && cancel->load() ? "cancelled" : std::string("optimizer: ") + Z3_optimize_get_reason_unknown(ctx, opt);
    return r;
}

} // namespace vcov
