#!/usr/bin/env python3
# Lays out the help as Yelp reads it when installed, for runs from the
# build tree (meson devenv: CASSINO_HELP_DIR): OUT/C is the source pages
# and figures, OUT/LANG the build's translated pages beside the figures
# (the language's own where it has one, else C's).  Links only, so pages
# built later are there.  Run by help/meson.build at configure time.
#
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import sys

source, build, out = sys.argv[1:4]
pages, figures, languages = sys.argv[4].split(','), sys.argv[5].split(','), sys.argv[6:]


def link(target, name):
    if os.path.lexists(name):
        os.remove(name)
    os.symlink(target, name)


os.makedirs(out, exist_ok=True)
link(os.path.join(source, 'C'), os.path.join(out, 'C'))
for lang in languages:
    d = os.path.join(out, lang)
    os.makedirs(os.path.join(d, 'figures'), exist_ok=True)
    for page in pages:
        link(os.path.join(build, lang, page), os.path.join(d, page))
    for figure in figures:
        own = os.path.join(source, lang, figure)
        link(own if os.path.exists(own) else os.path.join(source, 'C', figure), os.path.join(d, figure))
