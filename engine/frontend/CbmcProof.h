// A CBMC proof as its engineers have it: a cbmc-starter-kit proof directory (its Makefile
// evaluated by GNU make, no goto-cc), or the same variables as a row of a PROOFS.tsv table
// (../shared/bench/proofs/README.md). The result is what vcov needs to run the proof as CBMC
// does: the program (entry, sources, -I, -D, removed bodies, generated sources) and the
// checks and bounds of CBMC's command line.
#pragma once

#include "Diagnostics.h"
#include "frontend/FrontEnd.h"

#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct CbmcProof {
    std::string directory; // the proof's folder, as given
    std::string name;      // the proof's folder name (PROOF_UID)
    std::string origin;    // "make" or the PROOFS.tsv it came from
    FrontEndOptions frontEnd;
    std::vector<std::string> projectSources; // the code under test (PROJECT_SOURCES): what a campaign mutates
    unsigned unwind = 1; // --unwind (CBMC's default with the starter kit: 1)
    // --unwindset as CBMC names loops ("skipSpace.0"; a static function's loops as
    // "__CPROVER_file_local_core_json_c_skipSpace.0" are given by the function's own name).
    std::vector<std::pair<std::string, unsigned>> unwindset;
    bool unwindingAssertions = false;
    std::vector<std::string> cbmcFlags; // CBMCFLAGS and CHECKFLAGS (with CBMC 6's implicit checks)
    std::vector<std::string> checks;    // vcov's --property names the flags ask for
    std::vector<std::string> unmodelled; // CBMC checks asked for that vcov does not make yet
    std::vector<std::string> ignoredCompileFlags; // COMPILE_FLAGS other than -I/-D
};

enum class CbmcProofSource { Auto, Make, Table };

// Auto: a PROOFS.tsv in a folder above `directory` with a row for it, else the Makefile.
std::optional<CbmcProof> readCbmcProof(const std::string &directory, Diagnostics &diagnostics,
                                       CbmcProofSource source = CbmcProofSource::Auto);

} // namespace vcov
