"""The reviewers' web pages: sign in, rate blind, then see what the verifier said."""
