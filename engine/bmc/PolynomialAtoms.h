// Equalities between polynomials over bit-vectors in one normal form, so that the same
// relation written two ways (an invariant, and the program's own assertion of it after one
// iteration) becomes one atom, which propagation decides, instead of two multiplier
// circuits a SAT solver would have to prove equal — for which it has no good method
// (ps3-ll's inductive step: a minute without an answer).
#pragma once

#include <z3++.h>

#include <vector>

namespace vcov {

// Whether some term multiplies two non-constants (a product of the program's variables).
bool nonlinear(const std::vector<z3::expr> &roots);

// The goal with each equality a == b over bit-vectors of at most 64 bits whose sides
// multiply variables as P == 0: P the difference as a sum of monomials (Z3's som normal
// form), scaled by the inverse of its first coefficient's odd part. Equivalent (odd numbers
// are units modulo 2^n), over the same constants: a model of one is a model of the other.
z3::goal canonicalPolynomials(const z3::goal &goal);

// The goal with, as formulas of their own, the conjuncts that every disjunct of a
// disjunction in it shares (and what those imply in turn): what a path assumes before it
// branches — the step's hypotheses, a == x*p + y*r in every way iteration k+1 may go — so
// that substitution can use them everywhere. Equivalent (each is implied), the same
// constants. Unchanged beyond `maxTerms` distinct terms.
z3::goal withSharedConjuncts(const z3::goal &goal, size_t maxTerms = 20000);

} // namespace vcov
