// The verification dialects of DESIGN.md §3 are recognised on calls.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

TEST(Intrinsics, ClassificationByName) {
    EXPECT_EQ(classifyIntrinsic("__VERIFIER_nondet_int"), Intrinsic::Nondet);
    EXPECT_EQ(classifyIntrinsic("__VERIFIER_nondet_uchar"), Intrinsic::Nondet);
    EXPECT_EQ(classifyIntrinsic("nondet_int"), Intrinsic::Nondet);
    EXPECT_EQ(classifyIntrinsic("__VERIFIER_assume"), Intrinsic::Assume);
    EXPECT_EQ(classifyIntrinsic("__CPROVER_assume"), Intrinsic::Assume);
    EXPECT_EQ(classifyIntrinsic("assume_abort_if_not"), Intrinsic::Assume);
    EXPECT_EQ(classifyIntrinsic("assert"), Intrinsic::Assert);
    EXPECT_EQ(classifyIntrinsic("__VERIFIER_assert"), Intrinsic::Assert);
    EXPECT_EQ(classifyIntrinsic("reach_error"), Intrinsic::Error);
    EXPECT_EQ(classifyIntrinsic("__VERIFIER_error"), Intrinsic::Error);
    EXPECT_EQ(classifyIntrinsic("__assert_fail"), Intrinsic::Error);
    EXPECT_EQ(classifyIntrinsic("abort"), Intrinsic::Abort);
    EXPECT_EQ(classifyIntrinsic("exit"), Intrinsic::Exit);
    EXPECT_EQ(classifyIntrinsic("printf"), Intrinsic::Printf);
    EXPECT_EQ(classifyIntrinsic("puts"), Intrinsic::Printf);
    EXPECT_EQ(classifyIntrinsic("malloc"), Intrinsic::Malloc);
    EXPECT_EQ(classifyIntrinsic("free"), Intrinsic::Free);
    EXPECT_EQ(classifyIntrinsic("my_sensor_read"), Intrinsic::External);
}

TEST(Intrinsics, CallsCarryTheirIntrinsic) {
    auto p = parseC("extern int __VERIFIER_nondet_int(void);\nextern unsigned char __VERIFIER_nondet_uchar(void);\n"
                    "extern void __VERIFIER_assume(int);\nvoid reach_error(void);\nint nondet_int();\n"
                    "void __CPROVER_assume(_Bool);\nvoid abort(void);\nvoid exit(int);\n"
                    "int main() {\n  int x = __VERIFIER_nondet_int();\n  unsigned char c = __VERIFIER_nondet_uchar();\n"
                    "  int y = nondet_int();\n  __VERIFIER_assume(x > 0);\n  __CPROVER_assume(y < 5);\n"
                    "  if (x == y) reach_error();\n  if (c) abort();\n  if (y) exit(3);\n  return 0;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    auto intrinsicOf = [&](const std::string &text) {
        const CfaEdge *e = findEdge(*p, "main", text);
        EXPECT_NE(e, nullptr) << text;
        return e ? e->call.intrinsic : Intrinsic::None;
    };
    EXPECT_EQ(intrinsicOf("int x = __VERIFIER_nondet_int()"), Intrinsic::Nondet);
    EXPECT_EQ(intrinsicOf("unsigned char c = __VERIFIER_nondet_uchar()"), Intrinsic::Nondet);
    EXPECT_EQ(intrinsicOf("int y = nondet_int()"), Intrinsic::Nondet);
    EXPECT_EQ(intrinsicOf("__VERIFIER_assume(x > 0)"), Intrinsic::Assume);
    EXPECT_EQ(intrinsicOf("__CPROVER_assume(y < 5)"), Intrinsic::Assume);
    EXPECT_EQ(intrinsicOf("reach_error()"), Intrinsic::Error);
    EXPECT_EQ(intrinsicOf("abort()"), Intrinsic::Abort);
    EXPECT_EQ(intrinsicOf("exit(3)"), Intrinsic::Exit);
    // The nondet value has the declared return type.
    const CfaEdge *c = findEdge(*p, "main", "unsigned char c = __VERIFIER_nondet_uchar()");
    EXPECT_EQ(c->call.lhs->type->bits, 8u);
    EXPECT_FALSE(c->call.lhs->type->isSigned);
    // Nondet intrinsics give no "no body" warning.
    EXPECT_TRUE(p->diagnostics.items().empty()) << diagnosticsText(*p);
}

TEST(Intrinsics, AssertFromAssertHeaderBecomesAnErrorCallOnTheFailingBranch) {
    auto p = parseC("#include <assert.h>\nint main() {\n  int x = 1;\n  assert(x == 1);\n  return 0;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *fail = nullptr;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->kind == EdgeKind::Call && e->call.intrinsic == Intrinsic::Error)
            fail = e;
    ASSERT_NE(fail, nullptr);
    EXPECT_EQ(fail->line(), 4u);
    EXPECT_GE(countKind(*p, "main", EdgeKind::Assume), 2u);
}

TEST(Intrinsics, BodylessFunctionReturnsNondetWithAWarning) {
    auto p = parseC("int sensor(int channel);\nint main() { return sensor(2); }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ASSERT_EQ(p->diagnostics.items().size(), 1u) << diagnosticsText(*p);
    const Diagnostic &d = p->diagnostics.items()[0];
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_NE(d.message.find("'sensor' has no body"), std::string::npos);
    EXPECT_NE(d.message.find("nondet value of type 'int'"), std::string::npos);
    EXPECT_EQ(d.line, 2u);
}

TEST(Intrinsics, UserDefinedVerifierFunctionsAreCalledNormally) {
    // SV-COMP files often define these with bodies; the body is the semantics then.
    auto p = parseC("void reach_error() { }\nvoid __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }\n"
                    "int main() { __VERIFIER_assert(1); return 0; }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *e = findEdge(*p, "main", "__VERIFIER_assert(1)");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->call.intrinsic, Intrinsic::None);
}

TEST(Intrinsics, ReachErrorIsTheErrorEvenWithABody) {
    // token_ring.09.cil-2.c defines `void reach_error(){}`: calling it is still the violation.
    auto p = parseC("void reach_error(){}\nint main() { reach_error(); return 0; }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *e = findEdge(*p, "main", "reach_error()");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->call.intrinsic, Intrinsic::Error);
}
