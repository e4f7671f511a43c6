// The verification dialect of the breadth programs, for vcov and for CBMC: CBMC does not
// treat a call of reach_error() as a violation unless its body fails an assertion.
#ifdef __CPROVER__
void reach_error(void) { __CPROVER_assert(0, "reach_error"); }
#else
extern void reach_error(void);
#endif
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
