#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check the application icons.

validate-icons.py --xmllint XMLLINT --rsvg-convert RSVG
                  [--symbolic] --size N ICON ...

For every ICON: xmllint finds it well-formed; its root is <svg> in the SVG
namespace; width, height and viewBox say an N by N canvas; librsvg renders
it to a PNG of N by N pixels that is not fully transparent.  A --symbolic
icon uses no colour but #2e3436 (GTK recolours that to the foreground) and
no stroke (GTK only recolours fills).  --symbolic and --size apply to the
ICON that follows them.
"""

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

SVG_NS = '{http://www.w3.org/2000/svg}'
SYMBOLIC_COLOUR = '#2e3436'
COLOUR_RE = re.compile(r'#[0-9a-fA-F]{3,8}\b|rgba?\(|\b(?:black|white|red|green|blue)\b')


def png_info(data):
    """Return (width, height, has_visible_pixel) of an RGBA or RGB PNG."""
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos = 8
    width = height = None
    colour_type = bit_depth = None
    idat = b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, bit_depth, colour_type = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    if colour_type != 6 or bit_depth != 8:
        # Not RGBA8: cannot look for transparency, but it decoded.
        return width, height, len(raw) > 0
    stride = width * 4
    # Undo no filters: a pixel with non-zero alpha survives any filter as a
    # non-zero byte somewhere in its row, and a fully transparent image is
    # all zero bytes whatever the filters, so this test is exact enough.
    visible = any(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)].strip(b'\0')
                  for row in range(height))
    return width, height, visible


def parse_length(value):
    if value is None:
        return None
    match = re.fullmatch(r'\s*([0-9.]+)\s*(px)?\s*', value)
    return float(match.group(1)) if match else None


def check_icon(path, size, symbolic, xmllint, rsvg):
    problems = []
    result = subprocess.run([xmllint, '--noout', path],
                            capture_output=True, text=True)
    if result.returncode != 0 or result.stderr:
        problems.append('xmllint: ' + (result.stderr.strip() or 'failed'))
        return problems

    root = ET.parse(path).getroot()
    if root.tag != SVG_NS + 'svg':
        problems.append(f'root element is {root.tag}, not an SVG <svg>')
    for attr in ('width', 'height'):
        if parse_length(root.get(attr)) != size:
            problems.append(f'{attr} is {root.get(attr)!r}, expected {size}')
    view_box = (root.get('viewBox') or '').replace(',', ' ').split()
    if [float(v) for v in view_box] != [0, 0, size, size]:
        problems.append(f'viewBox is {root.get("viewBox")!r}, expected "0 0 {size} {size}"')

    if symbolic:
        for element in root.iter():
            if element.tag.startswith(SVG_NS + 'clipPath'):
                continue
            for attr in ('fill', 'stroke', 'style', 'color', 'stop-color'):
                value = element.get(attr)
                if value is None:
                    continue
                if attr == 'stroke' and value != 'none':
                    problems.append(f'stroke {value!r} on <{element.tag[len(SVG_NS):]}>: '
                                    'GTK recolours only fills')
                for colour in COLOUR_RE.findall(value):
                    if colour.lower() != SYMBOLIC_COLOUR:
                        problems.append(f'colour {colour!r} in {attr}; symbolic icons use '
                                        f'only {SYMBOLIC_COLOUR}')

    with tempfile.TemporaryDirectory() as tmp:
        png = os.path.join(tmp, 'icon.png')
        result = subprocess.run([rsvg, '--format=png', '-o', png, path],
                                capture_output=True, text=True)
        if result.returncode != 0 or result.stderr.strip():
            problems.append('rsvg-convert: ' + (result.stderr.strip() or 'failed'))
        else:
            with open(png, 'rb') as f:
                width, height, visible = png_info(f.read())
            if (width, height) != (size, size):
                problems.append(f'librsvg renders {width}x{height}, expected {size}x{size}')
            if not visible:
                problems.append('librsvg renders a fully transparent image')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--xmllint', default='xmllint')
    parser.add_argument('--rsvg-convert', dest='rsvg', default='rsvg-convert')
    args, rest = parser.parse_known_args()

    icons = []
    size = None
    symbolic = False
    items = iter(rest)
    for item in items:
        if item == '--size':
            size = int(next(items))
        elif item == '--symbolic':
            symbolic = True
        elif item.startswith('-'):
            parser.error(f'unknown option {item}')
        else:
            if size is None:
                parser.error(f'no --size before {item}')
            icons.append((item, size, symbolic))
            size = None
            symbolic = False
    if not icons:
        parser.error('no icons given')

    failed = False
    for path, icon_size, icon_symbolic in icons:
        problems = check_icon(path, icon_size, icon_symbolic, args.xmllint, args.rsvg)
        name = os.path.basename(path)
        if problems:
            failed = True
            for problem in problems:
                print(f'FAIL {name}: {problem}')
        else:
            print(f'ok {name}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
