"""Reset torch's global state between gallery scripts, so each one prints the same in any order."""


def reset_torch_state(gallery_conf, fname):
    import torch

    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")
    torch.manual_seed(0)
