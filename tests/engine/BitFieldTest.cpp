// Bit-fields: storage units laid out as gcc lays them out, reads and writes as shifts and
// masks of a unit — in the CFA, the interpreter, the model checker and the value analysis.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Flags = R"(extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct flags {
  unsigned a : 3;
  signed int b : 5;
  unsigned : 2;
  _Bool on : 1;
  unsigned : 0;
  unsigned wide : 20;
  char tag;
};
int main(void) {
  struct flags f = {6, -2, 1, 99, 'x'};
  int x = __VERIFIER_nondet_int();
  f.b = x;
  f.a += 3;
  if (f.b == -1 && f.a == 1 && f.wide == 99 && f.tag == 'x')
    reach_error();
  return f.on;
}
)";

const Type *structNamed(const Program &p, const std::string &tag) {
    for (const Variable &v : p.variables)
        if (v.type->isStruct() && v.type->name == tag)
            return v.type;
    return nullptr;
}

} // namespace

// gcc's layout: a and b share byte 0, on is alone in byte 1 (b ends at bit 8), the
// zero-width field moves wide to byte 4 where it spans three bytes, tag follows at 7.
TEST(BitFields, StorageUnitsFollowTheTargetsLayout) {
    auto p = parseC(Flags);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const Type *t = structNamed(*p, "flags");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->sizeBytes, 8u);
    ASSERT_EQ(t->fields.size(), 4u);
    EXPECT_EQ(t->fields[0].name, "{a,b}");
    EXPECT_EQ(t->fields[0].offsetBytes, 0u);
    EXPECT_EQ(t->fields[0].type->bits, 8u);
    EXPECT_EQ(t->fields[1].name, "{on}");
    EXPECT_EQ(t->fields[1].offsetBytes, 1u);
    EXPECT_EQ(t->fields[2].name, "{wide}");
    EXPECT_EQ(t->fields[2].offsetBytes, 4u);
    EXPECT_EQ(t->fields[2].type->bits, 24u);
    EXPECT_EQ(t->fields[3].name, "tag");
    EXPECT_EQ(t->fields[3].offsetBytes, 7u);
    ASSERT_EQ(t->fields[0].bitFields.size(), 2u);
    EXPECT_EQ(t->fields[0].bitFields[1].name, "b");
    EXPECT_EQ(t->fields[0].bitFields[1].offset, 3u);
    EXPECT_EQ(t->fields[0].bitFields[1].width, 5u);
    EXPECT_TRUE(t->fields[0].bitFields[1].isSigned);
    EXPECT_FALSE(t->fields[0].bitFields[0].isSigned);

    // A store writes the whole unit: the edge's lvalue is the unit, never a wider object.
    const CfaEdge *store = findEdge(*p, "main", "f.b = x");
    ASSERT_NE(store, nullptr);
    EXPECT_EQ(store->kind, EdgeKind::Assignment);
    EXPECT_EQ(store->lhs->kind, ExprKind::Member);
    EXPECT_EQ(store->lhs->type->bits, 8u);
}

TEST(BitFields, TheInterpreterKeepsTheLowBitsAndSignExtends) {
    auto p = parseC(Flags);
    InterpreterOptions o;
    o.recordSteps = true;
    Execution e = runProgram(*p, {{31}, {}}, o); // 31 in five signed bits is -1
    EXPECT_EQ(e.ending.kind, EndingKind::PropertyViolation) << describeEnding(*p, e.ending);
    auto step = std::find_if(e.steps.begin(), e.steps.end(), [](const ExecutionStep &s) { return s.assigned == "f.{a,b}"; });
    ASSERT_NE(step, e.steps.end());
    EXPECT_EQ(step->value, "{a = 6, b = -1}"); // the store to b left a alone
    EXPECT_EQ(runProgram(*p, {{15}, {}}).ending.kind, EndingKind::Exit);
    EXPECT_EQ(runProgram(*p, {{-1}, {}}).ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(runProgram(*p, {{63}, {}}).ending.kind, EndingKind::PropertyViolation);
}

TEST(BitFields, TheModelCheckerFindsTheWrappedValue) {
    auto p = parseC(Flags);
    BmcOptions o;
    o.unwind = 2;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.counterexample->input.nondet.at(0) & 31, 31);

    // Five signed bits never hold 16: safe, and proved so.
    std::string source = Flags;
    source.replace(source.find("f.b == -1"), 9, "f.b == 16");
    auto q = parseC(source);
    ASSERT_FALSE(q->diagnostics.hasErrors()) << diagnosticsText(*q);
    EXPECT_EQ(checkProgram(*q, o).verdict, Verdict::Safe);
}

// Known values go through the shifts and masks: with b stored from a constant the branch is
// decided, and the analysis finishes without reaching the error.
TEST(BitFields, TheValueAnalysisFollowsKnownFields) {
    std::string source = Flags;
    source.replace(source.find("f.b = x;"), 8, "f.b = 47;"); // 47 -> 01111 -> 15
    auto p = parseC(source);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::Finished) << a.stopText();
    EXPECT_EQ(runProgram(*p, {{0}, {}}).ending.kind, EndingKind::Exit);
}

TEST(BitFields, AUnitWiderThanEightBytesIsRefusedWithItsPlace) {
    auto p = parseC(R"(struct __attribute__((packed)) odd {
  unsigned char c : 4;
  unsigned long long x : 64;
};
int main(void) {
  struct odd o = {1, 2};
  return o.c;
}
)");
    ASSERT_TRUE(p->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*p).find("spans more than 8 bytes"), std::string::npos) << diagnosticsText(*p);
    // c shares its byte with x: the first bit-field of the unit is named.
    EXPECT_NE(diagnosticsText(*p).find(":2:17: error: unsupported: bit-field ('c')"), std::string::npos)
        << diagnosticsText(*p);
}
