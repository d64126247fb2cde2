"""Published UNO bots re-implemented from their source as observation-only bots of this
engine, for the benchmark only (``bench/bench_ai_ports.py``). Never shipped to the table."""
