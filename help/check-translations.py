#!/usr/bin/env python3
# Every language of help/LINGUAS: its .po is complete (no untranslated or
# fuzzy message against the pages as they are now) and the translated
# pages validate.  Usage: check-translations.py HELP_DIR
import glob
import os
import subprocess
import sys
import tempfile

help_dir = sys.argv[1]
pages = sorted(glob.glob(os.path.join(help_dir, "C", "*.page")))
langs = []
with open(os.path.join(help_dir, "LINGUAS"), encoding="utf-8") as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        langs.extend(line.split())

failed = 0
n = 0
with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, "help.pot")
    subprocess.run(["itstool", "-o", pot] + pages, check=True)
    for lang in langs:
        po = os.path.join(help_dir, lang, lang + ".po")
        n += 1
        merged = os.path.join(tmp, lang + ".po")
        subprocess.run(["msgmerge", "-q", "--no-fuzzy-matching", "-o", merged, po, pot], check=True)
        stats = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.path.join(tmp, lang + ".mo"), merged],
                               capture_output=True, text=True)
        missing = subprocess.run(["msgattrib", "--untranslated", "--no-obsolete", merged],
                                 capture_output=True, text=True).stdout
        fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", "--no-obsolete", merged],
                               capture_output=True, text=True).stdout
        problems = []
        if stats.returncode != 0:
            problems.append(stats.stderr.strip())
        if "msgid" in missing:
            problems.append("untranslated:\n" + missing)
        if "msgid" in fuzzy:
            problems.append("fuzzy:\n" + fuzzy)
        if not problems:
            out = os.path.join(tmp, "pages-" + lang)
            os.mkdir(out)
            subprocess.run(["itstool", "-m", os.path.join(tmp, lang + ".mo"), "-l", lang, "-o", out] + pages,
                           check=True)
            check = subprocess.run(["yelp-check", "validate", out], capture_output=True, text=True)
            if check.returncode != 0 or check.stdout.strip():
                problems.append("yelp-check validate:\n" + check.stdout + check.stderr)
        if problems:
            failed += 1
            print(f"not ok {n} - help/{lang}")
            for p in problems:
                for line in p.splitlines():
                    print("# " + line)
        else:
            print(f"ok {n} - help/{lang}: {stats.stderr.strip()}")
print(f"1..{n}")
sys.exit(1 if failed else 0)
