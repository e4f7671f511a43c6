// Statement deletion, the FDV paper's mutation operator: a program variant without one
// statement (assignments and calls of functions without a body become blank edges). The
// bounded model checker checks many such mutants on one encoding (BmcEncoding).
#pragma once

#include "Cfa.h"

#include <vector>

namespace vcov {

// Whether deletion can blank the edge: an assignment, or a call of a function without a
// body (an intrinsic, a library function).
bool deletableEdge(const Program &p, const CfaEdge &e);
// The edge as deletion leaves it: blank, with its place and its text marked "(deleted)".
CfaEdge deletedEdge(const CfaEdge &e);

// The variant in which the statements on `line` of `file` (column > 0: only the one that
// starts there) are deleted: their assignments and intrinsic calls become blank edges.
// Without edges when there are none.
ProgramVariant deleteStatements(const Program &p, FileId file, unsigned line, unsigned column = 0);
// One variant per statement of `file` that deleteStatements can delete (FDV's statement
// deletion mutants), in source order.
std::vector<ProgramVariant> statementDeletions(const Program &p, FileId file);

} // namespace vcov
