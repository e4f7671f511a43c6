// Bad input gets a clear error with its place, never a crash or a silently wrong CFA.
#include "ParseHelpers.h"

#include "frontend/CompileCommands.h"
#include "frontend/TaskFile.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

namespace {

const Diagnostic *firstError(const Program &p) {
    for (const auto &d : p.diagnostics.items())
        if (d.severity == Severity::Error)
            return &d;
    return nullptr;
}

void expectUnsupported(const std::string &code, unsigned line, unsigned column, const std::string &what) {
    auto p = parseC(code);
    const Diagnostic *d = firstError(*p);
    ASSERT_NE(d, nullptr) << "no error for: " << code;
    EXPECT_EQ(d->line, line) << d->format();
    EXPECT_EQ(d->column, column) << d->format();
    EXPECT_NE(d->message.find("unsupported"), std::string::npos) << d->format();
    EXPECT_NE(d->message.find(what), std::string::npos) << d->format();
    EXPECT_NE(d->format().find("input.c:" + std::to_string(line) + ":" + std::to_string(column) + ": error:"),
              std::string::npos)
        << d->format();
    EXPECT_EQ(p->entryFunction, NoFunction); // nothing half-built is analysable
}

} // namespace

TEST(Diagnostics, SyntaxErrorHasFileLineColumn) {
    auto p = parseC("int main() {\n  int x = ;\n  return 0;\n}\n");
    const Diagnostic *d = firstError(*p);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->line, 2u);
    EXPECT_EQ(d->column, 11u);
    EXPECT_NE(d->message.find("expected expression"), std::string::npos) << d->format();
    EXPECT_NE(d->file.find("input.c"), std::string::npos);
}

TEST(Diagnostics, EmptyAndBinaryAndMissingFiles) {
    TempDir dir;
    FrontEndOptions o;
    o.files = {dir.write("empty.c", "\n  \n")};
    auto empty = parseProgram(o);
    ASSERT_NE(firstError(*empty), nullptr);
    EXPECT_NE(firstError(*empty)->message.find("empty file"), std::string::npos);

    o.files = {dir.write("binary.c", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10))};
    auto binary = parseProgram(o);
    ASSERT_NE(firstError(*binary), nullptr);
    EXPECT_NE(firstError(*binary)->message.find("binary"), std::string::npos);

    o.files = {(dir.path() / "missing.c").string()};
    auto missing = parseProgram(o);
    ASSERT_NE(firstError(*missing), nullptr);
    EXPECT_NE(firstError(*missing)->message.find("cannot read"), std::string::npos);
}

TEST(Diagnostics, UnsupportedConstructsNameWhatAndWhere) {
    expectUnsupported("int main() {\n  long double d = 1.5;\n  return 0;\n}\n", 2, 15, "floating-point type 'long double'");
    expectUnsupported("int f(int x) { return x; }\nint main() {\n  void *v = (void *)f;\n  return v != 0;\n}\n", 3, 13,
                      "conversion of a function pointer");
    expectUnsupported("int sprintf(char *, const char *, ...);\nint main() {\n  char b[32];\n  sprintf(b, \"%f\", 1.5);\n"
                      "  return 0;\n}\n",
                      4, 14, "'sprintf' with the conversion '%f'");
    expectUnsupported("struct s { int a; };\nint main() {\n  struct s v;\n  __asm__(\"\" : \"=r\"(v));\n  return 0;\n}\n",
                      4, 21, "an output of inline assembly of type 'struct s'");
    expectUnsupported("#include <setjmp.h>\njmp_buf b;\nint main() {\n  if (setjmp(b)) return 1;\n  return 0;\n}\n", 4, 7,
                      "non-local jump");
    expectUnsupported("int pthread_create(void *, void *, void *, void *);\nint main() {\n  pthread_create(0, 0, 0, 0);\n"
                      "  return 0;\n}\n",
                      3, 3, "threads");
    expectUnsupported("union u { int i; int b : 3; };\nint main() {\n  union u v;\n  return 0;\n}\n", 1, 22,
                      "bit-field ('b') in a union");
    expectUnsupported("union u { int i; char c[4]; };\nint main(void) {\n  union u v = {1};\n  int k = 2;\n"
                      "  return v.c[k];\n}\n", 5, 14, "array in a union indexed by a value that is not a constant");
    // A variable-length array is a pointer to its storage (tests/data/vla): what would need
    // its type at run time is refused.
    expectUnsupported("int main(int n, char **argv) {\n  int vla[n][n];\n  return 0;\n}\n", 2, 7,
                      "variable-length array of variable-length arrays ('int[n][n]')");
    expectUnsupported("int main(int n, char **argv) {\n  int vla[n];\n  return sizeof vla;\n}\n", 3, 10,
                      "sizeof of a variable-length array");
    expectUnsupported("int main(int n, char **argv) {\n  int vla[n];\n  int (*q)[n] = &vla;\n  return 0;\n}\n", 3, 9,
                      "variable-length array");
}

TEST(Diagnostics, UnsupportedConstructInAnUncalledFunctionIsOnlyAWarning) {
    auto p = parseC("long double average(int a, int b) { return (a + b) / 2.0L; }\nint main() { return 0; }\n");
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ASSERT_EQ(p->diagnostics.items().size(), 1u);
    EXPECT_EQ(p->diagnostics.items()[0].severity, Severity::Warning);
    EXPECT_NE(p->diagnostics.items()[0].message.find("not called from the entry function"), std::string::npos);
    EXPECT_NE(p->entryFunction, NoFunction);
    EXPECT_FALSE(p->function("average")->hasBody);
}

// Inline assembly as the Linux driver tasks use it (set_bit, readl): its outputs become
// inputs, never a silent no-op; a warning on its line says so, with or without outputs.
TEST(Diagnostics, InlineAssemblyOutputsAreInputsWithAWarning) {
    auto p = parseC("int main() {\n  unsigned long word = 0;\n  __asm__ volatile(\"bts %1,%0\" : \"+m\"(word) : \"Ir\"(3) : "
                    "\"memory\");\n  __asm__(\"nop\");\n  return word == 8;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    std::vector<unsigned> warned;
    for (const auto &d : p->diagnostics.items())
        if (d.severity == Severity::Warning && d.message.find("inline assembly") != std::string::npos)
            warned.push_back(d.line);
    EXPECT_EQ(warned, (std::vector<unsigned>{3, 4})) << diagnosticsText(*p);
    // The output is an input: both results of `word == 8` are possible executions.
    EXPECT_EQ(runProgram(*p, {{8}, {}}).ending.exitCode, 1);
    EXPECT_EQ(runProgram(*p, {{9}, {}}).ending.exitCode, 0);
}

TEST(Diagnostics, TaskFileGivesFilesAndDataModel) {
    TempDir dir;
    dir.write("prog.c", "int main() { return sizeof(long); }\n");
    std::string yml = dir.write("prog.yml", "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n"
                                            "  - property_file: ../properties/unreach-call.prp\n"
                                            "    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n");
    Diagnostics d;
    auto task = readTaskFile(yml, d);
    ASSERT_TRUE(task) << (d.items().empty() ? "" : d.items()[0].format());
    ASSERT_EQ(task->inputFiles.size(), 1u);
    EXPECT_EQ(task->inputFiles[0], (dir.path() / "prog.c").string());
    EXPECT_EQ(task->dataModel, DataModel::ILP32);
    ASSERT_NE(task->property("unreach-call"), nullptr);
    EXPECT_EQ(task->property("unreach-call")->expectedVerdict, false);

    std::string bad = dir.write("bad.yml", "input_files: [unclosed\n");
    Diagnostics d2;
    EXPECT_FALSE(readTaskFile(bad, d2));
    ASSERT_FALSE(d2.items().empty());
    EXPECT_EQ(d2.items()[0].severity, Severity::Error);
    // A directory named as the task (a task path cut short) is an error, not an exception.
    Diagnostics d3;
    EXPECT_FALSE(readTaskFile(dir.path().string(), d3));
    ASSERT_FALSE(d3.items().empty());
    EXPECT_NE(d3.items()[0].message.find("a directory"), std::string::npos) << d3.items()[0].format();
}

TEST(Diagnostics, CompileCommandsGiveIncludesAndDefines) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "inc");
    dir.write("inc/config.h", "#define LIMIT (SIZE * 2)\n");
    std::string src = dir.write("main.c", "#include \"config.h\"\nint main() { return LIMIT; }\n");
    dir.write("compile_commands.json", "[{\"directory\": \"" + dir.path().string() +
                                           "\", \"command\": \"cc -Iinc -DSIZE=21 -m32 -c main.c\", \"file\": \"main.c\"}]");
    FrontEndOptions o;
    Diagnostics d;
    ASSERT_TRUE(applyCompileCommands(dir.path().string(), o, d));
    ASSERT_EQ(o.files.size(), 1u);
    EXPECT_EQ(o.dataModel, DataModel::ILP32);
    auto p = parseProgram(o);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *ret = findEdge(*p, "main", "return LIMIT");
    ASSERT_NE(ret, nullptr);
    EXPECT_EQ(ret->value->value, 42);

    dir.write("broken/compile_commands.json", "{ not json");
    std::filesystem::create_directories(dir.path() / "broken");
    dir.write("broken/compile_commands.json", "{ not json");
    FrontEndOptions o2;
    Diagnostics d2;
    EXPECT_FALSE(applyCompileCommands((dir.path() / "broken").string(), o2, d2));
    EXPECT_TRUE(d2.hasErrors());
}
