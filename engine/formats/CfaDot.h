// CFAs as Graphviz DOT: nodes are named n<NodeId>, edges carry id="e<EdgeId>" so that a
// layout can be mapped back to the CFA.
#pragma once

#include "Cfa.h"

#include <string>

namespace vcov {

std::string cfaToDot(const Program &program, const FunctionCfa &function);
// Every function with a body, one cluster each.
std::string programToDot(const Program &program);
std::string dotEscape(const std::string &s);

} // namespace vcov
