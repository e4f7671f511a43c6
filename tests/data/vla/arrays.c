// Variable-length arrays run by gcc and by the interpreter (tests/cli/runs_like_gcc.sh):
// the size evaluated once at the declaration, rows of a fixed length, decay to a pointer,
// a new array per iteration of the loop that declares it.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int sum(int n, int *a) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 6)
        return 0;
    int a[n];
    int m[n][3];
    for (int i = 0; i < n; i++) {
        a[i] = i * i;
        for (int j = 0; j < 3; j++)
            m[i][j] = i + j;
    }
    int *p = a;
    p[n - 1] += 100;
    int k = n;
    double d[k++];
    d[0] = 0.5;
    printf("%d %d %d %d %d\n", sum(n, a), m[n - 1][2], k, (int)(d[0] * 4), n > 1 ? *(a + 1) : -1);
    for (int r = 0; r < 3; r++) {
        char c[r + 1];
        c[r] = (char)('a' + r);
        printf("%c", c[r]);
    }
    printf("\n");
    return a[0];
}
