class Root(_Model):
    mode: Literal["fast", "slow"] | str | None
