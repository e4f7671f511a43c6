/* The string functions the Linux driver tasks call (strcpy, strncpy, strcat, strncat,
   sprintf, snprintf, sscanf), run by gcc and by the interpreter on the same inputs
   (runs_like_gcc.sh): every byte they write is printed. */
#include <stdio.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

static void show(const char *what, const char *s, int n) {
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %d", s[i]);
    printf("\n");
}

int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    char name[32], pad[8], buf[64];
    memset(name, 'x', sizeof name);
    memset(pad, 'x', sizeof pad);
    strcpy(name, "loop");
    strcat(name, "-dev");
    strncat(name, "ABCDEFG", 3);
    show("name", name, 14);
    strncpy(pad, "ab", 6);
    show("pad", pad, 8);
    strncpy(pad, "abcdefghij", 8);
    show("pad full", pad, 8);
    int n = sprintf(buf, "loop%d|%u|%x|%X|%c|%s|%%", a, (unsigned)b, (unsigned)a, (unsigned)b, 'A' + (b & 15), name);
    printf("%d %s\n", n, buf);
    n = sprintf(buf, "%ld %lu %llu %d", (long)a * 3, (unsigned long)b, (unsigned long long)a * 1000, -2147483647 - 1);
    printf("%d %s\n", n, buf);
    memset(buf, 'y', sizeof buf);
    n = snprintf(buf, 6, "pktcdvd%d", a);
    show("snprintf", buf, 8);
    printf("returned %d\n", n);
    unsigned major = 7, minor = 7;
    int val = 0;
    sprintf(buf, "%u:%u", (unsigned)a, (unsigned)b);
    int got = sscanf(buf, "%u:%u", &major, &minor);
    printf("sscanf %d: %u %u\n", got, major, minor);
    sprintf(buf, " %d\n", b);
    got = sscanf(buf, "%d", &val);
    printf("sscanf %d: %d\n", got, val);
    printf("sscanf %d\n", sscanf("x1", "%d", &val));
    printf("sscanf %d\n", sscanf("", "%d", &val));
    got = sscanf("12:", "%u:%u", &major, &minor);
    printf("sscanf %d: %u\n", got, major);
    got = sscanf("-1f:", "-%x:", &major);
    printf("sscanf %d: %u\n", got, major);
    return 0;
}
