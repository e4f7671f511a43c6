// A harness whose assumptions leave two of its five assertions unreachable: a verdict of
// "safe" says nothing of them (vacuous). The other three are reached by an execution.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();} } return; }
void __CPROVER_assert(int, const char *);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 5) {       // assumed too much: no x gets in
    assert(x == 7);
    __VERIFIER_assert(x > 0);
  }
  assert(x == x);
  __CPROVER_assert(x != x + 1 || x == 2147483647, "successor");
  if (x == 3 && x == 4)
    reach_error();
  return 0;
}
