class Root(_Model):
    object: Literal["root.chunk"] | str
    kind: Literal["thing"] | str
    tag: Literal["function"] | str
