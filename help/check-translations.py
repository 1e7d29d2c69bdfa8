#!/usr/bin/env python3
# Every language of help/LINGUAS: its .po is complete (no untranslated or
# fuzzy message against the pages as they are now), the translated pages
# validate, and the figures show the court cards with the language's own
# letters (the app's "card rank" translations in po/LANG.po: a figure of
# help/C/figures with A, J, Q or K on a card has a copy in
# help/LANG/figures with those letters).  Usage: check-translations.py HELP_DIR
import glob
import os
import re
import subprocess
import sys
import tempfile


def rank_letters(po_path):
    """The app's translations of the court and ace letters."""
    letters = {}
    if not os.path.exists(po_path):
        return letters
    text = open(po_path, encoding="utf-8").read()
    for m in re.finditer(r'msgctxt "card rank"\nmsgid "([AJQK])"\nmsgstr "([^"]*)"', text):
        letters[m.group(1)] = m.group(2) or m.group(1)
    return letters


def figure_letters(svg_path):
    return re.findall(r">([A-Z])</text>", open(svg_path, encoding="utf-8").read())

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
        letters = rank_letters(os.path.join(help_dir, os.pardir, "po", lang + ".po"))
        for figure in sorted(glob.glob(os.path.join(help_dir, "C", "figures", "*.svg"))):
            c_letters = [x for x in figure_letters(figure) if x in "AJQK"]
            expected = [letters.get(x, x) for x in c_letters]
            if expected == c_letters:
                continue
            local = os.path.join(help_dir, lang, "figures", os.path.basename(figure))
            if not os.path.exists(local):
                problems.append(f"{os.path.basename(figure)} shows {c_letters}: "
                                f"help/{lang}/figures needs a copy with {expected}")
            elif [x for x in figure_letters(local) if x in letters.values()] != expected:
                problems.append(f"help/{lang}/figures/{os.path.basename(figure)}: "
                                f"court letters {figure_letters(local)}, expected {expected}")
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
