#!/usr/bin/python3
# test-ui-a11y.py: what a screen reader hears, over AT-SPI
#
# Starts the real app (its path is the first argument) on a temporary
# database holding three games (played by cassino-cli, the second
# argument), inside a private D-Bus session with its accessibility bus
# (the script runs itself again under dbus-run-session), and walks the accessible tree
# of the main window, the new game dialog, the preferences, History and
# Statistics, a recorded game replayed and reviewed, and of every window
# the main menu opens (F10, as a keyboard
# user does): Players, Rubbers, Puzzles, Daily Deal, Tutorial, About,
# Keyboard Shortcuts.  Every control a user can press, change or type in
# must have a name of its own: not empty, not a widget class
# ("GtkImage"), no mnemonic underscore ("_Play"), not said twice ("Play
# Play").  Cards are buttons too; a card that cannot be played must be
# marked disabled.  TAP output.
#
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, Gio, GLib  # noqa: E402

APP_ID = 'io.github.cassinogame.Cassino'

# the roles of things a user presses, toggles or changes
CONTROL_ROLES = {
    Atspi.Role.PUSH_BUTTON,
    Atspi.Role.TOGGLE_BUTTON,
    Atspi.Role.CHECK_BOX,
    Atspi.Role.RADIO_BUTTON,
    Atspi.Role.SPIN_BUTTON,
    Atspi.Role.SLIDER,
    Atspi.Role.COMBO_BOX,
    Atspi.Role.MENU_ITEM,
    Atspi.Role.LINK,
    Atspi.Role.PAGE_TAB,
    Atspi.Role.PAGE_TAB_LIST,
    Atspi.Role.ENTRY,
    Atspi.Role.TREE_TABLE,
    Atspi.Role.SWITCH if hasattr(Atspi.Role, 'SWITCH') else Atspi.Role.TOGGLE_BUTTON,
}

results = []


def tap(ok, name, detail=''):
    results.append(ok)
    print(('ok' if ok else 'not ok') + ' %d %s' % (len(results), name))
    if detail:
        for line in detail.splitlines():
            print('# ' + line)
    sys.stdout.flush()


def pump(seconds):
    """Let Atspi's events and the app run for a while."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.02)


def wait_for(what, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        pump(0.2)
    return None


def find_app():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        try:
            name = app.get_name() or ''
        except GLib.Error:
            continue
        if name.lower() in ('cassino', 'lt-cassino'):
            return app
    return None


def states(obj):
    try:
        return obj.get_state_set()
    except GLib.Error:
        return None


def on_screen(obj):
    """GTK 4.8 marks no object SHOWING: what has no size is not shown (the
    pages of a stack that are not the visible one)."""
    try:
        r = Atspi.Component.get_extents(obj, Atspi.CoordType.WINDOW)
    except (GLib.Error, TypeError):
        return True
    return r.width > 0 and r.height > 0


def walk(obj, depth=0, offscreen=False):
    """Every visible accessible under obj (on screen, unless offscreen)."""
    if depth > 60:
        return
    try:
        n = obj.get_child_count()
    except GLib.Error:
        return
    for i in range(n):
        try:
            child = obj.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is None:
            continue
        s = states(child)
        if s is None or not s.contains(Atspi.StateType.VISIBLE) or not (offscreen or on_screen(child)):
            continue
        yield child
        yield from walk(child, depth + 1, offscreen)


def describe(obj):
    try:
        return '%s "%s"' % (obj.get_role_name(), obj.get_name())
    except GLib.Error:
        return '?'


def path_of(obj):
    parts = []
    while obj is not None and len(parts) < 6:
        try:
            parts.append(describe(obj))
            obj = obj.get_parent()
        except GLib.Error:
            break
    return ' < '.join(parts)


def bad_name(name):
    if not name or not name.strip():
        return 'no name'
    if name.startswith('Gtk') or name.startswith('Adw') or name.startswith('Cassino'):
        return 'a class name'
    if '_' in name:
        return 'a mnemonic underscore'
    words = name.split(' ')
    half = len(words) // 2
    if len(words) % 2 == 0 and words[:half] == words[half:]:
        return 'said twice'
    return None


def check_window(title, window, offscreen=False):
    """One test: every visible control under window is named."""
    problems = []
    n_controls = 0
    n_cards = 0
    for obj in walk(window, offscreen=offscreen):
        try:
            role = obj.get_role()
            name = obj.get_name()
        except GLib.Error:
            continue
        if role not in CONTROL_ROLES:
            continue
        n_controls += 1
        why = bad_name(name)
        if why:
            problems.append('%s: %s' % (why, path_of(obj)))
    tap(not problems and n_controls > 0,
        '%s: %d controls, every one named' % (title, n_controls),
        '\n'.join(problems))
    return n_controls


def windows(app):
    out = []
    for i in range(app.get_child_count()):
        w = app.get_child_at_index(i)
        if w is None:
            continue
        s = states(w)
        if s is not None and s.contains(Atspi.StateType.VISIBLE):
            out.append(w)
    return out


def find_window(app, name):
    for w in windows(app):
        try:
            if w.get_name() == name:
                return w
        except GLib.Error:
            pass
    return None


def find(window, role, name):
    for obj in walk(window):
        try:
            if obj.get_role() == role and obj.get_name() == name:
                return obj
        except GLib.Error:
            pass
    return None


def press(obj):
    Atspi.Action.do_action(obj, 0)


def menu_item(main_window, item):
    for obj in walk(main_window, offscreen=True):
        try:
            if obj.get_role() == Atspi.Role.MENU_ITEM and obj.get_name() == item:
                return obj
        except GLib.Error:
            pass
    return None


def window_names(app):
    names = set()
    for w in windows(app):
        try:
            names.add(w.get_name())
        except GLib.Error:
            pass
    return names


def open_from_menu(app, main_window, item):
    """Open the main menu with F10 and choose item; the windows it opened
    (waited for: the sanitizer build is slow)."""
    subprocess.run(['xdotool', 'key', 'F10'], check=False)
    target = wait_for(lambda: menu_item(main_window, item), 10)
    if target is None:
        return None
    before = window_names(app)
    press(target)

    def opened():
        new = []
        for w in windows(app):
            try:
                if w.get_name() not in before:
                    new.append(w)
            except GLib.Error:
                pass
        return new
    return wait_for(opened, 15)


def app_action(bus, name):
    """Activate an app action as the desktop does (org.freedesktop.Application)."""
    bus.call_sync(APP_ID, '/' + APP_ID.replace('.', '/'), 'org.freedesktop.Application',
                  'ActivateAction', GLib.Variant('(sava{sv})', (name, [], {})),
                  None, Gio.DBusCallFlags.NONE, 5000, None)


def main():
    app_path = sys.argv[1]
    cli_path = sys.argv[2]
    tmpdir = tempfile.mkdtemp(prefix='cassino-a11y-')
    database = os.path.join(tmpdir, 'a11y.db')
    # three games recorded: History, Statistics and the Players window have rows
    subprocess.run([cli_path, 'simulate', '--games', '3', '--db', database],
                   check=True, stdout=subprocess.DEVNULL)
    env = dict(os.environ)
    env.pop('NO_AT_BRIDGE', None)
    env.pop('GTK_A11Y', None)
    env['GSETTINGS_BACKEND'] = 'memory'
    if 'CASSINO_APP_G_DEBUG' in env:
        env['G_DEBUG'] = env.pop('CASSINO_APP_G_DEBUG')
    proc = subprocess.Popen([app_path, '--database', database], env=env)
    try:
        Atspi.init()
        app = wait_for(find_app)
        tap(app is not None, 'the app is on the accessibility bus')
        if app is None:
            return
        main_window = wait_for(lambda: find_window(app, 'Cassino') or (windows(app) or [None])[0])
        tap(main_window is not None, 'the main window is there')
        if main_window is None:
            return
        # the computer plays first sometimes: the human's turn shows the hand
        pump(3)
        check_window('main window', main_window)

        # cards: named buttons; the dimmed ones (no legal move) disabled
        cards = []
        for obj in walk(main_window):
            try:
                name = obj.get_name() or ''
                if obj.get_role() == Atspi.Role.PUSH_BUTTON and any(
                        name.startswith(r) for r in ('Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven',
                                                     'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King',
                                                     'Card face down')):
                    cards.append(obj)
            except GLib.Error:
                pass
        tap(len(cards) >= 4, 'the cards are named buttons (%d)' % len(cards))

        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

        # the new game dialog
        new_game = find(main_window, Atspi.Role.PUSH_BUTTON, 'New Game')
        tap(new_game is not None, 'the New Game button is called "New Game"')
        # (greyed at the start of a deal, its tooltip says why: not its name)
        tap(find(main_window, Atspi.Role.PUSH_BUTTON, 'Undo') is not None, 'the Undo button is called "Undo"')
        app_action(bus, 'new-game')
        dialog = wait_for(lambda: find_window(app, 'New Game'), 10)
        tap(dialog is not None, 'the new game dialog opens')
        if dialog is not None:
            # open the advanced rules: their switches and spin buttons too
            # the advanced rules too, folded away in their expander (the
            # dialog has no pages: all that is visible is shown or unfolds)
            n = check_window('new game dialog', dialog, offscreen=True)
            tap(n > 30, 'the new game dialog\'s advanced rules were checked (%d controls)' % n)
            cancel = find(dialog, Atspi.Role.PUSH_BUTTON, 'Cancel')
            if cancel is not None:
                press(cancel)
            pump(0.5)

        # the preferences
        app_action(bus, 'preferences')
        prefs = wait_for(lambda: find_window(app, 'Preferences'), 10)
        tap(prefs is not None, 'the preferences open')
        if prefs is not None:
            check_window('preferences', prefs)
            close = find(prefs, Atspi.Role.PUSH_BUTTON, 'Close')
            if close is not None:
                press(close)
                pump(1)

        # History and Statistics: pages of the main window
        for page in ('History', 'Statistics'):
            button = find(main_window, Atspi.Role.PAGE_TAB, page)
            tap(button is not None, 'the %s page has a named switcher button' % page)
            if button is None:
                continue
            press(button)
            pump(1.5)
            check_window(page, main_window)

        # a recorded game, replayed and reviewed (History's own views)
        history = find(main_window, Atspi.Role.PAGE_TAB, 'History')
        if history is not None:
            press(history)
            pump(1)
            games = wait_for(lambda: find(main_window, Atspi.Role.LIST, 'Games'), 10)
            tap(games is not None, 'History\'s list of games is called "Games"')
            if games is not None:
                Atspi.Selection.select_child(games, 0)
                pump(0.5)
            # each with a control of its own to wait for
            for button_name, title, own in (('Replay', 'the replay', ('Next Move',)),
                                             ('Review', 'the review',
                                              ('Cancel', 'Review Again'))):
                button = wait_for(lambda: find(main_window, Atspi.Role.PUSH_BUTTON, button_name), 10)
                tap(button is not None, 'History has "%s"' % button_name)
                if button is None:
                    continue
                press(button)
                tap(wait_for(lambda: any(find(main_window, Atspi.Role.PUSH_BUTTON, o) for o in own), 15),
                    '%s shows "%s"' % (title, '" or "'.join(own)))
                check_window(title, main_window)
                press(history)
                pump(1)

        # back to the table, then every window of the main menu
        table = find(main_window, Atspi.Role.PAGE_TAB, 'Table')
        if table is not None:
            press(table)
            pump(1)
        # each with a control to wait for: the rows read on a database thread
        for item, title, control in (('Players…', 'Players', 'Archive'),
                                     ('Rubbers…', 'Rubbers', 'New Rubber…'),
                                     ('Puzzles…', 'Puzzles', 'Open History'),
                                     ('Daily Deal…', 'Daily Deal', None), ('Tutorial', 'Tutorial', None),
                                     ('About Cassino', 'About', None),
                                     ('Keyboard Shortcuts', 'Shortcuts', None)):
            opened = open_from_menu(app, main_window, item)
            tap(bool(opened), 'the main menu\'s "%s" opens a window' % item)
            for w in opened or []:
                if control is not None:
                    tap(wait_for(lambda: find(w, Atspi.Role.PUSH_BUTTON, control), 15) is not None,
                        '%s shows "%s"' % (title, control))
                try:
                    window_name = w.get_name()
                except GLib.Error:
                    window_name = ''
                tap(bad_name(window_name) is None, 'the window "%s" opens is named ("%s")' % (item, window_name))
                check_window(title, w)
                close = find(w, Atspi.Role.PUSH_BUTTON, 'Close')
                if close is not None:
                    press(close)
                    pump(1)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        for name in os.listdir(tmpdir):
            os.unlink(os.path.join(tmpdir, name))
        os.rmdir(tmpdir)
        print('1..%d' % len(results))


def in_private_session():
    """Run this script again inside dbus-run-session, which starts the
    accessibility bus; the daemons it starts print to standard output, so
    what is not TAP becomes a TAP comment."""
    env = dict(os.environ, CASSINO_A11Y_INNER='1')
    inner = subprocess.Popen(['dbus-run-session', '--', sys.executable, os.path.abspath(__file__)] + sys.argv[1:],
                             env=env, stdout=subprocess.PIPE, text=True)
    for line in inner.stdout:
        if not (line.startswith('ok ') or line.startswith('not ok ') or line.startswith('#') or
                line.startswith('1..')):
            line = '# ' + line
        sys.stdout.write(line)
        sys.stdout.flush()
    return inner.wait()


if __name__ == '__main__':
    if os.environ.get('CASSINO_A11Y_INNER') != '1':
        sys.exit(in_private_session())
    main()
    sys.exit(0 if results and all(results) else 1)
