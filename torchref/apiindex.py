"""The general index lists each API under its own name and module: ``cat() (in module torch)``
under C, not ``torch.cat()`` under T and again under "built-in function" (B).

Entries are written without ``py:module`` (the full name is the directive's argument),
so Sphinx files functions, classes and data as built-ins. This rewrites their index
entries from the signature, with Sphinx's own (translated) wording.
"""

from sphinx import addnodes
from sphinx.locale import _
from sphinx.transforms import SphinxTransform

WORDING = {
    "method": "%s() (%s method)",  # a Tensor method on its function's entry (methodforms.py)
    "in-place": "%s() (%s method)",
    "attribute": "%s (%s attribute)",
    "type": "%s (%s attribute)",
    "function": "%s() (in module %s)",
    "class": "%s (class in %s)",
    "exception": "%s (class in %s)",
    "data": "%s (in module %s)",
}


class OwnNameEntries(SphinxTransform):
    default_priority = 800  # before sphinx.transforms.references.SphinxDomains (850) collects the entries

    def apply(self):
        own_name_entries(self.document)


def own_name_entries(doctree):
    for desc in doctree.findall(addnodes.desc):
        wording = WORDING.get(desc.get("objtype"))
        index = desc.parent[desc.parent.index(desc) - 1] if desc.parent.index(desc) else None
        if desc.get("domain") != "py" or not wording or not isinstance(index, addnodes.index):
            continue
        entries = []
        for signature in desc.findall(addnodes.desc_signature):
            module, _dot, name = signature.get("fullname", "").rpartition(".")
            if signature.get("module") or not module:
                entries = None  # documented inside a module already: Sphinx's entry is right
                break
            if not signature["ids"]:
                continue  # another form of the same object (torch.normal's four signatures)
            own = WORDING.get(signature.get("torchref_form"), wording)
            entries.append(("single", _(own) % (name, module), signature["ids"][0], "", None))
        if entries:
            index["entries"] = entries


def setup(app):
    app.add_transform(OwnNameEntries)
