"""Write torchref/official_links.yaml: the official PyTorch page of every object in scope.

How the map was derived. PyTorch's documentation for 2.13 / main is built from the
MyST and reStructuredText files in ``docs/source/`` of the pytorch/pytorch repository.
Those files were read (through the search tools' copy of the repository; the commit of
each is given below) and the listings that document the objects of
``../shared/topics.yaml`` are excerpted in LISTINGS. Each listing renders its objects
one way:

- ``page``: an ``autosummary`` with ``:toctree: generated`` gives each listed name a
  page of its own, ``generated/<current module>.<name>.html``.
- ``anchor``: a directive on the listing's own page (``autoclass``, ``autofunction``,
  ``class::``, ``autoattribute::``) gives the object an anchor there,
  ``<page>.html#<id>``; the id is the documented name, as Sphinx's Python domain
  makes it (``.. class:: torch.finfo`` under ``currentmodule:: torch`` gets
  ``torch.torch.finfo``).
- ``member``: methods and attributes of a class documented on the class's own
  generated page (``classtemplate.rst`` uses ``:members:``; ``torch.Generator`` and
  ``LRScheduler`` use the default autosummary class page), ``generated/<class>.html#<name>``.
- ``section``: PyTorch documents the object as no Python object at all; the link goes to
  the section that describes it (``torch.default_generator``: in ``torch.md`` its
  ``autoattribute`` directive sits outside an ``eval-rst`` block, so it renders as
  plain text and no anchor exists).

Where PyTorch documents an object under another name (``torch.set_grad_enabled`` as
``torch.autograd.grad_mode.set_grad_enabled``), ALIASES gives the documented name.

No network was reachable when the map was made, so the URLs were not fetched; a test
checks that every official link on the built site is the map's URL for its object.

Usage: ``python scripts/official_links.py`` rewrites the map; ``--check`` fails if it is
out of date or misses an object of topics.yaml.
"""

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TOPICS = ROOT.parent / "shared" / "topics.yaml"
MAP = ROOT / "torchref" / "official_links.yaml"


def names(text):
    return text.split()


# (source file, commit it was read at, kind, page or module prefix, names as listed there)
LISTINGS = [
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "page", "torch", names("""
        is_tensor is_storage is_complex is_floating_point set_default_dtype get_default_dtype numel
        set_printoptions set_flush_denormal
        tensor as_tensor from_numpy zeros zeros_like ones ones_like arange range linspace logspace eye
        empty empty_like full full_like
        adjoint cat concat chunk gather index_reduce index_select masked_select nonzero permute reshape
        scatter scatter_reduce split squeeze stack t tensor_split tile transpose unbind unsqueeze where
        Generator
        seed manual_seed initial_seed get_rng_state set_rng_state
        bernoulli multinomial normal rand rand_like randint randint_like randn randn_like randperm
        quasirandom.SobolEngine
        save load
        get_num_threads set_num_threads get_num_interop_threads set_num_interop_threads
        no_grad enable_grad autograd.grad_mode.set_grad_enabled is_grad_enabled
        autograd.grad_mode.inference_mode is_inference_mode_enabled
        abs add ceil clamp div exp expm1 floor log log1p mul pow reciprocal round sigmoid sin sqrt sub
        argmax argmin amax amin aminmax all any max min dist logsumexp mean nanmean median nanmedian
        mode norm nansum prod std std_mean sum unique var var_mean count_nonzero
        allclose argsort eq equal ge greater_equal gt isclose isnan le lt ne sort topk
        broadcast_tensors broadcast_to clone cumsum flatten meshgrid repeat_interleave searchsorted
        dot matmul mm
        result_type can_cast promote_types
    """)),
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "section", "torch.html#random-sampling",
     names("torch.default_generator")),
    ("docs/source/tensors.md", "0566163bd84371400e73cd6604eff6f84e9c0506", "page", "torch", names("""
        Tensor.new_tensor Tensor.new_full Tensor.new_empty Tensor.new_ones Tensor.new_zeros
        Tensor.is_cuda Tensor.device Tensor.grad Tensor.ndim
        Tensor.backward Tensor.bernoulli_ Tensor.clone Tensor.contiguous Tensor.cuda Tensor.data_ptr
        Tensor.detach Tensor.dim Tensor.expand Tensor.expand_as Tensor.get_device Tensor.index_reduce_
        Tensor.is_contiguous Tensor.is_leaf Tensor.item Tensor.normal_ Tensor.numel Tensor.numpy
        Tensor.register_hook Tensor.repeat Tensor.requires_grad Tensor.requires_grad_ Tensor.reshape
        Tensor.reshape_as Tensor.resize_ Tensor.retain_grad Tensor.scatter_ Tensor.shape Tensor.size
        Tensor.untyped_storage Tensor.storage_offset Tensor.stride Tensor.to Tensor.tolist Tensor.type
        Tensor.type_as Tensor.unfold Tensor.uniform_ Tensor.view Tensor.view_as Tensor.zero_
    """)),
    ("docs/source/tensors.md", "0566163bd84371400e73cd6604eff6f84e9c0506", "anchor", "tensors.html", names("""
        torch.Tensor torch.Tensor.T torch.Tensor.H torch.Tensor.mT torch.Tensor.mH
    """)),
    # Tensor.dtype has no entry of its own; tensor_attributes.md's "torch.dtype" section ((dtype-doc)=) explains it.
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#dtype-doc", names("torch.Tensor.dtype")),
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "anchor",
     "tensor_attributes.html", names("torch.dtype torch.device torch.layout torch.memory_format")),
    ("docs/source/type_info.md", "01f9ef32eae5ef513002dd44902c23cbe6be3aae", "anchor", "type_info.html",
     names("torch.torch.finfo torch.torch.iinfo")),
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "page", "torch.autograd",
     names("backward grad profiler.record_function")),
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "anchor", "autograd.html",
     names("torch.autograd.Function")),
    # grad_fn is described in the "Autograd graph" section, not documented as an attribute.
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "section",
     "autograd.html#autograd-graph", names("torch.Tensor.grad_fn")),
    ("docs/source/amp.md", "4e0ff98084d470b85e94fccdca7213f6580b1d5b", "anchor", "amp.html",
     names("torch.autocast torch.amp.autocast_mode.is_autocast_available")),
    # amp.md documents torch.cuda.amp.GradScaler and torch.cpu.amp.GradScaler, not torch.amp.GradScaler.
    ("docs/source/amp.md", "4e0ff98084d470b85e94fccdca7213f6580b1d5b", "section", "amp.html#gradient-scaling",
     names("torch.amp.GradScaler")),
    ("docs/source/nn.md", "009034210dc8a4ef4807a3f70a7e406f6a5e624e", "page", "torch.nn", names("""
        parameter.Parameter parameter.UninitializedParameter parameter.UninitializedBuffer
        Module Sequential ModuleList ModuleDict ParameterList ParameterDict
        Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d Unfold Fold
        MaxPool1d MaxPool2d MaxPool3d MaxUnpool1d MaxUnpool2d MaxUnpool3d AvgPool1d AvgPool2d AvgPool3d
        FractionalMaxPool2d LPPool1d LPPool2d AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d
        AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d
        ReflectionPad1d ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d ReplicationPad3d
        ZeroPad2d ConstantPad1d ConstantPad2d ConstantPad3d
        ELU Hardshrink Hardsigmoid Hardtanh Hardswish LeakyReLU LogSigmoid MultiheadAttention PReLU ReLU
        ReLU6 RReLU SELU CELU GELU Sigmoid SiLU Softplus Softshrink Softsign Tanh Tanhshrink Threshold GLU
        Softmin Softmax Softmax2d LogSoftmax AdaptiveLogSoftmaxWithLoss
        BatchNorm1d BatchNorm2d BatchNorm3d GroupNorm SyncBatchNorm InstanceNorm1d InstanceNorm2d
        InstanceNorm3d LayerNorm LocalResponseNorm
        Identity Linear Bilinear LazyLinear
        Dropout Dropout1d Dropout2d
        L1Loss MSELoss CrossEntropyLoss CTCLoss NLLLoss PoissonNLLLoss KLDivLoss BCELoss BCEWithLogitsLoss
        MarginRankingLoss HingeEmbeddingLoss MultiLabelMarginLoss SmoothL1Loss SoftMarginLoss
        MultiLabelSoftMarginLoss CosineEmbeddingLoss MultiMarginLoss TripletMarginLoss
        PixelShuffle PixelUnshuffle Upsample ChannelShuffle
        DataParallel
    """)),
    # nn.Module is generated with classtemplate.rst (":members:"): its methods are anchors on its page.
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "member",
     "torch.nn.Module", names("""
        forward train eval cpu cuda to parameters named_parameters buffers named_buffers children
        named_children modules named_modules state_dict load_state_dict register_buffer
        register_forward_hook register_forward_pre_hook register_full_backward_hook add_module
        requires_grad_ zero_grad apply
    """)),
    ("docs/source/nn.functional.md", "0cf56a8c8f488b685f784c93c80ac1de34b20308", "page",
     "torch.nn.functional", names("""
        relu gelu glu sigmoid softmax one_hot batch_norm instance_norm layer_norm normalize pad
        grid_sample unfold fold max_pool2d conv2d cross_entropy
    """)),
    ("docs/source/nn.init.md", "1b6cb73a68db32278197d4fcaacd8e2e915fb21d", "anchor", "nn.init.html", names("""
        torch.nn.init.calculate_gain torch.nn.init.uniform_ torch.nn.init.normal_ torch.nn.init.constant_
        torch.nn.init.ones_ torch.nn.init.zeros_ torch.nn.init.xavier_uniform_ torch.nn.init.xavier_normal_
        torch.nn.init.kaiming_uniform_ torch.nn.init.kaiming_normal_ torch.nn.init.orthogonal_
    """)),
    ("docs/source/special.md", "099a8c3d3d41a6d17a4fcad1997a3de6c3e9fef9", "anchor", "special.html",
     names("torch.special.expm1 torch.special.log1p")),
    ("docs/source/linalg.md", "67c51758c5318e1bcb0c34010398613f5bb4777b", "page", "torch.linalg",
     names("vector_norm matrix_norm norm")),
    ("docs/source/cuda.md", "008b257c2eac34da592ba28670345840b0bbcbcc", "page", "torch.cuda", names("""
        current_device device device_count get_device_name init is_available is_initialized set_device
        synchronize
    """)),
    ("docs/source/cuda.md", "008b257c2eac34da592ba28670345840b0bbcbcc", "page", "torch.cuda.memory", names("""
        empty_cache memory_allocated max_memory_allocated reset_max_memory_allocated reset_peak_memory_stats
    """)),
    ("docs/source/backends.md", "48311b31bd688f7afcaa8be3390bf4d5be5e2d06", "anchor", "backends.html",
     names("torch.backends.cudnn.benchmark")),
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "anchor", "optim.html",
     names("torch.optim.Optimizer")),
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "page", "torch.optim", names("""
        Optimizer.add_param_group Optimizer.load_state_dict Optimizer.state_dict Optimizer.step
        Optimizer.zero_grad
        Adadelta Adagrad Adam AdamW SparseAdam Adamax ASGD LBFGS RMSprop Rprop SGD
        lr_scheduler.LRScheduler lr_scheduler.LambdaLR lr_scheduler.StepLR lr_scheduler.MultiStepLR
        lr_scheduler.LinearLR lr_scheduler.ExponentialLR lr_scheduler.CosineAnnealingLR
        lr_scheduler.ReduceLROnPlateau
    """)),
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "member",
     "torch.optim.lr_scheduler.LRScheduler", names("get_last_lr")),
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "member", "torch.Generator",
     names("manual_seed seed initial_seed get_state set_state")),
    ("docs/source/data.md", "0206067c9fb68947bfc7995e0d8b74b92fdb4649", "anchor", "data.html", names("""
        torch.utils.data.DataLoader torch.utils.data.Dataset torch.utils.data.IterableDataset
        torch.utils.data.TensorDataset torch.utils.data.default_collate torch.utils.data.random_split
        torch.utils.data.Sampler torch.utils.data.SequentialSampler torch.utils.data.RandomSampler
        torch.utils.data.WeightedRandomSampler
    """)),
    ("docs/source/profiler.md", "14f41d2a19a6e189ccaccd5434864d4708cf8a61", "anchor", "profiler.html",
     names("torch.profiler.profile torch.profiler.ProfilerActivity torch.profiler.profiler.schedule")),
    ("docs/source/onnx_export.md", "02728b8122420848a0b4282c5881fb3a577ff509", "anchor", "onnx_export.html",
     names("torch.onnx.export")),
    ("docs/source/tensorboard.md", "6296716d6e4ba249ffdc5043a3cf26a874e22de5", "anchor", "tensorboard.html",
     names("torch.utils.tensorboard.writer.SummaryWriter")),
]

# our name -> the name PyTorch documents it under
ALIASES = {
    "torch.set_grad_enabled": "torch.autograd.grad_mode.set_grad_enabled",
    "torch.inference_mode": "torch.autograd.grad_mode.inference_mode",
    "torch.finfo": "torch.torch.finfo",
    "torch.iinfo": "torch.torch.iinfo",
    "torch.nn.Parameter": "torch.nn.parameter.Parameter",
    "torch.profiler.record_function": "torch.autograd.profiler.record_function",
    "torch.profiler.schedule": "torch.profiler.profiler.schedule",
    "torch.cuda.memory_allocated": "torch.cuda.memory.memory_allocated",
    "torch.cuda.max_memory_allocated": "torch.cuda.memory.max_memory_allocated",
    "torch.cuda.reset_peak_memory_stats": "torch.cuda.memory.reset_peak_memory_stats",
    "torch.cuda.reset_max_memory_allocated": "torch.cuda.memory.reset_max_memory_allocated",
    "torch.cuda.empty_cache": "torch.cuda.memory.empty_cache",
}


def documented_urls():
    """``{documented name: (relative URL, kind)}`` from the listings."""
    urls = {}
    for _source, _commit, kind, where, listed in LISTINGS:
        for name in listed:
            if kind == "page":
                full = f"{where}.{name}"
                urls[full] = (f"generated/{full}.html", kind)
            elif kind == "member":
                full = f"{where}.{name}"
                urls[full] = (f"generated/{where}.html#{full}", kind)
            elif kind == "anchor":
                urls[name] = (f"{where}#{name}", kind)
            elif kind == "section":
                urls[name] = (where, kind)
            else:
                raise ValueError(f"unknown listing kind {kind!r}")
    return urls


def scope():
    topics = yaml.safe_load(TOPICS.read_text(encoding="utf-8"))
    return [name for section in topics["sections"].values() for name in section["objects"]]


def build_map():
    """``({object: relative URL}, {object: kind}, [objects with no listing])`` for topics.yaml."""
    urls = documented_urls()
    links, kinds, missing = {}, {}, []
    for name in scope():
        found = urls.get(ALIASES.get(name, name))
        if found is None:
            missing.append(name)
            continue
        links[name], kinds[name] = found
    return links, kinds, missing


HEADER = """\
# The official PyTorch page of every object of ../shared/topics.yaml, relative to
# conf.py's torchref_official_docs (https://docs.pytorch.org/docs/stable/).
# Generated by scripts/official_links.py from PyTorch's docs/source listings: do not edit
# by hand; add the listing to the script and run it. A documented object missing here
# fails the build (torchref/official.py).
"""


def render(links):
    return HEADER + "".join(f"{name}: {url}\n" for name, url in links.items())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the map is out of date")
    args = parser.parse_args(argv)
    links, kinds, missing = build_map()
    if missing:
        print("no PyTorch listing documents: " + ", ".join(missing), file=sys.stderr)
        return 1
    text = render(links)
    counts = {kind: sum(1 for k in kinds.values() if k == kind) for kind in ("page", "anchor", "member", "section")}
    summary = f"{len(links)} objects: " + ", ".join(f"{n} {kind}" for kind, n in counts.items())
    if args.check:
        current = MAP.read_text(encoding="utf-8") if MAP.exists() else ""
        if current != text:
            print(f"{MAP.relative_to(ROOT)} is out of date: run scripts/official_links.py", file=sys.stderr)
            return 1
        print(summary)
        return 0
    MAP.write_text(text, encoding="utf-8")
    print(f"wrote {MAP.relative_to(ROOT)}: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
