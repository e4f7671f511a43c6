// strcpy then strcat of a name of the input's length into a buffer of 8: the copy of the
// NUL past the end when the name has 4 characters or more.
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    char *buf = malloc(8);
    char name[6] = "abcde";
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 5)
        return 0;
    name[k] = 0;
    strcpy(buf, "dev-");
    strcat(buf, name);
    int n = (int)strlen(buf);
    free(buf);
    return n;
}
