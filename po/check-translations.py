#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Check that every language in po/LINGUAS is complete against the CURRENT
# sources, not only against the .pot it was last merged with:
#
#   1. msgfmt --check --statistics on each .po as it is;
#   2. a fresh template is extracted from POTFILES.in with xgettext (the
#      arguments of Meson's 'glib' preset plus the ones po/meson.build
#      passes), each .po is merged with it (msgmerge --no-fuzzy-matching)
#      into a temporary file, and every message that is untranslated or
#      fuzzy there is listed with its source location;
#   3. msgfmt --check on the merged file (format strings against the
#      current sources' flags).
#
# Fails on any msgfmt error and on any language below 100%.  To bring the
# .po files up to date after the sources changed:
#   ninja -C _build cassino-pot cassino-update-po
# then translate what this script lists.
#
# Usage (po/meson.build runs it as the test "translations", suite "po"):
#   check-translations.py --srcdir SRC --podir SRC/po --package cassino
#                         [--xgettext X] [--msgfmt F] [--msgmerge M]
#                         [--] [extra xgettext arguments…]

import argparse
import os
import re
import subprocess
import sys
import tempfile

# Meson's i18n.gettext(preset: 'glib') arguments (mesonbuild/modules/i18n.py,
# PRESET_ARGS['glib']); Meson itself adds --package-name, -f, -D and -k_.
GLIB_PRESET = [
    '--from-code=UTF-8',
    '--add-comments',
    '--keyword=_',
    '--keyword=N_',
    '--keyword=C_:1c,2',
    '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2',
    '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format',
    '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format',
    '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format',
    '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format',
    '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format',
    '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
]

ESCAPES = {'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v'}


def unquote(text):
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError('not a PO string: ' + text)
    return re.sub(r'\\(.)', lambda m: ESCAPES.get(m.group(1), m.group(1)), text[1:-1])


class Message:
    def __init__(self):
        self.ctx = None
        self.msgid = None
        self.msgid_plural = None
        self.msgstr = {}
        self.flags = set()
        self.refs = []
        self.obsolete = False

    def translated(self):
        return bool(self.msgstr) and all(self.msgstr.values())

    def describe(self):
        where = self.refs[0] if self.refs else '(no source reference)'
        if len(self.refs) > 1:
            where += ' (+%d)' % (len(self.refs) - 1)
        text = '"%s"' % self.msgid.replace('\n', '\\n')
        if self.msgid_plural is not None:
            text += ' / "%s"' % self.msgid_plural.replace('\n', '\\n')
        if self.ctx is not None:
            text = 'msgctxt "%s" %s' % (self.ctx, text)
        return '%s  %s' % (where, text)


def parse_po(path):
    """The messages of a PO file, header included (msgid "")."""
    messages = []
    cur = Message()
    field = None

    def finish():
        nonlocal cur, field
        if cur.msgid is not None:
            messages.append(cur)
        cur = Message()
        field = None

    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.rstrip('\n')
            obsolete = line.startswith('#~')
            if obsolete:
                line = line[2:].lstrip()
                if line.startswith('|'):    # previous msgid of a fuzzy message
                    continue
            if not line.strip():
                finish()
                continue
            if line.startswith('#'):
                if cur.msgid is not None:
                    finish()
                if line.startswith('#,'):
                    cur.flags |= {f.strip() for f in line[2:].split(',')}
                elif line.startswith('#:'):
                    cur.refs += line[2:].split()
                continue
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$', line)
            if m:
                keyword, index, value = m.group(1), m.group(2), unquote(m.group(3))
                if keyword in ('msgctxt', 'msgid') and cur.msgstr:
                    finish()
                cur.obsolete = cur.obsolete or obsolete
                if keyword == 'msgctxt':
                    cur.ctx, field = value, ('ctx', None)
                elif keyword == 'msgid':
                    cur.msgid, field = value, ('msgid', None)
                elif keyword == 'msgid_plural':
                    cur.msgid_plural, field = value, ('msgid_plural', None)
                else:
                    n = int(index) if index is not None else 0
                    cur.msgstr[n], field = value, ('msgstr', n)
            elif line.startswith('"') and field is not None:
                value = unquote(line)
                if field[0] == 'msgstr':
                    cur.msgstr[field[1]] += value
                else:
                    setattr(cur, field[0], getattr(cur, field[0]) + value)
            else:
                raise ValueError('%s: cannot read the line: %s' % (path, raw.rstrip()))
    finish()
    return messages


def read_linguas(podir):
    langs = []
    with open(os.path.join(podir, 'LINGUAS'), encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0]
            langs += line.split()
    return langs


MARKED = re.compile(r'(?:^|[^A-Za-z0-9_])(?:_|N_|C_|NC_|g_dngettext|g_dpgettext2|ngettext)\s*\(|translatable="yes"')


def unlisted_sources(srcdir, listed):
    """Files under src/ with translatable strings that POTFILES.in misses."""
    missing = []
    for root, dirs, files in os.walk(os.path.join(srcdir, 'src')):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(('.c', '.ui')):
                continue
            path = os.path.relpath(os.path.join(root, name), srcdir)
            if path in listed:
                continue
            with open(os.path.join(srcdir, path), encoding='utf-8', errors='replace') as f:
                if MARKED.search(f.read()):
                    missing.append(path)
    return missing


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--srcdir', required=True)
    parser.add_argument('--podir', required=True)
    parser.add_argument('--package', default='cassino')
    parser.add_argument('--xgettext', default='xgettext')
    parser.add_argument('--msgfmt', default='msgfmt')
    parser.add_argument('--msgmerge', default='msgmerge')
    parser.add_argument('xgettext_args', nargs='*')
    options = parser.parse_args()

    podir = os.path.abspath(options.podir)
    srcdir = os.path.abspath(options.srcdir)
    langs = read_linguas(podir)
    failures = []
    incomplete = {}     # language: the lines describing its missing messages

    if langs != sorted(set(langs)):
        failures.append('LINGUAS: keep the languages sorted, each once')
    for name in sorted(os.listdir(podir)):
        if name.endswith('.po') and name[:-3] not in langs:
            print('warning: %s is not listed in LINGUAS, so it is neither checked nor installed' % name)

    with open(os.path.join(podir, 'POTFILES.in'), encoding='utf-8') as f:
        listed = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    for path in listed:
        if not os.path.exists(os.path.join(srcdir, path)):
            failures.append('POTFILES.in lists %s, which does not exist' % path)
    unlisted = unlisted_sources(srcdir, set(listed))
    if unlisted:
        failures.append('these files have translatable strings but are not in po/POTFILES.in '
                        '(add them, keeping it sorted):\n' + '\n'.join('  ' + p for p in unlisted))
    if listed != sorted(listed):
        failures.append('POTFILES.in: keep the list sorted')

    with tempfile.TemporaryDirectory(prefix='cassino-po-') as tmp:
        pot = os.path.join(tmp, options.package + '.pot')
        cmd = [options.xgettext, '--package-name=' + options.package,
               '-f', os.path.join(podir, 'POTFILES.in'), '-D', srcdir, '-k_', '-o', pot]
        cmd += GLIB_PRESET + options.xgettext_args
        r = run(cmd)
        if r.returncode != 0 or not os.path.exists(pot):
            sys.stderr.write(r.stderr)
            print('FAIL: xgettext could not extract the current template')
            return 1
        template = [m for m in parse_po(pot) if m.msgid != '']
        print('template from the current sources: %d messages' % len(template))

        for lang in langs:
            po = os.path.join(podir, lang + '.po')
            if not os.path.exists(po):
                failures.append('%s: listed in LINGUAS but %s.po does not exist' % (lang, lang))
                continue
            problems = []

            # 1. the file as it is
            r = run([options.msgfmt, '--check', '--statistics', '-o', os.devnull, po])
            if r.returncode != 0:
                problems.append('msgfmt --check %s.po failed:\n%s' % (lang, r.stderr.rstrip()))

            # 2. against the current sources
            merged = os.path.join(tmp, lang + '.po')
            r = run([options.msgmerge, '--quiet', '--no-fuzzy-matching', '-o', merged, po, pot])
            if r.returncode != 0:
                problems.append('msgmerge %s.po failed:\n%s' % (lang, r.stderr.rstrip()))
                failures.append('\n'.join(problems))
                continue
            messages = [m for m in parse_po(merged) if m.msgid != '']
            live = [m for m in messages if not m.obsolete]
            untranslated = [m for m in live if not m.translated()]
            fuzzy = [m for m in live if m.translated() and 'fuzzy' in m.flags]
            obsolete = [m for m in messages if m.obsolete]
            done = len(live) - len(untranslated) - len(fuzzy)
            print('%s: %d of %d messages translated, %d fuzzy, %d untranslated%s'
                  % (lang, done, len(live), len(fuzzy), len(untranslated),
                     ', %d no longer in the sources' % len(obsolete) if obsolete else ''))
            if untranslated or fuzzy:
                incomplete[lang] = (['  untranslated  ' + m.describe() for m in untranslated] +
                                    ['  fuzzy         ' + m.describe() for m in fuzzy])

            # 3. format strings against the current sources' flags
            r = run([options.msgfmt, '--check', '-o', os.devnull, merged])
            if r.returncode != 0:
                problems.append('msgfmt --check failed on %s.po merged with the current sources:\n%s'
                                % (lang, r.stderr.rstrip().replace(merged, lang + '.po (merged)')))
            failures += problems

    if incomplete:
        common = set.intersection(*(set(v) for v in incomplete.values())) if len(incomplete) == len(langs) else set()
        if common:
            failures.append('%d messages are missing in every language (%s):\n%s'
                            % (len(common), ' '.join(langs),
                               '\n'.join(l for l in incomplete[langs[0]] if l in common)))
        for lang, lines in incomplete.items():
            rest = [l for l in lines if l not in common]
            if rest:
                failures.append('%s.po is not complete against the current sources%s:\n%s'
                                % (lang, ' (besides the messages above)' if common else '', '\n'.join(rest)))
    if failures:
        print()
        for f in failures:
            print('FAIL: ' + f)
        print('\nTo update the files: ninja -C <builddir> %s-pot %s-update-po, then translate '
              'the messages listed above (and remove the "fuzzy" flags you have checked).'
              % (options.package, options.package))
        return 1
    print('all %d languages complete' % len(langs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
