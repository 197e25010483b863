"""Adapters that let other toolkits call amrmetrics: the Hugging Face ``evaluate`` module (:mod:`.hf_evaluate`)."""
