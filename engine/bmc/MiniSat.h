// The SAT search of a bit-blasted goal by MiniSat 2.2 (the solver CBMC uses), run as a child
// process. On unwound programs it searches 2-3 times faster than Z3's own SAT solver
// (qsortexample SIZE=4: 26 s against 67-80 s). Z3 still simplifies and bit-blasts; the goal's
// model converter maps MiniSat's assignment back to the program's variables.
#pragma once

#include <z3++.h>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>
#include <string>

namespace vcov {

struct MiniSatAnswer {
    // Unavailable: no minisat on the PATH, or a goal this translation does not cover; the
    // caller solves with Z3 instead.
    enum Status { Sat, Unsat, Unknown, Unavailable } status = Unavailable;
    std::optional<z3::model> model; // Sat: a model of the formulas the goal came from
    std::string reason;             // Unknown, Unavailable: why
    std::string solver;             // which search answered: "minisat", or "z3" racing it
};

// Whether a minisat executable is on the PATH (looked up once).
bool miniSatAvailable();

// A propositional goal (after Z3's bit-blast tactic, with its model converter) in clauses,
// translated once and searched as often as asked, each search with some of its Boolean
// constants fixed: the model checker's second query on the same bit-blasting.
class MiniSatFormula {
public:
    // earlier: goals that `goal` came from, each by an equivalence over its constants (their
    // model converters, last to first, take the model back after the goal's own).
    explicit MiniSatFormula(const z3::goal &goal, std::vector<z3::goal> earlier = {});
    ~MiniSatFormula();
    // Why the goal has no clauses (an operator the translation does not cover); empty if it has.
    const std::string &untranslatable() const { return m_untranslatable; }
    // The DIMACS variable of a Boolean constant of the goal; 0 when the goal does not hold it.
    int variableOf(const z3::expr &atom) const;
    // units: literals that hold in this search. timeoutSeconds: MiniSat's CPU limit; 0 for
    // none. A set `cancel` stops the search (Unknown).
    MiniSatAnswer solve(const std::vector<int> &units, double timeoutSeconds,
                        const std::atomic<bool> *cancel = nullptr) const;

private:
    struct Clauses;
    z3::goal m_goal;
    std::vector<z3::goal> m_earlier;
    std::unique_ptr<Clauses> m_clauses;
    std::string m_untranslatable;
};

// One search of a propositional goal.
MiniSatAnswer solveWithMiniSat(const z3::goal &goal, double timeoutSeconds,
                               const std::atomic<bool> *cancel = nullptr);

} // namespace vcov
