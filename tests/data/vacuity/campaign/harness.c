// A harness that assumes too much: its range check sits under an assumption no input
// meets (lo <= hi was meant, lo > hi was written), so it checks nothing and kills only
// what the reached assertion on the lower bound sees.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int clamp(int x, int lo, int hi);
int main(void) {
  int x = __VERIFIER_nondet_int(), lo = __VERIFIER_nondet_int(), hi = __VERIFIER_nondet_int();
  if (lo > hi && lo < -1000 && hi > 1000) { // never: a typo for lo <= hi
    int r = clamp(x, lo, hi);
    assert(lo <= r && r <= hi);
  }
  if (lo == 0 && hi == 10)
    assert(clamp(x, lo, hi) >= 0);
  return 0;
}
