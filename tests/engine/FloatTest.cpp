// Floating point (float and double, IEEE-754, round to nearest even as gcc on x86-64): in
// the CFA (a value is its bits; truth is `!= 0.0`), the interpreter (native arithmetic),
// the model checker (Z3's floating-point theory), k-induction and the value analysis; what
// is not modelled is refused with its place.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"
#include "bmc/Bmc.h"
#include "formats/ViolationWitness.h"
#include "goals/Induction.h"
#include "semantics/FloatSemantics.h"
#include "semantics/Interpreter.h"
#include "witness/WitnessValidation.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

using namespace vcov;
using namespace vcov::test;

namespace {

const char *Prelude = "extern void reach_error(void);\nextern double __VERIFIER_nondet_double(void);\n"
                      "extern float __VERIFIER_nondet_float(void);\nextern int __VERIFIER_nondet_int(void);\n"
                      "extern void __VERIFIER_assume(int);\n";

int64_t inputOf(double v) { return int64_t(std::bit_cast<uint64_t>(v)); }

} // namespace

TEST(Floats, ConstantsAreBitsAndTruthIsComparisonWithZero) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double d = 0.1;
  float f = __VERIFIER_nondet_float();
  int i = d * 10;
  if (f) i++;
  d++;
  return !d + i;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *decl = findEdge(*p, "main", "double d = 0.1");
    ASSERT_NE(decl, nullptr);
    ASSERT_EQ(decl->inits.size(), 1u);
    const ExprPtr &tenth = decl->inits[0].value;
    EXPECT_TRUE(tenth->type->isFloat());
    EXPECT_EQ(tenth->type->bits, 64u);
    EXPECT_EQ(uint64_t(tenth->value), std::bit_cast<uint64_t>(0.1));
    // `if (f)` is `f != 0.0`: -0.0 has its sign bit set and is false all the same.
    const CfaEdge *branch = findEdge(*p, "main", "[f]");
    ASSERT_NE(branch, nullptr);
    EXPECT_EQ(branch->cond->kind, ExprKind::Binary);
    EXPECT_EQ(branch->cond->binaryOp, BinaryOp::Ne);
    EXPECT_TRUE(branch->cond->type->isInt());
    // int i = d * 10: the product in double, then truncated.
    const CfaEdge *conv = findEdge(*p, "main", "int i = d * 10");
    ASSERT_NE(conv, nullptr);
    EXPECT_EQ(conv->inits[0].value->castKind, CastKind::FloatToInt);
    EXPECT_EQ(conv->inits[0].value->ops[0]->ops[1]->castKind, CastKind::IntToFloat);
    EXPECT_EQ(runProgram(*p, {{inputOf(-0.0)}, {}}).ending.exitCode, 1);
    EXPECT_EQ(runProgram(*p, {{inputOf(0.5)}, {}}).ending.exitCode, 2);
}

TEST(Floats, TheInterpreterRoundsAsTheMachine) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double a = 0.1 + 0.2;
  float big = 16777217;
  double nan = 0.0 / 0.0;
  int r = 0;
  if (a != 0.3) r += 1;
  if ((int)big == 16777216) r += 2;
  if (nan != nan && !(nan < 1) && !(nan >= 1)) r += 4;
  if (-0.0 == 0.0 && 1 / -0.0 < 0) r += 8;
  if ((unsigned char)200.7 == 200 && (int)-2.9 == -2) r += 16;
  return r;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    Execution x = runProgram(*p, {});
    EXPECT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    EXPECT_EQ(x.ending.exitCode, 31);
    EXPECT_EQ(floatText(std::bit_cast<uint64_t>(0.1 + 0.2), machineFloat(64)), "0.30000000000000004");
    EXPECT_EQ(floatText(std::bit_cast<uint32_t>(1.0f), machineFloat(32)), "1.0");
}

TEST(Floats, AConversionOutOfRangeIsUndefinedOrAnOverflow) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double d = __VERIFIER_nondet_double();
  int i = d;
  return i == 7;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    EXPECT_EQ(runProgram(*p, {{inputOf(7.9)}, {}}).ending.exitCode, 1);
    EXPECT_EQ(runProgram(*p, {{inputOf(3e9)}, {}}).ending.kind, EndingKind::UndefinedBehaviour);
    InterpreterOptions io;
    io.properties = {Property::Overflow};
    EXPECT_EQ(runProgram(*p, {{inputOf(-3e9)}, {}}, io).ending.kind, EndingKind::PropertyViolation);
    // The model checker finds it under the overflow property, with a replayed input.
    BmcOptions o;
    o.properties = {Property::Overflow};
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    const double found = std::bit_cast<double>(uint64_t(r.counterexample->input.nondet.at(0)));
    EXPECT_TRUE(!(found > -2147483649.0 && found < 2147483648.0)) << found;
}

TEST(Floats, TheModelCheckerFindsAbsorptionAndProvesExactSums) {
    auto bug = parseC(std::string(Prelude) + R"(int main(void) {
  double a = __VERIFIER_nondet_double();
  __VERIFIER_assume(a > 0 && a < 1);
  if (a + 1.0 == 1.0) reach_error();
  return 0;
})");
    ASSERT_FALSE(bug->diagnostics.hasErrors()) << diagnosticsText(*bug);
    BmcOptions o;
    o.unwind = 4;
    BmcResult r = checkProgram(*bug, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    const double a = std::bit_cast<double>(uint64_t(r.counterexample->input.nondet.at(0)));
    EXPECT_GT(a, 0.0);
    EXPECT_LE(a, 0x1p-53);
    // A float input is drawn and shown as the number it is.
    bool shown = false;
    for (const ExecutionStep &s : r.counterexample->steps)
        shown = shown || (s.nondet && s.nondetText.find_first_of(".e") != std::string::npos);
    EXPECT_TRUE(shown);

    auto ok = parseC(std::string(Prelude) + R"(int main(void) {
  float acc = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  for (int i = 0; i < n; i++) acc += 0.25f;
  if (acc * 4 != n) reach_error();
  return 0;
})");
    ASSERT_FALSE(ok->diagnostics.hasErrors()) << diagnosticsText(*ok);
    o.unwind = 5;
    EXPECT_EQ(checkProgram(*ok, o).verdict, Verdict::Safe);
}

TEST(Floats, AWitnessWritesAFloatInputAsANumberAndIsConfirmed) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double d = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  if (d > 2.5 && d < 3.5 && d == (int)d && f < -1e30f)
    reach_error();
  return 0;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = 2;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    ASSERT_TRUE(r.counterexample);
    WitnessMetadata meta;
    meta.version = "test";
    std::string text = violationWitnessGraphml(*p, *r.counterexample, meta);
    const std::string three = "\\result == 3.0;";
    ASSERT_NE(text.find(three), std::string::npos) << text; // d is 3, written as a double
    std::string error;
    auto w = parseViolationWitness(text, error);
    ASSERT_TRUE(w) << error;
    WitnessValidation v = validateWitness(*p, *w, o);
    EXPECT_EQ(v.verdict, WitnessVerdict::Confirmed) << v.reason;
    // Another tool may write the double's value as an integer literal: it is still 3.0.
    std::string integral = text;
    integral.replace(integral.find(three), three.size(), "\\result == 3;");
    auto w2 = parseViolationWitness(integral, error);
    ASSERT_TRUE(w2) << error;
    WitnessValidation v2 = validateWitness(*p, *w2, o);
    EXPECT_EQ(v2.verdict, WitnessVerdict::Confirmed) << v2.reason;
    ASSERT_TRUE(v2.execution);
    EXPECT_EQ(std::bit_cast<double>(uint64_t(v2.execution->input.nondet.at(0))), 3.0);
}

TEST(Floats, KInductionProvesAFloatInvariant) {
    // x stays in [0, 1]: halving keeps it there however long the loop runs.
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double x = 1.0;
  while (__VERIFIER_nondet_int()) {
    x = x / 2;
    if (x < 0 || x > 1) reach_error();
  }
  return 0;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    const BmcResult r = checkByKInduction(*p, o, 1, 4);
    EXPECT_EQ(r.verdict, Verdict::Safe) << r.reason;
    EXPECT_NE(r.reason.find("k-induction"), std::string::npos) << r.reason; // the step, not a complete bound
}

TEST(Floats, TheValueAnalysisComputesKnownFloats) {
    auto p = parseC(std::string(Prelude) + R"(int main(void) {
  double x = 0.1;
  float y = 3;
  x = x * y;
  if (x == 0.3) reach_error();
  return (int)(x * 10);
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::Finished) << a.stopText(); // 0.1 * 3 is 0.30000000000000004
    std::string source = std::string(Prelude) + "int main(void) { double x = 0.25; float y = 3; x = x * y;\n"
                                                 "  if (x == 0.75) reach_error();\n  return 0; }";
    auto q = parseC(source);
    ASSERT_FALSE(q->diagnostics.hasErrors()) << diagnosticsText(*q);
    ArtAnalysis b(*q, {});
    EXPECT_EQ(b.run(), StopReason::ViolationFound) << b.stopText();
}

TEST(Floats, WhatIsNotModelledIsRefusedWithItsPlace) {
    auto longDouble = parseC("int main(void) {\n  long double x = 1;\n  return x > 0;\n}\n");
    ASSERT_TRUE(longDouble->diagnostics.hasErrors());
    EXPECT_NE(diagnosticsText(*longDouble).find(":2:15: error: unsupported: floating-point type 'long double'"),
              std::string::npos)
        << diagnosticsText(*longDouble);
}

// A float in a union shares its bits with the other members, as gcc lays them out: the
// interpreter reads them back as gcc does, the model checker finds the input whose bits a
// condition on the integer member asks for, and the value analysis folds known bits.
TEST(Floats, AFloatInAUnionIsItsBits) {
    auto p = parseC(std::string(Prelude) + R"(union pun { float f; unsigned int i; double d; unsigned char b[8]; };
int main(void) {
  union pun u = {1.0f};
  int r = 0;
  if (u.i == 0x3f800000u) r += 1;
  u.d = -2.0;
  if (u.b[7] == 0xc0 && u.b[0] == 0) r += 2;
  u.i = 0x7fc00000u;
  if (u.f != u.f) r += 4;
  u.f += 1;
  if (u.b[7] == 0xc0 && u.i != 0x7fc00000u) r += 8;
  if (r != 7) reach_error();
  return r;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    Execution x = runProgram(*p, {});
    EXPECT_EQ(x.ending.kind, EndingKind::Exit) << x.ending.message;
    EXPECT_EQ(x.ending.exitCode, 1 + 2 + 4); // NaN + 1 is the same quiet NaN
    ArtAnalysis a(*p, {});
    EXPECT_EQ(a.run(), StopReason::Finished) << a.stopText(); // every value known, reach_error proved unreachable

    auto bug = parseC(std::string(Prelude) + R"(union pun { double d; unsigned long long bits; };
int main(void) {
  union pun u;
  u.d = __VERIFIER_nondet_double();
  if (u.d > 1.0 && (u.bits & 0xfffffffffffffull) == 1) reach_error();
  return 0;
})");
    ASSERT_FALSE(bug->diagnostics.hasErrors()) << diagnosticsText(*bug);
    BmcOptions o;
    BmcResult r = checkProgram(*bug, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    const double found = std::bit_cast<double>(uint64_t(r.counterexample->input.nondet.at(0)));
    EXPECT_GT(found, 1.0);
    EXPECT_EQ(std::bit_cast<uint64_t>(found) & 0xfffffffffffffull, 1u);

    auto ok = parseC(std::string(Prelude) + R"(union pun { float f; int i; };
int main(void) {
  union pun u;
  u.i = __VERIFIER_nondet_int();
  __VERIFIER_assume(u.i > 0 && u.i < 0x7f800000);
  if (!(u.f > 0) || u.f != u.f) reach_error();
  return 0;
})");
    ASSERT_FALSE(ok->diagnostics.hasErrors()) << diagnosticsText(*ok);
    EXPECT_EQ(checkProgram(*ok, o).verdict, Verdict::Safe);
}

// NaN's bits, which a union shows, as x86-64 gives them (FloatSemantics.h): the default NaN
// of 0/0 is negative; an operand's NaN comes back quieted; a conversion keeps the payload's
// top. The interpreter, the model checker and gcc agree (tests/data/floats/nan.c runs like
// gcc); before, Z3's NaN bits made the model checker prove this reach_error unreachable.
TEST(Floats, NanBitsAreTheMachines) {
    const Type *d = machineFloat(64), *f = machineFloat(32);
    EXPECT_EQ(floatBinary(BinaryOp::Div, floatBits(0.0, d), floatBits(0.0, d), d), DefaultNanDouble);
    EXPECT_EQ(floatBinary(BinaryOp::Mul, floatBits(INFINITY, f), floatBits(0.0, f), f), DefaultNanFloat);
    EXPECT_EQ(floatBinary(BinaryOp::Add, 0x7ff0000000000001u, floatBits(1.0, d), d), 0x7ff8000000000001u);
    EXPECT_EQ(floatBinary(BinaryOp::Add, floatBits(1.0, d), 0xfff0000000000002u, d), 0xfff8000000000002u);
    EXPECT_EQ(floatBinary(BinaryOp::Add, 0x7ff0000000000001u, 0xfff0000000000002u, d), 0x7ff8000000000001u);
    EXPECT_EQ(floatToFloat(0x7f800001u, f, d), 0x7ff8000020000000u);
    EXPECT_EQ(floatToFloat(0x7ff0000020000001u, d, f), 0x7fc00001u);

    for (const char *test : {"z / z", "z * -1.0 / z", "(double)(float)(z / z)"}) {
        SCOPED_TRACE(test);
        auto p = parseC(std::string(Prelude) + "union pun { double d; unsigned long long u; };\nint main(void) {\n"
                                               "  double z = __VERIFIER_nondet_double();\n  __VERIFIER_assume(z == 0.0);\n"
                                               "  union pun x;\n  x.d = " + test + ";\n"
                                               "  if (x.u == 0xfff8000000000000ull) reach_error();\n  return 0;\n}\n");
        ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
        EXPECT_EQ(runProgram(*p, {{inputOf(0.0)}, {}}).ending.kind, EndingKind::PropertyViolation);
        BmcOptions o;
        BmcResult r = checkProgram(*p, o);
        EXPECT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
        EXPECT_TRUE(r.replayed);
    }
    // A NaN input's payload flows through: x + 1 is x quieted.
    auto q = parseC(std::string(Prelude) + "union pun { double d; unsigned long long u; };\nint main(void) {\n"
                                           "  union pun x, y;\n  x.u = __VERIFIER_nondet_int();\n  x.u |= 0x7ff0000000000000ull;\n"
                                           "  __VERIFIER_assume(x.d != x.d);\n  y.d = x.d + 1.0;\n"
                                           "  if (y.u != (x.u | 0x8000000000000ull)) reach_error();\n  return 0;\n}\n");
    ASSERT_FALSE(q->diagnostics.hasErrors()) << diagnosticsText(*q);
    BmcOptions o;
    EXPECT_EQ(checkProgram(*q, o).verdict, Verdict::Safe);
}

// sqrt, floor, ceil, trunc and round (and their float versions) are operators in the CFA,
// computed as glibc does by the interpreter and through Z3's fp.sqrt and
// fp.roundToIntegral by the model checker; another function without a body stays an input.
TEST(Floats, TheMathLibrarysExactFunctionsAreOperators) {
    auto p = parseC(std::string(Prelude) + R"(extern double sqrt(double);
extern float floorf(float);
extern double round(double);
extern double cbrt(double);
int main(void) {
  double d = __VERIFIER_nondet_double();
  double r = sqrt(d);
  float f = floorf((float)d);
  double c = cbrt(d);
  if (r == 3.0 && f == 9.0f && round(-d) == -9.0) reach_error();
  return c > 0;
})");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    bool sqrtIsAnOperator = false, cbrtIsACall = false;
    for (const CfaEdge *e : edgesOf(*p, "main")) {
        sqrtIsAnOperator = sqrtIsAnOperator || (e->kind == EdgeKind::Assignment && e->rhs &&
                                                e->rhs->kind == ExprKind::Unary && e->rhs->unaryOp == UnaryOp::Sqrt);
        cbrtIsACall = cbrtIsACall || (e->kind == EdgeKind::Call && e->text.find("cbrt") != std::string::npos);
    }
    EXPECT_TRUE(sqrtIsAnOperator);
    EXPECT_TRUE(cbrtIsACall); // an input
    EXPECT_EQ(runProgram(*p, {{inputOf(9.0), inputOf(1.0)}, {}}).ending.kind, EndingKind::PropertyViolation);
    EXPECT_EQ(runProgram(*p, {{inputOf(9.5), inputOf(1.0)}, {}}).ending.kind, EndingKind::Exit); // round(-9.5) is -10
    BmcOptions o;
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
    const double found = std::bit_cast<double>(uint64_t(r.counterexample->input.nondet.at(0)));
    EXPECT_EQ(std::sqrt(found), 3.0) << found;
    EXPECT_TRUE(found >= 9.0 && found < 9.5) << found;

    const Type *d = machineFloat(64), *f = machineFloat(32);
    EXPECT_EQ(floatValue(floatUnary(UnaryOp::Round, floatBits(2.5, d), d), d), 3.0);
    EXPECT_EQ(floatUnary(UnaryOp::Ceil, floatBits(-0.5, d), d), floatBits(-0.0, d));
    EXPECT_EQ(floatUnary(UnaryOp::Sqrt, floatBits(-1.0, f), f), DefaultNanFloat);
    EXPECT_EQ(floatUnary(UnaryOp::Floor, 0x7ff0000000000001u, d), 0x7ff8000000000001u);
}
