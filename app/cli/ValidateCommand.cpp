#include "cli/ValidateCommand.h"
#include "cli/CliOptions.h"
#include "formats/ExecutionJson.h"
#include "frontend/FrontEnd.h"
#include "witness/WitnessValidation.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

using namespace vcov;

namespace vcov::cli {

int validateCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args, {"witness", "unwind", "timeout", "property", "json"}, {"trace"});
    if (!opts)
        return ExitUsage;
    const std::string path = opts->value("witness");
    if (path.empty()) {
        std::cerr << "vcov-cli: validate needs --witness FILE (GraphML or YAML)\n";
        return ExitUsage;
    }
    BmcOptions bo;
    bo.unwind = 10;
    try {
        if (auto u = opts->value("unwind"); !u.empty())
            bo.unwind = unsigned(std::stoul(u));
        if (auto t = opts->value("timeout"); !t.empty())
            bo.timeoutSeconds = std::stod(t);
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --unwind and --timeout take numbers\n";
        return ExitUsage;
    }
    auto props = parsePropertyList(opts->value("property"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts->value("property") << "'\n";
        return ExitUsage;
    }
    bo.properties = *props;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "vcov-cli: cannot read '" << path << "'\n";
        return ExitInputError;
    }
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string error;
    auto witness = parseViolationWitness(text, error);
    if (!witness) {
        std::cerr << path << ": error: " << error << "\n";
        return ExitInputError;
    }
    auto program = loadProgramWithMain(*opts);
    if (!program)
        return ExitInputError;
    for (const std::string &n : witness->notes)
        std::cerr << path << ": note: " << n << "\n";
    const std::vector<Waypoint> follows = witness->follows();
    std::cout << "witness: " << witness->format << ", " << follows.size() << " waypoints"
              << (witness->producer.empty() ? "" : ", by " + witness->producer) << "\n";
    if (opts->has("trace"))
        for (const Waypoint &w : follows)
            std::cout << "  " << waypointTypeName(w.type) << " " << w.file << ":" << w.line << ":" << w.column << " "
                      << w.function << (w.constraint.empty() ? "" : " [" + w.constraint + "]") << "\n";
    WitnessValidation v = validateWitness(*program, *witness, bo);
    if (v.execution && opts->has("trace"))
        std::cout << executionTrace(*program, *v.execution);
    std::cout << "method: " << v.method << "\n" << witnessVerdictName(v.verdict) << ": " << v.reason << "\n";
    if (auto out = opts->value("json"); !out.empty()) {
        nlohmann::json j = {{"verdict", witnessVerdictName(v.verdict)},
                            {"method", v.method},
                            {"reason", v.reason},
                            {"waypoints", v.waypoints},
                            {"followed", v.followed},
                            {"format", witness->format}};
        j["execution"] = v.execution ? executionToJson(*program, *v.execution) : nlohmann::json();
        if (!writeFile(out, j.dump(1) + "\n"))
            return ExitInputError;
    }
    // The last line is the verdict alone, for scripts (as SV-COMP validators report it).
    std::cout << witnessVerdictName(v.verdict) << "\n";
    return v.verdict == WitnessVerdict::Confirmed ? 10 : v.verdict == WitnessVerdict::Refuted ? 0 : 1;
}

} // namespace vcov::cli
