"""The server's files on disk are its user's alone: the data folder 0700, every file 0600.

They hold every hidden card and die (the SQLite stores) and the key every seed and credential
derives from (`secret.key`). Each is created with its mode rather than narrowed afterwards, so
no other local user ever opens one in between. SQLite creates a database's `-wal`, `-shm` and
`-journal` files later, with the mode of the database file itself: creating that file 0600,
before SQLite opens it, makes them 0600 too. This sets no process-wide umask: the app also
runs inside other processes (the tests, a host's own server), whose files are theirs to mode.
Files of a run before this rule are narrowed when the server starts on them.
"""

from __future__ import annotations

import os
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600
#: the files SQLite keeps beside a database, named after it
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def private_folder(path: Path) -> Path:
    """`path`, created (with its parents) or narrowed to the server's user alone."""
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    path.chmod(FOLDER_MODE)
    return path


def private_file(path: Path) -> Path:
    """`path`, created empty (an empty file is an empty SQLite database) or narrowed, with the
    files SQLite keeps beside it, to the server's user alone."""
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE))
    for file in (path, *(path.with_name(path.name + end) for end in SQLITE_COMPANIONS)):
        if file.exists():
            file.chmod(FILE_MODE)
    return path
