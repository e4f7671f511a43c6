// Pointers to scalars, arrays and structs, pointer arithmetic, arrays as parameters,
// string literals and the comma and conditional operators (written for vcov's tests).
#include <stdio.h>

struct pair { int first, second; };

void swap(int *x, int *y) {
    int t = *x;
    *x = *y;
    *y = t;
}

int sum(const int arr[], int n) {
    int s = 0;
    for (const int *p = arr; p < arr + n; ++p)
        s += *p;
    return s;
}

int length(const char *s) {
    int n = 0;
    while (*s++)
        n++;
    return n;
}

int main(void) {
    int v[4] = {4, 3, 2, 1};
    struct pair pr = {.second = 9, .first = 8};
    struct pair *pp = &pr;
    int *q = &v[1];
    swap(q, &pp->second);
    q[1] += pp->first, v[0] = -v[0];
    int total = sum(v, 4) + length("abc");
    int sign = total > 0 ? 1 : total < 0 ? -1 : 0;
    printf("total=%d sign=%d first=%d\n", total, sign, pr.first);
    return sign == 1 ? 0 : 1;
}
