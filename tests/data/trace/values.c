// What a trace shows of values C gives names to: a function pointer is the function it
// points to (&dec, not a number), a union is each of its members read from the same bytes.
// gcc -fwrapv prints the same values as the trace shows.
#include <stdio.h>
#include <string.h>
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
union Number { double d; unsigned long long u; int i; };
struct Ops { int (*apply)(int); int bias; };
int main(void) {
  int (*f)(int) = &inc;
  f = dec;
  int r = f(3);
  struct Ops ops;
  ops.apply = inc;
  int (*table[2])(int) = {inc, 0};
  table[1] = dec;
  union Number n;
  n.d = -2.25;
  union Number m = n;
  m.i = 7;
  printf("%d %d %llu %d %g\n", r, ops.apply(r), n.u, n.i, m.d);
  return table[1] == dec ? 0 : 1;
}
