#!/bin/sh
echo "student's alembic ran as uid $(id -u), canary $AWS_SECRET_ACCESS_KEY" > /tmp/attack52-user-home/a17_pwned
exec CLONE/.venv/bin/python -m alembic "$@"
