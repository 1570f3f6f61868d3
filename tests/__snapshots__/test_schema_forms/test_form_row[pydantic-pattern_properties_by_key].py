class Closed(_Model):
    name: str | None = None
    __pydantic_extra__: dict[str, str | int] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Closed]
    ) -> Closed:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(
            model,
            data,
            lambda: (
                (
                    ("^x-", str),
                    ("count$", int),
                    ("^n_", int),
                ),
                None,
                True,
            ),
        )
        return model


class Open(_Model):
    __pydantic_extra__: dict[str, Any] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Open]
    ) -> Open:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(model, data, lambda: ((("^x-", str),), None, False))
        return model


class Typed(_Model):
    __pydantic_extra__: dict[
        str, Annotated[str | Open | bool, Field(union_mode="left_to_right")]
    ] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Typed]
    ) -> Typed:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(
            model,
            data,
            lambda: (
                (
                    ("^x-", str),
                    ("^o_", Open),
                ),
                bool,
                False,
            ),
        )
        return model


class Root(_Model):
    closed: Closed | None = None
    open: Open | None = None
    typed: Typed | None = None
