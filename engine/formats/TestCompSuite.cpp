#include "formats/TestCompSuite.h"
#include "formats/MarkupEscape.h"
#include "semantics/FloatSemantics.h"

#include <openssl/evp.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace vcov {

namespace {

bool writeText(const std::filesystem::path &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return bool(out);
}

} // namespace

std::string nowUtc() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

const SourceFile *programFile(const Program &program) {
    for (const SourceFile &f : program.files)
        if (f.isInput)
            return &f;
    return nullptr;
}

std::string sha256Hex(const std::string &data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr);
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

std::string testSuiteMetadataXml(const Program &program, const TestSuiteMetadata &meta) {
    const SourceFile *file = programFile(program);
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      << "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" "
         "\"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n"
      << "<test-metadata>\n"
      << "  <sourcecodelang>C</sourcecodelang>\n"
      << "  <producer>" << escapeMarkup(meta.producer) << "</producer>\n"
      << "  <specification>" << escapeMarkup(meta.specification) << "</specification>\n"
      << "  <programfile>" << escapeMarkup(file ? file->path : "") << "</programfile>\n"
      << "  <programhash>" << (file ? sha256Hex(file->content) : "") << "</programhash>\n"
      << "  <entryfunction>"
      << escapeMarkup(program.entryFunction != NoFunction ? program.functions[size_t(program.entryFunction)].name : "main")
      << "</entryfunction>\n"
      << "  <architecture>" << (program.dataModel() == DataModel::ILP32 ? "32bit" : "64bit") << "</architecture>\n"
      << "  <creationtime>" << escapeMarkup(meta.creationTime.empty() ? nowUtc() : meta.creationTime)
      << "</creationtime>\n"
      << "</test-metadata>\n";
    return o.str();
}

std::string testCaseXml(const GoalTest &test) {
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      << "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" "
         "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n"
      << "<testcase>\n";
    for (size_t i = 0; i < test.input.nondet.size(); ++i) {
        o << "  <input";
        if (i < test.types.size() && !test.types[i].empty())
            o << " type=\"" << escapeMarkup(test.types[i]) << "\"";
        // Unsigned 64-bit values above INT64_MAX are held wrapped: write them as the type reads them.
        const bool isUnsigned = i < test.types.size() && test.types[i].rfind("unsigned", 0) == 0;
        const std::string type = i < test.types.size() ? test.types[i] : "";
        o << ">";
        if (type == "float" || type == "double") // held as the double's bits: written as a number
            o << inputText(test.input.nondet[i], machineFloat(type == "float" ? 32 : 64));
        else if (isUnsigned)
            o << uint64_t(test.input.nondet[i]);
        else
            o << test.input.nondet[i];
        o << "</input>\n";
    }
    o << "</testcase>\n";
    return o.str();
}

std::string writeTestCompSuite(const Program &program, const GoalReport &report, const TestSuiteMetadata &meta,
                               const std::string &dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return "cannot create " + dir + ": " + ec.message();
    const std::filesystem::path base(dir);
    if (!writeText(base / "metadata.xml", testSuiteMetadataXml(program, meta)))
        return "cannot write " + (base / "metadata.xml").string();
    for (const GoalTest &t : report.tests)
        if (!writeText(base / (t.id + ".xml"), testCaseXml(t)))
            return "cannot write " + (base / (t.id + ".xml")).string();
    return {};
}

} // namespace vcov
