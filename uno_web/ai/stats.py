"""Small statistics for strength reports: Wilson score intervals."""

from __future__ import annotations

import math

__all__ = ["wilson", "Z95"]

Z95 = 1.959963984540054


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a proportion ``wins / n`` (default 95%).

    Better behaved than the normal approximation near 0 and 1 and for small ``n``;
    ``(0.0, 1.0)`` when ``n`` is 0.
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / n))
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)
