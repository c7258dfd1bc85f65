"""The pickled environment keeps the configuration as conf.py gave it.

Sphinx compares the configuration it pickled with the environment against the one of the
new run, before ``builder-inited``. The themes, sphinx-gallery and sphinx-copybutton fill
in options at ``builder-inited`` (``html_theme_options``, ``html_context``,
``html_static_path``, ``templates_path``, ``sphinx_gallery_conf``, ...), and this
extension picks the gallery scripts to run there: the pickled values then differed from
conf.py's on every run, and every rebuild said "The configuration has changed (8 options
...)" although nothing had. So the environment is pickled with the values every option
had after ``config-inited``, and the build goes on with the filled-in ones.
"""

import copy

from sphinx.util._serialise import stable_str


def remember_config(app, config):
    """``config-inited``, after every other handler: the values as read, before any builder fills them in."""
    app._torchref_config_as_read = {option.name: copy.deepcopy(option.value) for option in config}


def pickle_config_as_read(app, env):
    """``env-updated``, last: the values filled in since are set aside until writing starts (Sphinx
    pickles the environment, and its configuration, in between)."""
    as_read = getattr(app, "_torchref_config_as_read", {})
    filled_in = {}
    for option in app.config:
        if option.name in as_read and stable_str(option.value) != stable_str(as_read[option.name]):
            filled_in[option.name] = option.value
            setattr(app.config, option.name, as_read[option.name])
    app._torchref_config_filled_in = filled_in
    return []


def restore_filled_in_config(app, builder):
    """``write-started``, first: the build writes with the values the builders filled in."""
    for name, value in getattr(app, "_torchref_config_filled_in", {}).items():
        setattr(app.config, name, value)
    app._torchref_config_filled_in = {}


def setup(app):
    app.connect("config-inited", remember_config, priority=900)
    app.connect("env-updated", pickle_config_as_read, priority=900)
    app.connect("write-started", restore_filled_in_config, priority=100)
