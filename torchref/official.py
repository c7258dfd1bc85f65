"""Append a link to the official PyTorch page of every documented object."""

from docutils import nodes

from .ui import _, ui_paragraph

# Objects documented on a shared page rather than on ``generated/<name>.html``.
SHARED_PAGES = {
    "torch.dtype": "tensor_attributes.html#torch.dtype",
    "torch.device": "tensor_attributes.html#torch.device",
    "torch.layout": "tensor_attributes.html#torch.layout",
    "torch.memory_format": "tensor_attributes.html#torch.memory_format",
    "torch.finfo": "type_info.html#torch.torch.finfo",
    "torch.iinfo": "type_info.html#torch.torch.iinfo",
    "torch.Tensor": "tensors.html#torch.Tensor",
    "torch.Tensor.T": "tensors.html#torch.Tensor.T",
    "torch.Tensor.H": "tensors.html#torch.Tensor.H",
    "torch.Tensor.mT": "tensors.html#torch.Tensor.mT",
    "torch.Tensor.mH": "tensors.html#torch.Tensor.mH",
}


def official_url(base, name):
    return base + SHARED_PAGES.get(name, f"generated/{name}.html")


def object_names(contentnode):
    """Fully qualified names of the object described by ``contentnode``'s signatures."""
    for signature in contentnode.parent.findall(lambda n: n.tagname == "desc_signature"):
        fullname = signature.get("fullname")
        if fullname:
            module = signature.get("module")
            yield f"{module}.{fullname}" if module else fullname


def add_official_link(app, domain, objtype, contentnode):
    if domain != "py":
        return
    for name in dict.fromkeys(object_names(contentnode)):
        para = ui_paragraph(classes=["official-docs"])
        para += nodes.Text(_("Official PyTorch documentation") + ": ")
        para += nodes.reference("", name, refuri=official_url(app.config.torchref_official_docs, name),
                                classes=["external"])
        contentnode += para
