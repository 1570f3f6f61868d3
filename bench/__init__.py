"""Benchmarks of gen-models (issue #6): generation time, parse + merge throughput beside
json.loads and the anchors (openai-python, langchain-core, datamodel-code-generator),
scaling with the stream's size, and the recorded streams. Run ``python -m bench``."""
