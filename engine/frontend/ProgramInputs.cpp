#include "frontend/ProgramInputs.h"

#include "frontend/CompileCommands.h"
#include "frontend/TaskFile.h"

namespace vcov {

bool isTaskFile(const std::string &path) {
    auto endsWith = [&](const char *suffix) {
        std::string s(suffix);
        return path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0;
    };
    return endsWith(".yml") || endsWith(".yaml");
}

bool resolveProgramInputs(ProgramInputs &in, Diagnostics &diagnostics) {
    if (!in.task.empty()) {
        auto task = readTaskFile(in.task, diagnostics);
        if (!task)
            return false;
        in.frontEnd.files.insert(in.frontEnd.files.end(), task->inputFiles.begin(), task->inputFiles.end());
        if (!in.frontEnd.dataModel)
            in.frontEnd.dataModel = task->dataModel;
        in.task.clear(); // resolved: a second call must not add the files again
    }
    if (!in.compileCommands.empty()) {
        if (!applyCompileCommands(in.compileCommands, in.frontEnd, diagnostics))
            return false;
        in.compileCommands.clear();
    }
    if (in.frontEnd.files.empty()) {
        diagnostics.error("", 0, 0, "no input file (give FILE.c, --task TASK.yml or --compile-commands DB)");
        return false;
    }
    return true;
}

} // namespace vcov
