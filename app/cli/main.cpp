// vcov-cli: the engine without the GUI, for scripts and CI.
#include "cli/CliOptions.h"
#include "formats/CfaDot.h"
#include "formats/CfaJson.h"
#include "frontend/FrontEnd.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

using namespace vcov;
using namespace vcov::cli;

namespace {

const char *usage = R"(usage: vcov-cli COMMAND [OPTIONS] FILE...

Commands:
  cfa    parse the program and print or write its control-flow automata

Program options (all commands):
  -I DIR               include directory
  -D NAME[=VALUE]      macro definition
  --32 | --64          data model ILP32 or LP64 (default: the task's, else LP64)
  --task TASK.yml      an SV-COMP task: its input files and data model
  --compile-commands DB  include paths and defines from a compile_commands.json

cfa options:
  --function NAME      only this function (summary and outputs)
  --dot OUT            write the CFA as Graphviz DOT
  --json OUT           write the CFA as JSON

Exit status: 0 success, 2 usage error, 6 input error (messages as file:line:col).
)";

void printDiagnostics(const Diagnostics &d) {
    for (const auto &item : d.items())
        std::cerr << item.format() << "\n";
}

bool writeFile(const std::string &path, const std::string &content) {
    std::ofstream out(path, std::ios::binary);
    out << content;
    if (!out) {
        std::cerr << "vcov-cli: cannot write " << path << "\n";
        return false;
    }
    return true;
}

int cfaCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args, {"function", "dot", "json"}, {});
    if (!opts)
        return ExitUsage;
    Diagnostics inputDiags;
    if (!resolveProgramInputs(opts->inputs, inputDiags)) {
        printDiagnostics(inputDiags);
        return ExitInputError;
    }
    printDiagnostics(inputDiags);
    auto program = parseProgram(opts->inputs.frontEnd);
    printDiagnostics(program->diagnostics);
    if (program->diagnostics.hasErrors())
        return ExitInputError;

    std::string only = opts->value("function");
    const FunctionCfa *selected = nullptr;
    if (!only.empty()) {
        selected = program->function(only);
        if (!selected || !selected->hasBody) {
            std::cerr << "vcov-cli: no function '" << only << "' with a body\n";
            return ExitInputError;
        }
    }
    size_t nodes = 0, edges = 0, withBody = 0;
    std::string names;
    for (const auto &f : program->functions) {
        if (!f.hasBody || (selected && &f != selected))
            continue;
        ++withBody;
        nodes += f.nodes.size();
        edges += f.edges.size();
        names += (names.empty() ? "" : ", ") + f.name;
    }
    std::cout << "data model: " << dataModelName(program->dataModel()) << "\n";
    std::cout << "functions: " << withBody << " (" << names << ")\n";
    std::cout << "nodes: " << nodes << "\nedges: " << edges << "\n";
    size_t total = 0;
    for (size_t i = 0; i < program->files.size(); ++i) {
        std::set<unsigned> lines;
        for (const auto &e : program->edges)
            if (e.kind != EdgeKind::Blank && e.range.file == FileId(i) && (!selected || e.function == selected->id))
                lines.insert(e.range.beginLine);
        if (lines.empty())
            continue;
        total += lines.size();
        std::cout << "coverable lines: " << program->files[i].path << ": " << lines.size() << "\n";
    }
    std::cout << "coverable lines: total: " << total << "\n";

    if (auto dot = opts->value("dot"); !dot.empty())
        if (!writeFile(dot, selected ? cfaToDot(*program, *selected) : programToDot(*program)))
            return ExitInputError;
    if (auto json = opts->value("json"); !json.empty())
        if (!writeFile(json, programToJson(*program, only).dump(1) + "\n"))
            return ExitInputError;
    return ExitOk;
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << usage;
        return args.empty() ? ExitUsage : ExitOk;
    }
    std::string command = args[0];
    args.erase(args.begin());
    try {
        if (command == "cfa")
            return cfaCommand(args);
    } catch (const std::exception &ex) {
        std::cerr << "vcov-cli: internal error: " << ex.what() << "\n";
        return 70;
    }
    std::cerr << "vcov-cli: unknown command '" << command << "'\n" << usage;
    return ExitUsage;
}
