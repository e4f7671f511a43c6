// Unions of integers: storage units over the union's bytes, a member read or written as
// bits of its unit (little-endian, as gcc on x86-64) — in the CFA, the interpreter, the
// model checker and the value analysis; what does not fit that model is refused.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "semantics/Interpreter.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Word = R"(extern int __VERIFIER_nondet_int(void);
void reach_error(void);
union word {
  int i;
  unsigned char byte[4];
  struct { unsigned short lo; short hi; } half;
};
union big { unsigned long long q[2]; char c[12]; };
int main(void) {
  union word w = {0x01020304};
  union big b = {{0}};
  int x = __VERIFIER_nondet_int();
  w.byte[2] = x;
  b.c[9] = 1;
  if (w.half.hi == 0x0155 && b.q[1] == 256)
    reach_error();
  return w.byte[0];
}
)";

} // namespace

TEST(Unions, AUnionIsHeldInUnitsOfEightBytes) {
    auto p = parseC(Word);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const Type *word = nullptr, *big = nullptr;
    for (const Variable &v : p->variables) {
        if (v.name == "w")
            word = v.type;
        if (v.name == "b")
            big = v.type;
    }
    ASSERT_NE(word, nullptr);
    ASSERT_NE(big, nullptr);
    EXPECT_TRUE(word->isUnion);
    EXPECT_EQ(word->spelling(), "union word");
    ASSERT_EQ(word->fields.size(), 1u);
    EXPECT_EQ(word->fields[0].name, "{i,byte,half}");
    EXPECT_EQ(word->fields[0].type->bits, 32u);
    // 16 bytes (the array of two long longs): two units; the chars reach into the second.
    ASSERT_EQ(big->fields.size(), 2u);
    EXPECT_EQ(big->fields[1].offsetBytes, 8u);
    EXPECT_EQ(big->fields[1].name, "{q,c}");
    const CfaEdge *store = findEdge(*p, "main", "w.byte[2] = x");
    ASSERT_NE(store, nullptr);
    EXPECT_EQ(store->lhs->kind, ExprKind::Member);
}

TEST(Unions, TheInterpreterReadsTheBytesOfTheLastWrite) {
    auto p = parseC(Word);
    // 0x01020304 with byte 2 set to 0x55: hi == 0x0155.
    EXPECT_EQ(runProgram(*p, {{0x55}, {}}).ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(runProgram(*p, {{0x155}, {}}).ending.kind, EndingKind::PropertyViolation); // the low byte is kept
    Execution e = runProgram(*p, {{0x54}, {}});
    EXPECT_EQ(e.ending.kind, EndingKind::Exit);
    EXPECT_EQ(e.ending.exitCode, 4);
}

TEST(Unions, TheModelCheckerFindsTheByteAndProvesTheRest) {
    auto p = parseC(Word);
    BmcOptions o;
    o.unwind = 2;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.counterexample->input.nondet.at(0) & 0xff, 0x55);

    // The second unit holds c[9] at bits 8..15: b.q[1] is 256, never 1.
    std::string source = Word;
    source.replace(source.find("b.q[1] == 256"), 13, "b.q[1] == 1");
    auto q = parseC(source);
    ASSERT_FALSE(q->diagnostics.hasErrors()) << diagnosticsText(*q);
    EXPECT_EQ(checkProgram(*q, o).verdict, Verdict::Safe);
}

TEST(Unions, TheValueAnalysisFollowsKnownBytes) {
    std::string source = Word;
    source.replace(source.find("w.byte[2] = x;"), 14, "w.byte[2] = 7;");
    auto p = parseC(source);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::Finished) << a.stopText();
}

TEST(Unions, WhatTheUnitsCannotHoldIsRefusedWithItsPlace) {
    auto wholeMember = parseC(R"(union u { int i; struct { int a, b; } s; };
int main(void) {
  union u v = {1};
  union u w = v;
  struct { int a, b; } t;
  w.i = v.s.a;
  return sizeof t + w.i;
}
)");
    EXPECT_FALSE(wholeMember->diagnostics.hasErrors()) << diagnosticsText(*wholeMember); // copies of whole unions are fine
    auto copyOut = parseC(R"(struct pair { int a, b; };
union u { int i; struct pair s; };
int main(void) {
  union u v = {1};
  struct pair t = v.s;
  return t.a;
}
)");
    ASSERT_TRUE(copyOut->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*copyOut).find(":5:19: error: unsupported: a whole struct or array inside a union"),
              std::string::npos)
        << diagnosticsText(*copyOut);
    auto address = parseC(R"(union u { int i; char c; };
int main(void) {
  union u v = {1};
  int *p = &v.i;
  return *p;
}
)");
    ASSERT_TRUE(address->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*address).find(":4:13: error: unsupported: this use of a union member"), std::string::npos)
        << diagnosticsText(*address);
}

// A union whose members hold pointers (the Linux driver tasks' spinlocks) holds its
// members' scalars merged, a pointer first, then the widest; each member is those bytes
// read as its type, printed as the source wrote it. Half of a pointer read as an int is the low
// bytes of its address (NULL's: 0), as a compiled program reads it.
TEST(Unions, AUnionThatHoldsAPointerHoldsItsMembersScalars) {
    auto p = parseC(R"(struct raw { unsigned int lock; void *owner; };
struct view { unsigned char pad[8]; int *owner; };
union storage { struct raw rlock; struct view v; };
union half { int *p; int i; };
int g;
int main(void) {
  union storage s;
  s.rlock.owner = &g;
  *s.v.owner = 3;
  union half h = {0};
  return h.i + g;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const Type *storage = nullptr;
    for (const Variable &v : p->variables)
        if (v.name == "s")
            storage = v.type;
    ASSERT_NE(storage, nullptr);
    EXPECT_TRUE(storage->isUnion && storage->membersAsViews);
    // rlock's int at 0, the view's padding bytes 4 to 7, rlock's pointer at 8.
    ASSERT_EQ(storage->fields.size(), 6u);
    EXPECT_EQ(storage->fields.front().name, "rlock@0");
    EXPECT_EQ(storage->fields[1].name, "v@4");
    EXPECT_EQ(storage->fields.back().name, "rlock@8");
    EXPECT_TRUE(storage->fields.back().type->isPointer());
    EXPECT_EQ(storage->members.size(), 2u);
    const CfaEdge *through = findEdge(*p, "main", "*s.v.owner = 3");
    ASSERT_NE(through, nullptr);
    EXPECT_EQ(exprToString(*p, through->lhs), "*s.v.owner");
    Execution e = runProgram(*p, {});
    EXPECT_EQ(e.ending.kind, EndingKind::Exit) << e.ending.message;
    EXPECT_EQ(e.ending.exitCode, 3);
    BmcOptions o;
    o.unwind = 2;
    EXPECT_EQ(checkProgram(*p, o).verdict, Verdict::Safe);
}
