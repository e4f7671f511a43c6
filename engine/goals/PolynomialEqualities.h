// Polynomial equalities among the states sampled at a loop head, found as DIG does
// (Nguyen et al., "Using Dynamic Analysis to Discover Polynomial and Array Invariants"):
// every state is a row of monomial values, and the relations Σ c·m == 0 that hold on all
// rows are the null space of that matrix. Over-fitting is harmless here: each equality is
// only a candidate, and Houdini drops those the base or the step breaks.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace vcov {

struct PolynomialTerm {
    int64_t coefficient = 0;
    std::vector<size_t> vars; // indices into the sample's variables, sorted; empty: a constant
};

// Σ coefficient · Π vars == 0, integer coefficients without a common divisor.
struct PolynomialEquality {
    std::vector<PolynomialTerm> terms;
    unsigned degree() const;
};

// The equalities that every state satisfies: affine ones first (a variable that is an affine
// function of the others is left out of the monomials after that), then those of the least
// degree in 2..3 that has any, as long as the monomials stay at most `maxMonomials`. States
// are rows; a variable unknown in some state is left out. Each equality is checked on every
// state in 64-bit wrapping arithmetic, as the candidates are evaluated.
std::vector<PolynomialEquality> sampledEqualities(const std::vector<std::vector<std::optional<int64_t>>> &states,
                                                  size_t varCount, size_t maxMonomials = 60);

} // namespace vcov
