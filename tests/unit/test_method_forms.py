"""The method-form rule of torchref/methodforms.py on its own (the built site: tests/site/test_method_forms.py)."""

from sphinx import addnodes

from torchref.methodforms import forms_of, method_signature, own_entries


def parameter(name, default=None):
    node = addnodes.desc_parameter("", "")
    node += addnodes.desc_sig_name(name, name)
    if default is not None:
        node += addnodes.desc_sig_operator("=", "=")
        node += addnodes.desc_sig_name(default, default)
    return node


def function_signature(name, *parameters):
    signature = addnodes.desc_signature("", "", ids=[f"torch.{name}"], fullname=f"torch.{name}")
    signature += addnodes.desc_addname("torch.", "torch.")
    signature += addnodes.desc_name(name, name)
    signature += addnodes.desc_parameterlist("", "", *parameters)
    signature += addnodes.desc_returns("Tensor", "Tensor")
    return signature


def test_a_function_gets_the_members_named_like_it_and_its_in_place_form():
    assert forms_of("add", own=[]) == [("add", "method"), ("add_", "in-place")]
    assert forms_of("real", own=[]) == [("real", "attribute")]
    assert forms_of("cat", own=[]) == []  # no Tensor.cat
    assert forms_of("reshape", own=["reshape"]) == []  # an entry of its own wins


def test_the_method_drops_the_tensor_it_is_called_on_and_out():
    keyword_only = addnodes.desc_parameter("", "")
    keyword_only += addnodes.desc_sig_operator("*", "*")
    function = function_signature("add", parameter("input"), parameter("other"), keyword_only,
                                  parameter("out", "None"))
    method = method_signature(function, "add", "method")
    assert method.astext() == "torch.Tensor.add(other) -> Tensor"
    assert method["fullname"] == "torch.Tensor.add" and method["class"] == "torch.Tensor"
    assert method["ids"] == [] and not method["_toc_name"]  # the caller gives the first copy its id; no TOC line
    in_place = method_signature(function, "add_", "in-place")
    assert in_place.astext() == "torch.Tensor.add_(other)"  # returns self: no annotation
    assert function.astext() == "torch.add(input, other, *, out=None) -> Tensor"  # the function's own is untouched
    # torch.where(condition, input, other): x.where(condition, other)
    where = method_signature(function_signature("where", parameter("condition"), parameter("input"),
                                                parameter("other")), "where", "method")
    assert where.astext() == "torch.Tensor.where(condition, other) -> Tensor"


def test_own_entries_are_read_from_the_sources(tmp_path):
    (tmp_path / "area").mkdir()
    (tmp_path / "area" / "page.md").write_text(
        "````{py:method} torch.Tensor.view(*shape)\n\ntext\n````\n\n````{py:function} torch.add(input)\n````\n",
        encoding="utf-8")
    assert own_entries(tmp_path) == ["view"]
