// A global of 100000 ints: the value analysis holds it sparsely (tests/gui/ExplorationViewsTest.cpp).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  for (int i = 0; i < 3; i++)
    a[i] = i;
  int k = __VERIFIER_nondet_int();
  if (a[2] != 2 || a[99999] != 0)
    reach_error();
  if (k > 0)
    a[7] = k;
  return a[7];
}
