"""Browser-side code of uno_web (runs in Pyodide through PyScript).

Placeholder: ``boot`` only proves that Pyodide, pydantic and uno_web load from this origin; the
real table controller replaces it.
"""
