// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Arrays of 100000 elements, a prefix copied with one element off.
int main(void) {
  int a[100000];
  int b[100000];
  for (int i = 0; i < 5; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++)
    b[i] = i == 3 ? a[i] + 1 : a[i];
  for (int i = 0; i < 5; i++)
    if (a[i] != b[i])
      reach_error();
  return 0;
}
