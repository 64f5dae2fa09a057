#!/bin/bash
# as uid 65534: which of the TA's (root) `make lab` server routes answer without the token
for u in /api /api/status /api/kernels /api/runs /api/contents /api/terminals /api/kernelspecs /api/me /api/config/notebook \
  /lab /lab/api/settings /lab/api/workspaces /lab/api/extensions /lab/api/listings/ /lab/api/translations /lab/api/themes \
  /formgrader /formgrader/api/assignments /formgrader/api/submissions/ps1_memory /formgrader/gradebook /assignments /courses \
  /assignments/list /formgrader/api/students /lsp/status /files/README.md /tree /notebooks/README.md /view/README.md \
  /nbconvert/html/README.md /static/base/images/favicon.ico /edit/README.md /nbextensions/ /custom/custom.css \
  /api/extension/nbgrader /validate /formgrader/submissions/x/files/y /kernelspecs/python3/logo-64x64.png \
  /api/collaboration /api/yjs /lab/api/plugins /terminals/websocket/1 /api/kernels/x/channels ; do
  printf "%-45s %s\n" "$u" "$(curl -s -o /dev/null -w '%{http_code} %{size_download}' "http://127.0.0.1:8888$u")"
done
