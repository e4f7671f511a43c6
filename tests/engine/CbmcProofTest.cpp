// CBMC proofs as their engineers have them (cbmc-starter-kit): the variables of a proof's
// Makefile, evaluated by GNU make, and the same proof's row of a PROOFS.tsv table.
#include "ParseHelpers.h"

#include "frontend/CbmcDialect.h"
#include "frontend/CbmcProof.h"
#include "frontend/CompileCommands.h"
#include "frontend/ProgramInputs.h"
#include "bmc/Bmc.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

using namespace vcov;
using namespace vcov::test;

TEST(CbmcProof, ShellWordsAsShSplitsThem) {
    EXPECT_EQ(shellWords("-DA=1 '-DB=(X>>(Y+1))'  \"-DC=a b\" -I\\ x"),
              (std::vector<std::string>{"-DA=1", "-DB=(X>>(Y+1))", "-DC=a b", "-I x"}));
    EXPECT_TRUE(shellWords("  ").empty());
}

// A proof of one's own: the Makefile's variables as make evaluates them, the starter
// kit's += and ?= included; CBMC 6's default checks join the proof's own flags.
TEST(CbmcProof, AMakefileIsEvaluatedByMake) {
    TempDir dir;
    dir.write("proofs/Makefile.common", R"(CBMCFLAGS += --unwind 2
UNWINDSET ?=
PROOF_SOURCES += $(PROOFDIR)/$(HARNESS_FILE).c
)");
    dir.write("src/code.c", "int inc(int x) { return x + 1; }\n");
    dir.write("proofs/inc/inc_harness.c", "int inc(int x);\nvoid inc_harness(void) { int a; __CPROVER_assert(inc(a) != a, \"moves\"); }\n");
    const std::string proof = dir.write("proofs/inc/Makefile", R"(HARNESS_ENTRY = inc_harness
HARNESS_FILE = inc_harness
PROOFDIR = $(abspath .)
PROOF_UID = inc
DEFINES += -DLIMIT=3 '-DSHIFT=(1<<2)'
INCLUDES += -I$(PROOFDIR)/../../src
UNWINDSET += __CPROVER_file_local_code_c_inc.0:4 loop.1:2
REMOVE_FUNCTION_BODY += abort
PROJECT_SOURCES += $(PROOFDIR)/../../src/code.c
CHECKFLAGS += --unsigned-overflow-check
include ../Makefile.common
)");
    const std::string folder = proof.substr(0, proof.rfind('/'));
    Diagnostics d;
    auto p = readCbmcProof(folder, d);
    ASSERT_TRUE(p) << (d.items().empty() ? "" : d.items().front().format());
    EXPECT_EQ(p->origin, "make");
    EXPECT_EQ(p->name, "inc");
    EXPECT_EQ(p->frontEnd.entry, "inc_harness");
    ASSERT_EQ(p->frontEnd.files.size(), 2u);
    EXPECT_NE(p->frontEnd.files[0].find("inc_harness.c"), std::string::npos);
    EXPECT_NE(p->projectSources.at(0).find("src/code.c"), std::string::npos);
    EXPECT_EQ(p->frontEnd.defines, (std::vector<std::string>{"LIMIT=3", "SHIFT=(1<<2)"}));
    EXPECT_EQ(p->frontEnd.removeBodies, (std::vector<std::string>{"abort"}));
    EXPECT_EQ(p->unwind, 2u);
    EXPECT_EQ(p->unwindset, (std::vector<std::pair<std::string, unsigned>>{{"inc.0", 4}, {"loop.1", 2}}));
    EXPECT_TRUE(p->unwindingAssertions); // CBMC 6's default
    for (const char *c : {"bounds", "pointer", "div-by-zero", "overflow"})
        EXPECT_NE(std::find(p->checks.begin(), p->checks.end(), c), p->checks.end()) << c;
    EXPECT_NE(std::find(p->unmodelled.begin(), p->unmodelled.end(), "--unsigned-overflow-check"), p->unmodelled.end());
    // CBMC 6's --malloc-may-fail, as the proof runs under CBMC: a modelled default.
    EXPECT_TRUE(p->frontEnd.mallocMayFail);
    EXPECT_EQ(std::find(p->unmodelled.begin(), p->unmodelled.end(), "--malloc-may-fail"), p->unmodelled.end());
}

// CBMC's --malloc-fail-null (a CBMC 6 default): a malloc larger than CBMC's largest object
// (2^(63 - object bits) - 1 bytes) returns NULL, in BMC as in the interpreter's replay.
TEST(CbmcProof, MallocBeyondCbmcsLargestObjectIsNull) {
    TempDir dir;
    dir.write("proofs/big/big_harness.c", R"(#include <stdlib.h>
void big_harness(void) {
    size_t n;
    __CPROVER_assume(n > ((size_t)1 << 53) - 2);
    char *p = malloc(n);
    __CPROVER_assert(p == NULL || n < ((size_t)1 << 53), "no object beyond 2^53 - 1 bytes");
    __CPROVER_assert(p == NULL, "the largest object fits");
}
)");
    const std::string proof = dir.write("proofs/big/Makefile", R"(HARNESS_ENTRY = big_harness
HARNESS_FILE = big_harness
PROOFDIR = $(abspath .)
PROOF_UID = big
PROOF_SOURCES += $(PROOFDIR)/$(HARNESS_FILE).c
CBMCFLAGS += --object-bits 10
)");
    ProgramInputs in;
    in.cbmcProof = proof.substr(0, proof.rfind('/'));
    Diagnostics d;
    ASSERT_TRUE(resolveProgramInputs(in, d)) << (d.items().empty() ? "" : d.items().front().format());
    EXPECT_EQ(in.frontEnd.maxAllocation, (uint64_t(1) << 53) - 1);
    auto p = parseProgram(in.frontEnd);
    ASSERT_FALSE(p->diagnostics.hasErrors());
    BmcOptions o;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.violationMessage, "assertion __CPROVER_assert(p == NULL, \"the largest object fits\")");
}

TEST(CbmcProof, AFolderThatIsNoProofIsAClearError) {
    TempDir dir;
    dir.write("x.c", "int main(void) { return 0; }\n");
    Diagnostics d;
    EXPECT_FALSE(readCbmcProof(dir.path().string(), d));
    ASSERT_TRUE(d.hasErrors());
    EXPECT_NE(d.items().front().message.find("not a CBMC proof"), std::string::npos);
    Diagnostics missing;
    EXPECT_FALSE(readCbmcProof(dir.path().string() + "/nowhere", missing));
    EXPECT_NE(missing.items().front().message.find("not a folder"), std::string::npos);
}

// CBMC's quantifiers, as aws-c-common writes them inside a macro: rewritten line for line
// (continuations and newlines stay), into a statement expression the lowering reads.
TEST(CbmcDialect, QuantifiersAreRewrittenLineForLine) {
    const std::string macro = "#define ZEROED(o) \\\n    __CPROVER_forall { \\\n        int i; \\\n"
                              "        (i >= 0 && i < sizeof(o)) ==> ((const char *)&o)[i] == 0 \\\n    }\nint x;\n";
    auto out = rewriteCbmcQuantifiers(macro);
    ASSERT_TRUE(out);
    EXPECT_EQ(std::count(out->begin(), out->end(), '\n'), std::count(macro.begin(), macro.end(), '\n'));
    EXPECT_NE(out->find("int i; __vcov_forall(( \\\n"), std::string::npos) << *out;
    EXPECT_NE(out->find("(i >= 0 && i < sizeof(o)) ), ( ((const char *)&o)[i] == 0"), std::string::npos) << *out;
    EXPECT_EQ(out->find("__CPROVER_forall"), std::string::npos);
    auto exists = rewriteCbmcQuantifiers("int f(int *a) { return __CPROVER_exists { int j; j >= 0 && j < 3 && a[j] }; }");
    ASSERT_TRUE(exists);
    EXPECT_NE(exists->find("__vcov_exists(1, ("), std::string::npos) << *exists;
    EXPECT_FALSE(rewriteCbmcQuantifiers("int __CPROVER_forallx; // __CPROVER_forall { in a comment }"));
    std::string why;
    EXPECT_FALSE(rewriteCbmcQuantifiers("int b = __CPROVER_forall { i >= 0 };", &why));
    EXPECT_NE(why.find("bound variable"), std::string::npos) << why;
}

// A quantifier's range must bound its variable; one that does not is refused with its place.
TEST(CbmcDialect, AnUnboundedQuantifierIsRefused) {
    auto p = parseC("int main(void) { int a[3] = {0}; return __CPROVER_forall { int i; i != 7 ==> a[0] == 0 }; }");
    EXPECT_TRUE(p->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*p).find("whose range vcov cannot bound"), std::string::npos) << diagnosticsText(*p);
}

// Two prototypes that differ in a qualifier (goto-cc keeps the first), and an implicit
// declaration by a call before the real one (the real one holds from the call on).
TEST(CbmcDialect, DeclarationsGotoCcAcceptsAreAccepted) {
    auto p = parseC("unsigned long h(void *);\nint g(const void *p) { return h((void *)p) == 2; }\n"
                    "unsigned long h(const void *const a);\n"
                    "int f(void) {\n  return k(3) == 4;\n}\nlong k(int);\nint main(void) { return f() + g(0); }\n");
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const std::string text = diagnosticsText(*p);
    EXPECT_NE(text.find("the earlier declaration holds"), std::string::npos) << text;
    EXPECT_NE(text.find("the declaration holds from the first call on"), std::string::npos) << text;
    // The call reads k's real return type: long, not the implicit int.
    const CfaEdge *call = findEdge(*p, "f", "k(3)");
    ASSERT_TRUE(call);
    ASSERT_TRUE(call->call.lhs);
    EXPECT_EQ(call->call.lhs->type->bits, 64u);
}

// CBMC's built-ins that vcov does not model are refused, never taken for inputs.
TEST(CbmcDialect, UnmodelledCbmcBuiltinsAreRefused) {
    auto p = parseC("int main(void) { int a = 1; __CPROVER_havoc_object(&a); return a; }");
    EXPECT_TRUE(p->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*p).find("CBMC built-in '__CPROVER_havoc_object'"), std::string::npos) << diagnosticsText(*p);
}

#ifdef VCOV_BENCH
// The bench's own proofs: the row of PROOFS.tsv and the Makefile evaluated by make name the
// same entry, sources, defines and unwindset (aws-c-common's, which needs no generated file).
TEST(CbmcProof, TheTableAndTheMakefileAgreeOnARealProof) {
    const std::string dir = std::string(VCOV_BENCH) + "/proofs/aws-c-common/verification/cbmc/proofs/aws_array_eq";
    Diagnostics d1, d2;
    auto table = readCbmcProof(dir, d1, CbmcProofSource::Table);
    auto make = readCbmcProof(dir, d2, CbmcProofSource::Make);
    ASSERT_TRUE(table) << (d1.items().empty() ? "" : d1.items().front().format());
    ASSERT_TRUE(make) << (d2.items().empty() ? "" : d2.items().front().format());
    EXPECT_EQ(table->frontEnd.entry, "aws_array_eq_harness");
    EXPECT_EQ(make->frontEnd.entry, table->frontEnd.entry);
    auto sorted = [](std::vector<std::string> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    EXPECT_EQ(sorted(make->frontEnd.files), sorted(table->frontEnd.files));
    EXPECT_EQ(sorted(make->frontEnd.defines), sorted(table->frontEnd.defines));
    EXPECT_EQ(sorted(make->frontEnd.includeDirs), sorted(table->frontEnd.includeDirs));
    EXPECT_EQ(make->unwindset, table->unwindset);
    EXPECT_EQ(make->frontEnd.removeBodies, table->frontEnd.removeBodies);
    EXPECT_EQ(sorted(make->checks), sorted(table->checks));
}

// coreJSON's proofs compile a core_json.c their Makefile generates with sed: the table's
// rewrite runs into memory (the proof folder is not written), and the program parses.
TEST(CbmcProof, AGeneratedSourceIsRewrittenInMemory) {
    const std::string dir = std::string(VCOV_BENCH) + "/proofs/coreJSON/test/cbmc/proofs/skipSpace";
    Diagnostics d;
    auto p = readCbmcProof(dir, d);
    ASSERT_TRUE(p) << (d.items().empty() ? "" : d.items().front().format());
    EXPECT_EQ(p->frontEnd.entry, "harness");
    ASSERT_EQ(p->frontEnd.contents.size(), 1u);
    const auto &[path, text] = *p->frontEnd.contents.begin();
    EXPECT_NE(path.find("skipSpace/core_json.c"), std::string::npos);
    EXPECT_FALSE(std::ifstream(path).good()); // not on disk
    EXPECT_NE(text.find("\nvoid skipSpace( const char"), std::string::npos); // `static` removed
    EXPECT_EQ(p->unwindset, (std::vector<std::pair<std::string, unsigned>>{{"skipSpace.0", 10}}));
    auto program = parseProgram(p->frontEnd);
    EXPECT_FALSE(program->diagnostics.hasErrors()) << diagnosticsText(*program);
    EXPECT_NE(program->entryFunction, NoFunction);
}
// aws-c-common's proofs: CBMC's quantifiers in its headers (AWS_IS_ZEROED), a prototype
// utils.c repeats with other qualifiers, __CPROVER_size_t in the stubs — parsed, and a
// proof whose checked arithmetic rests on __CPROVER_overflow_plus verified as CBMC does.
TEST(CbmcProof, AnAwsProofParsesInCbmcsDialect) {
    const std::string dir = std::string(VCOV_BENCH) + "/proofs/aws-c-common/verification/cbmc/proofs/aws_array_list_capacity";
    Diagnostics d;
    auto proof = readCbmcProof(dir, d);
    ASSERT_TRUE(proof) << (d.items().empty() ? "" : d.items().front().format());
    auto program = parseProgram(proof->frontEnd);
    EXPECT_FALSE(program->diagnostics.hasErrors()) << diagnosticsText(*program);
    bool quantifier = false;
    for (const CfaEdge &e : program->edges)
        quantifier = quantifier || (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::Forall);
    EXPECT_TRUE(quantifier); // AWS_IS_ZEROED in a function the harness reaches
}
#endif
