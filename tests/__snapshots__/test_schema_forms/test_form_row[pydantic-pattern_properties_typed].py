class Root(_Model):
    name: str
    __pydantic_extra__: dict[str, str | int | bool] = Field(init=False)

    @model_validator(mode="wrap")
    @classmethod
    def _extra_keys_checked(
        cls, data: Any, handler: ModelWrapValidatorHandler[Root]
    ) -> Root:
        """Each extra field by the ``patternProperties`` its key matches."""
        model = handler(data)
        _by_pattern(
            model,
            data,
            lambda: (
                (
                    ("^x-", str),
                    ("^n_", int),
                ),
                bool,
                False,
            ),
        )
        return model
