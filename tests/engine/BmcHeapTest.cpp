// Dynamic memory in the model checker: malloc, calloc and free, each allocation an object
// of its own, the memory-safety checks (use after free, double free, invalid free, bounds
// of a symbolic size), and every counterexample replayed by the interpreter.
#include "ParseHelpers.h"

#include "bmc/Bmc.h"

#include <gtest/gtest.h>

using namespace vcov;
using namespace vcov::test;

namespace {

BmcResult check(const std::string &body, unsigned unwind, PropertySet props = {Property::Assertion}) {
    const std::string prelude = "extern int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\n"
                                "void reach_error(void);\nvoid *malloc(unsigned long);\n"
                                "void *calloc(unsigned long, unsigned long);\nvoid free(void *);\n";
    auto p = parseC(prelude + body);
    EXPECT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    BmcOptions o;
    o.unwind = unwind;
    o.properties = props;
    return checkProgram(*p, o);
}

const char *List = R"(struct node { int value; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->value = i + 1;
    x->next = head;
    head = x;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next)
    sum += p->value;
  if (sum == TARGET)
    reach_error();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
)";

std::string list(int target) {
    std::string s = List;
    s.replace(s.find("TARGET"), 6, std::to_string(target));
    return s;
}

} // namespace

// Three nodes, one malloc per iteration: sum 6 is reached and replayed, sum 7 never is.
TEST(BmcHeap, AListBuiltInALoopIsFollowed) {
    BmcResult bug = check(list(6), 4, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(bug.verdict, Verdict::Unsafe) << bug.reason;
    EXPECT_EQ(bug.property, Property::Assertion);
    EXPECT_TRUE(bug.replayed);
    ASSERT_TRUE(bug.counterexample);
    EXPECT_EQ(bug.counterexample->input.nondet.at(0), 3u);

    BmcResult ok = check(list(7), 4, {Property::Assertion, Property::Pointer});
    EXPECT_EQ(ok.verdict, Verdict::Safe) << ok.reason;
}

TEST(BmcHeap, UseAfterFreeIsAPointerViolation) {
    BmcResult r = check(R"(int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  if (__VERIFIER_nondet_int() > 10)
    free(p);
  return p[1];
})",
                        2, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_EQ(r.property, Property::Pointer);
    EXPECT_EQ(r.violationMessage, "access to freed memory");
    EXPECT_TRUE(r.replayed);
    EXPECT_GT(int(r.counterexample->input.nondet.at(0)), 10);
}

TEST(BmcHeap, DoubleAndInvalidFreesAreFound) {
    BmcResult twice = check(R"(int main(void) {
  int *p = malloc(sizeof(int));
  int *q = p;
  free(p);
  if (__VERIFIER_nondet_int() == 3)
    free(q);
  return 0;
})",
                            2, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(twice.verdict, Verdict::Unsafe) << twice.reason;
    EXPECT_EQ(twice.violationMessage, "double free");
    EXPECT_TRUE(twice.replayed);

    BmcResult inner = check(R"(int main(void) {
  int *p = malloc(2 * sizeof(int));
  int local = 0;
  int k = __VERIFIER_nondet_int();
  if (k == 1)
    free(p + 1);
  if (k == 2)
    free(&local);
  free(p);
  return 0;
})",
                            2, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(inner.verdict, Verdict::Unsafe) << inner.reason;
    EXPECT_EQ(inner.violationMessage, "free of a pointer that malloc did not return");
    EXPECT_TRUE(inner.replayed);

    // free(r) where r may be NULL frees nothing on that path: q stays usable there.
    BmcResult maybe = check(R"(int main(void) {
  int *p = malloc(sizeof(int));
  int *q = p;
  int *r = __VERIFIER_nondet_int() ? p : 0;
  free(r);
  *q = 1;
  return 0;
})",
                            2, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(maybe.verdict, Verdict::Unsafe) << maybe.reason;
    EXPECT_EQ(maybe.violationMessage, "access to freed memory");
    EXPECT_TRUE(maybe.replayed) << maybe.reason;
    EXPECT_NE(maybe.counterexample->input.nondet.at(0), 0);

    BmcResult fine = check(R"(int main(void) {
  int *p = malloc(2 * sizeof(int));
  free(0);
  free(p);
  return 0;
})",
                           2, {Property::Assertion, Property::Pointer});
    EXPECT_EQ(fine.verdict, Verdict::Safe) << fine.reason;
}

// malloc(n * sizeof(int)) with n chosen by the input: in bounds below n, out of bounds at n.
TEST(BmcHeap, MemoryOfSymbolicSizeHasItsBounds) {
    const std::string fill = R"(int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 4);
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < LIMIT; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    if (a[i] != i)
      reach_error();
  free(a);
  return 0;
})";
    auto with = [&](const std::string &limit) {
        std::string s = fill;
        s.replace(s.find("LIMIT"), 5, limit);
        return s;
    };
    BmcResult ok = check(with("n"), 5, {Property::Assertion, Property::Pointer, Property::ArrayBounds});
    EXPECT_EQ(ok.verdict, Verdict::Safe) << ok.reason;
    BmcResult over = check(with("n + 1"), 6, {Property::Assertion, Property::Pointer, Property::ArrayBounds});
    ASSERT_EQ(over.verdict, Verdict::Unsafe) << over.reason;
    EXPECT_EQ(over.property, Property::ArrayBounds);
    EXPECT_TRUE(over.replayed);
}

TEST(BmcHeap, CallocZeroesAndMallocDoesNot) {
    BmcResult zero = check(R"(int main(void) {
  int *a = calloc(3, sizeof(int));
  a[1] = 5;
  if (a[0] != 0 || a[2] != 0 || a[1] != 5)
    reach_error();
  return 0;
})",
                           2);
    EXPECT_EQ(zero.verdict, Verdict::Safe) << zero.reason;
    // Uninitialized heap memory may hold anything: never "safe". What the model chose is an
    // input of the counterexample (ExecutionInput::heap), which the interpreter replays.
    BmcResult garbage = check(R"(int main(void) {
  int *a = malloc(3 * sizeof(int));
  if (a[1] == 42)
    reach_error();
  return 0;
})",
                              2);
    ASSERT_EQ(garbage.verdict, Verdict::Unsafe) << garbage.reason;
    ASSERT_TRUE(garbage.counterexample);
    EXPECT_EQ(garbage.counterexample->input.heap, (std::map<std::pair<uint64_t, uint64_t>, uint64_t>{{{0, 4}, 42}}));
}

// A void * from malloc takes the type of its first dereference (recursive_list.i's
// allocate_memory() returns malloc(8) to a struct pointer).
TEST(BmcHeap, UntypedMemoryTakesTheTypeItIsUsedAs) {
    BmcResult r = check(R"(struct list { int n; struct list *next; };
void *allocate(void) { return malloc(sizeof(struct list)); }
int main(void) {
  struct list *l = allocate();
  l->n = 1;
  l->next = allocate();
  l->next->n = 2;
  l->next->next = 0;
  if (l->next->n == 2)
    reach_error();
  return 0;
})",
                        2, {Property::Assertion, Property::Pointer});
    ASSERT_EQ(r.verdict, Verdict::Unsafe) << r.reason;
    EXPECT_TRUE(r.replayed);
}
