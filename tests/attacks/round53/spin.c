#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
#include <time.h>
int main(int argc, char **argv) { int n = atoi(argv[1]); double secs = atof(argv[2]);
 for (int i = 0; i < n; i++) if (fork() == 0) { time_t t0 = time(0); volatile long k = 0; while (time(0) - t0 < secs) for (int j = 0; j < 1000000; j++) k++; _exit(0);} while (wait(NULL) > 0); return 0; }
