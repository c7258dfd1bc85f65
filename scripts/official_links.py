"""Write torchref/official_links.yaml: the official PyTorch page of every object in scope.

How the map was derived. PyTorch's documentation for 2.13 / main is built from the
MyST and reStructuredText files in ``docs/source/`` of the pytorch/pytorch repository.
Those files were read (through the search tools' copy of the repository; the commit of
each is given below) and the listings that document the objects of
``../shared/topics.yaml`` are excerpted in LISTINGS. Each listing renders its objects
one way:

- ``page``: an ``autosummary`` with ``:toctree: generated`` gives each listed name a
  page of its own, ``generated/<current module>.<name>.html`` (or the file name that
  ``conf.py``'s ``autosummary_filename_map`` gives it, FILENAME_MAP here).
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


# The whole "Tensor class reference" autosummary, not only the names of topics.yaml: every Tensor
# method that mirrors a documented torch function gets a signature on its entry (torchref/methodforms.py)
# and so its official link. The map keeps every name of this listing.
TENSOR_CLASS_REFERENCE = ("docs/source/tensors.md", "0566163bd84371400e73cd6604eff6f84e9c0506", "page", "torch", names("""
        Tensor.new_tensor Tensor.new_full Tensor.new_empty Tensor.new_ones Tensor.new_zeros Tensor.is_cuda
        Tensor.is_quantized Tensor.is_meta Tensor.device Tensor.grad Tensor.ndim Tensor.real Tensor.imag
        Tensor.nbytes Tensor.itemsize Tensor.abs Tensor.abs_ Tensor.absolute Tensor.absolute_ Tensor.acos
        Tensor.acos_ Tensor.arccos Tensor.arccos_ Tensor.add Tensor.add_ Tensor.addbmm Tensor.addbmm_
        Tensor.addcdiv Tensor.addcdiv_ Tensor.addcmul Tensor.addcmul_ Tensor.addmm Tensor.addmm_ Tensor.sspaddmm
        Tensor.addmv Tensor.addmv_ Tensor.addr Tensor.addr_ Tensor.adjoint Tensor.allclose Tensor.amax
        Tensor.amin Tensor.aminmax Tensor.angle Tensor.apply_ Tensor.argmax Tensor.argmin Tensor.argsort
        Tensor.argwhere Tensor.asin Tensor.asin_ Tensor.arcsin Tensor.arcsin_ Tensor.as_strided Tensor.atan
        Tensor.atan_ Tensor.arctan Tensor.arctan_ Tensor.atan2 Tensor.atan2_ Tensor.arctan2 Tensor.arctan2_
        Tensor.all Tensor.any Tensor.backward Tensor.baddbmm Tensor.baddbmm_ Tensor.bernoulli Tensor.bernoulli_
        Tensor.bfloat16 Tensor.bincount Tensor.bitwise_not Tensor.bitwise_not_ Tensor.bitwise_and
        Tensor.bitwise_and_ Tensor.bitwise_or Tensor.bitwise_or_ Tensor.bitwise_xor Tensor.bitwise_xor_
        Tensor.bitwise_left_shift Tensor.bitwise_left_shift_ Tensor.bitwise_right_shift
        Tensor.bitwise_right_shift_ Tensor.bmm Tensor.bool Tensor.byte Tensor.broadcast_to Tensor.cauchy_
        Tensor.ceil Tensor.ceil_ Tensor.char Tensor.cholesky Tensor.cholesky_inverse Tensor.cholesky_solve
        Tensor.chunk Tensor.clamp Tensor.clamp_ Tensor.clip Tensor.clip_ Tensor.clone Tensor.contiguous
        Tensor.copy_ Tensor.conj Tensor.conj_physical Tensor.conj_physical_ Tensor.resolve_conj
        Tensor.resolve_neg Tensor.copysign Tensor.copysign_ Tensor.cos Tensor.cos_ Tensor.cosh Tensor.cosh_
        Tensor.corrcoef Tensor.count_nonzero Tensor.cov Tensor.acosh Tensor.acosh_ Tensor.arccosh
        Tensor.arccosh_ Tensor.cpu Tensor.cross Tensor.cuda Tensor.logcumsumexp Tensor.cummax Tensor.cummin
        Tensor.cumprod Tensor.cumprod_ Tensor.cumsum Tensor.cumsum_ Tensor.chalf Tensor.cfloat Tensor.cdouble
        Tensor.const_data_ptr Tensor.data_ptr Tensor.deg2rad Tensor.dequantize Tensor.det Tensor.dense_dim
        Tensor.detach Tensor.detach_ Tensor.diag Tensor.diag_embed Tensor.diagflat Tensor.diagonal
        Tensor.diagonal_scatter Tensor.fill_diagonal_ Tensor.fmax Tensor.fmin Tensor.diff Tensor.digamma
        Tensor.digamma_ Tensor.dim Tensor.dim_order Tensor.dist Tensor.div Tensor.div_ Tensor.divide
        Tensor.divide_ Tensor.dot Tensor.double Tensor.dsplit Tensor.element_size Tensor.eq Tensor.eq_
        Tensor.equal Tensor.erf Tensor.erf_ Tensor.erfc Tensor.erfc_ Tensor.erfinv Tensor.erfinv_ Tensor.exp
        Tensor.exp_ Tensor.expm1 Tensor.expm1_ Tensor.expand Tensor.expand_as Tensor.exponential_ Tensor.fix
        Tensor.fix_ Tensor.fill_ Tensor.flatten Tensor.flip Tensor.fliplr Tensor.flipud Tensor.float
        Tensor.float_power Tensor.float_power_ Tensor.floor Tensor.floor_ Tensor.floor_divide
        Tensor.floor_divide_ Tensor.fmod Tensor.fmod_ Tensor.frac Tensor.frac_ Tensor.frexp Tensor.gather
        Tensor.gcd Tensor.gcd_ Tensor.ge Tensor.ge_ Tensor.greater_equal Tensor.greater_equal_ Tensor.geometric_
        Tensor.geqrf Tensor.ger Tensor.get_device Tensor.gt Tensor.gt_ Tensor.greater Tensor.greater_
        Tensor.half Tensor.hardshrink Tensor.heaviside Tensor.histc Tensor.histogram Tensor.hsplit Tensor.hypot
        Tensor.hypot_ Tensor.i0 Tensor.i0_ Tensor.igamma Tensor.igamma_ Tensor.igammac Tensor.igammac_
        Tensor.index_add_ Tensor.index_add Tensor.index_copy_ Tensor.index_copy Tensor.index_fill_
        Tensor.index_fill Tensor.index_put_ Tensor.index_put Tensor.index_reduce_ Tensor.index_reduce
        Tensor.index_select Tensor.indices Tensor.inner Tensor.int Tensor.int_repr Tensor.inverse Tensor.isclose
        Tensor.isfinite Tensor.isinf Tensor.isposinf Tensor.isneginf Tensor.isnan Tensor.is_contiguous
        Tensor.is_complex Tensor.is_conj Tensor.is_floating_point Tensor.is_inference Tensor.is_leaf
        Tensor.is_pinned Tensor.is_set_to Tensor.is_shared Tensor.is_signed Tensor.is_sparse Tensor.istft
        Tensor.isreal Tensor.item Tensor.kthvalue Tensor.lcm Tensor.lcm_ Tensor.ldexp Tensor.ldexp_ Tensor.le
        Tensor.le_ Tensor.less_equal Tensor.less_equal_ Tensor.lerp Tensor.lerp_ Tensor.lgamma Tensor.lgamma_
        Tensor.log Tensor.log_ Tensor.logdet Tensor.log10 Tensor.log10_ Tensor.log1p Tensor.log1p_ Tensor.log2
        Tensor.log2_ Tensor.log_normal_ Tensor.logaddexp Tensor.logaddexp2 Tensor.logsumexp Tensor.logical_and
        Tensor.logical_and_ Tensor.logical_not Tensor.logical_not_ Tensor.logical_or Tensor.logical_or_
        Tensor.logical_xor Tensor.logical_xor_ Tensor.logit Tensor.logit_ Tensor.long Tensor.lt Tensor.lt_
        Tensor.less Tensor.less_ Tensor.lu Tensor.lu_solve Tensor.as_subclass Tensor.map_ Tensor.masked_scatter_
        Tensor.masked_scatter Tensor.masked_fill_ Tensor.masked_fill Tensor.masked_select Tensor.matmul
        Tensor.matrix_power Tensor.matrix_exp Tensor.max Tensor.maximum Tensor.mean Tensor.module_load
        Tensor.nanmean Tensor.median Tensor.nanmedian Tensor.min Tensor.minimum Tensor.mm Tensor.smm Tensor.mode
        Tensor.movedim Tensor.moveaxis Tensor.msort Tensor.mul Tensor.mul_ Tensor.multiply Tensor.multiply_
        Tensor.multinomial Tensor.mv Tensor.mvlgamma Tensor.mvlgamma_ Tensor.nansum Tensor.narrow
        Tensor.narrow_copy Tensor.ndimension Tensor.nan_to_num Tensor.nan_to_num_ Tensor.ne Tensor.ne_
        Tensor.not_equal Tensor.not_equal_ Tensor.neg Tensor.neg_ Tensor.negative Tensor.negative_
        Tensor.nelement Tensor.nextafter Tensor.nextafter_ Tensor.nonzero Tensor.nonzero_static Tensor.norm
        Tensor.normal_ Tensor.numel Tensor.numpy Tensor.orgqr Tensor.ormqr Tensor.outer Tensor.permute
        Tensor.pin_memory Tensor.pinverse Tensor.polygamma Tensor.polygamma_ Tensor.positive Tensor.pow
        Tensor.pow_ Tensor.prod Tensor.put_ Tensor.qr Tensor.qscheme Tensor.quantile Tensor.nanquantile
        Tensor.q_scale Tensor.q_zero_point Tensor.q_per_channel_scales Tensor.q_per_channel_zero_points
        Tensor.q_per_channel_axis Tensor.rad2deg Tensor.random_ Tensor.ravel Tensor.reciprocal
        Tensor.reciprocal_ Tensor.record_stream Tensor.register_hook Tensor.register_post_accumulate_grad_hook
        Tensor.remainder Tensor.remainder_ Tensor.renorm Tensor.renorm_ Tensor.repeat Tensor.repeat_interleave
        Tensor.requires_grad Tensor.requires_grad_ Tensor.reshape Tensor.reshape_as Tensor.resize_
        Tensor.resize_as_ Tensor.retain_grad Tensor.retains_grad Tensor.roll Tensor.rot90 Tensor.round
        Tensor.round_ Tensor.rsqrt Tensor.rsqrt_ Tensor.scatter Tensor.scatter_ Tensor.scatter_add_
        Tensor.scatter_add Tensor.scatter_reduce_ Tensor.scatter_reduce Tensor.select Tensor.select_scatter
        Tensor.set_ Tensor.share_memory_ Tensor.short Tensor.sigmoid Tensor.sigmoid_ Tensor.sign Tensor.sign_
        Tensor.signbit Tensor.sgn Tensor.sgn_ Tensor.sin Tensor.sin_ Tensor.sinc Tensor.sinc_ Tensor.sinh
        Tensor.sinh_ Tensor.asinh Tensor.asinh_ Tensor.arcsinh Tensor.arcsinh_ Tensor.shape Tensor.size
        Tensor.slogdet Tensor.slice_scatter Tensor.softmax Tensor.sort Tensor.split Tensor.sparse_mask
        Tensor.sparse_dim Tensor.sqrt Tensor.sqrt_ Tensor.square Tensor.square_ Tensor.squeeze Tensor.squeeze_
        Tensor.std Tensor.stft Tensor.storage Tensor.untyped_storage Tensor.storage_offset Tensor.storage_type
        Tensor.stride Tensor.sub Tensor.sub_ Tensor.subtract Tensor.subtract_ Tensor.sum Tensor.sum_to_size
        Tensor.svd Tensor.swapaxes Tensor.swapdims Tensor.t Tensor.t_ Tensor.tensor_split Tensor.tile Tensor.to
        Tensor.to_mkldnn Tensor.take Tensor.take_along_dim Tensor.tan Tensor.tan_ Tensor.tanh Tensor.tanh_
        Tensor.atanh Tensor.atanh_ Tensor.arctanh Tensor.arctanh_ Tensor.tolist Tensor.topk Tensor.to_dense
        Tensor.to_sparse Tensor.to_sparse_csr Tensor.to_sparse_csc Tensor.to_sparse_bsr Tensor.to_sparse_bsc
        Tensor.trace Tensor.transpose Tensor.transpose_ Tensor.triangular_solve Tensor.tril Tensor.tril_
        Tensor.triu Tensor.triu_ Tensor.true_divide Tensor.true_divide_ Tensor.trunc Tensor.trunc_ Tensor.type
        Tensor.type_as Tensor.unbind Tensor.unflatten Tensor.unfold Tensor.uniform_ Tensor.unique
        Tensor.unique_consecutive Tensor.unsqueeze Tensor.unsqueeze_ Tensor.values Tensor.var Tensor.vdot
        Tensor.view Tensor.view_as Tensor.vsplit Tensor.where Tensor.xlogy Tensor.xlogy_ Tensor.xpu Tensor.zero_
    """))

# (source file, commit it was read at, kind, page or module prefix, names as listed there)
LISTINGS = [
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "page", "torch", names("""
        is_tensor is_storage is_complex is_floating_point set_default_dtype get_default_dtype
        set_default_device get_default_device numel set_printoptions set_flush_denormal
        tensor sparse_coo_tensor as_tensor from_numpy frombuffer zeros zeros_like ones ones_like arange range
        linspace logspace eye empty empty_like full full_like complex polar
        adjoint cat concat chunk dstack gather hstack index_reduce index_select masked_select movedim nonzero
        permute reshape scatter scatter_reduce split squeeze stack swapaxes t tensor_split tile transpose
        unbind unsqueeze vstack where
        Generator
        seed manual_seed initial_seed get_rng_state set_rng_state
        bernoulli multinomial normal rand rand_like randint randint_like randn randn_like randperm
        quasirandom.SobolEngine
        save load
        get_num_threads set_num_threads get_num_interop_threads set_num_interop_threads
        no_grad enable_grad autograd.grad_mode.set_grad_enabled is_grad_enabled
        autograd.grad_mode.inference_mode is_inference_mode_enabled
        abs acos add angle asin atan atan2 ceil clamp clip cos cosh div exp expm1 floor imag lerp log log10
        log1p log2 logical_and logical_not logical_or logical_xor mul nan_to_num neg pow real reciprocal
        round rsqrt sigmoid sign sin sinh softmax sqrt square sub tan tanh
        argmax argmin amax amin aminmax all any max min dist logsumexp mean nanmean median nanmedian
        mode norm nansum prod std std_mean sum unique var var_mean count_nonzero
        allclose argsort eq equal ge greater_equal gt isclose isfinite isinf isnan le lt maximum minimum
        fmax fmin ne sort topk
        stft istft hann_window
        bincount broadcast_tensors broadcast_to cdist clone cummax cumprod cumsum diag diag_embed diagonal
        diff einsum flatten flip fliplr kron rot90 histc histogram meshgrid repeat_interleave roll
        searchsorted tensordot trace tril tril_indices triu triu_indices view_as_real view_as_complex
        addmm baddbmm bmm dot matmul mm outer trapezoid
        result_type can_cast promote_types use_deterministic_algorithms are_deterministic_algorithms_enabled
        set_float32_matmul_precision get_float32_matmul_precision
        cond compile
    """)),
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "section", "torch.html#random-sampling",
     names("torch.default_generator")),
    # "### Constants" (id "constants") is a table of plain values, no Python object directives.
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "section", "torch.html#constants",
     names("torch.inf torch.nan")),
    # torch.pi and torch.e (re-exported from math like inf and nan) are in no PyTorch listing; the
    # Constants table that documents their siblings is the closest place.
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "section", "torch.html#constants",
     names("torch.pi torch.e")),
    # torch.__version__ (torch.version.__version__) is documented nowhere; torch.md only registers its
    # module with ".. py:module:: torch.version", whose target id is "module-torch.version".
    ("docs/source/torch.md", "0a481959f2032e9f68e58708ed896f1740f5d785", "section",
     "torch.html#module-torch.version", names("torch.__version__")),
    # torch.version.cuda has no entry either; the HIP note's "Checking for HIP" ((checking-for-hip)=)
    # shows how to test it.
    ("docs/source/notes/hip.md", "51783ec98887ffe43c22c664adfdba55975b547e", "section",
     "notes/hip.html#checking-for-hip", names("torch.version.cuda")),
    TENSOR_CLASS_REFERENCE,
    ("docs/source/tensors.md", "0566163bd84371400e73cd6604eff6f84e9c0506", "anchor", "tensors.html", names("""
        torch.Tensor torch.Tensor.T torch.Tensor.H torch.Tensor.mT torch.Tensor.mH
    """)),
    # Tensor.dtype has no entry of its own; tensor_attributes.md's "torch.dtype" section ((dtype-doc)=) explains it.
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#dtype-doc", names("torch.Tensor.dtype")),
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "anchor",
     "tensor_attributes.html", names("torch.dtype torch.device torch.layout torch.memory_format")),
    # The dtype constants are rows of the "torch.dtype" section's tables (plain text, no directives).
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#dtype-doc", names("""
        torch.float32 torch.float torch.float64 torch.double torch.float16 torch.half torch.bfloat16
        torch.complex64 torch.complex128 torch.float8_e4m3fn torch.float8_e5m2
        torch.uint8 torch.int8 torch.int16 torch.int32 torch.int torch.int64 torch.long torch.bool
    """)),
    # The legacy constructors are only named in the same section's note ("torch.*.FloatTensor", ...).
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#dtype-doc", names("torch.FloatTensor torch.LongTensor torch.IntTensor")),
    # The "torch.layout" section ((layout-doc)=) describes torch.strided and torch.sparse_coo in prose;
    # like Tensor.dtype, Tensor.layout has no entry of its own (tensors.md does not list it).
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#layout-doc", names("torch.strided torch.sparse_coo torch.Tensor.layout")),
    # The memory formats are a bullet list in "## torch.memory_format", which has no label: the id is
    # the one docutils makes from the heading.
    ("docs/source/tensor_attributes.md", "15e3c6d01191fc7d5fbcc73d7845336e3daad975", "section",
     "tensor_attributes.html#torch-memory-format",
     names("torch.contiguous_format torch.channels_last torch.preserve_format")),
    ("docs/source/size.md", "31888fb60c7275c3e54c034d26077ec940a96e27", "anchor", "size.html",
     names("torch.Size")),
    ("docs/source/type_info.md", "01f9ef32eae5ef513002dd44902c23cbe6be3aae", "anchor", "type_info.html",
     names("torch.torch.finfo torch.torch.iinfo")),
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "page", "torch.autograd", names("""
        backward grad profiler.record_function
        function.FunctionCtx.mark_dirty function.FunctionCtx.save_for_backward function.once_differentiable
    """)),
    # Listed under ".. currentmodule:: torch.autograd.gradcheck" (torch.autograd.gradcheck is that function).
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "page", "torch.autograd.gradcheck",
     names("gradcheck")),
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "anchor", "autograd.html",
     names("torch.autograd.Function torch.autograd.detect_anomaly torch.autograd.graph.saved_tensors_hooks")),
    # grad_fn is described in the "Autograd graph" section, not documented as an attribute.
    ("docs/source/autograd.md", "02adb74198061e708879a68382e1d00534bb6c88", "section",
     "autograd.html#autograd-graph", names("torch.Tensor.grad_fn")),
    ("docs/source/amp.md", "4e0ff98084d470b85e94fccdca7213f6580b1d5b", "anchor", "amp.html",
     names("torch.autocast torch.amp.autocast_mode.is_autocast_available")),
    # amp.md documents torch.cuda.amp.GradScaler and torch.cpu.amp.GradScaler, not torch.amp.GradScaler.
    ("docs/source/amp.md", "4e0ff98084d470b85e94fccdca7213f6580b1d5b", "section", "amp.html#gradient-scaling",
     names("torch.amp.GradScaler")),
    # unscale_ is defined on torch.amp.GradScaler; the deprecated subclasses documented with ":members:"
    # (no ":inherited-members:") do not show it, so it links where its class does.
    ("docs/source/amp.md", "4e0ff98084d470b85e94fccdca7213f6580b1d5b", "section", "amp.html#gradient-scaling",
     names("torch.amp.GradScaler.unscale_")),
    # nn.md's listings switch between currentmodule torch, torch.nn and torch.nn.utils; the names here
    # are relative to torch.nn.
    ("docs/source/nn.md", "009034210dc8a4ef4807a3f70a7e406f6a5e624e", "page", "torch.nn", names("""
        parameter.Buffer parameter.Parameter parameter.UninitializedParameter parameter.UninitializedBuffer
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
        InstanceNorm3d LayerNorm LocalResponseNorm RMSNorm
        RNN LSTM GRU RNNCell LSTMCell GRUCell
        Transformer TransformerEncoder TransformerDecoder TransformerEncoderLayer TransformerDecoderLayer
        Identity Linear Bilinear LazyLinear
        Dropout Dropout1d Dropout2d
        Embedding EmbeddingBag
        CosineSimilarity PairwiseDistance
        L1Loss MSELoss CrossEntropyLoss CTCLoss NLLLoss PoissonNLLLoss KLDivLoss BCELoss BCEWithLogitsLoss
        MarginRankingLoss HingeEmbeddingLoss MultiLabelMarginLoss SmoothL1Loss SoftMarginLoss
        MultiLabelSoftMarginLoss CosineEmbeddingLoss MultiMarginLoss TripletMarginLoss
        PixelShuffle PixelUnshuffle Upsample ChannelShuffle
        DataParallel parallel.DistributedDataParallel
        utils.clip_grad_norm_ utils.clip_grad_value_ utils.get_total_norm
        utils.parameters_to_vector utils.vector_to_parameters
        utils.prune.random_unstructured utils.prune.l1_unstructured utils.prune.remove
        utils.parametrizations.orthogonal utils.parametrizations.weight_norm utils.parametrizations.spectral_norm
        utils.parametrize.register_parametrization utils.parametrize.remove_parametrizations
        utils.rnn.PackedSequence utils.rnn.pack_padded_sequence utils.rnn.pad_packed_sequence
        utils.rnn.pad_sequence utils.rnn.pack_sequence utils.rnn.unpad_sequence
        modules.flatten.Flatten modules.flatten.Unflatten
    """)),
    # nn.Module is generated with classtemplate.rst (":members:"): its methods are anchors on its page.
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "member",
     "torch.nn.Module", names("""
        forward train eval cpu cuda to parameters named_parameters buffers named_buffers children
        named_children modules named_modules state_dict load_state_dict register_buffer
        register_forward_hook register_forward_pre_hook register_full_backward_hook add_module
        requires_grad_ zero_grad apply
        register_parameter register_module get_submodule get_parameter to_empty float double half bfloat16
        type compile extra_repr register_state_dict_post_hook
    """)),
    # Module.training is a plain attribute (no docstring, so ":members:" leaves it out); the class's
    # own entry, which describes it, stands for it.
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "section",
     "generated/torch.nn.Module.html#torch.nn.Module", names("torch.nn.Module.training")),
    # nn.md generates these classes with classtemplate.rst too.
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "member",
     "torch.nn.Embedding", names("from_pretrained")),
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "member",
     "torch.nn.Transformer", names("generate_square_subsequent_mask")),
    ("docs/source/_templates/classtemplate.rst", "4a32f062d8db52ad78e8addca99a19090df50790", "member",
     "torch.nn.parallel.DistributedDataParallel", names("no_sync")),
    ("docs/source/nn.functional.md", "0cf56a8c8f488b685f784c93c80ac1de34b20308", "page",
     "torch.nn.functional", names("""
        relu gelu glu sigmoid softmax one_hot batch_norm instance_norm layer_norm normalize pad
        grid_sample unfold fold max_pool2d conv2d cross_entropy
        conv1d conv3d conv_transpose2d avg_pool2d max_pool1d adaptive_avg_pool2d scaled_dot_product_attention
        relu6 elu leaky_relu logsigmoid softplus gumbel_softmax log_softmax tanh silu mish group_norm rms_norm
        linear dropout embedding pairwise_distance cosine_similarity
        binary_cross_entropy binary_cross_entropy_with_logits kl_div l1_loss mse_loss nll_loss huber_loss
        smooth_l1_loss pixel_shuffle interpolate affine_grid
    """)),
    ("docs/source/nn.attention.md", "5d2306053b233025bac486a5013129124637890e", "page", "torch.nn.attention",
     names("sdpa_kernel SDPBackend")),
    ("docs/source/nn.attention.flex_attention.md", "f3bfe7922ee558f88a4a9d95d8989720b7a38137", "anchor",
     "nn.attention.flex_attention.html", names("""
        torch.nn.attention.flex_attention.flex_attention torch.nn.attention.flex_attention.create_block_mask
        torch.nn.attention.flex_attention.BlockMask
    """)),
    ("docs/source/nn.init.md", "1b6cb73a68db32278197d4fcaacd8e2e915fb21d", "anchor", "nn.init.html", names("""
        torch.nn.init.calculate_gain torch.nn.init.uniform_ torch.nn.init.normal_ torch.nn.init.constant_
        torch.nn.init.ones_ torch.nn.init.zeros_ torch.nn.init.xavier_uniform_ torch.nn.init.xavier_normal_
        torch.nn.init.kaiming_uniform_ torch.nn.init.kaiming_normal_ torch.nn.init.orthogonal_
        torch.nn.init.eye_ torch.nn.init.trunc_normal_
    """)),
    ("docs/source/checkpoint.md", "05382727fd08ac518afece33a69e4bb72c2d2cab", "anchor", "checkpoint.html",
     names("torch.utils.checkpoint.checkpoint torch.utils.checkpoint.checkpoint_sequential")),
    ("docs/source/special.md", "099a8c3d3d41a6d17a4fcad1997a3de6c3e9fef9", "anchor", "special.html",
     names("torch.special.expm1 torch.special.log1p")),
    ("docs/source/linalg.md", "67c51758c5318e1bcb0c34010398613f5bb4777b", "page", "torch.linalg", names("""
        vector_norm matrix_norm norm det slogdet cond matrix_rank cholesky qr eig eigh svd svdvals
        solve lstsq inv pinv matrix_exp cross vecdot
    """)),
    ("docs/source/fft.md", "31af5f6be8e97ac807cc0522307aff3feebcb736", "page", "torch.fft",
     names("fft ifft fft2 fftn rfft irfft fftfreq rfftfreq fftshift")),
    ("docs/source/cuda.md", "008b257c2eac34da592ba28670345840b0bbcbcc", "page", "torch.cuda", names("""
        current_device device device_count get_device_name init is_available is_initialized set_device
        synchronize current_stream get_device_capability get_device_properties is_bf16_supported stream
        manual_seed manual_seed_all
        Stream Event
    """)),
    ("docs/source/cuda.md", "008b257c2eac34da592ba28670345840b0bbcbcc", "page", "torch.cuda.memory", names("""
        empty_cache memory_allocated max_memory_allocated reset_max_memory_allocated reset_peak_memory_stats
        memory_reserved memory_summary
    """)),
    # torch.cuda.Event's generated page is autosummary's default class page, which documents its methods.
    ("docs/source/cuda.md", "008b257c2eac34da592ba28670345840b0bbcbcc", "member", "torch.cuda.Event",
     names("elapsed_time")),
    ("docs/source/xpu.md", "4cf6dee5a51ee0aa25bdc5a45365a049fb5e56fe", "page", "torch.xpu",
     names("is_available")),
    ("docs/source/accelerator.md", "6b5159ef8fee99d469d0c2d99b1b272a6611be10", "page", "torch.accelerator",
     names("device_count is_available current_accelerator")),
    ("docs/source/backends.md", "48311b31bd688f7afcaa8be3390bf4d5be5e2d06", "anchor", "backends.html", names("""
        torch.backends.cudnn.benchmark torch.backends.cudnn.deterministic torch.backends.cudnn.allow_tf32
        torch.backends.cuda.matmul.allow_tf32 torch.backends.mps.is_available torch.backends.mps.is_built
    """)),
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "anchor", "optim.html",
     names("torch.optim.Optimizer")),
    # param_groups is an instance attribute with no entry (".. autoclass:: Optimizer" has no
    # ":members:"): it links to its class's anchor.
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "section",
     "optim.html#torch.optim.Optimizer", names("torch.optim.Optimizer.param_groups")),
    ("docs/source/optim.md", "0126d60e14cce8fd21075d87da9531e34b861d13", "page", "torch.optim", names("""
        Optimizer.add_param_group Optimizer.load_state_dict Optimizer.state_dict Optimizer.step
        Optimizer.zero_grad
        Adadelta Adagrad Adam AdamW SparseAdam Adamax ASGD LBFGS NAdam RAdam RMSprop Rprop SGD
        lr_scheduler.LRScheduler lr_scheduler.LambdaLR lr_scheduler.StepLR lr_scheduler.MultiStepLR
        lr_scheduler.LinearLR lr_scheduler.ExponentialLR lr_scheduler.CosineAnnealingLR
        lr_scheduler.SequentialLR lr_scheduler.ReduceLROnPlateau lr_scheduler.OneCycleLR
        lr_scheduler.CosineAnnealingWarmRestarts
        swa_utils.AveragedModel
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
        torch.utils.data.ConcatDataset torch.utils.data.Subset torch.utils.data.get_worker_info
        torch.utils.data.BatchSampler torch.utils.data.distributed.DistributedSampler
    """)),
    # ".. autoclass:: torch.utils.data.distributed.DistributedSampler" has no ":members:", so set_epoch
    # has no entry; it links to its class's anchor.
    ("docs/source/data.md", "0206067c9fb68947bfc7995e0d8b74b92fdb4649", "section",
     "data.html#torch.utils.data.distributed.DistributedSampler",
     names("torch.utils.data.distributed.DistributedSampler.set_epoch")),
    ("docs/source/profiler.md", "14f41d2a19a6e189ccaccd5434864d4708cf8a61", "anchor", "profiler.html",
     names("""
        torch.profiler.profile torch.profiler.ProfilerActivity torch.profiler.profiler.schedule
        torch.profiler.profiler.tensorboard_trace_handler
        torch.profiler.profile.export_chrome_trace torch.profiler.profile.key_averages
    """)),
    ("docs/source/onnx_export.md", "02728b8122420848a0b4282c5881fb3a577ff509", "anchor", "onnx_export.html",
     names("torch.onnx.export")),
    ("docs/source/tensorboard.md", "6296716d6e4ba249ffdc5043a3cf26a874e22de5", "anchor", "tensorboard.html",
     names("""
        torch.utils.tensorboard.writer.SummaryWriter torch.utils.tensorboard.writer.SummaryWriter.add_scalar
        torch.utils.tensorboard.writer.SummaryWriter.add_scalars
        torch.utils.tensorboard.writer.SummaryWriter.add_histogram
        torch.utils.tensorboard.writer.SummaryWriter.add_image
        torch.utils.tensorboard.writer.SummaryWriter.add_graph
    """)),
    ("docs/source/testing.md", "b37af1d194359be7613804e520df2598319bd4a8", "anchor", "testing.html",
     names("torch.testing.assert_close")),
    ("docs/source/hub.md", "a897a98635a957e3deee2c4f154569458d9c1f02", "anchor", "hub.html",
     names("torch.hub.load_state_dict_from_url")),
    ("docs/source/notes/serialization.md", "30bb1c7bb04dbae750c9707b8e8f4945bea38ee5", "anchor",
     "notes/serialization.html", names("torch.serialization.add_safe_globals torch.serialization.safe_globals")),
    ("docs/source/utils.md", "33c040b56dbc9bbd387559563b838b8600e53aa4", "page", "torch.utils",
     names("swap_tensors")),
    ("docs/source/distributed.md", "05382727fd08ac518afece33a69e4bb72c2d2cab", "anchor", "distributed.html",
     names("""
        torch.distributed.is_available torch.distributed.init_process_group
        torch.distributed.device_mesh.init_device_mesh torch.distributed.is_initialized
        torch.distributed.is_nccl_available torch.distributed.distributed_c10d.destroy_process_group
        torch.distributed.get_backend torch.distributed.get_rank torch.distributed.get_world_size
        torch.distributed.new_group torch.distributed.device_mesh.DeviceMesh
        torch.distributed.send torch.distributed.recv
        torch.distributed.broadcast torch.distributed.broadcast_object_list torch.distributed.all_reduce
        torch.distributed.reduce torch.distributed.all_gather torch.distributed.all_gather_into_tensor
        torch.distributed.all_gather_object torch.distributed.reduce_scatter_tensor torch.distributed.barrier
        torch.distributed.ReduceOp
    """)),
    ("docs/source/multiprocessing.md", "26a39059ec580351411f180816c47e2ef5134ae1", "anchor", "multiprocessing.html",
     names("torch.multiprocessing.spawn.spawn")),
    ("docs/source/distributed.fsdp.fully_shard.md", "1ede7295770992849d696648d9d0ee88e1072be0", "anchor",
     "distributed.fsdp.fully_shard.html", names("""
        torch.distributed.fsdp.fully_shard torch.distributed.fsdp.FSDPModule
        torch.distributed.fsdp.MixedPrecisionPolicy
    """)),
    ("docs/source/distributed.tensor.md", "aded58495d375359238f9ccd15ab05986eb6b834", "anchor",
     "distributed.tensor.html", names("""
        torch.distributed.tensor.DTensor torch.distributed.tensor.placement_types.Shard
        torch.distributed.tensor.placement_types.Replicate torch.distributed.tensor.distribute_tensor
    """)),
    ("docs/source/distributed.tensor.parallel.md", "044c56dfd191e0560c1a903a914a77170b940ef4", "anchor",
     "distributed.tensor.parallel.html", names("""
        torch.distributed.tensor.parallel.parallelize_module torch.distributed.tensor.parallel.ColwiseParallel
        torch.distributed.tensor.parallel.RowwiseParallel
    """)),
    ("docs/source/distributed.checkpoint.md", "eb3f6f66d69615e174d19a701ea5cb5710ee8f6e", "anchor",
     "distributed.checkpoint.html", names("""
        torch.distributed.checkpoint.state_dict_saver.save torch.distributed.checkpoint.state_dict_loader.load
        torch.distributed.checkpoint.state_dict.get_model_state_dict
        torch.distributed.checkpoint.state_dict.set_model_state_dict
    """)),
    ("docs/source/torch.compiler_api.md", "741c3226cadcd49d65b3cdb03f769065859794c9", "page", "torch.compiler",
     names("reset disable is_compiling")),
    ("docs/source/export.md", "c023753ed90a8b6f0f1c813543118d14ad52f570", "anchor", "export.html", names("""
        torch.export.export torch.export.save torch.export.load torch.export.dynamic_shapes.Dim
        torch.export.ExportedProgram
    """)),
    ("docs/source/jit.md", "0bfbe470fe964293ae4bc5e3503f38f8ddb39e21", "page", "torch.jit",
     names("script trace save load")),
    ("docs/source/fx.md", "f8e93a6124314fcdfc2e86b78e8c38b10b2602d6", "anchor", "fx.html",
     names("torch.fx.symbolic_trace torch.fx.GraphModule")),
    # The stored func.api.md still has reStructuredText syntax; its autosummary is the listing.
    ("docs/source/func.api.md", "ca3875eccf4356bec529d82ae7f18a42de46c50e", "page", "torch.func",
     names("vmap grad jvp jacrev functional_call")),
    ("docs/source/library.md", "5ed5a55b49429266b0ad3e9566ac9d516111e2cc", "anchor", "library.html",
     names("torch.library.custom_op torch.library.register_fake")),
    # Each distribution is documented under its submodule (".. currentmodule:: torch.distributions.normal").
    ("docs/source/distributions.md", "db0779a792ee2ef711fde47bcfd5e39ced9fef06", "anchor", "distributions.html",
     names("""
        torch.distributions.distribution.Distribution torch.distributions.distribution.Distribution.entropy
        torch.distributions.distribution.Distribution.log_prob
        torch.distributions.distribution.Distribution.rsample
        torch.distributions.distribution.Distribution.sample
        torch.distributions.bernoulli.Bernoulli torch.distributions.beta.Beta
        torch.distributions.categorical.Categorical torch.distributions.gamma.Gamma
        torch.distributions.independent.Independent torch.distributions.multivariate_normal.MultivariateNormal
        torch.distributions.normal.Normal torch.distributions.one_hot_categorical.OneHotCategorical
        torch.distributions.uniform.Uniform torch.distributions.kl.kl_divergence
    """)),
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
    "torch.cuda.memory_reserved": "torch.cuda.memory.memory_reserved",
    "torch.cuda.memory_summary": "torch.cuda.memory.memory_summary",
    "torch.nn.Buffer": "torch.nn.parameter.Buffer",
    "torch.nn.Flatten": "torch.nn.modules.flatten.Flatten",
    "torch.nn.Unflatten": "torch.nn.modules.flatten.Unflatten",
    "torch.autograd.gradcheck": "torch.autograd.gradcheck.gradcheck",
    "torch.profiler.tensorboard_trace_handler": "torch.profiler.profiler.tensorboard_trace_handler",
    "torch.multiprocessing.spawn": "torch.multiprocessing.spawn.spawn",
    "torch.distributed.destroy_process_group": "torch.distributed.distributed_c10d.destroy_process_group",
    "torch.distributed.tensor.Shard": "torch.distributed.tensor.placement_types.Shard",
    "torch.distributed.tensor.Replicate": "torch.distributed.tensor.placement_types.Replicate",
    "torch.distributed.checkpoint.save": "torch.distributed.checkpoint.state_dict_saver.save",
    "torch.distributed.checkpoint.load": "torch.distributed.checkpoint.state_dict_loader.load",
    "torch.export.Dim": "torch.export.dynamic_shapes.Dim",
    "torch.distributions.Distribution": "torch.distributions.distribution.Distribution",
    "torch.distributions.Distribution.sample": "torch.distributions.distribution.Distribution.sample",
    "torch.distributions.Distribution.rsample": "torch.distributions.distribution.Distribution.rsample",
    "torch.distributions.Distribution.log_prob": "torch.distributions.distribution.Distribution.log_prob",
    "torch.distributions.Distribution.entropy": "torch.distributions.distribution.Distribution.entropy",
    "torch.distributions.Normal": "torch.distributions.normal.Normal",
    "torch.distributions.Categorical": "torch.distributions.categorical.Categorical",
    "torch.distributions.Bernoulli": "torch.distributions.bernoulli.Bernoulli",
    "torch.distributions.Uniform": "torch.distributions.uniform.Uniform",
    "torch.distributions.Beta": "torch.distributions.beta.Beta",
    "torch.distributions.Gamma": "torch.distributions.gamma.Gamma",
    "torch.distributions.MultivariateNormal": "torch.distributions.multivariate_normal.MultivariateNormal",
    "torch.distributions.OneHotCategorical": "torch.distributions.one_hot_categorical.OneHotCategorical",
    "torch.distributions.Independent": "torch.distributions.independent.Independent",
    "torch.distributions.kl_divergence": "torch.distributions.kl.kl_divergence",
    # torch.relu, torch.log_softmax and Tensor.relu are in no PyTorch listing (torch.md and tensors.md
    # leave them out); the functional forms that call them are documented in nn.functional.md.
    "torch.relu": "torch.nn.functional.relu",
    "torch.Tensor.relu": "torch.nn.functional.relu",
    "torch.log_softmax": "torch.nn.functional.log_softmax",
}

# conf.py's autosummary_filename_map: generated pages whose file is not named after the object
# (torch.cuda.Stream and torch.cuda.stream would clash on a case-insensitive file system).
# docs/source/conf.py read at fa27ffab6cf8e7561c312f43ee4e6bf913b489e6.
FILENAME_MAP = {
    "torch.cuda.Stream": "torch.cuda.Stream_class",
    "torch.cuda.stream": "torch.cuda.stream_function",
}


def documented_urls():
    """``{documented name: (relative URL, kind)}`` from the listings."""
    urls = {}
    for _source, _commit, kind, where, listed in LISTINGS:
        for name in listed:
            if kind == "page":
                full = f"{where}.{name}"
                urls[full] = (f"generated/{FILENAME_MAP.get(full, full)}.html", kind)
            elif kind == "member":
                full = f"{where}.{name}"
                urls[full] = (f"generated/{FILENAME_MAP.get(where, where)}.html#{full}", kind)
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
    """``({object: relative URL}, {object: kind}, [objects with no listing])`` for topics.yaml and
    every Tensor method of the Tensor class reference."""
    urls = documented_urls()
    links, kinds, missing = {}, {}, []
    tensor_methods = [f"torch.{name}" for name in TENSOR_CLASS_REFERENCE[-1]]
    for name in dict.fromkeys(scope() + tensor_methods):
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
