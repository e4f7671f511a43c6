// Which locals of a function are dead at each of its locations: every path from there
// writes them whole before it reads them, or reads them never again. The value analysis
// forgets them (CIL's temporaries — tmp___0 = space; if (tmp___0 == 0) … — otherwise keep
// the value of whichever iteration last set them, and tell apart states that behave alike).
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
