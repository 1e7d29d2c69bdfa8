#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""run-silent.py COMMAND [ARG...]

Run a validator that prints nothing when all is well, and fail if it exits
non-zero or prints anything at all: desktop-file-validate reports hints
(such as a missing main category) with exit status 0, and a hint is still
something to fix.
"""

import subprocess
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
output = (result.stdout + result.stderr).strip()
if output:
    print(output)
if result.returncode != 0:
    print(f'FAIL: {sys.argv[1]} exited {result.returncode}')
    sys.exit(1)
if output:
    print(f'FAIL: {sys.argv[1]} reported the above')
    sys.exit(1)
