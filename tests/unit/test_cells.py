import textwrap

import pytest
from docutils.core import publish_doctree
from docutils.parsers.rst import directives
from docutils.parsers.rst.directives.body import CodeBlock
from docutils.parsers.rst.directives.misc import Class
from sphinx_gallery.directives import ImageSg

from torchref.cells import CellError, executed_cells, labelled_code_blocks, outputs_by_block

SCRIPT = '''"""
Title
=====

Intro.
"""

import torch

# %% example-for: torch.add, adding
# Adding two tensors
# ------------------

a = torch.ones(2)
print(a + a)

# %%
# Unlabelled cell.

b = 3
'''


def write(tmp_path, text, name="plot_x.py"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_label_attaches_to_the_code_after_its_text_block(tmp_path):
    [(labels, start, code)] = labelled_code_blocks(write(tmp_path, SCRIPT))
    assert labels == ["torch.add", "adding"]
    assert start == 13  # sphinx-gallery counts the blank line after the text
    assert code == "a = torch.ones(2)\nprint(a + a)"


def test_label_without_code_names_file_and_line(tmp_path):
    script = write(tmp_path, SCRIPT.replace("a = torch.ones(2)\nprint(a + a)\n", ""))
    with pytest.raises(CellError, match=r"plot_x\.py:10: label torch\.add, adding is not followed by code"):
        labelled_code_blocks(script)


def test_malformed_label_is_an_error(tmp_path):
    script = write(tmp_path, SCRIPT.replace("torch.add, adding", "torch.add adding"))
    with pytest.raises(CellError, match=r"plot_x\.py:10:"):
        labelled_code_blocks(script)


GENERATED = textwrap.dedent("""\
    .. GENERATED FROM PYTHON SOURCE LINES 13-17

    .. code-block:: Python

        a = torch.ones(2)
        print(a + a)


    .. rst-class:: sphx-glr-script-out

     .. code-block:: none

        tensor([2., 2.])

        second line




    .. GENERATED FROM PYTHON SOURCE LINES 21-22

    .. image-sg:: /examples/images/sphx_glr_plot_x_001.png
       :alt: curve
""")


def doctree(rst):
    """The page as Sphinx reads it, with the directives of sphinx-gallery's pages registered in docutils."""
    directives.register_directive("image-sg", ImageSg)
    directives.register_directive("rst-class", Class)
    directives.register_directive("code-block", CodeBlock)
    return publish_doctree(rst, settings_overrides={"report_level": 5})


def test_outputs_are_read_per_block():
    outputs = outputs_by_block(doctree(GENERATED))
    assert outputs[13] == ("tensor([2., 2.])\n\nsecond line", ())
    assert outputs[21] == ("", ("/examples/images/sphx_glr_plot_x_001.png",))


def test_cells_join_code_and_output(tmp_path):
    [cell] = executed_cells(write(tmp_path, SCRIPT), doctree(GENERATED))
    assert cell.labels == ("torch.add", "adding")
    assert cell.output.startswith("tensor([2., 2.])")


def test_cell_without_generated_block_is_an_error(tmp_path):
    with pytest.raises(CellError, match=r"plot_x\.py:13: no executed block"):
        executed_cells(write(tmp_path, SCRIPT), doctree(GENERATED.replace("LINES 13-17", "LINES 15-17")))
