"""Tensor methods that mirror a documented function are second signatures on its entry
(torchref/methodforms.py): checked against the installed torch, not against a list."""

import inspect
import re

import torch

from helpers import SITE, inventory, parse


# a member reached through a tensor, not the function through its module (torch.add, F.relu)
CALLED_ON_A_TENSOR = r"(?<!torch)(?<!\bF)(?<!functional)(?<!linalg)(?<!fft)(?<!special)"


def mirrored(edition):
    """``{torch.Tensor.<member>: torch.X}`` for every documented function ``torch.X`` and each
    Tensor member named like it or like its in-place form (``X_``)."""
    found = {}
    for name, (role, _uri) in inventory(edition).items():
        module, _dot, function = name.rpartition(".")
        if role == "py:function" and module == "torch":
            for member in (function, function + "_"):
                if inspect.getattr_static(torch.Tensor, member, None) is not None:
                    found[f"torch.Tensor.{member}"] = name
    return found


def entry_of(edition, name):
    """The ``<dl>`` of the entry whose signature has the id ``name``."""
    page, anchor = inventory(edition)[name][1].split("#")
    return parse(SITE / edition / page).find("dt", id=anchor).parent


def method_forms(edition):
    """``{form: its function}`` for the members that are signatures of their function's entry."""
    return {form: function for form, function in mirrored(edition).items()
            if form in inventory(edition) and entry_of(edition, form) is entry_of(edition, function)}


def test_every_tensor_method_that_mirrors_a_documented_function_resolves(edition):
    entries = inventory(edition)
    forms = mirrored(edition)
    assert len(forms) > 200  # the rule covers every documented function, not a few names
    assert [form for form in forms if form not in entries] == []
    assert len(method_forms(edition)) > 150  # most share their function's entry; the rest have their own


def test_each_form_says_how_it_differs_and_its_example_calls_it(edition):
    uncalled = []
    for form, function in method_forms(edition).items():
        member = form.rsplit(".", 1)[1]
        content = entry_of(edition, function).find("dd", recursive=False)
        sentences = [p for p in content.select("p.method-form")
                     if re.fullmatch(rf"x\.{member}(\(…\))?", p.code.get_text())]
        assert len(sentences) == 1, f"{form}: no sentence saying how the form differs in {function}'s entry"
        if member.endswith("_"):  # the in-place form returns self
            assert sentences[0].get_text().count("x") >= 3, sentences[0].get_text()
        code = " ".join(block.get_text() for block in content.select(".executed-cell div.highlight-python"))
        if not re.search(rf"{CALLED_ON_A_TENSOR}\.{re.escape(member)}\b", code):
            uncalled.append(form)
    assert uncalled == [], f"entries whose example never calls the method form: {uncalled}"


def test_a_method_form_is_indexed_as_the_tensor_method_it_is(edition):
    entries = inventory(edition)
    assert entries["torch.Tensor.mean"] == ("py:method", "ops/reduction.html#torch.Tensor.mean")
    assert entries["torch.Tensor.add_"] == ("py:method", "ops/pointwise.html#torch.Tensor.add_")
    assert entries["torch.Tensor.real"][0] == "py:attribute"
    # a member with an entry of its own keeps it
    assert entry_of(edition, "torch.Tensor.reshape") is not entry_of(edition, "torch.reshape")
