"""Write torchref/search/pinyin.json: the toneless pinyin readings of the common Chinese characters.

The browser loads the table only when a Chinese query holds a pair the index lacks, to correct
what a pinyin input method gets wrong: a character of the same sound (交叉商 for 交叉熵, 转至 for
转置). The characters are GB2312's 6,763, each with its most common reading only: the rare ones
(零 also reads lian) would make correct words look like typos of others (非连续 -> 非零续).

Run it again only to change the table (it needs ``pip install pypinyin``); the build reads the
committed file.
"""

import json
from collections import defaultdict
from pathlib import Path

from pypinyin import Style, pinyin

OUT = Path(__file__).resolve().parent.parent / "torchref" / "search" / "pinyin.json"


def gb2312_characters():
    """Level 1 and level 2 Hanzi of GB2312: rows 0xB0-0xF7, cells 0xA1-0xFE."""
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                yield bytes([row, cell]).decode("gb2312")
            except UnicodeDecodeError:  # the five unused cells at the end of row 0xD7
                continue


def main():
    by_reading = defaultdict(list)
    for char in gb2312_characters():
        [reading] = pinyin(char, style=Style.NORMAL)[0]
        by_reading[reading.replace("ü", "v")].append(char)
    table = {reading: "".join(chars) for reading, chars in sorted(by_reading.items())}
    OUT.write_text(json.dumps(table, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(table)} readings of {sum(map(len, table.values()))} characters")


if __name__ == "__main__":
    main()
