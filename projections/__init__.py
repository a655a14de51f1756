"""Events turned into what a given viewer may know: redaction, seat views, audit."""
