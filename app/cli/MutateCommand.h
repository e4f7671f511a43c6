// vcov-cli mutate: a mutation campaign against a harness (the FDV paper), or the merge of
// shard reports.
#pragma once

#include <string>
#include <vector>

namespace vcov::cli {

int mutateCommand(const std::vector<std::string> &args);
// vcov-cli witness: the passing, maximally covering execution through a mutant.
int witnessCommand(const std::vector<std::string> &args);

} // namespace vcov::cli
