#!/usr/bin/env python3
# Sum Meson's test logs (meson-logs/testlog*.json) into one closing line:
# "N passed, N failed, N skipped".  Exit status 1 when anything failed or
# when no test ran at all.
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                result = json.loads(line).get("result", "")
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except OSError as e:
        print(f"test-summary: {path}: {e.strerror}", file=sys.stderr)
        failed += 1

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
