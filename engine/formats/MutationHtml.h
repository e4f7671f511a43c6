// A standalone HTML report of a mutation campaign, drawn by Stryker's own web component
// (mutation-testing-elements, installed from npm by the environment set-up and inlined
// here, so that the page needs no network).
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace vcov {

// Where the component's bundle is: $VCOV_MUTATION_ELEMENTS, else where the environment
// set-up installs it; nullopt when it is in neither place.
std::optional<std::string> mutationElementsBundle();

// The page: the bundle inlined, the Stryker report (strykerReport) as its data. Once the
// component has drawn the report, the page's title ends in "(rendered)", which a headless
// browser can check.
// `notes` (plain text) stand above the report: what the reader must know before its figures.
std::string mutationReportHtml(const nlohmann::json &strykerReport, const std::string &bundle, const std::string &title,
                               const std::vector<std::string> &notes = {});

} // namespace vcov
