#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <net/if.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <time.h>
#include <errno.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]); double secs = atof(argv[2]); int mode = argc > 3 ? atoi(argv[3]) : 0;
    for (int i = 0; i < n; i++) if (fork() == 0) {
        int s = socket(AF_INET, SOCK_DGRAM, 0);
        struct ifreq ifr; struct ethtool_value ev; char buf[4096]; struct ifconf ifc;
        memset(&ifr, 0, sizeof ifr); strcpy(ifr.ifr_name, "lo");
        struct timespec t0, t; clock_gettime(CLOCK_MONOTONIC, &t0); long k = 0, err = 0;
        for (;;) {
            int r;
            if (mode == 0) { ev.cmd = ETHTOOL_GLINK; ifr.ifr_data = (void*)&ev; r = ioctl(s, SIOCETHTOOL, &ifr); }
            else { ifc.ifc_len = sizeof buf; ifc.ifc_buf = buf; r = ioctl(s, SIOCGIFCONF, &ifc); }
            if (r) err++;
            if ((++k & 1023) == 0) { clock_gettime(CLOCK_MONOTONIC, &t); if (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec)/1e9 > secs) break; }
        }
        if (i == 0) printf("worker0 calls %ld errors %ld (errno %d)\n", k, err, errno);
        _exit(0);
    }
    while (wait(NULL) > 0);
    return 0;
}
