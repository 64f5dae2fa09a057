#!/bin/sh
# Builds a clone of this checkout that an ordinary user (uid 65534) owns, with a venv of the system Python:
#   ATTACK_ROOT=<this checkout> ATTACK_USER_CLONE=<a new folder> sh setup_user.sh
set -e
: "${ATTACK_ROOT:?the checkout to clone}" "${ATTACK_USER_CLONE:?where the user's clone goes}"
rm -rf "$ATTACK_USER_CLONE"
git clone -q "$ATTACK_ROOT" "$ATTACK_USER_CLONE"
/usr/bin/python3 -m venv "$ATTACK_USER_CLONE/.venv"
"$ATTACK_USER_CLONE/.venv/bin/pip" install -q torch==2.13.0
"$ATTACK_USER_CLONE/.venv/bin/pip" install -q -e "$ATTACK_USER_CLONE"
chown -R 65534:65534 "$ATTACK_USER_CLONE"
echo SETUP-DONE
