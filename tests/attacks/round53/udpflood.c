#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <time.h>
/* n processes, each sends 64-byte UDP datagrams over lo to its own unread socket (drops once full) */
int main(int argc, char **argv) { int n = atoi(argv[1]); double secs = atof(argv[2]);
 for (int i = 0; i < n; i++) if (fork() == 0) {
   int r = socket(AF_INET, SOCK_DGRAM, 0), s = socket(AF_INET, SOCK_DGRAM, 0);
   struct sockaddr_in a = {0}; a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(0x7f000001);
   bind(r, (void*)&a, sizeof a); socklen_t l = sizeof a; getsockname(r, (void*)&a, &l);
   char buf[64] = {0}; long k = 0; time_t t0 = time(0); char rb[64];
   while (time(0) - t0 < secs) { for (int j = 0; j < 1000; j++) { sendto(s, buf, sizeof buf, 0, (void*)&a, sizeof a); recv(r, rb, 64, MSG_DONTWAIT); } k += 1000; }
   _exit(0); }
 while (wait(NULL) > 0); return 0; }
