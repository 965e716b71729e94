"""The analysts' figures: does the verifier catch what humans reject, at what false-alarm cost."""
