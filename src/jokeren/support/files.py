"""Writing a file atomically, so a crash never leaves half a file; telling an empty one."""

from __future__ import annotations

from pathlib import Path


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write ``text`` so that ``path`` holds either its old or its new contents, never half:
    a temporary file beside it, flushed to disk, then renamed over it. Raises OSError.

    A symbolic link is followed: its target is written and the link kept (a card kept in a
    synced folder and reached through a link must not fork into a plain file beside it)."""
    import os
    import tempfile

    target = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=target.parent if str(target.parent) else ".")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text.encode("utf-8") if isinstance(text, str) else text)
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o777)
        else:  # mkstemp's 0600 would hide a new file from the rest of the household
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def blank(text: str) -> bool:
    """Whether a file's text holds nothing to read: empty, or only white space and
    byte-order marks (a new file an editor saved), which every reader of the user's files
    refuses as such ("the file is empty"), not as JSON wrong on its first line."""
    return not text.replace("\ufeff", "").strip()
