"""The pinned node tools of a folder (its package.json and lock), installed once."""

from __future__ import annotations

import fcntl
import subprocess
from pathlib import Path

#: one `npm ci` at a time on the machine: two at once (two test workers, two folders sharing
#: packages) extract the same tarballs from npm's cache together and break each other's trees
LOCK = Path(__file__).resolve().parent.parent / ".npm-install.lock"


def installed(folder: Path) -> Path:
    """`npm ci` in `folder` unless its node_modules already holds its lock; the tools' bin."""
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not _current(folder):
            done = subprocess.run(
                ["npm", "ci", "--no-audit", "--no-fund"],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            assert done.returncode == 0, f"npm ci in {folder} failed:\n{done.stdout}\n{done.stderr}"
    return folder / "node_modules" / ".bin"


def _current(folder: Path) -> bool:
    """Whether the folder's node_modules holds its lock (npm writes the marker on install)."""
    marker = folder / "node_modules" / ".package-lock.json"
    lock = folder / "package-lock.json"
    return marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime
