from torchref.handtyped import hand_typed_outputs


def lines_of(text):
    return [number for number, _ in hand_typed_outputs(text)]


def test_prompts_and_tensor_reprs_are_flagged():
    text = "Intro\n\n```python\n>>> x = 1\ntensor([1, 2])\n```\n"
    assert lines_of(text) == [4, 5]


def test_output_fences_are_flagged():
    assert lines_of("```text\nanything\n```\n") == [1]
    assert lines_of("```{code-block} none\nanything\n```\n") == [1]


def test_code_and_directives_pass():
    text = "```python\nx = torch.ones(2)\nprint(x)\n```\n\n```{executed-example} torch.add\n```\n"
    assert lines_of(text) == []
