// An SV-COMP reachability task whose memcpy overlaps: undefined behaviour, not the
// task's violation (reach_error is unreachable), as farsync's memcpy_toio.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void *memcpy(void *, const void *, unsigned long);
int main(void) {
    char a[8] = "abcdefg";
    unsigned int k = __VERIFIER_nondet_uint();
    if (k >= 4)
        return 0;
    memcpy(a + k, a, 4);
    if (a[7] != 'g')
        reach_error();
    return 0;
}
