"""The public names of the installed torch, and where PyTorch's own documentation has each.

A reader who searches an exact torch name that this reference does not document
(``nn.LSTM``, ``x.long()``) is told so and sent to the official page, instead of getting every
entry that shares a word with it. For that the index must know which names are real: this
module lists them from the torch the build runs, so the list follows a torch upgrade, and a
typo (``torch.unsqeeze``) is in no list and still gets its correction.

Where a name's official page is:

- ``official_links.yaml`` (derived from PyTorch's docs sources, ``scripts/official_links.py``)
  for every name of the scope, documented here or not yet;
- for the other names of a module, the way PyTorch's docs list that module, learnt from the
  map: where at least ``RULE_AGREEMENT`` of the module's mapped names (and ``RULE_EVIDENCE`` of
  them at least) have a page of their own (``generated/<name>.html``) or an anchor on one page
  (``<page>.html#<name>``), the module's other names are linked the same way
  (``tests/unit/test_torch_names.py`` prints how well each rule reproduces the map);
- else none: the reader is offered the official search for the name instead.
"""

import hashlib
import importlib
import inspect
import json
import warnings
from collections import Counter
from pathlib import Path

from ..official import MAP, official_links

NAMES_FILE = "torch-api-names.json"  # in the edition's doctree folder
RULE_AGREEMENT = 0.9
RULE_EVIDENCE = 3
# the namespaces whose public names are listed: the modules and classes the scope draws from
CLASSES = ("torch.Tensor", "torch.nn.Module")
GENERATED = "generated"


def module_of(name):
    return name.rpartition(".")[0]


def resolve(name):
    """The object a public name names, or None."""
    parts = name.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for part in parts[split:]:
            value = getattr(value, part, None)
        return value
    return None


def category(name):
    """PyTorch lists a module's functions and its classes apart (torch.cat has a page of its own,
    torch.Size an anchor on size.html): a rule holds for one category of a module."""
    value = resolve(name)
    if inspect.isclass(value):
        return "class"
    return "callable" if callable(value) else "data"


def public_members(namespace):
    """The public names of a module (its ``__all__``, or its own functions and classes) or of a class."""
    if namespace in CLASSES:
        owner = importlib.import_module(module_of(namespace))
        cls = getattr(owner, namespace.rpartition(".")[2])
        return [f"{namespace}.{name}" for name in vars(cls) if not name.startswith("_")] + \
            [f"{namespace}.{name}" for base in cls.__mro__[1:] if base.__module__.startswith("torch")
             for name in vars(base) if not name.startswith("_")]
    try:
        module = importlib.import_module(namespace)
    except ImportError:  # a class or an attribute that the map names as a parent (torch.cuda.Event)
        return []
    listed = getattr(module, "__all__", None)
    if listed is None:  # what the module defines, not ``typing.Optional`` or ``math`` imported into it; its
        # functions written in C (F.gelu) come from torch._C
        listed = [name for name, value in vars(module).items() if not name.startswith("_")
                  and (inspect.isbuiltin(value) or (inspect.isfunction(value) or inspect.isclass(value))
                       and (getattr(value, "__module__", None) or "").startswith(namespace))]
    return [f"{namespace}.{name}" for name in listed
            if not name.startswith("_") and not inspect.ismodule(getattr(module, name, None))
            and not reexported(getattr(module, name, None), namespace)]


def reexported(value, namespace):
    """A class or function that another namespace defines (``torch.fft.Tensor`` is ``torch.Tensor``):
    it has its page under its own name. torch's own namespace keeps all it lists."""
    defined_in = getattr(value, "__module__", None) or ""
    return (namespace != "torch" and (inspect.isclass(value) or inspect.isfunction(value))
            and defined_in != namespace and not defined_in.startswith(namespace + "."))


def page_kind(name, relative_url):
    """``generated`` for a page of the name's own, the page for an anchor on it, else None."""
    if relative_url == f"generated/{name}.html":
        return GENERATED
    page, _, anchor = relative_url.partition("#")
    return page if anchor == name else None


def module_rules(links, categories):
    """``{(module, category): generated or page}`` where the map shows how PyTorch lists them."""
    kinds = {}
    for name, url in links.items():
        kinds.setdefault((module_of(name), categories[name]), Counter())[page_kind(name, url)] += 1
    rules = {}
    for key, counted in kinds.items():
        kind, count = counted.most_common(1)[0]
        if kind and count >= RULE_EVIDENCE and count >= RULE_AGREEMENT * sum(counted.values()):
            rules[key] = kind
    return rules


def official_page(name, links, rules, categories):
    """The name's page relative to the official docs' base, or "" where it is not known."""
    if name in links:
        return links[name]
    kind = rules.get((module_of(name), categories[name]))
    if kind is None:
        return ""
    return f"generated/{name}.html" if kind == GENERATED else f"{kind}#{name}"


def torch_api_names(links=None):
    """``{name: official page or ""}`` of every public name of the namespaces the scope draws from."""
    links = official_links() if links is None else links
    namespaces = sorted({module_of(name) for name in links} | set(CLASSES))
    names = set(links)
    with warnings.catch_warnings():  # deprecated names (torch.distributed.reduce_op) warn when touched
        warnings.simplefilter("ignore")
        for namespace in namespaces:
            names.update(public_members(namespace))
        categories = {name: category(name) for name in names}
    rules = module_rules(links, categories)
    return {name: official_page(name, links, rules, categories) for name in sorted(names)}


def write_names(app, exception):
    """The names, again only when torch, the map or this code changed (listing them imports every namespace)."""
    if exception is not None or app.builder.format != "html":
        return
    import torch

    path = Path(app.doctreedir) / NAMES_FILE
    made_from = f"torch {torch.__version__}, " + hashlib.sha256(MAP.read_bytes() + Path(__file__).read_bytes()).hexdigest()[:16]
    if path.exists() and json.loads(path.read_text(encoding="utf-8")).get("from") == made_from:
        return
    path.write_text(json.dumps({"from": made_from, "names": torch_api_names()}, sort_keys=True), encoding="utf-8")


def read_names(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))["names"] if Path(path).exists() else {}


def setup(app):
    app.connect("build-finished", write_names)
