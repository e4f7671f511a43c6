// SV-COMP's array-industry-pattern/array_of_struct_ptr_cond_init: the first loop allocates a
// struct per element and gives it a pointer where n == 1; the second asserts that it did.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
struct S { int *p; int n; };
struct S *a[100000];
int main(void) {
  int i;
  for (i = 0; i < 100000; i++) {
    struct S *s1 = (struct S *)malloc(sizeof(struct S));
    s1->n = __VERIFIER_nondet_int();
    if (s1->n == 1)
      s1->p = (int *)malloc(sizeof(int));
    else
      s1->p = (void *)0;
    a[i] = s1;
  }
  for (i = 0; i < 100000; i++) {
    struct S *s2 = a[i];
    if (s2->n == 1)
      __VERIFIER_assert(s2->p != (void *)0);
  }
  return 0;
}
