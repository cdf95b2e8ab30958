"""Text and disk in and out: YAML with line numbers, the fight file and its spec, the parse
cache, the SRD readers and the bestiary, plan and script files, the fight log and its event
codec. The only package (with the session) that touches files; it never plays."""
