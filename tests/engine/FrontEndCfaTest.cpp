// CFA shapes of the C constructs, built by the real front end.
#include "ParseHelpers.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcov;
using namespace vcov::test;

namespace {

bool contains(const std::vector<std::string> &v, const std::string &s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

const FunctionCfa &fn(const Program &p, const std::string &name) {
    const FunctionCfa *f = p.function(name);
    EXPECT_NE(f, nullptr) << name;
    return *f;
}

} // namespace

TEST(FrontEndCfa, StraightLineDeclarationsAndAssignments) {
    auto p = parseC("int main() {\n  int x;\n  int y = 3;\n  x = y + 1;\n  return x;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    auto texts = edgeTexts(*p, "main");
    EXPECT_TRUE(contains(texts, "int x"));
    EXPECT_TRUE(contains(texts, "int y = 3"));
    EXPECT_TRUE(contains(texts, "x = y + 1"));
    EXPECT_TRUE(contains(texts, "return x"));
    const CfaEdge *assign = findEdge(*p, "main", "x = y + 1");
    ASSERT_NE(assign, nullptr);
    EXPECT_EQ(assign->kind, EdgeKind::Assignment);
    EXPECT_EQ(assign->line(), 4u);
    EXPECT_EQ(exprToString(*p, assign->rhs), "y + 1");
    const CfaEdge *decl = findEdge(*p, "main", "int y = 3");
    ASSERT_NE(decl, nullptr);
    EXPECT_EQ(decl->kind, EdgeKind::Declaration);
    ASSERT_EQ(decl->inits.size(), 1u);
    EXPECT_EQ(exprToString(*p, decl->inits[0].value), "3");
    // One path from entry to exit: every node but the exit has one successor.
    const FunctionCfa *f = p->function("main");
    ASSERT_NE(f, nullptr);
    for (NodeId n : f->nodes)
        EXPECT_EQ(p->node(n).out.size(), n == f->exit ? 0u : 1u);
    EXPECT_EQ(p->coverableLines(0), (std::set<unsigned>{2, 3, 4, 5}));
}

TEST(FrontEndCfa, IfElseHasAssumeEdgesWithPolarity) {
    auto p = parseC("int main() {\n  int x = 1, y;\n  if (x > 0)\n    y = 1;\n  else\n    y = 2;\n  return y;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *yes = findEdge(*p, "main", "[x > 0]");
    const CfaEdge *no = findEdge(*p, "main", "[!(x > 0)]");
    ASSERT_NE(yes, nullptr);
    ASSERT_NE(no, nullptr);
    EXPECT_EQ(yes->kind, EdgeKind::Assume);
    EXPECT_TRUE(yes->truth);
    EXPECT_FALSE(no->truth);
    EXPECT_EQ(yes->from, no->from);
    EXPECT_NE(yes->to, no->to);
    EXPECT_EQ(exprToString(*p, yes->cond), "x > 0");
    // Both branches join before the return.
    const CfaEdge *ret = findEdge(*p, "main", "return y");
    ASSERT_NE(ret, nullptr);
    EXPECT_EQ(p->node(ret->from).in.size(), 2u);
}

TEST(FrontEndCfa, ShortCircuitConditionsAreSplitIntoAtomicAssumes) {
    auto p = parseC("int main() {\n  int a = 1, b = 2, c = 3, r = 0;\n"
                    "  if (a && (b || !c)) r = 1;\n  if (a ? b : c) r = 2;\n  return r;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    auto texts = edgeTexts(*p, "main");
    for (const char *t : {"[a]", "[!(a)]", "[b]", "[!(b)]", "[c]", "[!(c)]"})
        EXPECT_TRUE(contains(texts, t)) << t;
    // No assume edge carries a compound condition.
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->kind == EdgeKind::Assume) {
            EXPECT_EQ(e->text.find("&&"), std::string::npos) << e->text;
            EXPECT_EQ(e->text.find("||"), std::string::npos) << e->text;
        }
    // `!c`: the true branch of the whole condition is reached when c is false.
    const CfaEdge *notC = nullptr;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->text == "[!(c)]" && e->line() == 3)
            notC = e;
    ASSERT_NE(notC, nullptr);
    const CfaEdge *r1 = findEdge(*p, "main", "r = 1");
    ASSERT_NE(r1, nullptr);
    EXPECT_EQ(notC->to, r1->from);
    // a && (b || !c): 3 atoms -> 6 assume edges; a ? b : c: 3 atoms -> 6.
    EXPECT_EQ(countKind(*p, "main", EdgeKind::Assume), 12u);
}

TEST(FrontEndCfa, WhileLoopHeadIsMarked) {
    auto p = parseC("int main() {\n  int i = 0;\n  while (i < 10) {\n    i++;\n  }\n  return i;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *cond = findEdge(*p, "main", "[i < 10]");
    ASSERT_NE(cond, nullptr);
    EXPECT_TRUE(p->node(cond->from).loopHead);
    const CfaEdge *inc = findEdge(*p, "main", "i++");
    ASSERT_NE(inc, nullptr);
    EXPECT_EQ(inc->kind, EdgeKind::Assignment);
    EXPECT_EQ(exprToString(*p, inc->rhs), "i + 1");
    EXPECT_EQ(inc->to, cond->from); // back edge to the head
    size_t heads = 0;
    for (NodeId n : fn(*p, "main").nodes)
        heads += p->node(n).loopHead;
    EXPECT_EQ(heads, 1u);
}

TEST(FrontEndCfa, ForLoopWithBreakAndContinue) {
    auto p = parseC("int main() {\n  int s = 0;\n  for (int i = 0; i < 5; i++) {\n"
                    "    if (i == 2) continue;\n    if (i == 4) break;\n    s += i;\n  }\n  return s;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *cont = findEdge(*p, "main", "continue");
    const CfaEdge *brk = findEdge(*p, "main", "break");
    const CfaEdge *inc = findEdge(*p, "main", "i++");
    const CfaEdge *exitCond = findEdge(*p, "main", "[!(i < 5)]");
    const CfaEdge *ret = findEdge(*p, "main", "return s");
    ASSERT_TRUE(cont && brk && inc && exitCond && ret);
    EXPECT_EQ(cont->to, inc->from);     // continue goes to the increment
    EXPECT_EQ(brk->to, ret->from);      // break leaves the loop
    EXPECT_EQ(exitCond->to, ret->from); // so does the false condition
    const CfaEdge *plus = findEdge(*p, "main", "s += i");
    ASSERT_NE(plus, nullptr);
    EXPECT_EQ(exprToString(*p, plus->rhs), "s + i");
    EXPECT_TRUE(p->node(findEdge(*p, "main", "[i < 5]")->from).loopHead);
}

TEST(FrontEndCfa, DoWhileLoopsBackToTheBody) {
    auto p = parseC("int main() {\n  int i = 0;\n  do {\n    i = i + 2;\n  } while (i < 7);\n  return i;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *body = findEdge(*p, "main", "i = i + 2");
    const CfaEdge *again = findEdge(*p, "main", "[i < 7]");
    ASSERT_TRUE(body && again);
    EXPECT_EQ(again->to, body->from);
    EXPECT_TRUE(p->node(body->from).loopHead);
}

TEST(FrontEndCfa, ConstantConditionHasOneWay) {
    auto p = parseC("int main() {\n  int i = 0;\n  while (1) {\n    i++;\n    if (i > 3) break;\n  }\n  return i;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *one = findEdge(*p, "main", "[1]");
    ASSERT_NE(one, nullptr);
    EXPECT_EQ(one->kind, EdgeKind::Blank);
    EXPECT_EQ(findEdge(*p, "main", "[!(1)]"), nullptr);
    EXPECT_EQ(p->node(one->from).out.size(), 1u);
}

TEST(FrontEndCfa, SwitchWithFallThroughAndDefault) {
    auto p = parseC("int main() {\n  int x = 2, y = 0;\n  switch (x) {\n  case 1:\n    y = 10;\n  case 2:\n"
                    "    y += 1;\n    break;\n  default:\n    y = -1;\n  }\n  return y;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *c1 = findEdge(*p, "main", "[x == 1]");
    const CfaEdge *n1 = findEdge(*p, "main", "[!(x == 1)]");
    const CfaEdge *c2 = findEdge(*p, "main", "[x == 2]");
    const CfaEdge *n2 = findEdge(*p, "main", "[!(x == 2)]");
    const CfaEdge *y10 = findEdge(*p, "main", "y = 10");
    const CfaEdge *yinc = findEdge(*p, "main", "y += 1");
    const CfaEdge *def = findEdge(*p, "main", "default");
    const CfaEdge *ym1 = findEdge(*p, "main", "y = -1");
    ASSERT_TRUE(c1 && n1 && c2 && n2 && y10 && yinc && def && ym1);
    EXPECT_EQ(c1->line(), 4u);
    EXPECT_EQ(c1->to, y10->from);
    EXPECT_EQ(n1->to, c2->from);
    EXPECT_EQ(c2->to, yinc->from);
    EXPECT_EQ(y10->to, yinc->from); // fall-through from case 1 into case 2
    EXPECT_EQ(n2->to, def->from);
    EXPECT_EQ(def->to, ym1->from);
    EXPECT_EQ(ym1->to, findEdge(*p, "main", "break")->to);
}

TEST(FrontEndCfa, GotoAndLabelsLikeCilOutput) {
    auto p = parseC("int main() {\n  int i = 0;\n  while_0_continue: ;\n  if (i >= 3) goto while_0_break;\n"
                    "  i++;\n  goto while_0_continue;\n  while_0_break: ;\n  return i;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *back = findEdge(*p, "main", "goto while_0_continue");
    const CfaEdge *out = findEdge(*p, "main", "goto while_0_break");
    const CfaEdge *cond = findEdge(*p, "main", "[i >= 3]");
    ASSERT_TRUE(back && out && cond);
    EXPECT_EQ(back->to, cond->from);
    EXPECT_TRUE(p->node(cond->from).loopHead); // found as the target of a back edge
    EXPECT_EQ(out->to, findEdge(*p, "main", "return i")->from);
}

TEST(FrontEndCfa, DeadCodeAfterReturnIsNotPartOfTheCfa) {
    auto p = parseC("int main() {\n  return 0;\n  int x = 5;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    EXPECT_EQ(findEdge(*p, "main", "int x = 5"), nullptr);
    EXPECT_EQ(p->coverableLines(0), (std::set<unsigned>{2}));
}

TEST(FrontEndCfa, SideEffectsInExpressionsBecomeEdges) {
    auto p = parseC("int f(int v) { return v * 2; }\n"
                    "int main() {\n  int a[3] = {1, 2, 3};\n  int i = 0, x;\n  x = a[i++] + f(i);\n"
                    "  x = (i = 2, i + 1);\n  x += --i;\n  return x;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    // a[i++] + f(i): the old i in a temporary, the increment, the call, then the sum.
    std::vector<const CfaEdge *> line5;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->line() == 5)
            line5.push_back(e);
    ASSERT_EQ(line5.size(), 4u);
    EXPECT_EQ(line5[0]->kind, EdgeKind::Assignment); // tmp = i
    EXPECT_EQ(line5[1]->kind, EdgeKind::Assignment); // i = i + 1
    EXPECT_EQ(exprToString(*p, line5[1]->lhs), "i");
    EXPECT_EQ(line5[2]->kind, EdgeKind::Call);
    EXPECT_EQ(line5[2]->call.calleeName, "f");
    ASSERT_TRUE(line5[2]->call.lhs);
    EXPECT_EQ(line5[3]->kind, EdgeKind::Assignment);
    EXPECT_EQ(exprToString(*p, line5[3]->lhs), "x");
    // The comma operator: the left side first, then the value of the right side.
    const CfaEdge *assignI = findEdge(*p, "main", "i = 2");
    ASSERT_NE(assignI, nullptr);
    const CfaEdge *x2 = findEdge(*p, "main", "x = (i = 2, i + 1)");
    ASSERT_NE(x2, nullptr);
    EXPECT_EQ(exprToString(*p, x2->rhs), "i + 1");
    EXPECT_EQ(assignI->to, x2->from);
    const CfaEdge *pre = findEdge(*p, "main", "--i");
    ASSERT_NE(pre, nullptr);
    EXPECT_EQ(pre->to, findEdge(*p, "main", "x += --i")->from);
}

TEST(FrontEndCfa, ValueContextShortCircuitWithCallsBranches) {
    auto p = parseC("int g(void);\nint f(void) { return 1; }\n"
                    "int main() {\n  int r = f() && g();\n  return r;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    // g() is called only on the path where f() returned non-zero.
    size_t calls = 0;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        calls += e->kind == EdgeKind::Call;
    EXPECT_EQ(calls, 2u);
    EXPECT_GE(countKind(*p, "main", EdgeKind::Assume), 4u);
}

TEST(FrontEndCfa, ArraysStructsPointersAndStrings) {
    auto p = parseC("struct point { int x; int y; };\n"
                    "int main() {\n  struct point pt = {1, 2};\n  struct point *pp = &pt;\n  int m[2][3];\n"
                    "  char s[] = \"hi\";\n  const char *msg = \"text\";\n  pp->y = pt.x + m[1][2];\n"
                    "  *(&pt.x) = s[1];\n  return msg[0];\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *decl = findEdge(*p, "main", "struct point pt = {1, 2}");
    ASSERT_NE(decl, nullptr);
    ASSERT_EQ(decl->inits.size(), 2u);
    EXPECT_EQ(exprToString(*p, decl->inits[1].target), "pt.y");
    const CfaEdge *arrow = findEdge(*p, "main", "pp->y = pt.x + m[1][2]");
    ASSERT_NE(arrow, nullptr);
    EXPECT_EQ(exprToString(*p, arrow->lhs), "pp->y");
    EXPECT_EQ(exprToString(*p, arrow->rhs), "pt.x + m[1][2]");
    EXPECT_EQ(arrow->lhs->kind, ExprKind::Member);
    EXPECT_EQ(arrow->lhs->ops[0]->kind, ExprKind::Deref);
    const CfaEdge *str = findEdge(*p, "main", "char s[] = \"hi\"");
    ASSERT_NE(str, nullptr);
    EXPECT_EQ(str->inits.size(), 3u); // 'h', 'i', '\0'
    const Variable &m = p->variable(findEdge(*p, "main", "int m[2][3]")->declared);
    EXPECT_EQ(m.type->kind, TypeKind::Array);
    EXPECT_EQ(m.type->count, 2u);
    EXPECT_EQ(m.type->target->count, 3u);
    EXPECT_EQ(m.type->sizeBytes, 24u);
    const CfaEdge *lit = findEdge(*p, "main", "const char *msg = \"text\"");
    ASSERT_NE(lit, nullptr);
    ASSERT_EQ(lit->inits.size(), 1u);
    EXPECT_EQ(lit->inits[0].value->kind, ExprKind::Cast);
    EXPECT_EQ(lit->inits[0].value->ops[0]->kind, ExprKind::StringLit);
}

TEST(FrontEndCfa, CallsAndReturns) {
    auto p = parseC("int twice(int v) {\n  return 2 * v;\n}\nvoid nothing(void) { }\n"
                    "int main() {\n  int r = twice(4);\n  nothing();\n  return twice(r);\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *c = findEdge(*p, "main", "int r = twice(4)");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->kind, EdgeKind::Call);
    EXPECT_EQ(c->call.intrinsic, Intrinsic::None);
    EXPECT_EQ(p->functions[c->call.callee].name, "twice");
    EXPECT_EQ(exprToString(*p, c->call.lhs), "r");
    ASSERT_EQ(c->call.args.size(), 1u);
    EXPECT_EQ(exprToString(*p, c->call.args[0]), "4");
    const CfaEdge *ret = findEdge(*p, "twice", "return 2 * v");
    ASSERT_NE(ret, nullptr);
    EXPECT_EQ(ret->kind, EdgeKind::Return);
    EXPECT_EQ(ret->to, fn(*p, "twice").exit);
    EXPECT_EQ(fn(*p, "twice").params.size(), 1u);
    EXPECT_EQ(p->entryFunction, fn(*p, "main").id);
}

TEST(FrontEndCfa, ImplicitDeclarationsAsInTheQuicksortHarness) {
    // The FDV paper's quicksort calls partition before declaring it, and harnesses use
    // assert and printf without their headers.
    auto p = parseC("void q(int a[], int l, int r) {\n  int j;\n  if (l < r) {\n    j = partition(a, l, r);\n  }\n}\n"
                    "int partition(int a[], int l, int r) { return l; }\n"
                    "int main() {\n  int a[3];\n  q(a, 0, 2);\n  assert(a[0] <= a[1]);\n  printf(\"%d\\n\", a[0]);\n  return 0;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const CfaEdge *call = findEdge(*p, "q", "j = partition(a, l, r)");
    ASSERT_NE(call, nullptr);
    EXPECT_TRUE(p->functions[call->call.callee].hasBody);
    const CfaEdge *as = findEdge(*p, "main", "assert(a[0] <= a[1])");
    ASSERT_NE(as, nullptr);
    EXPECT_EQ(as->call.intrinsic, Intrinsic::Assert);
    EXPECT_EQ(findEdge(*p, "main", "printf(\"%d\\n\", a[0])")->call.intrinsic, Intrinsic::Printf);
}

TEST(FrontEndCfa, AttributesAreAccepted) {
    auto p = parseC("void reach_error() __attribute__((__noreturn__));\n"
                    "static inline int __attribute__((always_inline)) id(int x) { return x; }\n"
                    "int main() { int v __attribute__((unused)) = id(3); return v; }\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    EXPECT_NE(p->function("id"), nullptr);
}

TEST(FrontEndCfa, DefinesAndDataModel) {
    const char *code = "int a[SIZE];\nint main() { long l = sizeof(long); return a[SIZE - 1] + (int)l; }\n";
    auto lp64 = parseC(code, {"SIZE=3"}, DataModel::LP64);
    ASSERT_FALSE(lp64->diagnostics.hasErrors()) << diagnosticsText(*lp64);
    auto ilp32 = parseC(code, {"SIZE=3"}, DataModel::ILP32);
    ASSERT_FALSE(ilp32->diagnostics.hasErrors()) << diagnosticsText(*ilp32);
    auto sizeofLong = [](const Program &p) {
        const CfaEdge *e = findEdge(p, "main", "long l = sizeof(long)");
        return e ? e->inits.at(0).value : nullptr;
    };
    ASSERT_TRUE(sizeofLong(*lp64) && sizeofLong(*ilp32));
    EXPECT_EQ(sizeofLong(*lp64)->value, 8);
    EXPECT_EQ(sizeofLong(*ilp32)->value, 4);
    ASSERT_EQ(lp64->globals.size(), 1u);
    EXPECT_EQ(lp64->variable(lp64->globals[0].var).type->count, 3u);
    EXPECT_FALSE(lp64->globals[0].hasInitializer); // zero, as C says for globals
}

TEST(FrontEndCfa, GlobalsAreLinkedAcrossFiles) {
    TempDir dir;
    FrontEndOptions o;
    o.files = {dir.write("a.c", "int shared = 7;\nint get(void);\nint main() { return get() + shared; }\n"),
               dir.write("b.c", "extern int shared;\nint get(void) { shared++; return shared; }\n")};
    auto p = parseProgram(o);
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    ASSERT_EQ(p->globals.size(), 1u);
    EXPECT_TRUE(p->globals[0].hasInitializer);
    const CfaEdge *call = nullptr;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->kind == EdgeKind::Call)
            call = e;
    ASSERT_NE(call, nullptr);
    EXPECT_TRUE(p->functions[call->call.callee].hasBody);
    EXPECT_EQ(p->files.size(), 2u);
    const CfaEdge *inc = findEdge(*p, "get", "shared++");
    ASSERT_NE(inc, nullptr);
    EXPECT_EQ(inc->range.file, 1);
    EXPECT_EQ(inc->lhs->var, p->globals[0].var);
}

TEST(FrontEndCfa, OperationsPrintWithTheRightPrecedence) {
    auto p = parseC("int main() {\n  int f = 1;\n  unsigned c = 5, a = 2;\n  f += (int)(c - a);\n"
                    "  f = f * (f + 1);\n  return f;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    EXPECT_EQ(edgeOperation(*p, *findEdge(*p, "main", "f += (int)(c - a)")), "f = f + (c - a)");
    EXPECT_EQ(edgeOperation(*p, *findEdge(*p, "main", "f = f * (f + 1)")), "f = f * (f + 1)");
    std::vector<std::string> declarations;
    for (const CfaEdge *e : edgesOf(*p, "main"))
        if (e->kind == EdgeKind::Declaration)
            declarations.push_back(edgeOperation(*p, *e));
    EXPECT_TRUE(contains(declarations, "unsigned int c; c = 5U"));
    EXPECT_TRUE(contains(declarations, "unsigned int a; a = 2U"));
}
