// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A local array of 100000 structs of one pointer, pointing to distinct heap objects: each
// keeps what was written through it.
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
  for (int i = 0; i < n; i++)
    if (a[i].n == 0 || *a[i].n != i * 10)
      reach_error();
  if (n > 1 && a[0].n == a[1].n)
    reach_error();
  return 0;
}
