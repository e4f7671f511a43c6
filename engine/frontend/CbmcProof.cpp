#include "frontend/CbmcProof.h"

#include "frontend/CompileCommands.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace vcov {

namespace {

// CBMC 6 makes these checks without being asked (aws-c-common's Makefile relies on it).
const std::vector<std::string> cbmc6Defaults = {
    "--bounds-check",          "--pointer-check",   "--pointer-primitive-check", "--div-by-zero-check",
    "--signed-overflow-check", "--undefined-shift-check", "--unwinding-assertions", "--malloc-may-fail",
    "--malloc-fail-null"};

// What each CBMC check flag becomes in vcov (empty: not modelled yet).
std::string checkFor(const std::string &flag) {
    static const std::map<std::string, std::string> checks = {
        {"--bounds-check", "bounds"},
        {"--pointer-check", "pointer"},
        {"--div-by-zero-check", "div-by-zero"},
        {"--signed-overflow-check", "overflow"},
        {"--undefined-shift-check", "overflow"}, // vcov's overflow check includes shifts out of range
        {"--pointer-primitive-check", ""},
        {"--pointer-overflow-check", ""},
        {"--unsigned-overflow-check", ""},
        {"--conversion-check", ""},
        {"--float-overflow-check", ""},
        {"--nan-check", ""},
        {"--memory-leak-check", ""},
        {"--memory-cleanup-check", ""},
        {"--enum-range-check", ""},
    };
    auto it = checks.find(flag);
    return it == checks.end() ? std::string("?") : it->second;
}

// "__CPROVER_file_local_core_json_c_skipSpace.0" → "skipSpace.0": vcov names a static
// function's loops by the function's own name.
std::string loopName(const std::string &cbmcName) {
    const std::string prefix = "__CPROVER_file_local_";
    if (cbmcName.rfind(prefix, 0) != 0)
        return cbmcName;
    size_t c = cbmcName.find("_c_", prefix.size());
    return c == std::string::npos ? cbmcName : cbmcName.substr(c + 3);
}

void addUnwindset(CbmcProof &proof, const std::string &list, Diagnostics &d) {
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ',')) {
        for (const std::string &word : shellWords(item)) {
            size_t colon = word.rfind(':');
            try {
                if (colon == std::string::npos)
                    throw std::invalid_argument(word);
                proof.unwindset.push_back({loopName(word.substr(0, colon)), unsigned(std::stoul(word.substr(colon + 1)))});
            } catch (const std::exception &) {
                d.warning(proof.directory, 0, 0, "unwindset entry '" + word + "' is not LOOP:BOUND: ignored");
            }
        }
    }
}

// The flags of CBMC's command line: bounds, unwindset and checks.
void applyFlags(CbmcProof &proof, const std::vector<std::string> &words, Diagnostics &d) {
    std::vector<std::string> flags = words;
    for (const auto &f : cbmc6Defaults)
        if (std::find(flags.begin(), flags.end(), f) == flags.end() &&
            std::find(flags.begin(), flags.end(), "--no-" + f.substr(2)) == flags.end())
            flags.push_back(f);
    unsigned objectBits = 8; // CBMC's default
    bool failNull = false;
    for (size_t i = 0; i < flags.size(); ++i) {
        const std::string &f = flags[i];
        const bool hasValue = i + 1 < flags.size();
        if (f == "--unwind" && hasValue) {
            try {
                proof.unwind = unsigned(std::stoul(flags[i + 1]));
            } catch (const std::exception &) {
                d.warning(proof.directory, 0, 0, "--unwind " + flags[i + 1] + ": not a number, ignored");
            }
            ++i;
        } else if (f == "--unwindset" && hasValue) {
            addUnwindset(proof, flags[++i], d);
        } else if (f == "--object-bits" && hasValue) {
            try {
                objectBits = unsigned(std::stoul(flags[++i]));
            } catch (const std::exception &) {
                d.warning(proof.directory, 0, 0, "--object-bits " + flags[i] + ": not a number, ignored");
            }
        } else if (f == "--malloc-fail-null") {
            failNull = true;
        } else if (f == "--malloc-may-fail") {
            proof.frontEnd.mallocMayFail = true;
        } else if (f == "--no-malloc-may-fail") {
            proof.frontEnd.mallocMayFail = false;
        } else if (f == "--no-built-in-assertions") {
            proof.frontEnd.builtinAssertions = false;
        } else if (f == "--timeout" || f == "--depth") {
            ++i; // no effect on what vcov checks
        } else if (f == "--unwinding-assertions") {
            proof.unwindingAssertions = true;
        } else if (f == "--no-unwinding-assertions") {
            proof.unwindingAssertions = false;
        } else if (std::string c = checkFor(f); c != "?") {
            if (c.empty()) {
                if (std::find(proof.unmodelled.begin(), proof.unmodelled.end(), f) == proof.unmodelled.end())
                    proof.unmodelled.push_back(f);
            } else if (std::find(proof.checks.begin(), proof.checks.end(), c) == proof.checks.end()) {
                proof.checks.push_back(c);
            }
        }
    }
    proof.cbmcFlags = flags;
    // CBMC's largest object has 2^(63-B) - 1 bytes: a larger malloc returns NULL.
    if (failNull && objectBits >= 1 && objectBits < 63)
        proof.frontEnd.maxAllocation = (uint64_t(1) << (63 - objectBits)) - 1;
}

void applyCompileWords(CbmcProof &proof, const std::vector<std::string> &words, const fs::path &base) {
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string &w = words[i];
        auto path = [&](const std::string &p) { return fs::path(p).is_absolute() ? p : (base / p).lexically_normal().string(); };
        if (w == "-I" && i + 1 < words.size())
            proof.frontEnd.includeDirs.push_back(path(words[++i]));
        else if (w.rfind("-I", 0) == 0)
            proof.frontEnd.includeDirs.push_back(path(w.substr(2)));
        else if (w == "-D" && i + 1 < words.size())
            proof.frontEnd.defines.push_back(words[++i]);
        else if (w.rfind("-D", 0) == 0)
            proof.frontEnd.defines.push_back(w.substr(2));
        else if (!w.empty())
            proof.ignoredCompileFlags.push_back(w);
    }
}

// Runs `command` in `cwd` with sh; its standard output, or nullopt when it fails.
std::optional<std::string> runShell(const std::string &command, const fs::path &cwd) {
    std::string quoted = "'";
    for (char c : cwd.string())
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    quoted += "'";
    FILE *p = popen(("cd " + quoted + " && " + command + " 2>/dev/null").c_str(), "r");
    if (!p)
        return std::nullopt;
    std::string out;
    char buf[65536];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;)
        out.append(buf, n);
    return pclose(p) == 0 ? std::optional<std::string>(out) : std::nullopt;
}

std::vector<std::string> splitTsvLine(const std::string &line) {
    std::vector<std::string> fields;
    std::string field;
    std::stringstream in(line);
    while (std::getline(in, field, '\t')) {
        if (field.size() >= 2 && field.front() == '"' && field.back() == '"') {
            std::string unq;
            for (size_t i = 1; i + 1 < field.size(); ++i) {
                unq += field[i];
                if (field[i] == '"' && field[i + 1] == '"')
                    ++i;
            }
            field = unq;
        }
        fields.push_back(field);
    }
    if (!line.empty() && line.back() == '\t')
        fields.push_back({});
    return fields;
}

void addSource(CbmcProof &proof, const std::string &path) {
    auto &files = proof.frontEnd.files;
    if (std::find(files.begin(), files.end(), path) == files.end())
        files.push_back(path);
}

// The row of a PROOFS.tsv above `dir`, if there is one.
std::optional<CbmcProof> fromTable(const fs::path &dir, const std::string &given, Diagnostics &d) {
    std::error_code ec;
    const fs::path target = fs::weakly_canonical(dir, ec);
    for (fs::path up = target; !up.empty(); up = up.parent_path()) {
        const fs::path table = up / "PROOFS.tsv";
        if (fs::exists(table)) {
            std::ifstream in(table);
            std::string line;
            std::getline(in, line);
            const auto header = splitTsvLine(line);
            auto column = [&](const std::vector<std::string> &row, const std::string &name) -> std::string {
                auto it = std::find(header.begin(), header.end(), name);
                size_t i = size_t(it - header.begin());
                return it == header.end() || i >= row.size() ? std::string() : row[i];
            };
            while (std::getline(in, line)) {
                const auto row = splitTsvLine(line);
                const fs::path set = up / column(row, "set");
                if (fs::weakly_canonical(set / column(row, "proof_dir"), ec) != target)
                    continue;
                CbmcProof proof;
                proof.directory = given;
                proof.name = target.filename().string();
                proof.origin = table.string();
                proof.frontEnd.entry = column(row, "entry_function");
                std::string rewritten; // a generated source: the rewrite's output, in memory
                if (std::string rewrite = column(row, "source_rewrite"); !rewrite.empty()) {
                    size_t gt = rewrite.rfind(" > ");
                    if (gt == std::string::npos) {
                        d.error(table.string(), 0, 0, "source_rewrite of " + given + " has no '> OUTPUT'");
                        return std::nullopt;
                    }
                    auto words = shellWords(rewrite.substr(gt + 3));
                    auto text = runShell(rewrite.substr(0, gt), set);
                    if (!text || words.size() != 1) {
                        d.error(table.string(), 0, 0, "the source rewrite of " + given + " failed: " + rewrite);
                        return std::nullopt;
                    }
                    rewritten = (set / words[0]).lexically_normal().string();
                    proof.frontEnd.contents[rewritten] = *text;
                }
                for (const char *col : {"proof_sources", "project_sources"})
                    for (const auto &w : shellWords(column(row, col)))
                        addSource(proof, (set / w).lexically_normal().string());
                for (const auto &w : shellWords(column(row, "project_sources")))
                    proof.projectSources.push_back((set / w).lexically_normal().string());
                applyCompileWords(proof, shellWords(column(row, "include_dirs")), set);
                applyCompileWords(proof, shellWords(column(row, "defines")), set);
                applyCompileWords(proof, shellWords(column(row, "compile_flags")), set);
                proof.frontEnd.removeBodies = shellWords(column(row, "remove_function_body"));
                auto flags = shellWords(column(row, "cbmc_flags"));
                for (const auto &w : shellWords(column(row, "cbmc6_implicit_checks")))
                    flags.push_back(w);
                applyFlags(proof, flags, d);
                addUnwindset(proof, column(row, "unwindset"), d);
                for (const auto &f : proof.frontEnd.files)
                    if (f != rewritten && !fs::exists(f)) {
                        d.error(f, 0, 0, "source of the proof " + given + " does not exist");
                        return std::nullopt;
                    }
                return proof;
            }
        }
        if (up == up.root_path())
            break;
    }
    return std::nullopt;
}

// The Makefile's variables, as GNU make evaluates them: a rule of vcov's prints them.
std::optional<CbmcProof> fromMakefile(const fs::path &dir, const std::string &given, Diagnostics &d) {
    if (!fs::exists(dir / "Makefile")) {
        d.error(given, 0, 0, "not a CBMC proof: no Makefile (and no PROOFS.tsv row) for this folder");
        return std::nullopt;
    }
    static const std::vector<std::string> names = {"HARNESS_ENTRY", "PROOF_UID",     "PROOF_SOURCES",
                                                   "PROJECT_SOURCES", "DEFINES",     "INCLUDES",
                                                   "COMPILE_FLAGS", "UNWINDSET",     "EARLY_UNWINDSET",
                                                   "REMOVE_FUNCTION_BODY", "CBMCFLAGS", "CHECKFLAGS"};
    char tmpl[] = "/tmp/vcov-proof-XXXXXX";
    const int fd = mkstemp(tmpl);
    if (fd < 0) {
        d.error(given, 0, 0, "cannot create a temporary makefile");
        return std::nullopt;
    }
    close(fd);
    {
        std::ofstream mk(tmpl);
        mk << "__vcov_proof_variables:\n";
        for (const auto &n : names)
            mk << "\t$(info __vcov " << n << "=$(" << n << "))\n";
        mk << "\t@:\n";
    }
    auto out = runShell("make -s --no-print-directory -f Makefile -f " + std::string(tmpl) + " __vcov_proof_variables", dir);
    fs::remove(tmpl);
    if (!out) {
        d.error(given, 0, 0, "make could not evaluate the proof's Makefile");
        return std::nullopt;
    }
    std::map<std::string, std::string> v;
    std::stringstream in(*out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("__vcov ", 0) == 0)
            if (size_t eq = line.find('='); eq != std::string::npos)
                v[line.substr(7, eq - 7)] = line.substr(eq + 1);
    if (v["HARNESS_ENTRY"].empty()) {
        d.error(given, 0, 0, "the Makefile names no HARNESS_ENTRY: not a cbmc-starter-kit proof");
        return std::nullopt;
    }
    CbmcProof proof;
    proof.directory = given;
    proof.name = v["PROOF_UID"].empty() ? fs::weakly_canonical(dir).filename().string() : v["PROOF_UID"];
    proof.origin = "make";
    proof.frontEnd.entry = v["HARNESS_ENTRY"];
    for (const char *var : {"PROOF_SOURCES", "PROJECT_SOURCES"})
        for (const auto &w : shellWords(v[var]))
            addSource(proof, (dir / w).lexically_normal().string());
    for (const auto &w : shellWords(v["PROJECT_SOURCES"]))
        proof.projectSources.push_back((dir / w).lexically_normal().string());
    applyCompileWords(proof, shellWords(v["INCLUDES"]), dir);
    applyCompileWords(proof, shellWords(v["DEFINES"]), dir);
    applyCompileWords(proof, shellWords(v["COMPILE_FLAGS"]), dir);
    proof.frontEnd.removeBodies = shellWords(v["REMOVE_FUNCTION_BODY"]);
    auto flags = shellWords(v["CBMCFLAGS"] + " " + v["CHECKFLAGS"]);
    applyFlags(proof, flags, d);
    proof.unwindset.clear(); // CBMCFLAGS' --unwindset is UNWINDSET's: read once, below
    addUnwindset(proof, v["UNWINDSET"] + " " + v["EARLY_UNWINDSET"], d);
    for (const auto &f : proof.frontEnd.files)
        if (!fs::exists(f)) {
            d.error(f, 0, 0, "source of the proof does not exist (a generated file? run its make rule first)");
            return std::nullopt;
        }
    return proof;
}

} // namespace

std::optional<CbmcProof> readCbmcProof(const std::string &directory, Diagnostics &diagnostics, CbmcProofSource source) {
    const fs::path dir(directory);
    if (!fs::is_directory(dir)) {
        diagnostics.error(directory, 0, 0, "not a folder: a CBMC proof is a folder with its Makefile");
        return std::nullopt;
    }
    if (source != CbmcProofSource::Make) {
        if (auto p = fromTable(dir, directory, diagnostics))
            return p;
        if (diagnostics.hasErrors())
            return std::nullopt;
        if (source == CbmcProofSource::Table) {
            diagnostics.error(directory, 0, 0, "no PROOFS.tsv above this folder has a row for it");
            return std::nullopt;
        }
    }
    return fromMakefile(dir, directory, diagnostics);
}

} // namespace vcov
