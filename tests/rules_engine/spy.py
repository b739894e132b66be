"""The calls a test expects of one of the finder's steps, the step itself still done."""


def calls(monkeypatch, module, name):
    """Each call of `module.name` from now on (its arguments), the function still called."""
    made = []
    function = getattr(module, name)

    def counted(*args, **kwargs):
        made.append(args)
        return function(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return made
