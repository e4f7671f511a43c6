// A mutant of the code under test (the FDV paper's mutation analysis): one text edit of
// one file, and what the edit does to the program. The edited source is parsed by the
// front end like any program; where the edit only replaces operations, the mutant is a
// ProgramVariant of the original CFA (the bounded model checker then checks it on the
// shared encoding), else it keeps the program it parsed to.
#pragma once

#include "Cfa.h"
#include "frontend/MutationSites.h"

#include <memory>
#include <string>
#include <vector>

namespace vcov {

struct Mutant {
    std::string id;   // stable: see mutantId
    std::string file; // the mutated file, as given
    MutationSite site;
    ProgramVariant variant;                 // the edit on the original CFA, when `program` is null
    std::shared_ptr<const Program> program; // the mutant's own CFA (the edit changed its shape)
    std::string compileError;               // non-empty: the mutant does not compile (invalid)

    bool valid() const { return compileError.empty(); }
    // What runs: the program and, for a variant, the variant (null for an own program).
    const Program &runs(const Program &original) const { return program ? *program : original; }
    const ProgramVariant *variantOf() const { return program ? nullptr : &variant; }
};

// The file's text with the site's edit applied.
std::string mutatedText(const std::string &content, const MutationSite &site);

// An id that stays the same when the file is edited elsewhere: a hash of the file's name
// (not its directory), the function, the text of the site's first line (whitespace
// collapsed) and how many equal lines precede it, the site's place in that line, the
// operator, the original and the replacement. 10 hex digits.
std::string mutantId(const std::string &file, const std::string &content, const MutationSite &site);

// The operations that differ between two programs the front end built from texts that
// differ in one edit: a variant of `original` when both have the same locations, edges,
// variables and types and only edges' operations differ; nullopt otherwise.
std::optional<ProgramVariant> variantBetween(const Program &original, const Program &mutant);

// Parses the program with the edit applied to `file` and makes the mutant: invalid when
// the front end rejects it, a variant of `original` where it can be one (for del_stmt of a
// statement without control flow: its assignments and library calls become blank edges,
// as deleteStatements does), else the parsed program.
Mutant buildMutant(const Program &original, const FrontEndOptions &options, const std::string &file,
                   const std::string &content, const MutationSite &site);

} // namespace vcov
