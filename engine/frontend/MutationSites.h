// Where mutation operators apply in one C file, found in Clang's AST: Andrews' operators
// as the FDV paper used them (rep_op, rep_const, negate, del_stmt) and the unary-operator
// removal of universalmutator and Mull (rm_unary). Clang-free header.
#pragma once

#include "frontend/FrontEnd.h"

#include <set>
#include <string>
#include <vector>

namespace vcov {

// The operators, by Andrews' names: rep_op (relational, arithmetic, bitwise, shift,
// logical, compound-assignment and ++/-- operators, each by the others of its class),
// rep_const (an integer constant c by 0, 1, -1, ((c)+1), ((c)-1)), negate (a condition c
// of if, while, do, for and ?: by !(c)), del_stmt (a statement by ;), rm_unary (-, ~, !
// removed).
const std::vector<std::string> &mutationOperators();

// One mutant as a text edit of the file.
struct MutationSite {
    std::string operatorName;
    size_t offset = 0, length = 0; // bytes of the file's text that the replacement replaces
    std::string original, replacement;
    unsigned line = 0, column = 0, endLine = 0, endColumn = 0; // endColumn inclusive
    std::string function; // the function the site is in
};

// The sites of the selected operators in `file` (one of options.files, its text in
// options.contents or on disk), in text order; code that comes from macro expansions and
// from included files is not mutated (its text is not the file's). Clang errors go to
// `errors` (then there are no sites).
std::vector<MutationSite> mutationSites(const FrontEndOptions &options, const std::string &file,
                                        const std::set<std::string> &operators, std::string *errors = nullptr);

} // namespace vcov
