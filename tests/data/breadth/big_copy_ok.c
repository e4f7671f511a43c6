// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A prefix of an array of 100000 copied into a global, zero beyond the prefix (a global
// of 100000 read at a symbolic index takes CBMC 6.6 minutes).
int g[256];
int main(void) {
  int a[100000];
  for (int i = 0; i < 5; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++)
    g[i] = a[i];
  for (int i = 0; i < 5; i++)
    if (g[i] != a[i])
      reach_error();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 5 && k < 256);
  if (g[k] != 0)
    reach_error();
  return 0;
}
