"""Tensor methods that mirror a documented function share its entry.

``x.mean(dim)`` is ``torch.mean(x, dim)``: rather than a page of its own, every ``torch.Tensor``
member named like a documented ``torch.X`` function (``mean``) or like its in-place form (``add_``
for ``torch.add``) gets a second signature on that function's entry, registered in the Python
domain as a method (or an attribute: ``x.real``), so the name is in ``objects.inv``, has its own
``<dt id>``, resolves as a cross-reference and is found by search. The entry says how the form
differs. A member with an entry of its own (``torch.Tensor.view``) is left to it.

The rule is general: it reads which members exist from the installed torch, and which have an
entry of their own from the sources, so a later page's functions get their method forms too.
"""

import inspect
import re
from pathlib import Path

import torch
from docutils import nodes
from sphinx import addnodes

from .ui import _, ui_paragraph

# A directive whose (first) name is a Tensor member: that member has an entry of its own.
OWN_ENTRY = re.compile(r"^`{3,}\{py:\w+\}\s+torch\.Tensor\.(\w+)", re.M)
MODULE = "torch"
CLASS = "torch.Tensor"

# how each form differs from the function, in the build's language
WORDING = {
    "method": "Method form: {method} calls {function} with {self} as {param}.",
    "in-place": "In-place form: {method} writes the result into {self} and returns {self} itself.",
    "attribute": "Attribute form: {method} is {function}.",
    "type": "Attribute: {method} is the {function} of {self}.",  # on a class's entry (x.layout)
}


def own_entries(srcdir):
    """The Tensor members documented under their own name somewhere in the sources."""
    return sorted({name for path in sorted(Path(srcdir).rglob("*.md"))
                   for name in OWN_ENTRY.findall(path.read_text(encoding="utf-8"))})


def forms_of(function, own):
    """``[(member, kind)]`` of the Tensor members that mirror ``torch.<function>``: the member of the
    same name and the in-place one (``kind``: "method", "in-place" or "attribute")."""
    found = []
    for member in (function, function + "_"):
        value = inspect.getattr_static(torch.Tensor, member, None)
        if value is None or member in own or member.startswith("_"):
            continue
        kind = "attribute" if not callable(value) else "in-place" if member != function else "method"
        found.append((member, kind))
    return found


def method_signature(signature, member, kind):
    """A copy of a function's signature node as the Tensor member's: named ``torch.Tensor.<member>``,
    without the parameter the tensor fills (``input``, else the first), ``out=`` (methods write no
    ``out``), a ``*`` left with nothing after it, nor, in place, the return annotation (self)."""
    if kind in ("attribute", "type"):
        form = addnodes.desc_signature("", "")
        form += addnodes.desc_addname(f"{CLASS}.", f"{CLASS}.")
        form += addnodes.desc_name(member, member)
    else:
        form = signature.deepcopy()
        form.next_node(addnodes.desc_addname).children[:] = [nodes.Text(f"{CLASS}.")]
        form.next_node(addnodes.desc_name).children[:] = [nodes.Text(member)]
        parameters = form.next_node(addnodes.desc_parameterlist)
        if parameters is not None:
            named = [p for p in parameters.children if p.next_node(addnodes.desc_sig_name)]
            tensor = next((p for p in named if p.next_node(addnodes.desc_sig_name).astext() == "input"),
                          named[0] if named else None)
            for parameter in [tensor] + [p for p in named if p.next_node(addnodes.desc_sig_name).astext() == "out"]:
                if parameter is not None:
                    parameters.remove(parameter)
            if parameters.children and parameters.children[-1].astext() == "*":
                parameters.remove(parameters.children[-1])
        if kind == "in-place":
            for returns in list(form.findall(addnodes.desc_returns)):
                returns.parent.remove(returns)
    form.attributes.update(ids=[], names=[], module=None, fullname=f"{CLASS}.{member}", _toc_parts=(), _toc_name="",
                           torchref_form=kind, classes=["sig", "sig-object", "method-form"])
    form["class"] = CLASS
    return form


def tensor_parameter(signature):
    """The name of the parameter the tensor fills in ``signature``: ``input``, else the first."""
    names = [n.astext() for n in signature.findall(addnodes.desc_sig_name)
             if isinstance(n.parent, addnodes.desc_parameter)]
    return "input" if "input" in names else (names[0] if names else "input")


def wording(kind, member, function, param):
    """The sentence saying how the form differs, code as literals."""
    call = {"attribute": ("", "(x)"), "type": ("", "")}.get(kind, ("(…)", "(…)"))
    parts = {"method": f"x.{member}{call[0]}", "function": f"{MODULE}.{function}{call[1]}", "self": "x", "param": param}
    paragraph = ui_paragraph(classes=["method-form"])
    paragraph["form"] = f"{CLASS}.{member}"  # the search's unit for the form (search/units.py)
    for piece in re.split(r"(\{\w+\})", _(WORDING[kind])):
        key = piece[1:-1] if re.fullmatch(r"\{\w+\}", piece) else None
        paragraph += nodes.literal(parts[key], parts[key]) if key else nodes.Text(piece)
    return paragraph


def add_method_forms(app, domain, objtype, contentnode):
    """On a ``torch.X`` function (or class) entry, the signatures and sentences of its Tensor forms."""
    if domain != "py" or objtype not in ("function", "class"):
        return
    desc = contentnode.parent
    signatures = [s for s in desc.children if isinstance(s, addnodes.desc_signature)]
    module, _dot, function = signatures[0].get("fullname", "").rpartition(".")
    if module != MODULE or signatures[0].get("module"):
        return
    forms = forms_of(function, app.env.torchref_own_tensor_entries)
    if objtype == "class":
        forms = [(member, "type") for member, kind in forms if kind == "attribute"]
    app.env.torchref_method_forms.setdefault(app.env.docname, set()).add(function)
    if not forms:
        return
    python = app.env.get_domain("py")
    sentences = []
    for member, kind in forms:
        attribute = kind in ("attribute", "type")
        copies = signatures[:1] if attribute else signatures
        for number, signature in enumerate(copies):
            form = method_signature(signature, member, kind)
            if number == 0:  # the other copies are other forms of the same object (torch.max's three)
                form["ids"] = [form["fullname"]]
                python.note_object(form["fullname"], "attribute" if attribute else "method",
                                   form["fullname"], location=signature)
            desc.insert(desc.index(contentnode), form)
        sentences.append(wording(kind, member, function, tensor_parameter(signatures[0])))
    after = next((i + 1 for i, child in enumerate(contentnode.children) if isinstance(child, nodes.field_list)),
                 min(1, len(contentnode.children)))
    contentnode[after:after] = sentences


def scan_own_entries(app):
    app.env.torchref_own_tensor_entries = own_entries(app.srcdir)
    if not hasattr(app.env, "torchref_method_forms"):
        app.env.torchref_method_forms = {}


def outdated_by_own_entries(app, env, added, changed, removed):
    """A Tensor member that gains (or loses) an entry of its own leaves (or joins) the function's entry:
    the pages with the functions it mirrors are read again."""
    before = set(getattr(env, "torchref_kept_own_tensor_entries", []))
    now = set(env.torchref_own_tensor_entries)
    env.torchref_kept_own_tensor_entries = sorted(now)
    moved = {member.rstrip("_") for member in before ^ now}
    return [doc for doc, functions in env.torchref_method_forms.items() if functions & moved and doc in env.found_docs]


def forget_doc(app, env, docname):
    env.torchref_method_forms.pop(docname, None)


def merge_docs(app, env, docnames, other):
    env.torchref_method_forms.update({d: f for d, f in other.torchref_method_forms.items() if d in docnames})


def setup(app):
    app.connect("builder-inited", scan_own_entries)
    app.connect("env-get-outdated", outdated_by_own_entries)
    app.connect("env-purge-doc", forget_doc)
    app.connect("env-merge-info", merge_docs)
    # before the official link (500), which then links every signature of the entry
    app.connect("object-description-transform", add_method_forms, priority=400)
