/* Branch goals on floating point: each branch needs a double or float input that
   Test-Comp writes as a number and gcc's harness reads with strtod (check_goals.sh). */
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  double a = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  int r = 0;
  if (a != a)
    r = 1; /* NaN */
  else if (a + 1.0 == 1.0 && a != 0)
    r = 2; /* absorbed */
  if (f > 0.5f && (int)f == 0)
    r += 4;
  if (-f == f)
    r += 8; /* a zero of either sign */
  int n = __VERIFIER_nondet_int();
  /* Never taken: for every n in 1..99 the float rounding of n/10 times 10 is n again
     (vcov proves it unreachable; a loop over the 99 values compiled by gcc agrees). */
  if (n > 0 && n < 100 && (float)(n * 0.1) * 10 != n)
    r += 16;
  return r;
}
