// Calls of library functions Clang deems pure (strlen, memcmp) behind ?: and &&: made
// only where the guard holds (they were once made unconditionally, a NULL dereference).
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    char *s = __VERIFIER_nondet_int() ? malloc(3) : NULL;
    if (s) {
        s[0] = 'a';
        s[1] = 'b';
        s[2] = 0;
    }
    size_t n = s != NULL ? strlen(s) : 0;
    int same = s && memcmp(s, "ab", 2) == 0;
    free(s);
    return (int)n + same;
}
