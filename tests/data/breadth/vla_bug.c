// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A variable-length array sized by an input: the minimum found is the first element's
// only when the loop sees every element (the off-by-one bound skips the last).
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 4);
  int a[n];
  for (unsigned int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  int least = a[0];
  for (unsigned int i = 1; i + 1 < n; i++)
    if (a[i] < least)
      least = a[i];
  for (unsigned int i = 0; i < n; i++)
    if (a[i] < least)
      reach_error();
  return 0;
}
