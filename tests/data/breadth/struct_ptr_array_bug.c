// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A local array of 100000 structs of one pointer (array-industry-pattern's shape), some of
// them pointing to heap objects: the error needs three of them.
extern void *malloc(unsigned long);
typedef struct {
  int *n;
} S;
int main(void) {
  S a[100000];
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  for (int i = 0; i < n; i++)
    a[i].n = (int *)malloc(sizeof(int));
  for (int i = 0; i < n; i++)
    *a[i].n = i * 10;
  if (n == 3 && *a[2].n == 20)
    reach_error();
  return 0;
}
