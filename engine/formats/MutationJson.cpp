#include "formats/MutationJson.h"

#include "formats/ExecutionJson.h"

#include <algorithm>
#include <map>

namespace vcov {

nlohmann::json mutantSiteToJson(const Mutant &m) {
    return {{"id", m.id},
            {"operator", m.site.operatorName},
            {"file", m.file},
            {"line", m.site.line},
            {"column", m.site.column},
            {"end_line", m.site.endLine},
            {"end_column", m.site.endColumn},
            {"offset", m.site.offset},
            {"length", m.site.length},
            {"original", m.site.original},
            {"replacement", m.site.replacement},
            {"function", m.site.function}};
}

Mutant mutantSiteFromJson(const nlohmann::json &j) {
    Mutant m;
    m.id = j.at("id").get<std::string>();
    m.file = j.value("file", std::string());
    MutationSite &s = m.site;
    s.operatorName = j.at("operator").get<std::string>();
    s.line = j.at("line").get<unsigned>();
    s.column = j.value("column", 1u);
    s.endLine = j.value("end_line", s.line);
    s.endColumn = j.value("end_column", s.column);
    s.offset = j.value("offset", size_t(0));
    s.length = j.value("length", size_t(0));
    s.original = j.at("original").get<std::string>();
    s.replacement = j.at("replacement").get<std::string>();
    s.function = j.value("function", std::string());
    return m;
}

namespace {

nlohmann::json mutantJson(const CampaignRun &run, const Mutant &m, const MutantOutcome &o) {
    nlohmann::json j = mutantSiteToJson(m);
    j.update({
        {"status", mutantStatusName(o.status)},
        {"phase", o.phase},
        {"reason", o.reason},
        {"seconds", o.seconds},
        {"bound", o.bound},
        {"exceeds_bound", o.exceedsBound},
        {"cfa", m.program ? "own program" : "variant"},
    });
    j["size"] = run.size ? nlohmann::json(*run.size) : nlohmann::json(nullptr);
    if (o.counterexample) {
        nlohmann::json cx = executionToJson(m.runs(*run.program), *o.counterexample);
        j["counterexample"] = cx;
    } else {
        j["counterexample"] = nullptr;
    }
    return j;
}

} // namespace

nlohmann::json campaignSettingsToJson(const CampaignOptions &o) {
    std::vector<std::string> properties;
    for (Property p : o.bmc.properties)
        properties.push_back(propertyName(p));
    return {{"mutate", o.mutate},
            {"operators", std::vector<std::string>(o.operators.begin(), o.operators.end())},
            {"size_macro", o.sizeMacro},
            {"unwind_expr", o.unwindExpr},
            {"unwind", o.bmc.unwind},
            {"unwinding_assertions", o.bmc.unwindingAssertions},
            {"loop_bounds", o.bmc.loopBounds}, // a proof's unwindset
            {"functions", std::vector<std::string>(o.functions.begin(), o.functions.end())},
            {"properties", properties}};
}

bool campaignSettingsFromJson(const nlohmann::json &j, CampaignOptions &o) {
    try {
        o.mutate = j.at("mutate").get<std::vector<std::string>>();
        auto ops = j.at("operators").get<std::vector<std::string>>();
        o.operators = {ops.begin(), ops.end()};
        o.sizeMacro = j.at("size_macro").get<std::string>();
        o.unwindExpr = j.at("unwind_expr").get<std::string>();
        o.bmc.unwind = j.at("unwind").get<unsigned>();
        o.bmc.unwindingAssertions = j.at("unwinding_assertions").get<bool>();
        // Reports from before proofs have neither.
        o.bmc.loopBounds = j.value("loop_bounds", std::map<std::string, unsigned>{});
        auto functions = j.value("functions", std::vector<std::string>{});
        o.functions = {functions.begin(), functions.end()};
        o.bmc.properties.clear();
        for (const auto &name : j.at("properties").get<std::vector<std::string>>()) {
            auto p = propertyFromName(name);
            if (!p)
                return false;
            o.bmc.properties.insert(*p);
        }
        return true;
    } catch (const nlohmann::json::exception &) {
        return false;
    }
}

nlohmann::json campaignSummary(const nlohmann::json &mutants) {
    std::map<std::string, size_t> counts = {
        {"killed", 0}, {"survived", 0}, {"equivalent", 0}, {"invalid", 0}, {"unknown", 0}, {"not-reached", 0}};
    std::map<std::string, size_t> byPhase;
    double seconds = 0;
    for (const auto &m : mutants) {
        ++counts[m.value("status", "unknown")];
        if (m.value("status", "") == "killed")
            ++byPhase[m.value("phase", "")];
        seconds += m.value("seconds", 0.0);
    }
    size_t checked = counts["killed"] + counts["survived"] + counts["unknown"];
    nlohmann::json s = {{"mutants", mutants.size()}, {"kill_rate", checked ? double(counts["killed"]) / double(checked) : 0.0},
                        {"mutant_seconds", seconds}, {"kills_by_phase", byPhase}};
    for (auto &[k, v] : counts)
        s[k] = v;
    return s;
}

nlohmann::json campaignToJson(const SizeSearch &search, unsigned shardIndex, unsigned shardCount) {
    nlohmann::json mutants = nlohmann::json::array();
    std::map<std::string, size_t> at; // id -> index in mutants
    nlohmann::json sizes = nlohmann::json::array();
    nlohmann::json sources = nlohmann::json::object();
    double seconds = 0;
    for (const CampaignRun &run : search.runs) {
        seconds += run.seconds;
        nlohmann::json survivors = nlohmann::json::array();
        for (size_t i = 0; i < run.mutants.size(); ++i) {
            const Mutant &m = run.mutants[i];
            nlohmann::json j = mutantJson(run, m, run.outcomes[i]);
            if (run.outcomes[i].status == MutantStatus::Survived)
                survivors.push_back(m.id);
            if (auto it = at.find(m.id); it != at.end()) {
                mutants[it->second] = j;
            } else {
                at[m.id] = mutants.size();
                mutants.push_back(j);
            }
            if (run.program && !sources.contains(m.file))
                if (FileId f = run.program->fileId(m.file); f >= 0)
                    sources[m.file] = run.program->files[size_t(f)].content;
        }
        nlohmann::json s = {{"bound", run.bound},
                            {"checked", run.mutants.size()},
                            {"killed", run.count(MutantStatus::Killed)},
                            {"survived", run.count(MutantStatus::Survived)},
                            {"unknown", run.count(MutantStatus::Unknown)},
                            {"not_reached", run.count(MutantStatus::NotReached)},
                            {"original", verdictName(run.original)},
                            {"seconds", run.seconds},
                            {"survivors", survivors}};
        s["size"] = run.size ? nlohmann::json(*run.size) : nlohmann::json(nullptr);
        if (!run.error.empty())
            s["error"] = run.error;
        sizes.push_back(s);
    }
    std::sort(mutants.begin(), mutants.end(), [](const nlohmann::json &a, const nlohmann::json &b) {
        return std::tie(a["file"].get_ref<const std::string &>(), a["line"], a["column"], a["id"].get_ref<const std::string &>()) <
               std::tie(b["file"].get_ref<const std::string &>(), b["line"], b["column"], b["id"].get_ref<const std::string &>());
    });
    nlohmann::json j = {{"mutants", mutants}, {"summary", campaignSummary(mutants)}, {"sizes", sizes},
                        {"sources", sources}, {"seconds", seconds}};
    j["summary"]["seconds"] = seconds;
    j["stable_size"] = search.stableSize ? nlohmann::json(*search.stableSize) : nlohmann::json(nullptr);
    if (!search.stopReason.empty())
        j["stop"] = search.stopReason;
    j["shard"] = {{"index", shardIndex}, {"count", shardCount}};
    return j;
}

nlohmann::json mergeCampaignReports(const std::vector<nlohmann::json> &reports, std::string &error) {
    nlohmann::json mutants = nlohmann::json::array();
    std::map<std::string, nlohmann::json> byId;
    nlohmann::json sources = nlohmann::json::object();
    double seconds = 0;
    for (const auto &r : reports) {
        if (!r.is_object() || !r.contains("mutants") || !r["mutants"].is_array()) {
            error = "not a vcov-cli mutate report (no \"mutants\" list)";
            return {};
        }
        seconds = std::max(seconds, r.value("seconds", 0.0)); // shards run side by side
        for (const auto &m : r["mutants"]) {
            std::string id = m.value("id", "");
            auto [it, fresh] = byId.emplace(id, m);
            if (!fresh && it->second.value("status", "") != m.value("status", "")) {
                error = "the reports disagree on mutant " + id + " (" + it->second.value("status", "") + " and " +
                        m.value("status", "") + ")";
                return {};
            }
        }
        if (r.contains("sources"))
            for (auto &[file, text] : r["sources"].items()) {
                if (sources.contains(file) && sources[file] != text) {
                    error = "the reports come from different versions of " + file;
                    return {};
                }
                sources[file] = text;
            }
    }
    for (auto &[id, m] : byId)
        mutants.push_back(m);
    std::sort(mutants.begin(), mutants.end(), [](const nlohmann::json &a, const nlohmann::json &b) {
        return std::tie(a["file"].get_ref<const std::string &>(), a["line"], a["column"], a["id"].get_ref<const std::string &>()) <
               std::tie(b["file"].get_ref<const std::string &>(), b["line"], b["column"], b["id"].get_ref<const std::string &>());
    });
    nlohmann::json j = {{"mutants", mutants}, {"summary", campaignSummary(mutants)}, {"sources", sources},
                        {"seconds", seconds}, {"merged", reports.size()}};
    if (!reports.empty() && reports.front().contains("campaign"))
        j["campaign"] = reports.front()["campaign"];
    // The harness's assertions (vacuity): decided once, by the first shard.
    for (const nlohmann::json &r : reports)
        if (r.contains("assertions") && !j.contains("assertions"))
            j["assertions"] = r["assertions"];
    j["summary"]["seconds"] = seconds;
    return j;
}

nlohmann::json harnessMutantToJson(const HarnessMutantResult &r) {
    nlohmann::json j = mutantSiteToJson(r.mutant);
    j.update({{"outcome", harnessOutcomeName(r.outcome)},
              {"killed", r.killed},
              {"checked", r.checked},
              {"kill_rate", r.killRate},
              {"reason", r.reason},
              {"seconds", r.seconds}});
    if (r.counterexample && r.program)
        j["counterexample"] = executionToJson(*r.program, *r.counterexample);
    return j;
}

nlohmann::json harnessMutationToJson(const HarnessMutation &hm) {
    nlohmann::json list = nlohmann::json::array();
    std::map<std::string, size_t> counts;
    for (const auto &r : hm.results) {
        list.push_back(harnessMutantToJson(r));
        ++counts[harnessOutcomeName(r.outcome)];
    }
    return {{"harness", hm.harness},
            {"harness_mutants", list},
            {"counts", counts},
            {"code_mutants_killed", hm.original.count(MutantStatus::Killed)},
            {"code_mutants_checked", hm.original.count(MutantStatus::Killed) + hm.original.count(MutantStatus::Survived) +
                                         hm.original.count(MutantStatus::Unknown)},
            {"kill_rate", hm.original.killRate()},
            {"seconds", hm.seconds}};
}

nlohmann::json strykerReport(const nlohmann::json &report) {
    static const std::map<std::string, std::string> status = {{"killed", "Killed"},
                                                              {"survived", "Survived"},
                                                              {"equivalent", "Ignored"},
                                                              {"invalid", "CompileError"},
                                                              {"unknown", "Timeout"},
                                                              {"not-reached", "NoCoverage"},
                                                              {"pending", "Pending"}};
    nlohmann::json files = nlohmann::json::object();
    for (const auto &m : report.value("mutants", nlohmann::json::array())) {
        std::string file = m.value("file", "");
        if (!files.contains(file)) {
            files[file] = {{"language", "c"}, {"mutants", nlohmann::json::array()}};
            files[file]["source"] = report.contains("sources") && report["sources"].contains(file)
                                        ? report["sources"][file].get<std::string>()
                                        : std::string();
        }
        std::string reason = m.value("reason", "");
        if (!m.value("phase", "").empty())
            reason = m.value("phase", "") + ": " + reason;
        nlohmann::json mutant = {
            {"id", m.value("id", "")},
            {"mutatorName", m.value("operator", "")},
            {"replacement", m.value("replacement", "")},
            // Stryker's end column is exclusive, vcov's inclusive.
            {"location",
             {{"start", {{"line", m.value("line", 1)}, {"column", m.value("column", 1)}}},
              {"end", {{"line", m.value("end_line", 1)}, {"column", m.value("end_column", 0) + 1}}}}},
            {"status", status.count(m.value("status", "")) ? status.at(m.value("status", "")) : "Pending"},
            {"statusReason", reason},
        };
        files[file]["mutants"].push_back(mutant);
    }
    nlohmann::json out = {{"$schema", "https://git.io/mutation-testing-schema"},
                          {"schemaVersion", "2"},
                          {"thresholds", {{"high", 80}, {"low", 60}}},
                          {"files", files},
                          {"framework", {{"name", "vcov"}}}};
    return out;
}

} // namespace vcov
