// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A callback passed to a loop, (*f)(x) and NULL checked: 3, 12 or 3 again: never 6.
static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
int apply(int (*f)(int), int x, int n) {
  for (int i = 0; i < n; i++)
    if (f)
      x = (*f)(x);
  return x;
}
int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*f)(int) = c == 1 ? twice : c == 2 ? negate : 0;
  int r = apply(f, 3, 2);
  if (r == 6)
    reach_error();
  return 0;
}
