#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The variant descriptions (src/engine/cassino-rules.c, the presets' table)
# use the words of the help's glossary (help/C/glossary.page) in every
# language: where the English description uses a glossary word ("calling",
# "build", "deal", …), its translation in po/LANG.po uses the translation of
# that glossary title in help/LANG/LANG.po (compared by its first four
# letters, so that "Bau" matches "Bauen" and "Donne" matches "donne").
# German once called "calling" (the multiple build, glossary "Ansagen")
# "Cassino-Ruf", the name of the house rule “Cassino!” that Classic has off.
#
# Usage (po/meson.build runs it as the test "variant-glossary", suite "po"):
#   check-variant-glossary.py SRCDIR
# TAP on standard output; exit 1 on any mismatch.

import os
import re
import sys

# English word in a description -> glossary title (help/C/glossary.page)
WORDS = [
    (r'\bcalling\b', 'Call'),
    (r'\bbuild(s|ing)?\b', 'Build'),
    (r'\braising\b', 'Raise (increase)'),
    (r'\bdeal\b', 'Deal'),
    (r'\b[Cc]ourts?\b', 'Court'),
    (r'\bcapture\b', 'Capture'),
    (r'\bBig Cassino\b', 'Big Cassino (Great Cassino)'),
    (r'\bLittle Cassino\b', 'Little Cassino'),
]


def unquote(block):
    text = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
    return text.replace('\\"', '"').replace('\\n', '\n').replace('\\\\', '\\')


def read_po(path):
    messages = {}
    with open(path, encoding='utf-8') as f:
        text = f.read()
    for m in re.finditer(r'(?:msgctxt "(?:[^"\\]|\\.)*"\n)?msgid ((?:"(?:[^"\\]|\\.)*"\n)+)'
                         r'msgstr ((?:"(?:[^"\\]|\\.)*"\n)+)', text):
        messages[unquote(m.group(1))] = unquote(m.group(2))
    return messages


def descriptions(srcdir):
    with open(os.path.join(srcdir, 'src', 'engine', 'cassino-rules.c'), encoding='utf-8') as f:
        text = f.read()
    table = text[text.index('presets[CASSINO_N_ALL_PRESETS]'):]
    table = table[:table.index('\n};')]
    # the app's presets only: the fishing family (family.md) is not offered
    # by the app, nor translated, until its UI pass
    if '/* the fishing family' in table:
        table = table[:table.index('/* the fishing family')]
    return [unquote('"%s"' % d) for d in re.findall(r'\bN_\("((?:[^"\\]|\\.)*)"\)', table)]


def stem(word):
    return word.split('(')[0].strip().lower()[:4]


def main():
    srcdir = sys.argv[1]
    with open(os.path.join(srcdir, 'po', 'LINGUAS'), encoding='utf-8') as f:
        langs = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    descs = descriptions(srcdir)
    n = 0
    failed = False
    if len(descs) < 10:
        print('not ok 1 - the presets\' descriptions are found in cassino-rules.c')
        print('1..1')
        return 1
    for lang in langs:
        po = read_po(os.path.join(srcdir, 'po', lang + '.po'))
        glossary = read_po(os.path.join(srcdir, 'help', lang, lang + '.po'))
        for desc in descs:
            translation = po.get(desc, '')
            problems = []
            if not translation:
                problems.append('not translated')
            for pattern, title in WORDS:
                if not re.search(pattern, desc):
                    continue
                term = glossary.get(title, '')
                if not term:
                    problems.append('the glossary has no “%s”' % title)
                elif stem(term) not in translation.lower():
                    problems.append('“%s” is “%s” in the glossary' % (title, term))
            n += 1
            name = '%s: “%s”' % (lang, desc)
            if problems:
                failed = True
                print('not ok %d - %s' % (n, name))
                print('# translated: %s' % translation)
                for p in problems:
                    print('# %s' % p)
            else:
                print('ok %d - %s' % (n, name))
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
