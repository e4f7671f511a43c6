// CBMC's dialect of C, where Clang refuses it: text rewrites the front end applies before it
// parses again, each keeping every line where it was (diagnostics, coverage and mutants
// keep their lines). No Clang here: these work on text, and tests call them directly.
#pragma once

#include <optional>
#include <string>

namespace vcov {

// `__CPROVER_forall { int i; (range) ==> body }` and `__CPROVER_exists { int i; e }`, also
// inside macro definitions (aws-c-common's AWS_IS_ZEROED), become a GNU statement expression
// that declares the bound variable and calls __vcov_forall(range, body) /
// __vcov_exists(1, e): the lowering makes that call a quantifier (Intrinsic::Forall,
// Intrinsic::Exists). nullopt when the text has no quantifier; `error` says why one could
// not be rewritten (then nullopt too).
std::optional<std::string> rewriteCbmcQuantifiers(const std::string &text, std::string *error = nullptr);

// True when the text names a CBMC quantifier at all (a quick test before the rewrite).
bool mentionsCbmcQuantifier(const std::string &text);

// C89's implicit declaration, then the real one (aws-c-common's utils.c calls
// __CPROVER_uninterpreted_hasher before it declares it): gcc and goto-cc take the later
// declaration; Clang calls the two types conflicting. The text with that declaration —
// the one that starts on `line` and names `name` — copied to the start of the line of the
// top-level definition of the first use, so the use sees it; empty when the places are
// not found.
std::string declareBeforeFirstUse(const std::string &text, const std::string &name, unsigned line);

// The prototype that starts on `line` (alone on its lines, up to its ';') blanked, every
// newline kept; empty when the line holds something else.
std::string blankDeclaration(const std::string &text, unsigned line);

} // namespace vcov
