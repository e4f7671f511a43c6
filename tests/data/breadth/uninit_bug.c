// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// An uninitialized array of 1000 elements: its elements may be anything.
int main(void) {
  int a[1000];
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k > 500 && k < 999);
  a[k + 1] = 7;
  if (a[k] == -a[k + 1])
    reach_error();
  return 0;
}
