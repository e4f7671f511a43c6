// strcpy then strcat of a name of the input's length into a buffer of 10: it fits.
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    char *buf = malloc(10);
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
