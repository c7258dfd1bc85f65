"""Comments of example code as messages: extracted per run of lines, replaced without touching the code."""

from torchref.comments import comment_groups, messages, strip_comments, translate_comments

CODE = '''import torch

# A view shares storage with its base,
# so writing one changes the other.
x = torch.arange(6)  # six numbers
s = "# not a comment"
for i in range(2):
    # inside a loop
    print(i)  # noqa: T201
# %% example-for: torch.arange
# ----
'''


def test_a_run_of_comment_lines_is_one_message_and_directives_are_not_messages():
    assert messages(CODE) == ["A view shares storage with its base, so writing one changes the other.",
                              "six numbers", "inside a loop"]
    assert comment_groups(CODE)[0][1] == [(2, 0), (3, 0)]


def test_translation_changes_comments_only():
    translated = translate_comments(CODE, {
        "A view shares storage with its base, so writing one changes the other.": "视图与其基张量共享存储，因此写入其中一个会改变另一个。",
        "six numbers": "六个数", "inside a loop": "在循环里"})
    assert "x = torch.arange(6)  # 六个数\n" in translated
    assert "    # 在循环里\n" in translated
    assert 's = "# not a comment"' in translated
    assert strip_comments(translated) == strip_comments(CODE)
    assert translate_comments(CODE, {}) == CODE
