"""
Grad modes are thread-local
===========================

``no_grad``, ``enable_grad``, ``set_grad_enabled`` and ``inference_mode``
change a setting of the *current thread* only. A thread started inside the
block does not inherit it: it runs in the default grad mode. The threads
below store what they see, and the main thread prints it after ``join()``,
so the output does not depend on scheduling.
"""

import threading

import torch

# %% example-for: gradmode-threads
# A thread started inside ``no_grad`` records a graph
# ---------------------------------------------------

x = torch.tensor([1.0, 2.0], requires_grad=True)
seen = {}


def worker(name):
    out = x * 2
    seen[name] = (torch.is_grad_enabled(), torch.is_inference_mode_enabled(),
                  out.requires_grad, out.grad_fn is not None)


with torch.no_grad():
    t = threading.Thread(target=worker, args=("no_grad",))
    t.start()
    t.join()
    main_view = torch.is_grad_enabled()
with torch.inference_mode():
    t = threading.Thread(target=worker, args=("inference_mode",))
    t.start()
    t.join()

print("main thread inside no_grad: is_grad_enabled() =", main_view)
for name, (grad_on, inf_on, req, has_fn) in seen.items():
    print(f"thread started inside {name}: is_grad_enabled()={grad_on}, "
          f"is_inference_mode_enabled()={inf_on}, requires_grad={req}, grad_fn set={has_fn}")
assert main_view is False
assert seen["no_grad"] == (True, False, True, True)
assert seen["inference_mode"] == (True, False, True, True)

# %% example-for: gradmode-threads
# Set the mode inside the thread
# ------------------------------
#
# To run a thread's work without a graph, enter the mode in the code the
# thread runs, for example by decorating its target function.


@torch.no_grad()
def quiet_worker(name):
    seen[name] = ((x * 2).requires_grad, torch.is_grad_enabled())


t = threading.Thread(target=quiet_worker, args=("decorated target",))
t.start()
t.join()
print("decorated target: requires_grad, is_grad_enabled() =", seen["decorated target"])
print("main thread:", torch.is_grad_enabled())
assert seen["decorated target"] == (False, False)
