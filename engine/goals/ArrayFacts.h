// Quantified invariants over arrays (BmcOptions's ArrayFact): what a loop that walks an
// array with its counter leaves behind it, "a2[k] == a1[k] for 0 <= k < i" after the copy
// a2[i] = a1[i], "a[k] != e for 0 <= k < i" after the search while (a[i] != e). Where the
// scalar templates need samples of the head, these come from the loop's code alone (a loop
// of 100000 iterations before them leaves no sample); Houdini proves or drops them. Arrays
// of pointers to structs get facts about the structs: "a[k]->n == 1 -> a[k]->p != 0".
#pragma once

#include "goals/Induction.h"

#include <vector>

namespace vcov {

std::vector<HeadInvariant> arrayFactCandidates(const Program &program, const InductionLoop &loop);

} // namespace vcov
