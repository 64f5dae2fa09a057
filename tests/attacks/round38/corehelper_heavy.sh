#!/bin/sh
# a03b: emulates a Python core helper such as apport (a Python program started for every crash):
# an interpreter's start-up and imports, then exit; logs one line
echo "$(date +%s.%N) uid=$(id -u) crashed=$1" >> tests/attacks/round38/core_helper_heavy.log
exec /usr/bin/python3 -c "import os, sys, json, subprocess, email.utils, glob, time, re, zlib, base64, tempfile, argparse, logging"
