"""Each edition as one zip for offline reading, linked from the footer of its pages.

An edit changes a few of an edition's ~3,400 files, so the archive is made again from the last one:
a member whose file has the same size and CRC-32 keeps its compressed bytes, and only the others are
compressed (deflating all ~110 MB took 3-6 s per edition on every build).
"""

import os
import struct
import zipfile
import zlib
from pathlib import Path

from .editions import OFFLINE_DIR, offline_archive
from .site import differences

README = {
    "en": """PyTorch API Reference (English), for offline reading.

Open index.html in a browser: every page, example and output works from the
files. Search needs a web server: in this folder run

    python -m http.server 8000

and open http://127.0.0.1:8000/index.html
""",
    "zh_CN": """PyTorch API 参考（简体中文版），供离线阅读。

用浏览器打开 index.html 即可：所有页面、示例和输出都可以直接从文件中查看。
搜索需要一个 Web 服务器：在此文件夹中运行

    python -m http.server 8000

然后打开 http://127.0.0.1:8000/index.html
""",
}

LOCAL_HEADER = struct.Struct("<4s22xHH")  # signature, ..., name length, extra field length
LOCAL_SIGNATURE = b"PK\x03\x04"


def compressed_members(archive):
    """``{name: (ZipInfo, its compressed bytes)}`` of an archive; {} where there is none or it is unreadable."""
    members = {}
    try:
        with zipfile.ZipFile(archive) as zipped, open(archive, "rb") as raw:
            for info in zipped.infolist():
                raw.seek(info.header_offset)
                signature, name_length, extra_length = LOCAL_HEADER.unpack(raw.read(LOCAL_HEADER.size))
                if signature != LOCAL_SIGNATURE:
                    return {}
                raw.seek(name_length + extra_length, os.SEEK_CUR)
                members[info.filename] = (info, raw.read(info.compress_size))
    except (OSError, zipfile.BadZipFile, struct.error):
        return {}
    return members


def holds(info, path):
    """Whether an archive member has the bytes of ``path`` (by size, then CRC-32)."""
    return info.file_size == path.stat().st_size and info.CRC == zlib.crc32(path.read_bytes())


def append_compressed(zipped, info, data):
    """Append a member whose compressed bytes are known. zipfile has no public call for it: this does
    what its ``_open_to_write`` and the written member's ``close`` do, without compressing."""
    zipped.fp.seek(zipped.start_dir)
    info.header_offset = zipped.fp.tell()
    zipped._writecheck(info)
    zipped._didModify = True
    zipped.fp.write(info.FileHeader())
    zipped.fp.write(data)
    zipped.filelist.append(info)
    zipped.NameToInfo[info.filename] = info
    zipped.start_dir = zipped.fp.tell()


def write_offline_archive(html, site, language):
    """Make the edition's archive again if the edition changed since it was last published.
    Returns how many of its files were compressed anew, or None where it was up to date."""
    edition = html / language
    archive = edition / offline_archive(language)
    if archive.exists() and not differences(edition, site / language, skip=OFFLINE_DIR):
        return None
    archive.parent.mkdir(exist_ok=True)
    top = Path(f"pytorch-api-reference-{language}")
    last = compressed_members(archive)
    compressed = 0
    partial = archive.with_name(archive.name + ".partial")  # a failed write leaves the last archive whole
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr(str(top / "README.txt"), README[language])
        for path in sorted(edition.rglob("*")):
            if not path.is_file() or OFFLINE_DIR in path.relative_to(edition).parts:
                continue
            name = (top / path.relative_to(edition)).as_posix()
            if name in last and holds(last[name][0], path):
                append_compressed(zipped, *last[name])
            else:
                zipped.write(path, name)
                compressed += 1
    partial.replace(archive)
    return compressed
