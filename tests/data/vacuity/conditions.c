// Conditions of several parts, as real code writes them: <assert.h>'s assert of a
// conjunction (one failure entered from each part) and `if (A || B) reach_error()`. Every
// run past the early return reaches both checks and passes them: "holds, reached", not
// "vacuous" (the failing halves are never taken, the checks are). The loop's assertion is
// behind a condition no input meets.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 1 || b < 1 || a > 1000 || b > 1000)
    return 0;
  assert(a > 0 && b > 0 && a + b != 1);
  if (a == 0 || b == 0) reach_error();
  while (a < 0) {
    assert(a != b || a == 3);
    a++;
  }
  return 0;
}
