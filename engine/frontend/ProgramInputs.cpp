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
        // SV-COMP's properties (unreach-call, memory safety, overflows) never include the
        // library's own assertions: a memcpy between overlapping regions is not reach_error.
        in.frontEnd.builtinAssertions = false;
        in.task.clear(); // resolved: a second call must not add the files again
    }
    if (!in.cbmcProof.empty()) {
        in.proof = readCbmcProof(in.cbmcProof, diagnostics);
        if (!in.proof)
            return false;
        // The proof's program; what the user gave beside it (-I, -D, --function) stays.
        const FrontEndOptions &p = in.proof->frontEnd;
        auto &fe = in.frontEnd;
        fe.files.insert(fe.files.end(), p.files.begin(), p.files.end());
        fe.includeDirs.insert(fe.includeDirs.end(), p.includeDirs.begin(), p.includeDirs.end());
        fe.defines.insert(fe.defines.end(), p.defines.begin(), p.defines.end());
        fe.removeBodies.insert(fe.removeBodies.end(), p.removeBodies.begin(), p.removeBodies.end());
        fe.contents.insert(p.contents.begin(), p.contents.end());
        if (fe.entry == "main")
            fe.entry = p.entry;
        fe.maxAllocation = std::min(fe.maxAllocation, p.maxAllocation);
        fe.mallocMayFail = fe.mallocMayFail || p.mallocMayFail;
        fe.builtinAssertions = fe.builtinAssertions && p.builtinAssertions;
        in.cbmcProof.clear();
    }
    if (!in.compileCommands.empty()) {
        if (!applyCompileCommands(in.compileCommands, in.frontEnd, diagnostics))
            return false;
        in.compileCommands.clear();
    }
    if (in.frontEnd.files.empty()) {
        diagnostics.error("", 0, 0, "no input file (give FILE.c, --task TASK.yml, --cbmc-proof DIR or --compile-commands DB)");
        return false;
    }
    return true;
}

} // namespace vcov
