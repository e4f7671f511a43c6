#include "bmc/SatSearch.h"

#include "bmc/MiniSat.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace vcov {

z3::check_result solveAny(z3::context &ctx, const std::vector<z3::expr> &definitions,
                          const std::vector<z3::expr> &conditions, const std::vector<z3::expr> &facts,
                          double timeoutSeconds, const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                          std::string &reason, std::string *satSolver, bool floatingPoint) {
    if (conditions.empty())
        return z3::unsat;
    if (cancel && cancel->load()) {
        reason = "cancelled";
        return z3::unknown;
    }
    // elim-uncnstr drops terms fed only by unconstrained inputs (most nondet values of a
    // harness): 15% less solving on qsortexample SIZE=3, 6% at SIZE=4. Its model converter
    // gives those inputs back, so counterexamples still replay.
    // Z3's SAT solver: its equivalent-literal pass (SCC) re-runs over the whole bit-blasted
    // formula and costs more than it saves on unwound programs: without it qsortexample
    // SIZE=3 solves in 4.0-4.4 s instead of 5.0-5.6 s, the fixharness mutant in 8.9 s
    // instead of 15.2 s; SIZE=4 is unchanged (67-70 s against 68 s).
    z3::params satParams(ctx);
    satParams.set("scc", false);
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
    const z3::tactic bitBlast = words & z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                                z3::tactic(ctx, "solve-eqs") & z3::tactic(ctx, "elim-uncnstr") &
                                z3::tactic(ctx, "max-bv-sharing") & z3::tactic(ctx, "bit-blast");
    z3::expr_vector any(ctx);
    for (const auto &c : conditions)
        any.push_back(c);
    // MiniSat searches the bit-blasted formula when it is installed (MiniSat.h); Z3's own SAT
    // solver when it is not, or when the translation does not cover the formula.
    if (!getenv("VCOV_Z3_SAT") && miniSatAvailable()) {
        z3::goal goal(ctx);
        // The facts first: propagate-values carries a unit into the formulas after it. Put
        // after the definitions, a variant's selector did not slice the other variants away
        // (qsortexample SIZE=2 with the ++i deletion as a variant: 76.8k CNF variables for
        // the program's query instead of 36.8k).
        for (const auto &f : facts)
            goal.add(f);
        for (const auto &d : definitions)
            goal.add(d);
        goal.add(z3::mk_or(any));
        // The budget covers the preprocessing too, as it does inside Z3's solver.
        const auto start = std::chrono::steady_clock::now();
        std::optional<z3::apply_result> blasted;
        try {
            // The budget by an interrupt, not z3::try_for: under try_for the same tactic
            // gives another CNF, so a run with --timeout searched differently from one
            // without (toy.cil at --unwind 6: MiniSat 3.2 s against 1.1 s).
            Z3Interrupter interrupter(ctx, cancel, timeoutSeconds);
            blasted = bitBlast(goal);
        } catch (const z3::exception &) {
            reason = cancel && cancel->load() ? "cancelled" : "solver: time budget exhausted while bit-blasting";
            return z3::unknown;
        }
        const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double left = timeoutSeconds > 0 ? std::max(0.001, timeoutSeconds - used) : 0.0;
        if (blasted->size() == 1) {
            const z3::goal propositional = (*blasted)[0];
            if (propositional.is_decided_unsat())
                return z3::unsat;
            MiniSatAnswer answer = solveWithMiniSat(propositional, left, cancel);
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
        }
    }
    if (satSolver)
        *satSolver = "z3";
    z3::solver solver = (bitBlast & z3::with(z3::tactic(ctx, "sat"), satParams)).mk_solver();
    if (timeoutSeconds > 0) {
        z3::params params(ctx);
        params.set("timeout", unsigned(std::max(1.0, timeoutSeconds * 1000)));
        solver.set(params);
    }
    for (const auto &f : facts)
        solver.add(f);
    for (const auto &d : definitions)
        solver.add(d);
    solver.add(z3::mk_or(any));
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
