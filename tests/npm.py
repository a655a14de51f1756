"""The pinned node tools of a folder (its package.json and lock), installed once."""

from __future__ import annotations

import subprocess
from pathlib import Path


def installed(folder: Path) -> Path:
    """`npm ci` in `folder` unless its node_modules already holds its lock; the tools' bin."""
    marker = folder / "node_modules" / ".package-lock.json"  # npm writes it on install
    lock = folder / "package-lock.json"
    if not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
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
