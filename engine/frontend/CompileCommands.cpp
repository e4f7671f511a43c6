#include "frontend/CompileCommands.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace vcov {

namespace fs = std::filesystem;

std::vector<std::string> shellWords(const std::string &command) {
    std::vector<std::string> out;
    std::string cur;
    bool inWord = false;
    char quote = 0;
    for (size_t i = 0; i < command.size(); ++i) {
        char c = command[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < command.size())
                cur += command[++i];
            else
                cur += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            inWord = true;
        } else if (c == '\\' && i + 1 < command.size()) {
            cur += command[++i];
            inWord = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord)
                out.push_back(cur);
            cur.clear();
            inWord = false;
        } else {
            cur += c;
            inWord = true;
        }
    }
    if (inWord)
        out.push_back(cur);
    return out;
}

namespace {

void addUnique(std::vector<std::string> &v, const std::string &s) {
    if (std::find(v.begin(), v.end(), s) == v.end())
        v.push_back(s);
}

} // namespace

bool applyCompileCommands(const std::string &pathIn, FrontEndOptions &options, Diagnostics &diagnostics) {
    fs::path path = pathIn;
    if (fs::is_directory(path))
        path /= "compile_commands.json";
    std::ifstream in(path);
    if (!in) {
        diagnostics.error(path.string(), 0, 0, "cannot read compilation database");
        return false;
    }
    nlohmann::json db;
    try {
        db = nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error &ex) {
        diagnostics.error(path.string(), 0, 0, std::string("not a valid compilation database: ") + ex.what());
        return false;
    }
    if (!db.is_array()) {
        diagnostics.error(path.string(), 0, 0, "not a compilation database: expected a JSON array");
        return false;
    }
    bool takeAll = options.files.empty();
    std::vector<std::string> wanted;
    for (const auto &f : options.files)
        wanted.push_back(fs::absolute(f).lexically_normal().string());
    for (const auto &entry : db) {
        if (!entry.is_object() || !entry.contains("file") || !entry.contains("directory"))
            continue;
        fs::path dir = entry["directory"].get<std::string>();
        fs::path file = entry["file"].get<std::string>();
        if (file.is_relative())
            file = dir / file;
        std::string abs = file.lexically_normal().string();
        if (file.extension() != ".c" && file.extension() != ".i")
            continue;
        if (!takeAll && std::find(wanted.begin(), wanted.end(), abs) == wanted.end())
            continue;
        if (takeAll)
            options.files.push_back(abs);
        std::vector<std::string> args;
        if (entry.contains("arguments"))
            args = entry["arguments"].get<std::vector<std::string>>();
        else if (entry.contains("command"))
            args = shellWords(entry["command"].get<std::string>());
        for (size_t i = 0; i < args.size(); ++i) {
            const std::string &a = args[i];
            auto value = [&](const char *flag) -> std::string {
                size_t n = strlen(flag);
                if (a.size() > n)
                    return a.substr(n);
                return i + 1 < args.size() ? args[++i] : std::string();
            };
            if (a.rfind("-I", 0) == 0) {
                fs::path inc = value("-I");
                addUnique(options.includeDirs, (inc.is_relative() ? dir / inc : inc).lexically_normal().string());
            } else if (a.rfind("-isystem", 0) == 0) {
                fs::path inc = value("-isystem");
                addUnique(options.includeDirs, (inc.is_relative() ? dir / inc : inc).lexically_normal().string());
            } else if (a.rfind("-D", 0) == 0) {
                addUnique(options.defines, value("-D"));
            } else if (a == "-m32") {
                options.dataModel = DataModel::ILP32;
            } else if (a == "-m64") {
                options.dataModel = DataModel::LP64;
            }
        }
    }
    if (options.files.empty()) {
        diagnostics.error(path.string(), 0, 0, "the compilation database has no C file");
        return false;
    }
    return true;
}

} // namespace vcov
