// Which locals of a function are dead at each of its locations: every path from there
// writes them whole before it reads them, or reads them never again. k-induction's step
// leaves a pointer that is dead at a loop head unhavocked. (Tried in the value analysis,
// 2026-12-08: forgetting dead locals made lirc_imon's 60 s exploration 30 times larger in
// nodes, 6.7 million, with the same 442 lines, and the generator then found no execution
// in it where it had found 3 — so the value analysis does not use it.)
#pragma once

#include "Cfa.h"

#include <set>
#include <unordered_map>
#include <vector>

namespace vcov {

// By location of `function`: its dead locals (parameters included). A local whose address
// the program takes is never dead (a pointer may read it), nor is a static one (a global).
std::unordered_map<NodeId, std::vector<VarId>> deadLocals(const Program &program, const FunctionCfa &function,
                                                          const std::set<VarId> &addressTaken);

} // namespace vcov
