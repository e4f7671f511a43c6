// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// An array of 100000 pointers (held by its writes, not pointer by pointer): two writes at
// input indices, and the read of the first sees the second when the indices are equal.
int *table[100000];
int main(void) {
  int x = 5, y = 7;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 100000 && j >= 0 && j < 100000);
  table[i] = &x;
  table[j] = &y;
  int *p = table[i];
  if (p == 0)
    reach_error(); // never: p is &x or &y
  if (*p == 7)
    reach_error(); // when i == j
  return 0;
}
