#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check the Flatpak manifest offline.

check-manifest.py [--flatpak-builder PATH] MANIFEST MESON_OPTIONS_TXT

1. `flatpak-builder --show-manifest MANIFEST` exits 0 and prints no
   warning on stderr (an unknown or mistyped property is only a warning).
2. The manifest says: id io.github.cassinogame.Cassino, command cassino,
   the GNOME runtime and SDK at a numbered release, exactly the finish-args
   below, and one module "cassino" built with Meson from the source tree.
3. Every -D<name>=... in config-opts names an option of meson_options.txt
   (or one of Meson's own built-in options); the help is built and goes
   to /app/share/help, where the sandbox's Yelp finds it (F1).

Needs only the Python standard library.  Cannot build: no runtime here.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

APP_ID = 'io.github.cassinogame.Cassino'
COMMAND = 'cassino'
RUNTIME = 'org.gnome.Platform'
SDK = 'org.gnome.Sdk'
FINISH_ARGS = ['--share=ipc', '--socket=wayland', '--socket=fallback-x11', '--device=dri']
# Meson's built-in options a manifest may reasonably pass.
MESON_BUILTINS = {
    'buildtype', 'debug', 'optimization', 'werror', 'warning_level',
    'default_library', 'prefix', 'bindir', 'datadir', 'libdir', 'localedir',
    'c_args', 'c_link_args', 'c_std', 'b_lto', 'b_ndebug', 'b_pie',
    'b_sanitize', 'strip', 'unity', 'wrap_mode',
}


def show_manifest(flatpak_builder, manifest):
    """Run flatpak-builder --show-manifest; return (stdout, problems)."""
    # flatpak-builder makes a .flatpak-builder state directory in its
    # working directory: keep it out of the source tree.
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run([flatpak_builder, '--show-manifest', manifest],
                                cwd=tmp, capture_output=True, text=True)
    lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
    problems = []
    if result.returncode != 0:
        problems.append(f'flatpak-builder --show-manifest exited {result.returncode}')
        problems += [f'flatpak-builder: {line}' for line in lines]
    else:
        problems += [f'flatpak-builder: {line}' for line in lines
                     if re.search(r'warning|critical|error', line, re.IGNORECASE)]
    return result.stdout, problems


def meson_options(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    # Drop comments, then find option('name', ...).
    text = re.sub(r'#[^\n]*', '', text)
    return set(re.findall(r"\boption\s*\(\s*'([^']+)'", text))


def check_manifest(manifest, manifest_path, options):
    problems = []

    def expect(key, wanted):
        if manifest.get(key) != wanted:
            problems.append(f'{key} is {manifest.get(key)!r}, expected {wanted!r}')

    app_id = manifest.get('id', manifest.get('app-id'))
    if 'id' in manifest and 'app-id' in manifest:
        problems.append('both id and app-id are set')
    if app_id != APP_ID:
        problems.append(f'app id is {app_id!r}, expected {APP_ID!r}')
    expect('command', COMMAND)
    expect('runtime', RUNTIME)
    expect('sdk', SDK)

    version = manifest.get('runtime-version')
    if not isinstance(version, str) or not re.fullmatch(r'[0-9]+(\.[0-9]+)?', version):
        problems.append(f'runtime-version is {version!r}, expected a numbered '
                        'GNOME release such as "49" (not master or nightly)')

    expect('finish-args', FINISH_ARGS)

    modules = manifest.get('modules') or []
    app_modules = [m for m in modules if isinstance(m, dict) and m.get('name') == 'cassino']
    if len(app_modules) != 1:
        problems.append(f'expected exactly one module named "cassino", found {len(app_modules)}')
        return problems
    module = app_modules[0]
    if module.get('buildsystem') != 'meson':
        problems.append(f'module cassino: buildsystem is {module.get("buildsystem")!r}, expected "meson"')

    for opt in module.get('config-opts', []):
        match = re.fullmatch(r'-D([A-Za-z0-9_.:-]+)=(.*)', opt)
        if not match:
            if opt.startswith('-D'):
                problems.append(f'config-opts: {opt!r} is not of the form -Dname=value')
            continue
        name = match.group(1)
        if name not in options and name not in MESON_BUILTINS:
            problems.append(f'config-opts: {opt!r}: no option {name!r} in meson_options.txt')
        # the help goes to /app/share/help, where a Yelp in the sandbox
        # reads it on F1 (src/ui/cassino-help.c): it must be built
        if name == 'help' and match.group(2) != 'true':
            problems.append(f'config-opts: {opt!r}: the Flatpak must install the help (F1)')
        if name == 'datadir' and match.group(2) not in ('share', '/app/share'):
            problems.append(f'config-opts: {opt!r}: the help must be in /app/share/help')

    manifest_dir = os.path.dirname(os.path.abspath(manifest_path))
    dirs = [s for s in module.get('sources', []) if isinstance(s, dict) and s.get('type') == 'dir']
    if not dirs:
        problems.append('module cassino: no "dir" source with the project tree')
    for source in dirs:
        root = os.path.normpath(os.path.join(manifest_dir, source.get('path', '')))
        meson_build = os.path.join(root, 'meson.build')
        try:
            with open(meson_build, encoding='utf-8') as f:
                head = f.read(2000)
        except OSError:
            problems.append(f'dir source {source.get("path")!r}: no meson.build in {root}')
            continue
        if not re.search(r"project\s*\(\s*'cassino'", head):
            problems.append(f'dir source {source.get("path")!r}: {meson_build} is not the Cassino project')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--flatpak-builder', default='flatpak-builder')
    parser.add_argument('manifest')
    parser.add_argument('meson_options')
    args = parser.parse_args()

    stdout, problems = show_manifest(args.flatpak_builder, os.path.abspath(args.manifest))
    if not problems:
        try:
            manifest = json.loads(stdout)
        except json.JSONDecodeError as e:
            problems.append(f'flatpak-builder printed no valid JSON: {e}')
        else:
            problems += check_manifest(manifest, args.manifest, meson_options(args.meson_options))

    name = os.path.basename(args.manifest)
    for problem in problems:
        print(f'FAIL {name}: {problem}')
    if not problems:
        print(f'ok {name}')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
