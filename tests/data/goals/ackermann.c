// Ackermann's function below m = 4: A(3, 23) = 2^26 - 3 takes 2^27 calls, but for m < 3 it
// is a line in n (A(2, n) = 2n + 3), proved by induction over its calls; with those lines
// answering the calls, each of the 96 inputs runs in a few dozen calls.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int ackermann(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 3)
    return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 23)
    return 0;
  if (ackermann(m, n) < 0)
    reach_error();
  return 0;
}
