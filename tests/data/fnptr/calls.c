// Calls through function pointers, run by gcc and by vcov's interpreter on the same inputs
// (tests/cli/runs_like_gcc.sh): both must print the same.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
typedef int (*unary)(int);
static int inc(int x) { return x + 1; }
static int square(int x) { return x * x; }
static int half(int x) { return x / 2; }
struct handler {
  const char *name;
  unary run;
};
static struct handler handlers[] = {{"inc", inc}, {"square", square}, {"half", half}};
static unary pick(int k) { return k >= 0 && k < 3 ? handlers[k].run : 0; }
static int compose(unary f, unary g, int x) { return g(f(x)); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  for (int round = 0; round < 3; round++) {
    int k = __VERIFIER_nondet_int();
    unary f = pick(k);
    if (f == 0) {
      printf("round %d: no handler for %d\n", round, k);
      continue;
    }
    x = compose(f, inc, x);
    printf("round %d: %s then inc gives %d (same: %d)\n", round, handlers[k].name, x, f == handlers[k].run);
  }
  unary g = square;
  printf("square(7) through a variable: %d, through *: %d\n", g(7), (*g)(7));
  return 0;
}
