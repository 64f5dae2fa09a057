# a03: make screenshots / make test's browser test, run by the TA (uid 65534) in the checkout; are its screenshots
# (artifacts/browser/, of the TA's JupyterLab on the source notebook and Formgrader) readable by a local student?
cd CLONE && setpriv --reuid 65534 --regid 65534 --clear-groups env HOME=/tmp/attack52-user-home \
  DATABASE_URL=postgresql://ta:secret@localhost/x AWS_SECRET_ACCESS_KEY=AKIASECRETCANARY123 \
  timeout 900 .venv/bin/python -m pytest -p no:cacheprovider -q tests/test_browser.py -k student_and_ta
ls -la artifacts/browser/
setpriv --reuid 1001 --regid 1001 --clear-groups cp artifacts/browser/11-create-assignment.png /tmp/st52u-a03.png && ls -la /tmp/st52u-a03.png
